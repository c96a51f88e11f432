"""Decision timers: how long each phase's decision may take, the action applied when it
runs out (the host runs a decision's timer on its event loop).

Defaults follow the rule texts where they name one (R4-20: trump, 30 s, spades on
time-out; TR-14: bury, 1 minute; TR-21: a play, 15 s) and are service choices
elsewhere; every variant shares one table by phase, since a phase is the same decision
in every variant that has it. Fifty-K's tribute and its return complete the deal (phase
"deal", FKO-42) but are a decision of their own: their timer is named "tribute".
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from fenpai import bots
from fenpai.games import Game

#: Seconds a decision may take, by phase (and "tribute", `decision`).
DEFAULT_SECONDS: dict[str, float] = {
    "deal": 10.0,  # declare or pass while the cards are dealt (service choice)
    "bid": 30.0,  # service choice, as long as the trump choice
    "trump": 30.0,  # R4-20
    "kitty": 60.0,  # TR-14; under TRO-112 each burial and each steal-or-pass question
    "friend": 30.0,  # service choice
    "tribute": 30.0,  # service choice: Fifty-K's tribute and its return (FKO-44, FKO-46)
    "play": 15.0,  # TR-21
}
#: Phases a timer may be set for; a phase outside this table has no timer.
PHASES = tuple(DEFAULT_SECONDS)
#: The rules' named defaults on time-out, by phase (R4-20: spades).
NAMED_DEFAULTS: dict[str, str] = {"trump": "trump s"}
#: The longest timer accepted.
MAX_SECONDS = 86_400.0
#: Decisions with more legal actions than this (a burial) skip the search for a named
#: default or `pass`, which only short lists hold.
LIST_LIMIT = 5000


def decision(game: Game) -> str:
    """The timer the decision under way in `game` runs on: its phase, or "tribute" for
    Fifty-K's deal, which is the tribute or its return (FKO-42, FKO-44, FKO-46)."""
    phase = game.phase
    if phase == "deal" and game.variant == "fifty_k":
        return "tribute"
    return phase


def check_timers(timers: Mapping[str, float], source: str) -> dict[str, float]:
    """`timers` checked (known phases, 0..MAX_SECONDS seconds); raises naming the problem."""
    # Here, not at the top: every `fenpai` command reads DEFAULT_SECONDS, and the errors
    # bring gRPC, which a terminal game has no use for.
    from fenpai.service.errors import ServiceError

    out: dict[str, float] = {}
    for phase, seconds in timers.items():
        if phase not in PHASES:
            raise ServiceError(
                "BAD_TIMER", f"{source}: unknown phase {phase!r}: phases are {', '.join(PHASES)}"
            )
        if not isinstance(seconds, (int, float)) or not math.isfinite(seconds):
            raise ServiceError(
                "BAD_TIMER", f"{source}: {phase} must be a number of seconds, not {seconds!r}"
            )
        if not 0 <= seconds <= MAX_SECONDS:
            raise ServiceError(
                "BAD_TIMER", f"{source}: {phase} must be 0..{MAX_SECONDS:g} seconds, not {seconds}"
            )
        out[phase] = float(seconds)
    return out


def effective(server: Mapping[str, float], game: Mapping[str, float]) -> dict[str, float]:
    """A game's timers: the server's, overridden by the game's; 0 removes a phase's timer."""
    merged = {**server, **game}
    return {phase: s for phase, s in merged.items() if s > 0}


def default_action(game: Game, seat: int) -> str:
    """The deterministic action applied when `seat`'s timer runs out: the rule's named
    default if legal, else `pass` if legal (declining), else the greedy bot's choice for
    the seat (its seed mixed from public facts only: the seat and the game's length), so
    that a late player's burial or play keeps its trumps and points as a player would,
    where the first legal action would often throw them away."""
    if game.num_legal(seat) <= LIST_LIMIT:
        legal = game.legal_actions(seat)
        named = NAMED_DEFAULTS.get(game.phase)
        if named in legal:
            return named
        if "pass" in legal:
            return "pass"
    return bots.get("greedy", bots.seed_for(seat, game.num_actions)).choose(game, seat)
