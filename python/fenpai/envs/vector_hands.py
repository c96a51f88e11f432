"""What `VectorEnv` asks of the hands it steps, in either action space
(`fenpai.envs.vector_legal`, `fenpai.envs.vector_decisions`): the Gymnasium contract
(seeds, autoreset, rewards, infos) is `VectorEnv`'s alone, the hands' only how a step
reaches the core."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

import gymnasium
import numpy as np

from fenpai.batch import Policy

#: A scripted deal: the deck text in deal order and the seat of the first card (C-5).
Deal = tuple[str, int | None]

#: An opponent: a built-in bot's name or a policy.
Opponent = str | Policy

#: Per seat, its opponent, or None for a learning seat.
Players = list[Opponent | None]


@dataclass(frozen=True)
class Deals:
    """Where each env's next hand comes from: hand k of env i from `seed_for(base, i, k)`,
    `hands[i]` (int64, counted up as hands are dealt) the next k, `scripts[i]` the deck
    and first seat of all of env i's hands when not None (None: no env scripted)."""

    base: int
    hands: np.ndarray
    scripts: list[Deal | None] | None


class Outputs:
    """The arrays a step writes its observations into: new ones each step (`fresh`,
    Gymnasium's `copy=True`), or the same ones every step, rewritten in place (a learner
    copies what it keeps; a batch of hands then writes into memory still in the cache)."""

    def __init__(self, fresh: bool):
        self.fresh = fresh
        self._kept: dict[str, np.ndarray] = {}

    def array(self, name: str, shape: tuple[int, ...], dtype: Any) -> np.ndarray:
        """The array `name` of this step (uninitialised: the step writes every row)."""
        if self.fresh:
            return np.empty(shape, dtype=dtype)
        kept = self._kept.get(name)
        if kept is None:
            kept = self._kept[name] = np.empty(shape, dtype=dtype)
        return kept


class Hands(Protocol):
    """`num_envs` hands stepped together; `seats` (int64) and `over` (bool), one per env,
    say after each `play` which learning seat each observation is for and which hands
    ended."""

    observation_space: gymnasium.spaces.Space[Any]
    action_space: gymnasium.spaces.Space[Any]
    seats: np.ndarray
    over: np.ndarray

    def play(self, restart: np.ndarray, actions: np.ndarray | None, deals: Deals) -> Any:
        """Deals the next hand where `restart`, else takes `actions` (None: none), plays
        the opponents to a learning seat's next decision; returns the observations."""

    def outcomes(self, ended: np.ndarray) -> dict[str, Any]:
        """The facts of the finished hands of `ended`, as `Game.score_facts` takes them."""

    def seed(self, env: int) -> int | None:
        """The seed of env `env`'s hand, None before its first."""

    def objects(self, env: int) -> tuple[Any, ...]:
        """Env `env`'s phase objects so far, as `Game.hand_from` takes them."""

    def legal_actions(self, env: int, limit: int) -> list[str]:
        """The legal actions of env `env`'s seat to act, the first `limit`, as text."""

    def infos(self, every: np.ndarray) -> dict[str, Any]:
        """The infos of the action space, each with its `_` mask (`every`: all True)."""
