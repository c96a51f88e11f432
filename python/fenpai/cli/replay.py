"""`fenpai replay`: a saved game told action by action to everyone (burials included),
trick by trick, or round by round for Fifty-K, then its summary."""

from __future__ import annotations

import argparse

from rich.console import Console

from fenpai.cli.common import load_game
from fenpai.cli.narrate import EVERYONE, Narrator
from fenpai.cli.summary import show_summary


def cmd_replay(args: argparse.Namespace, console: Console) -> int:
    from fenpai import new_game

    game = load_game(args.file)
    config = game.config()
    fresh = new_game(
        config["variant"],
        seed=config["seed"],
        deck=config["deck"],
        first_seat=config["first_seat"],
        **config["options"],
    )
    narrator = Narrator(fresh, EVERYONE, each_play=False)
    console.rule(f"[bold]{game.variant}[/bold] replay")
    for seat, action in game.history:
        before = narrator.before()
        fresh.apply(seat, action)
        for line in narrator.tell(seat, action, before):
            console.print(line, highlight=False, soft_wrap=True)
    for line in narrator.unfinished():
        console.print(line, highlight=False, soft_wrap=True)
    if game.phase == "done":
        show_summary(console, game, EVERYONE)
    else:
        console.print(f"the game stops here, unfinished (phase {game.phase})")
    return 0
