"""Server-side bots: `choose(game, seat) -> action text`, by name.

`random` picks uniformly among the legal actions with a generator seeded from the
game's seed, the seat and the game's length, so a bot's choice is the same after a
restart or a replay. Other names come from `fenpai.bots.get(name)` when that registry
exists (an object with `choose(game, seat)`, or such a function).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Protocol

from fenpai.games import Game

#: Up to this many legal actions are listed to pick from; beyond it (burials), the
#: chosen action is found on a copy of the game with `apply_legal`.
LIST_LIMIT = 1000


class Bot(Protocol):
    """Chooses a legal action for `seat`, which must be one of `game.to_act`."""

    def choose(self, game: Game, seat: int) -> str: ...


class RandomBot:
    """A uniformly random legal action, deterministic in (seed, seat, game length)."""

    def choose(self, game: Game, seat: int) -> str:
        length = len(game.history)
        rng = random.Random(f"{game.config()['seed']}/{seat}/{length}")
        count = game.num_legal(seat)
        index = rng.randrange(count)
        if count <= LIST_LIMIT:
            return game.legal_actions(seat)[index]
        copy = game.clone()
        copy.apply_legal(seat, index)
        return copy.history[length][1]


class _FunctionBot:
    def __init__(self, choose: Callable[[Game, int], str]):
        self.choose = choose


BUILTIN: dict[str, Bot] = {"random": RandomBot()}


def get(name: str) -> Bot | None:
    """The bot called `name`, or None if there is none."""
    if name in BUILTIN:
        return BUILTIN[name]
    try:
        registry = importlib.import_module("fenpai.bots")
    except ImportError:
        return None
    lookup = getattr(registry, "get", None)
    if lookup is None:
        return None
    try:
        bot = lookup(name)
    except (KeyError, ValueError):
        return None
    if bot is None:
        return None
    if hasattr(bot, "choose"):
        return bot
    return _FunctionBot(bot) if callable(bot) else None


def names() -> list[str]:
    """The bot names known for error messages (the built-in ones)."""
    return sorted(BUILTIN)
