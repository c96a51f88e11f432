"""Benchmark of `Game.sample_world` mid-hand, per variant, beside OpenSpiel 2.0.2 hearts'
`resample_from_infostate` in the same process (target: median <= 100 µs).

A script, not a test: it prints figures and asserts nothing about time.

    python benches/sample_world.py [--rounds 5] [--seconds 0.5] [--variants tractor,fifty_k]
    python benches/sample_world.py --json          # machine-readable
    python benches/sample_world.py --no-reference  # fenpai alone, no OpenSpiel

The states are those of `whole_games.py` (fenpai: random play to the middle of the play
phase; hearts: to the middle of its decisions), 16 per row. Each call samples for the
seat to act with a new seed. Rounds interleave the rows, so every row meets the same
machine load; the table gives the median µs per call over every call of every round
(wall clock), and the median thread CPU time, which a busy machine inflates less.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from typing import Any

from refenv import bench_arguments, with_reference
from whole_games import ROWS, Fenpai, OpenSpiel

#: Mid-hand states per row.
STATES = 16
#: The issue's bar: median µs per call.
BAR_US = 100.0
RERUN = "FENPAI_SAMPLE_WORLD_RERUN"


class Timed:
    """One row's calls: `call(i)` samples state `i`; every call's wall and CPU µs."""

    def __init__(self, states: list[Any], call):
        self.states, self.call = states, call
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def run(self, seconds: float) -> None:
        spent, i = 0.0, 0
        while spent < seconds:
            state = self.states[i % len(self.states)]
            c0, t0 = time.thread_time_ns(), time.perf_counter_ns()
            self.call(state, i)
            t1, c1 = time.perf_counter_ns(), time.thread_time_ns()
            self.wall.append((t1 - t0) / 1e3)
            self.cpu.append((c1 - c0) / 1e3)
            spent += (t1 - t0) / 1e9
            i += 1

    def figures(self) -> dict[str, float]:
        return {
            "median_us": statistics.median(self.wall),
            "cpu_us": statistics.median(self.cpu),
            "calls": len(self.wall),
        }


def fenpai_row(variant: str, options: dict[str, Any]) -> Timed:
    side = Fenpai(variant, options)
    states = [side.mid_play(seed) for seed in range(STATES)]
    return Timed(states, lambda g, i: g.sample_world(g.to_act[0], i))


def hearts_row() -> Timed:
    import pyspiel

    side = OpenSpiel("hearts")
    states = [side.mid_game(seed) for seed in range(STATES)]
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    return Timed(states, lambda s, i: s.resample_from_infostate(s.current_player(), sampler))


def run(rows: list[str], reference: bool, rounds: int, seconds: float) -> dict[str, Any]:
    timed = {name: fenpai_row(*ROWS[name]) for name in rows}
    if reference:
        timed["hearts"] = hearts_row()
    for _ in range(rounds):
        for row in timed.values():
            row.run(seconds)
    figures = {name: row.figures() for name, row in timed.items()}
    hearts = figures.get("hearts")
    for name in rows:
        row = figures[name]
        row["pass"] = row["median_us"] <= BAR_US
        if hearts:
            row["x_hearts"] = row["median_us"] / hearts["median_us"]
    return {"rows": figures, "bar_us": BAR_US}


def print_table(result: dict[str, Any], rounds: int, seconds: float) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"sample_world mid-hand: medians over {rounds} rounds of {seconds:g} s")
    for head in ("row", "median µs (wall)", "median µs (CPU)", "× hearts", f"≤ {BAR_US:g} µs"):
        table.add_column(head, justify="right")
    for name, row in result["rows"].items():
        if name == "hearts":
            label, ratio, mark = "OpenSpiel hearts resample_from_infostate", "1.00×", "—"
        else:
            label = f"fenpai {name}"
            ratio = f"{row['x_hearts']:.2f}×" if "x_hearts" in row else "—"
            mark = "[green]pass[/]" if row["pass"] else "[red]fail[/]"
        table.add_row(label, f"{row['median_us']:.1f}", f"{row['cpu_us']:.1f}", ratio, mark)
    console = Console()
    (console if console.is_terminal else Console(width=120)).print(table)


def main() -> None:
    args, rows = bench_arguments(__doc__ or "", ROWS, 5, 0.5, "row and round")
    with_reference(args, __file__, RERUN)
    result = run(rows, not args.no_reference, args.rounds, args.seconds)
    result["config"] = {"rounds": args.rounds, "seconds": args.seconds, "rows": rows}
    if args.json:
        json.dump(result, sys.stdout, indent=1)
        print()
    else:
        print_table(result, args.rounds, args.seconds)


if __name__ == "__main__":
    main()
