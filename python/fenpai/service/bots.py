"""Server-side bots: `choose(game, seat) -> action text`, by name.

The bots are `fenpai.bots`' (`random`, `greedy`, `ismcts`, `ismcts:N`). Each decision
gets a fresh bot seeded from the game's seed, the seat and the game's length, so a bot's
choice depends on nothing but the game: it is the same after a restart or a replay of
the stored events.
"""

from __future__ import annotations

from typing import Protocol

from fenpai import bots as registry
from fenpai.games import Game


class Bot(Protocol):
    """Chooses a legal action for `seat`, which must be one of `game.to_act`."""

    def choose(self, game: Game, seat: int) -> str: ...


class SeededBot:
    """A `fenpai.bots` bot, seeded anew for every decision."""

    def __init__(self, name: str):
        self.name = name

    def choose(self, game: Game, seat: int) -> str:
        seed = registry.seed_for(game.config()["seed"], seat, game.num_actions)
        return registry.get(self.name, seed).choose(game, seat)


def get(name: str) -> Bot | None:
    """The bot called `name`, or None if there is none."""
    return SeededBot(name) if registry.is_name(name) else None


def problem(name: str) -> str | None:
    """What is wrong with the bot name `name` (an unknown bot, a bad `ismcts:N` budget),
    or None."""
    try:
        registry.check(name)
    except ValueError as err:
        return str(err)
    return None


def names() -> list[str]:
    """Every bot name (`ismcts` also as `ismcts:N`, N simulations per decision)."""
    return [*registry.NAMES, "ismcts:N"]
