"""Benchmark of `fenpai.encode` mid-hand, per variant: microseconds per call.

For each variant a seeded random game is played to the middle of its play phase; then
`encode(game, seat, out=buf, legal=False)` (the observation alone, into a reused
buffer) and `encode(game, seat, out=buf)` (with the legal actions) are timed for the
seat to act. Medians of `--rounds` rounds of `--calls` calls each. The targets:
at most OpenSpiel hearts' `information_state_tensor` (97 µs), aim dou_dizhu's
`observation_tensor` (3 µs). An `encode` without `out=`/`legal=` (before the core
encoder) is timed as it is, legal actions included, in both columns.

    python benches/encode.py [--calls 2000] [--rounds 5]
"""

from __future__ import annotations

import argparse
import inspect
import random
import statistics
import time
from collections.abc import Callable

import fenpai
from fenpai.games.base import Game

VARIANTS = [("tractor", {}), ("red_five_4p", {}), ("red_five_5p", {}), ("fifty_k", {})]


def mid_hand(variant: str, options: dict[str, object], seed: int = 7) -> Game:
    """A game of `variant` with about half of its play phase done by random choices."""
    rng = random.Random(seed)
    game = fenpai.new_game(variant, seed=seed, **options)
    cards = None
    while game.phase != "done":
        seat = game.to_act[0]
        if game.phase == "play":
            left = sum(game.view(None)["hand_sizes"])
            cards = cards or left
            if left <= cards // 2:
                return game
        game.apply_legal(seat, rng.randrange(game.num_legal(seat)))
    raise RuntimeError(f"{variant} seed {seed} ended before mid-hand")


def per_call(call: Callable[[], object], calls: int, rounds: int) -> float:
    """Median over rounds of the mean µs per call."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(calls):
            call()
        times.append((time.perf_counter() - start) / calls * 1e6)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    new_api = "out" in inspect.signature(fenpai.encode).parameters
    print(f"{'variant':<14}{'obs only µs':>14}{'with legal µs':>16}")
    for variant, options in VARIANTS:
        game = mid_hand(variant, options)
        seat = game.to_act[0]
        if new_api:
            buf, _ = fenpai.encode(game, seat, legal=False)
            obs = per_call(
                lambda g=game, s=seat, b=buf: fenpai.encode(g, s, out=b, legal=False),
                args.calls,
                args.rounds,
            )
            both = per_call(
                lambda g=game, s=seat, b=buf: fenpai.encode(g, s, out=b),
                args.calls,
                args.rounds,
            )
        else:
            obs = both = per_call(
                lambda g=game, s=seat: fenpai.encode(g, s), args.calls, args.rounds
            )
        print(f"{variant:<14}{obs:>14.2f}{both:>16.2f}")


if __name__ == "__main__":
    main()
