"""Benchmark of the phases before the play: the Python `Game` against its core phase
objects used bare, the same work on both sides (the same seeds, the same random bots'
choices, from a new hand to the first lead).

For each variant it times, per hand: the `Game` driven step by step by
`fenpai.bots.Bot` (what step-by-step play pays); the core objects driven step by
step from Python (`apply_legal` with the bot's draw); and the core objects run by
`PhaseBot`s in one call each (`play_out`, the GIL released). Medians of interleaved
rounds, in microseconds per hand, with decisions per hand.

    python benches/core_phases.py [--hands 300] [--rounds 3] [--bots random]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from rich.console import Console
from rich.table import Table

from fenpai._core import PhaseBot, RedFive4pBidding, RedFive5pDeal, Rng, TractorDeal
from fenpai.bots import Bot, seed_for
from fenpai.games import new_game

PLAYERS = {"tractor": 4, "red_five_4p": 4, "red_five_5p": 5}
MAKERS = {"tractor": TractorDeal, "red_five_4p": RedFive4pBidding, "red_five_5p": RedFive5pDeal}


def python_hand(variant: str, seed: int, name: str) -> int:
    """The `Game` and its bots, a decision at a time, until the first lead; returns decisions."""
    game = new_game(variant, seed=seed)
    bots = [Bot(name, seed_for(seed, s)) for s in range(PLAYERS[variant])]
    while game.phase != "play":
        seat = game.to_act[0]
        bots[seat].act(game, seat)
    return game.num_actions


def core_steps_hand(variant: str, seed: int, name: str) -> int:
    """The core objects, each decision a call from Python (random choices only)."""
    rngs = [Rng(seed_for(seed, s)) for s in range(PLAYERS[variant])]
    phase = MAKERS[variant](seed=seed)
    decisions = 0
    for step in range(3):
        while not phase.done:
            phase.apply_legal(rngs[phase.to_act].below(phase.num_legal()))
            decisions += 1
        if step == 0:
            phase = phase.burial()
        elif step == 1 and variant == "red_five_5p":
            phase = phase.friend_call()
        else:
            break
    phase.start_play()
    return decisions


def core_play_out_hand(variant: str, seed: int, name: str) -> int:
    """The core objects, each phase one `play_out` call with the core's bots."""
    bots = [PhaseBot(name, seed_for(seed, s)) for s in range(PLAYERS[variant])]
    phase = MAKERS[variant](seed=seed)
    phase.play_out(bots)
    burial = phase.burial()
    burial.play_out(bots)
    last = burial
    if variant == "red_five_5p":
        last = burial.friend_call()
        last.play_out(bots)
    last.start_play()
    return 0


def timed(run: Callable[[str, int, str], int], variant: str, hands: int, name: str):
    start = time.perf_counter()
    decisions = sum(run(variant, seed, name) for seed in range(hands))
    return (time.perf_counter() - start) / hands * 1e6, decisions / hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--bots", default="random", choices=["random", "greedy"])
    args = parser.parse_args()
    paths = {"python": python_hand, "core, play_out": core_play_out_hand}
    if args.bots == "random":
        paths["core, step by step"] = core_steps_hand
    table = Table(title=f"Phases before the play, {args.bots} bots: µs per hand (median)")
    for column in ["variant", "decisions/hand", *paths, "python / play_out"]:
        table.add_column(column, justify="right")
    for variant in MAKERS:
        times: dict[str, list[float]] = {p: [] for p in paths}
        per_hand = 0.0
        for _ in range(args.rounds):
            for path, run in paths.items():
                us, decisions = timed(run, variant, args.hands, args.bots)
                times[path].append(us)
                per_hand = decisions if path == "python" else per_hand
        medians = {p: statistics.median(t) for p, t in times.items()}
        table.add_row(
            variant,
            f"{per_hand:.1f}",
            *(f"{medians[p]:,.1f}" for p in paths),
            f"{medians['python'] / medians['core, play_out']:,.0f}×",
        )
    Console().print(table)


if __name__ == "__main__":
    main()
