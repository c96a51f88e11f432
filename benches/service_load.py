"""Load benchmark of the gRPC game service (not a test).

Starts `fenpai serve` on a loopback port with a fresh database, then for each N keeps N
games in play at once for a while: client processes (grpc.aio), each playing its share
of the N games, every game from creation through joining to its end and then the next.
Reports Act throughput and latency, the server's CPU time per action and its memory.

Two kinds of client:

- `view` (default): the acting seat's GetView, then Act with a random legal action from
  it — two calls per action, what a client that knows only its own seat does.
- `mirror`: the client created the game with a seed it chose, so it replays the game
  locally (a self-play farm) and only calls Act — one call per action.
- `stream`: `mirror` over ActStream, one stream per game slot — one stream message per
  action instead of a call.

    python benches/service_load.py                  # N = 10 and 100, 15 s each
    python benches/service_load.py --client mirror -n 100 --seconds 30 --sync normal
    python benches/service_load.py --client stream -n 100
    python benches/service_load.py -n 100 --think 0.2   # latency below saturation
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import grpc

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from service_support import ServerProcess  # noqa: E402

import fenpai  # noqa: E402
from fenpai.rpc.v1 import game_service_pb2 as pb  # noqa: E402
from fenpai.rpc.v1 import game_service_pb2_grpc as pb_grpc  # noqa: E402

FINISHED = pb.GAME_STATUS_FINISHED


async def play_games(
    stub, variant: str, client: str, think: float, deadline: float, seed: int, out: dict
) -> None:
    """One game slot: plays games back to back until `deadline`."""
    rng = random.Random(seed)
    mirror = client != "view"
    stream = stub.ActStream() if client == "stream" else None
    while time.monotonic() < deadline:
        game_seed = rng.randrange(2**32)
        created = await stub.CreateGame(pb.CreateGameRequest(variant=variant, seed=game_seed))
        game_id = created.game.game_id
        local = fenpai.new_game(variant, seed=game_seed) if mirror else None
        tokens = {}
        for seat in range(created.game.num_players):
            joined = await stub.JoinGame(pb.JoinGameRequest(game_id=game_id, seat=seat))
            tokens[seat] = joined.seat_token
            to_act = list(joined.game.to_act)
        seqs = dict.fromkeys(tokens, 0)
        while to_act and time.monotonic() < deadline:
            seat = to_act[0]
            if local is None:
                start = time.perf_counter()
                request = pb.GetViewRequest(game_id=game_id, seat_token=tokens[seat])
                legal = (await stub.GetView(request)).view.legal_actions
                out["view"].append(time.perf_counter() - start)
                action = rng.choice(legal)
            else:
                action = local.legal_action(seat, rng.randrange(local.num_legal(seat)))
            seqs[seat] += 1
            request = pb.ActRequest(
                game_id=game_id, seat_token=tokens[seat], action=action, client_seq=seqs[seat]
            )
            start = time.perf_counter()
            if stream is None:
                done = await stub.Act(request)
            else:
                await stream.write(pb.ActStreamRequest(act=request))
                answer = await stream.read()
                assert answer.HasField("accepted"), answer.rejected.message
                done = answer.accepted
            out["act"].append(time.perf_counter() - start)
            if local is not None:
                local.apply(seat, done.action)
                assert list(done.to_act) == local.to_act
            to_act = list(done.to_act) if done.status != FINISHED else []
            if think:
                await asyncio.sleep(think)
        if not to_act:
            out["games"] += 1
    if stream is not None:
        await stream.done_writing()


async def client_main(
    address: str, slots: int, variant: str, client: str, think: float, seconds: float, seed: int
) -> dict:
    out: dict = {"view": [], "act": [], "games": 0}
    cpu_start = time.process_time()
    async with grpc.aio.insecure_channel(address, options=[("grpc.enable_http_proxy", 0)]) as ch:
        stub = pb_grpc.GameServiceStub(ch)
        deadline = time.monotonic() + seconds
        await asyncio.gather(
            *(
                play_games(stub, variant, client, think, deadline, seed * 1000 + i, out)
                for i in range(slots)
            )
        )
    out["cpu"] = time.process_time() - cpu_start
    return out


def client_process(args: tuple) -> dict:
    return asyncio.run(client_main(*args))


def rss_kib(pid: int) -> tuple[int, int]:
    """(VmRSS, VmHWM) of a process, KiB."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        fields[name] = value.strip()
    return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def run(server: ServerProcess, n: int, args: argparse.Namespace) -> dict:
    clients = min(args.clients, n)
    shares = [n // clients + (i < n % clients) for i in range(clients)]
    jobs = [
        (server.address, s, args.variant, args.client, args.think, args.seconds, i)
        for i, s in enumerate(shares)
    ]
    assert server.proc is not None
    cpu_before = cpu_seconds(server.proc.pid)
    start = time.monotonic()
    with multiprocessing.get_context("spawn").Pool(clients) as pool:
        results = pool.map(client_process, jobs)
    wall = time.monotonic() - start
    cpu = cpu_seconds(server.proc.pid) - cpu_before
    acts = [x for r in results for x in r["act"]]
    views = [x for r in results for x in r["view"]]
    rss, peak = rss_kib(server.proc.pid)
    return {
        "n": n,
        "actions": len(acts),
        "games": sum(r["games"] for r in results),
        "seconds": wall,
        "actions_per_s": len(acts) / args.seconds,
        "act_p50_ms": percentile(acts, 0.50) * 1e3,
        "act_p99_ms": percentile(acts, 0.99) * 1e3,
        "view_p50_ms": percentile(views, 0.50) * 1e3,
        "view_p99_ms": percentile(views, 0.99) * 1e3,
        "server_cpu_ms_per_action": cpu / max(1, len(acts)) * 1e3,
        "client_cpu_ms_per_action": sum(r["cpu"] for r in results) / max(1, len(acts)) * 1e3,
        "rss_mib": rss / 1024,
        "peak_rss_mib": peak / 1024,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--games", type=int, nargs="+", default=[10, 100])
    parser.add_argument("--seconds", type=float, default=15.0, help="play time per N")
    parser.add_argument("--clients", type=int, default=2, help="client processes")
    parser.add_argument("--variant", default="red_five_4p")
    parser.add_argument("--client", choices=("view", "mirror", "stream"), default="view")
    parser.add_argument(
        "--think", type=float, default=0.0, help="seconds a game waits after each action"
    )
    parser.add_argument("--sync", choices=("full", "normal"), default="full")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server = ServerProcess(Path(tmp) / "bench.db", "--sync", args.sync).start()
        try:
            rows = [run(server, n, args) for n in args.games]
        finally:
            server.stop()
    cpu = subprocess.run(["nproc"], capture_output=True, text=True).stdout.strip()
    print(
        f"fenpai service load: {args.variant}, {args.client} clients in {args.clients} processes, "
        f"think {args.think:g} s, {args.seconds:g} s per N, sqlite synchronous={args.sync}, "
        f"{cpu} cores"
    )
    print(
        f"{'N':>5} {'games':>6} {'actions':>8} {'actions/s':>10} {'Act p50':>8} {'Act p99':>8}"
        f" {'View p50':>9} {'View p99':>9} {'srv CPU/act':>11} {'clients CPU/act':>15}"
        f" {'RSS MiB':>8} {'peak':>6}"
    )
    for r in rows:
        print(
            f"{r['n']:>5} {r['games']:>6} {r['actions']:>8} {r['actions_per_s']:>10.0f}"
            f" {r['act_p50_ms']:>6.1f}ms {r['act_p99_ms']:>6.1f}ms"
            f" {r['view_p50_ms']:>7.1f}ms {r['view_p99_ms']:>7.1f}ms"
            f" {r['server_cpu_ms_per_action']:>9.2f}ms {r['client_cpu_ms_per_action']:>13.2f}ms"
            f" {r['rss_mib']:>8.1f} {r['peak_rss_mib']:>6.1f}"
        )


if __name__ == "__main__":
    main()
