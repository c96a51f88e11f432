"""A player's actions per second beside clients replaying a long table in a loop.

One `fenpai serve` on loopback; a long finished table (all bots); then one player that
plays every seat of a fresh game (GetView, then Act) for `--seconds`, first alone, then
with `--replayers` processes each reading the table's whole replay page after page as
fast as they can. Printed: both rates and their ratio (1.0: the replays cost the player
nothing), and the replay events read. Every loop stops after `--seconds`.

    python benches/service_fairness.py --seconds 5 --replayers 4
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import grpc  # noqa: E402
from service_support import CHANNEL_OPTIONS, ServerProcess, bot_game, create, join_all, view  # noqa: E402

from fenpai.rpc.v1 import game_service_pb2 as pb  # noqa: E402
from fenpai.rpc.v1 import game_service_pb2_grpc as pb_grpc  # noqa: E402


def play(stub, seconds: float, seed: int) -> float:
    """Actions per second of one player acting for every seat, over `seconds`."""
    rng = random.Random(seed)
    actions, end = 0, time.monotonic() + seconds
    start = time.monotonic()
    while time.monotonic() < end:
        created = create(stub, "tractor", seed=rng.randrange(2**32))
        game_id = created.game.game_id
        tokens = join_all(stub, created.game)
        while time.monotonic() < end:
            current = view(stub, game_id, tokens[0])
            if current.status == pb.GAME_STATUS_FINISHED:
                break
            if not current.to_act:
                continue
            seat = current.to_act[0]
            mine = view(stub, game_id, tokens[seat])
            request = pb.ActRequest(
                game_id=game_id,
                seat_token=tokens[seat],
                action=rng.choice(list(mine.legal_actions)),
                expected_version=mine.version,
            )
            stub.Act(request)
            actions += 1
    return actions / (time.monotonic() - start)


def replay_loop(address: str, game_id: str, stop, read) -> None:
    """Reads the table's whole replay, page after page, until `stop` (in a process of
    its own, so that the player's client shares no GIL with it)."""
    stub = pb_grpc.GameServiceStub(grpc.insecure_channel(address, options=CHANNEL_OPTIONS))
    while not stop.is_set():
        token = ""
        while not stop.is_set():
            last = ""
            request = pb.ReplayGameRequest(game_id=game_id, page_token=token, page_size=1000)
            for item in stub.ReplayGame(request):
                with read.get_lock():
                    read.value += 1
                last = item.next_page_token
            if not last:
                break
            token = last


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--replayers", type=int, default=4)
    parser.add_argument("--hands", type=int, default=6, help="the replayed table's hands")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server = ServerProcess(Path(tmp) / "fenpai.db", "--no-timers", "--no-web").start()
        try:
            stub = server.stub()
            table = bot_game(stub, "tractor", seed=5, match=pb.MatchSettings(hands=args.hands))
            events = table.game.version
            alone = play(stub, args.seconds, seed=1)
            spawn = multiprocessing.get_context("spawn")
            stop, read = spawn.Event(), spawn.Value("q", 0)
            threads = [
                spawn.Process(
                    target=replay_loop, args=(server.address, table.game.game_id, stop, read)
                )
                for _ in range(args.replayers)
            ]
            for thread in threads:
                thread.start()
            try:
                crowded = play(stub, args.seconds, seed=2)
            finally:
                stop.set()
                for thread in threads:
                    thread.join(60)
        finally:
            server.stop()
    print(f"replayed table: {events} events; {args.replayers} replayers read {read.value} events")
    print(f"player alone: {alone:.0f} actions/s; beside the replayers: {crowded:.0f} actions/s")
    print(f"ratio: {crowded / alone:.2f}x")


if __name__ == "__main__":
    main()
