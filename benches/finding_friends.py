"""Benchmark: `simulate` decisions per second of Finding Friends (6 players, 3 decks, the
defaults) beside Tractor's, the same bots and the same work (whole games from the deal
to the score, in the core, one worker), in one process.

A script, not a test: it prints figures and asserts nothing about time.

    python benches/finding_friends.py [--rounds 5] [--games 200] [--bots random]

Each round runs both variants back to back (alternating which goes first), and the
table gives the median of the rounds and the median of each round's ratio: a shared
machine's speed drifts, and a ratio of runs side by side drifts less.
"""

from __future__ import annotations

import argparse
import statistics
import time

import fenpai

#: name -> (variant, options).
ROWS = {
    "tractor": ("tractor", {}),
    "finding_friends_6p": ("finding_friends", {"players": 6, "decks": 3}),
}


def decisions_per_second(variant: str, options: dict, games: int, bots: str, seed: int) -> float:
    """`simulate` of `games` games on one worker: decisions (its "actions") per second."""
    start = time.perf_counter()
    out = fenpai.simulate(variant, games=games, seed=seed, bots=bots, **options)
    elapsed = time.perf_counter() - start
    return float(out["actions"].sum()) / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bots", default="random", choices=("random", "greedy"))
    args = parser.parse_args()
    rates: dict[str, list[float]] = {name: [] for name in ROWS}
    ratios: list[float] = []
    for r in range(args.rounds):
        order = list(ROWS) if r % 2 == 0 else list(reversed(ROWS))
        got = {
            name: decisions_per_second(*ROWS[name], args.games, args.bots, seed=r) for name in order
        }
        for name, value in got.items():
            rates[name].append(value)
        ratios.append(got["finding_friends_6p"] / got["tractor"])
    print(f"simulate, {args.bots} bots, 1 worker, {args.games} games a run, {args.rounds} rounds")
    print(f"{'variant':<20} {'decisions/s':>12}")
    for name, values in rates.items():
        print(f"{name:<20} {statistics.median(values):>12,.0f}")
    print(f"finding_friends_6p / tractor: {statistics.median(ratios):.2f} (median of the rounds)")


if __name__ == "__main__":
    main()
