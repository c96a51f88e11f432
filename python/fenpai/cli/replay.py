"""`fenpai replay`: a saved game told action by action to everyone (burials included),
trick by trick, or round by round for Fifty-K, then its summary."""

from __future__ import annotations

import argparse

from rich.console import Console

from fenpai.cli.common import fresh_game, load_game
from fenpai.cli.narrate import EVERYONE, Narrator
from fenpai.cli.summary import show_summary


def cmd_replay(args: argparse.Namespace, console: Console) -> int:
    """Replays the file's history on a fresh copy of its game, telling each action."""
    game = load_game(args.file)
    fresh = fresh_game(game)
    narrator = Narrator(fresh, EVERYONE, each_play=False)
    console.rule(f"[bold]{game.variant}[/bold] replay")
    for seat, action in game.history:
        for line in narrator.apply(seat, action):
            console.print(line, highlight=False, soft_wrap=True)
    for line in narrator.unfinished():
        console.print(line, highlight=False, soft_wrap=True)
    if game.phase == "done":
        show_summary(console, game, EVERYONE)
    else:
        console.print(f"the game stops here, unfinished (phase {game.phase})")
    return 0
