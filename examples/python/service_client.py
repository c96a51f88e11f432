"""A client of the game service: one human-like seat against the server's bots.

Shows the whole life of a game over gRPC with the Python stubs that ship in the package
(`fenpai.rpc.v1`): `CreateGame` with server-side bots on the other seats, `JoinGame`
(a secret seat token), `StreamEvents` with `turns_only` (the seat's turns, each with its
view and legal actions), `Act` with a `client_seq` (a retry can never act twice), a
rejected action (INVALID_ARGUMENT with the reason; nothing changes), and `GetHistory`
with the result. Start a server first (`fenpai serve`), then:

    python examples/python/service_client.py 127.0.0.1:50051 --variant tractor --seed 3
"""

from __future__ import annotations

import argparse
import json
import random
import sys

import grpc

import fenpai
from fenpai.rpc.v1 import game_service_pb2 as pb
from fenpai.rpc.v1 import game_service_pb2_grpc as pb_grpc

VARIANTS = sorted(fenpai.games.VARIANTS)


def play(stub: pb_grpc.GameServiceStub, variant: str, seed: int, bot: str) -> dict:
    """Plays seat 0 with random legal actions; the server's bots play the rest."""
    bots = dict.fromkeys(range(1, fenpai.new_game(variant).num_players), bot)
    game = stub.CreateGame(pb.CreateGameRequest(variant=variant, seed=seed, bots=bots)).game
    token = stub.JoinGame(pb.JoinGameRequest(game_id=game.game_id, seat=0)).seat_token
    print(f"{variant} game {game.game_id}: seat 0 is ours, seats {sorted(bots)} are {bot} bots")

    rng = random.Random(seed)
    seq = 0
    shown_rejection = False
    turns = stub.StreamEvents(
        pb.StreamEventsRequest(game_id=game.game_id, seat_token=token, turns_only=True)
    )
    for turn in turns:
        view = turn.view
        if view.status == pb.GAME_STATUS_FINISHED:
            break
        if 0 not in view.to_act:
            continue
        if not shown_rejection:
            shown_rejection = True
            try:
                stub.Act(pb.ActRequest(game_id=game.game_id, seat_token=token, action="bid 1"))
            except grpc.RpcError as err:
                print(f"  'bid 1' is refused: {err.code().name}: {err.details()}")
        action = rng.choice(list(view.legal_actions))
        seq += 1
        done = stub.Act(
            pb.ActRequest(
                game_id=game.game_id,
                seat_token=token,
                action=action,
                client_seq=seq,
                expected_version=view.version,  # refused, not misapplied, if overtaken
            )
        )
        if seq <= 3:
            print(f"  version {done.version}: seat 0 {done.action} (phase {done.phase})")
    history = stub.GetHistory(pb.GetHistoryRequest(game_id=game.game_id, seat_token=token))
    result = json.loads(history.result_json)
    print(f"  {len(history.events)} events, seat 0 acted {seq} times")
    print(f"  game points: {result['game_points']}")
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("address", help="the server's HOST:PORT, e.g. 127.0.0.1:50051")
    parser.add_argument("--variant", choices=VARIANTS, action="append", help="default: all four")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="greedy", choices=("greedy", "random"))
    args = parser.parse_args()

    channel = grpc.insecure_channel(args.address, options=[("grpc.enable_http_proxy", 0)])
    try:
        grpc.channel_ready_future(channel).result(timeout=10)
    except grpc.FutureTimeoutError:
        print(f"no fenpai server answers at {args.address}", file=sys.stderr)
        return 1
    stub = pb_grpc.GameServiceStub(channel)
    for variant in args.variant or VARIANTS:
        play(stub, variant, args.seed, args.bots)
    channel.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
