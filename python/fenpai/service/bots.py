"""Server-side bots: `choose(game, seat) -> action text`, by name.

The bots are `fenpai.bots`' (`random`, `greedy`, `ismcts`, `ismcts:N`). Each decision
gets a fresh bot seeded from the game's seed, the seat and the game's length, so a bot's
choice depends on nothing but the game: it is the same after a restart or a replay of
the stored events.

Policies of your own join them by name (`register`, `fenpai serve --bot
NAME=module:callable`; see `fenpai.named`): a policy is asked for one decision at a time,
and should depend on nothing but the view it is given, so that it too chooses the same
after a restart. Replicas sharing a database must register the same policies.
"""

from __future__ import annotations

from typing import Protocol

from fenpai import bots as registry
from fenpai.batch import Policy
from fenpai.games import Game
from fenpai.named import PolicyBot, check_name

#: The policies registered on this server, by name.
_POLICIES: dict[str, PolicyBot] = {}


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


def register(name: str, policy: Policy) -> None:
    """Seats `policy` (see `fenpai.named`) as the bot `name` on this server; a
    ValueError for a bad name or one already taken."""
    check_name(name)
    if name in _POLICIES:
        raise ValueError(f"the bot name {name!r} is already registered")
    if not callable(policy):
        raise ValueError(f"the bot {name!r} is not callable")
    _POLICIES[name] = PolicyBot(name, policy)


def unregister(name: str) -> None:
    """Removes the policy registered as `name`, if any."""
    _POLICIES.pop(name, None)


def get(name: str) -> Bot | None:
    """The bot called `name`, or None if there is none."""
    if name in _POLICIES:
        return _POLICIES[name]
    return SeededBot(name) if registry.is_name(name) else None


def problem(name: str) -> str | None:
    """What is wrong with the bot name `name` (an unknown bot, a bad `ismcts:N` budget),
    or None."""
    if name in _POLICIES:
        return None
    try:
        registry.check(name)
    except ValueError as err:
        return str(err)
    return None


def names() -> list[str]:
    """Every bot name (`ismcts` also as `ismcts:N`, N simulations per decision), then
    the registered policies'."""
    return [*registry.NAMES, "ismcts:N", *sorted(_POLICIES)]
