"""`fenpai demo`: a short tour of the rules API and a bot game."""

from __future__ import annotations

import argparse

from rich.console import Console


def cmd_demo(args: argparse.Namespace, console: Console) -> int:
    import fenpai

    r = fenpai.TrickRules("tractor", trump="h", level="2")
    console.print("[bold]fenpai[/bold]: the trick-taking core")
    console.print(f"classify('4h 4h 5h 5h') -> {r.classify('4h 4h 5h 5h')}")
    console.print(f"follow_error -> {r.follow_error('7s 7s 9s Kd', '6s 6s', '7s 9s')!r}")
    result = fenpai.simulate(
        "red_five_4p", 200, seed=1, bots=["greedy", "random", "random", "random"]
    )
    console.print(f"200 Red Five games, greedy seat 0 wins {result['won'][:, 0].mean():.0%}")
    return 0
