"""Benchmark of self-play on Ray: `simulate` games/s with 1 and 2 Ray workers beside 2
threads and 1 worker here, in one run.

A script, not a test: it prints figures and asserts nothing about time.

    python benches/ray_selfplay.py [--rounds 3] [--seconds 2] [--variants tractor,fifty_k]
    python benches/ray_selfplay.py --address HEAD:6379 --ray-workers 1,2,64   # a cluster
    python benches/ray_selfplay.py --json                                    # machine-readable

Without `--address` it starts a local Ray cluster of two CPUs on the loopback address,
its workers at the priority of this process (nice 0, not Ray's 15).
Each variant plays the same games (greedy and random bots alternating, as `fenpai
selfplay`) with every setup; the number of games is sized so that one worker here takes
about `--seconds`. Ray's workers are started and warmed up (a first run per variant,
not timed). Rounds interleave the setups; the table gives each setup's median games/s
and the ratios: Ray with the most workers against Ray with one, against 2 threads, and
Ray with one against one worker here.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import statistics
import sys
import time
from typing import Any

from whole_games import ROWS  # the rows of the whole-games benchmark: name -> variant, options


def setups(ray_workers: list[int]) -> dict[str, tuple[str, int]]:
    """Setup name -> (backend, workers)."""
    local = {"local_1": ("threads", 1), "threads_2": ("threads", 2)}
    return local | {f"ray_{n}": ("ray", n) for n in ray_workers}


def games_per_second(variant: str, options: dict[str, Any], games: int, setup: tuple) -> float:
    import fenpai

    backend, workers = setup
    names = ["greedy", "random"] * 3
    seats = fenpai.new_game(variant, seed=0, **options).num_players
    start = time.perf_counter()
    fenpai.simulate(variant, games, bots=names[:seats], workers=workers, backend=backend, **options)
    return games / (time.perf_counter() - start)


def measure(args: argparse.Namespace) -> dict[str, dict[str, float]]:
    """Median games/s per row and setup."""
    chosen = setups(args.ray_workers)
    out: dict[str, dict[str, float]] = {}
    for row in args.variants:
        variant, options = ROWS[row]
        rate = games_per_second(variant, options, 50, ("threads", 1))
        games = max(50, round(rate * args.seconds))
        for setup in chosen.values():  # warm-up: Ray's workers started, fenpai imported
            if setup[0] == "ray":
                games_per_second(variant, options, games // 4, setup)
        runs: dict[str, list[float]] = {name: [] for name in chosen}
        for _ in range(args.rounds):
            for name, setup in chosen.items():
                runs[name].append(games_per_second(variant, options, games, setup))
        out[row] = {name: statistics.median(r) for name, r in runs.items()} | {"games": games}
    return out


def ratios(figures: dict[str, float], ray_workers: list[int]) -> dict[str, float]:
    most, one = f"ray_{max(ray_workers)}", f"ray_{min(ray_workers)}"
    return {
        f"{most}/{one}": figures[most] / figures[one],
        f"{most}/threads_2": figures[most] / figures["threads_2"],
        f"{one}/local_1": figures[one] / figures["local_1"],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=2.0, help="per setup and round")
    parser.add_argument("--variants", default=",".join(ROWS), help="rows, comma-separated")
    parser.add_argument("--address", help="a Ray cluster's head (default: a local cluster)")
    parser.add_argument("--ray-workers", default="1,2", help="Ray tasks at once, e.g. 1,2,64")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    args.variants = args.variants.split(",")
    args.ray_workers = [int(n) for n in args.ray_workers.split(",")]
    unknown = set(args.variants) - set(ROWS)
    if unknown:
        parser.error(f"unknown rows {sorted(unknown)}: expected some of {', '.join(ROWS)}")

    # A local cluster's processes on the loopback address only; read when Ray is imported.
    os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    import ray

    from fenpai import ray_backend

    if args.address:
        ray_backend.connect(args.address)
    elif not ray.is_initialized():
        # Ray runs its workers at nice 15; a local cluster's at 0 here, as the threads
        # they are compared with (on a shared machine, 15 measures what others leave).
        os.environ.setdefault("RAY_worker_niceness", "0")
        ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.ERROR)
    cpus = int(ray.cluster_resources().get("CPU", 0))
    rows = measure(args)
    if args.json:
        result = {"cluster_cpus": cpus, "rows": rows}
        result["ratios"] = {r: ratios(f, args.ray_workers) for r, f in rows.items()}
        json.dump(result, sys.stdout, indent=1)
        print()
        return 0
    names = list(setups(args.ray_workers))
    print(f"games/s, median of {args.rounds} rounds; Ray: {cpus} CPUs, here: {os.cpu_count()}")
    ratio_names = list(ratios(rows[args.variants[0]], args.ray_workers))
    print(f"{'row':<12}{'games':>7}" + "".join(f"{n:>16}" for n in names + ratio_names))
    for row, figures in rows.items():
        line = f"{row:<12}{figures['games']:>7.0f}"
        line += "".join(f"{figures[n]:>16,.0f}" for n in names)
        line += "".join(f"{v:>16.2f}" for v in ratios(figures, args.ray_workers).values())
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
