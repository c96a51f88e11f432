"""`VectorEnv(actions="legal")`'s hands: an index into each seat's legal actions, stepped
by the core's batch runner (`_core.Driver`), for search code.

Each env's observation is `fenpai.encode(game, seat)` (float32), its action an index in
`Game.legal_actions` order, in every phase (`Discrete(max_legal)`); `infos["action_mask"]`
and `infos["num_legal"]` say which are legal, `legal_features=K` and `legal_ids=K` what
the first K mean (see `fenpai.envs.vector`). A decision with a single legal action is
taken for the agent without a step; a hand in which no learning seat has a choice is
skipped.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from fenpai._core import Driver
from fenpai.batch import answers, apply_answers, policy_groups, waiting_batch
from fenpai.envs.vector_hands import Deals, Outputs, Players
from fenpai.games.base import Game
from fenpai.spaces import NUM_FEATURES, table_ids


class LegalHands:
    """`num_envs` hands of `probe`'s variant and options, `players[seat]` a bot name, a
    policy or None (a learning seat), in the legal-index space; `max_legal`,
    `legal_features`, `legal_ids` and `threads` as `VectorEnv` takes them; the
    observations written into `outputs`."""

    def __init__(
        self,
        probe: Game,
        players: Players,
        num_envs: int,
        max_legal: int,
        legal_features: int,
        legal_ids: int,
        threads: int,
        outputs: Outputs,
    ):
        self.variant, self.num_envs, self.threads = probe.variant, num_envs, threads
        self._outputs = outputs
        self._groups = policy_groups(players)
        core = [p if isinstance(p, str) else None for p in players]
        self._driver = Driver(self.variant, core, num_envs, **probe.hands_options())
        size = self._driver.obs_size
        self.observation_space: gymnasium.spaces.Space[Any] = gymnasium.spaces.Box(
            -np.inf, np.inf, (size,), np.float32
        )
        self.action_space: gymnasium.spaces.Space[Any] = gymnasium.spaces.Discrete(max_legal)
        self._learners = [p is None for p in players]
        learning = players.index(None)
        # The buffers the core writes each step (the observations: `outputs`).
        self.seats = np.full(num_envs, learning, dtype=np.int64)
        self.over = np.zeros(num_envs, dtype=bool)
        self._num_legal = np.zeros(num_envs, dtype=np.int64)
        self._mask = np.zeros((num_envs, max_legal), dtype=bool)
        self._features = np.zeros((num_envs, legal_features, NUM_FEATURES), dtype=np.float32)
        self._num_features = np.zeros(num_envs, dtype=np.int64)
        self._ids = np.full((num_envs, legal_ids), -1, dtype=np.int64)
        self._buffer = np.empty((num_envs, size), dtype=np.float32)  # the opponents' batches
        # Fifty-K: plays by their type (of several decks too, FKO-20), the exchange by
        # text (FKO-40); Tractor: its table's declarations (TRO-120)
        self._ids_table = table_ids(self.variant, probe.options) if legal_ids else {}

    def play(self, restart: np.ndarray, actions: np.ndarray | None, deals: Deals) -> np.ndarray:
        """One core pass over the envs (`Driver.step`): deals the next hand where
        `restart` (counting it in `deals`), else applies `actions` (None: leaves the
        others as they are), plays the bots, and writes each env's observation
        (returned), mask and the rest into the buffers; the envs waiting on a policy get
        its answers, a batch per policy, until none does."""
        obs = self._outputs.array("obs", (self.num_envs, self._driver.obs_size), np.float32)
        core_deals = (deals.base, deals.hands, deals.scripts)
        rows = (
            *(obs, self.seats, self._num_legal, self._mask),
            *(self._features, self._num_features, self._ids, self.over),
        )
        driver, learners, table = self._driver, self._learners, self._ids_table
        pending = driver.step(restart, actions, learners, table, core_deals, rows, self.threads)
        while pending.size:
            slots, games, seats = driver.waiting()
            held = np.isin(slots, pending)
            slots, games, seats = slots[held], games[held], seats[held]
            for policy, own in self._groups:
                pick = np.isin(seats, own)
                if pick.any():
                    batch = waiting_batch(
                        driver, self.variant, slots[pick], games[pick], seats[pick], self._buffer
                    )
                    choice = answers(policy, batch, policy(batch))
                    apply_answers(driver, policy, slots[pick], choice)
            pending = driver.resume(pending, restart, learners, table, core_deals, rows)
        return obs

    def outcomes(self, ended: np.ndarray) -> dict[str, Any]:
        """The facts of the finished hands of `ended` (`Game.score_facts` scores them)."""
        return self._driver.outcomes(ended)

    def seed(self, env: int) -> int | None:
        """The seed of env `env`'s hand, None before its first."""
        found = self._driver.game(env)
        return None if found is None else found[1]

    def objects(self, env: int) -> tuple[Any, ...]:
        objects = self._driver.objects(env)
        assert objects is not None
        return objects

    def legal_actions(self, env: int, limit: int) -> list[str]:
        return self._driver.legal_actions(env, limit)

    def infos(self, every: np.ndarray) -> dict[str, Any]:
        """The infos of this space, each with its `_` mask (`every`: all True)."""
        out = {
            "num_legal": self._num_legal.copy(),
            "_num_legal": every,
            "action_mask": self._mask,
            "_action_mask": every,
        }
        if self._features.shape[1]:
            out["legal_features"], out["_legal_features"] = self._features, every
            out["num_features"], out["_num_features"] = self._num_features.copy(), every
        if self._ids.shape[1]:
            out["legal_ids"], out["_legal_ids"] = self._ids, every
        return out
