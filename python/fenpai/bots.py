"""The bots of every variant: `random`, a rule-based `greedy`, and the search bot
`ismcts`.

A bot decides for one seat, through the Rust core's bots of every phase: a `PhaseBot`
before the play (bids, declarations, trump, burial, friend call), a `TrickBot` or an
`FkBot` in it. So a whole hand can be played in the core without Python (`simulate`),
and it is the hand these bots play step by step. A bot sees only what its seat may see:
its own hand, its own burial and the public record.

`ismcts` searches each play-phase decision over worlds sampled from what its seat knows
(`Game.sample_world`'s determinizers in the core), playing each candidate out with
greedy bots; its budget is the simulations per decision: `"ismcts"` is 300 in the
trick-taking games and 480 in Fifty-K (a few tens of milliseconds, or a few, per
decision), `"ismcts:400"` is 400 in every game. It is deterministic for a seed and a
budget.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from fenpai._core import FkBot, PhaseBot, TrickBot

if TYPE_CHECKING:
    from fenpai.games.base import Game

NAMES = ("random", "greedy", "ismcts")
"""The bots; `ismcts` also takes a budget, `ismcts:N` (N simulations per decision)."""


def check(name: object) -> str:
    """`name` if it names a bot (`random`, `greedy`, `ismcts` or `ismcts:N`); else a
    ValueError that says what is wrong."""
    if not isinstance(name, str):
        raise ValueError(f"unknown bot {name!r}: a bot's name is text")
    PhaseBot(name, 0)  # the core reads the name and the budget
    return name


def is_name(name: object) -> bool:
    """Whether `name` names a bot (see `check`)."""
    try:
        check(name)
    except ValueError:
        return False
    return True


def seed_for(*parts: int) -> int:
    """A 64-bit seed mixed from integers (a game seed, a seat, …), the same everywhere."""
    x = 0x9E3779B97F4A7C15
    for p in parts:
        x = (x ^ (p & 0xFFFFFFFFFFFFFFFF)) * 0xBF58476D1CE4E5B9 & 0xFFFFFFFFFFFFFFFF
        x ^= x >> 31
    return x


def game_seeds(seed: int, count: int) -> np.ndarray:
    """`seed_for(seed, i)` for i in 0..count-1 as uint64s, mixed in numpy: `simulate`
    derives each game's seed so, and on one thread before any game is played."""
    mixed = seed_for(seed)  # the first part, then the second for every i at once
    x = np.uint64(mixed) ^ np.arange(count, dtype=np.uint64)
    x *= np.uint64(0xBF58476D1CE4E5B9)  # wraps modulo 2**64, as seed_for's mask does
    return x ^ (x >> np.uint64(31))


def hand_seeds(base: int, envs: np.ndarray, hands: np.ndarray) -> np.ndarray:
    """`seed_for(base, envs[i], hands[i])` for every i as uint64s, mixed in numpy (the
    seeds of a vector environment's hands; `VectorEnv`'s core computes the same)."""
    mul, shift = np.uint64(0xBF58476D1CE4E5B9), np.uint64(31)
    x = np.uint64(seed_for(base)) ^ np.asarray(envs).astype(np.uint64)
    x *= mul
    x ^= x >> shift
    x ^= np.asarray(hands).astype(np.uint64)
    x *= mul
    return x ^ (x >> shift)


class Bot:
    """One seat's bot: `choose` names an action, `act` applies it."""

    __slots__ = ("name", "phase_bot", "trick_bot", "fk_bot")

    def __init__(self, name: str, seed: int):
        self.name = check(name)
        self.phase_bot = PhaseBot(name, seed)
        self.trick_bot = TrickBot(name, seed_for(seed, 1))
        self.fk_bot = FkBot(name, seed_for(seed, 2))

    def choose(self, game: Game, seat: int) -> str:
        """The action this bot takes now for `seat`."""
        return game.bot_action(self, seat)

    def act(self, game: Game, seat: int) -> None:
        game.apply(seat, self.choose(game, seat))


def get(name: str, seed: int = 0) -> Bot:
    """A bot by name (`random`, `greedy`, `ismcts` or `ismcts:N`) with its own seed."""
    return Bot(name, seed)
