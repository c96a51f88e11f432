"""`fenpai play`: one hand, or a match (`--match`), against bots at the terminal. The
bots' actions are told as the human's seat may know them (`Narrator`), its turns shown
from its own view; between a match's hands, the standing and the next hand's levels."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console

from fenpai.bots import Bot
from fenpai.cli.common import (
    UsageError,
    check_bots,
    make_game,
    make_match,
    named_policy,
    parse_options,
)
from fenpai.cli.narrate import Narrator
from fenpai.cli.prompt import HELP, LEGAL, QUIT, Prompt
from fenpai.cli.screen import show_turn
from fenpai.cli.summary import show_summary
from fenpai.cli.words import seat_name, seats, verb
from fenpai.errors import IllegalAction
from fenpai.games.base import Game
from fenpai.games.match import Match
from fenpai.named import PolicyBot, is_spec


def cmd_play(args: argparse.Namespace, console: Console) -> int:
    """Plays the hand, or the match's hands to its end; 0 when it ends, 1 when the
    human quits."""
    from fenpai.bots import seed_for

    options = parse_options(args.option)
    match: Match | None = None
    if args.match:
        match = make_match(args.variant, args.seed, args.hands, options)
        game = match.game
    elif args.hands is not None:
        raise UsageError("--hands is the length of a match: give --match too")
    else:
        game = make_game(args.variant, args.seed, options)
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
    what = "a match" if match is not None else "a hand"
    console.print(
        f"You are seat {me} of {game.variant}, {what} against {name} bots. "
        "Type help or ? for the commands and the actions, quit to leave.",
        highlight=False,
    )
    while True:
        if not _play_hand(console, game, me, bots):
            console.print("You left the game.")
            return 1
        show_summary(console, game, me)
        if match is None or match.done:
            break
        game = match.next_hand()
        console.print(_standing(match, me), highlight=False)
    if match is not None:
        console.print(_match_end(match, me), highlight=False, style="bold")
    if args.save:
        Path(args.save).write_text(game.to_json() if match is None else match.to_json())
        console.print(f"saved to {args.save}")
    return 0


def _play_hand(console: Console, game: Game, me: int, bots: dict[int, Bot | PolicyBot]) -> bool:
    """Plays `game` to its end, the bots in their seats and the human in `me`; False
    when the human quits."""
    narrator = Narrator(game, me)
    prompt = Prompt(console, game, me)
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
            return False
    return True


def _standing(match: Match, me: int) -> str:
    """The match after a hand, as the next hand starts: the levels where the variant has
    them (TR-2, TR-32; FF-4, FF-42), else every seat's total of game points."""
    number = len(match.games)
    view = match.game.view(me)
    if match.variant == "tractor":
        mine, theirs = view["levels"][me % 2], view["levels"][1 - me % 2]
        deals = verb(view["dealer"], me, "deals", "deal")
        return f"Hand {number}: your team at level {mine}, the other team at {theirs}; {deals}."
    if match.variant == "finding_friends":
        levels = ", ".join(f"{seat_name(s, me)} {v}" for s, v in enumerate(view["levels"]))
        return f"Hand {number}: levels {levels}; {verb(view['dealer'], me, 'declares', 'declare')}."
    totals = ", ".join(f"{seat_name(s, me)} {t:+g}" for s, t in enumerate(match.totals))
    return f"Hand {number}: game points so far {totals}."


def _match_end(match: Match, me: int) -> str:
    """Who won the match and by which rule (TR-30, FF-43, the hands played)."""
    by = match.decided_by
    if by == "hands":
        why = f"after {len(match.games)} hands"
    else:
        why = f"({by})"
    winners = match.winners
    verb = "win" if len(winners) > 1 or me in winners else "wins"
    return f"The match is over {why}: {seats(winners, me)} {verb} the match."


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
