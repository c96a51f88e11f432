"""`fenpai play`: one hand against bots at the terminal. The bots' actions are told as
the human's seat may know them (`Narrator`), its turns shown from its own view."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console

from fenpai.bots import Bot
from fenpai.cli.common import UsageError, check_bots, make_game, named_policy, parse_options
from fenpai.cli.narrate import Narrator
from fenpai.cli.prompt import HELP, LEGAL, QUIT, Prompt
from fenpai.cli.screen import show_turn
from fenpai.cli.summary import show_summary
from fenpai.errors import IllegalAction
from fenpai.games.base import Game
from fenpai.named import PolicyBot, is_spec


def cmd_play(args: argparse.Namespace, console: Console) -> int:
    """Plays the hand; 0 when it ends, 1 when the human quits."""
    from fenpai.bots import seed_for

    game = make_game(args.variant, args.seed, parse_options(args.option))
    me = args.seat
    if not 0 <= me < game.num_players:
        raise UsageError(
            f"there is no seat {me}: {game.variant} has seats 0..{game.num_players - 1}"
        )
    if args.save and not Path(args.save).absolute().parent.is_dir():
        raise UsageError(f"cannot save to {args.save}: its folder does not exist")
    others = [s for s in range(game.num_players) if s != me]
    bots: dict[int, Bot | PolicyBot]
    if is_spec(args.bots):
        name, policy = named_policy(args.bots)
        bots = dict.fromkeys(others, PolicyBot(name, policy))
    else:
        (name,) = check_bots([args.bots])
        bots = {s: Bot(name, seed_for(args.seed, s)) for s in others}
    narrator = Narrator(game, me)
    prompt = Prompt(console, game, me)
    console.print(
        f"You are seat {me} of {game.variant}, against {name} bots. "
        "Type help or ? for the commands and the actions, quit to leave.",
        highlight=False,
    )
    while game.phase != "done":
        seat = game.to_act[0]
        if seat != me:
            _tell(console, narrator.apply(seat, _bot_action(bots[seat], game, seat)), bold=False)
            continue
        if _only_pass_in_deal(game, me):
            _tell(console, narrator.apply(me, "pass"), bold=False)
            continue
        show_turn(console, game, me)
        if not _turn(console, prompt, narrator):
            console.print("You left the game.")
            return 1
    show_summary(console, game, me)
    if args.save:
        Path(args.save).write_text(game.to_json())
        console.print(f"saved to {args.save}")
    return 0


def _bot_action(bot: Bot | PolicyBot, game: Game, seat: int) -> str:
    """The bot's action; a policy that cannot play this game, or answers wrong, stops
    the command with its message."""
    try:
        return bot.choose(game, seat)
    except ValueError as err:
        raise UsageError(f"bot {bot.name}: {err}") from None


def _turn(console: Console, prompt: Prompt, narrator: Narrator) -> bool:
    """The human's commands until one of its actions is accepted; False when it quits."""
    game, me = narrator.game, prompt.me
    while True:
        try:
            typed = prompt.ask()
        except EOFError:  # Ctrl-D: the cursor is still on the prompt's line
            console.print()
            return False
        if typed.lower() in QUIT:
            return False
        if typed.lower() in HELP:
            prompt.show_help()
        elif typed.lower() == LEGAL:
            prompt.show_legal()
        elif typed:
            try:
                _tell(console, narrator.apply(me, _as_action(game, typed)), bold=True)
                return True
            except IllegalAction as err:
                _refused(console, prompt, typed, err)


def _only_pass_in_deal(game: Game, me: int) -> bool:
    """TR-12, R5-10: every receiver is asked during the deal; with nothing to declare
    (its own hand says so) the human passes without a prompt."""
    return game.phase == "deal" and game.legal_actions(me) == ["pass"]


def _tell(console: Console, lines: list[str], bold: bool) -> None:
    for line in lines:
        console.print(line, highlight=False, soft_wrap=True, style="bold" if bold else None)


def _as_action(game: Game, typed: str) -> str:
    """In the play phase bare cards mean `play CARDS`."""
    head = typed.split()[0].lower()
    if game.phase == "play" and head not in ("play", "pass"):
        return "play " + typed
    return typed


def _refused(console: Console, prompt: Prompt, typed: str, err: IllegalAction) -> None:
    console.print(f"[red]not allowed:[/red] {err}", highlight=False)
    near = prompt.suggestions(typed)
    if near:
        console.print("did you mean " + " or ".join(f"'{s}'" for s in near) + "?", highlight=False)
