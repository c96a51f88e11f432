"""`DecisionVectorEnv`: many hands stepped per call in the action space of `SeatEnv`, the
AEC environment and OpenSpiel (`fenpai.envs.decisions`: fixed ids, then card by card),
so that a policy trained in one runs in the others (a Gymnasium 1.x
`gymnasium.vector.VectorEnv`).

`seat` of every hand is the agent's, the other seats built-in bots (`opponents`), played
in the core. One call into the core (`_core.DecisionBatch`, the GIL released) takes every
hand's id, plays the bots' turns and writes every observation and mask.

- **Observation**: `{"observation": float32 (num_envs × obs), "action_mask": int8
  (num_envs × ids)}`, env i's row what `SeatEnv` shows its seat (its encoded view, then
  its picks card by card), in fresh arrays each step (the caller may keep them).
- **Action** of env i: an id its mask allows; an id the mask does not allow raises
  `IllegalAction` naming the hand, no hand changed.
- **Reward**: 0 until the hand ends, then the seat's in mode `reward`
  (`fenpai.envs.payoffs`); `infos["won"]` where a hand ended (`game(i).result` is the
  whole result while that hand is shown).
- **Autoreset**: `AutoresetMode.NEXT_STEP`: the step after a hand ended ignores that env's
  action and deals its next hand. Hand k of env i is dealt from `seed_for(base, i, k)`
  (`base`: `reset(seed=...)`, else the constructor's `seed`, else drawn), the bots seeded
  from it.

`VectorEnv` (`fenpai.envs.vector`) keeps the legal-list index for search code; this one
is the learning one's single action space.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from fenpai._core import DecisionBatch
from fenpai.bots import Bot, hand_seeds
from fenpai.envs.aec import observation_space
from fenpai.envs.payoffs import DEFAULT_REWARD, check_reward, result_rewards
from fenpai.games import new_game
from fenpai.games.base import Game
from fenpai.spaces import FIXED_ACTIONS

ObsDict = dict[str, np.ndarray]


class DecisionVectorEnv(gymnasium.vector.VectorEnv[ObsDict, np.ndarray, np.ndarray]):
    """`num_envs` hands of `variant` (game options as `new_game` takes them), `seat` the
    agent's in each, `opponents` one bot name for the others; see the module."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(
        self,
        variant: str,
        num_envs: int,
        seat: int = 0,
        opponents: str = "greedy",
        seed: int | None = None,
        *,
        reward: str = DEFAULT_REWARD,
        **options: Any,
    ):
        dealt = sorted({"seed", "deck", "first_seat"} & set(options))
        if dealt:
            raise ValueError(f"{', '.join(dealt)}: the deals come from reset(seed=...)")
        if not isinstance(num_envs, int) or isinstance(num_envs, bool) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer, not {num_envs!r}")
        self.reward = check_reward(reward)
        self._probe = new_game(variant, **options)
        n = self._probe.num_players
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}, not {seat!r}")
        Bot(opponents, 0)  # ValueError for an unknown bot kind
        bots: list[str | None] = [None if s == seat else opponents for s in range(n)]
        fixed = list(FIXED_ACTIONS.get(variant, ()))
        self._batch = DecisionBatch(variant, bots, fixed, num_envs, **self._probe.hands_options())
        self.variant, self.num_envs, self.seat = variant, num_envs, seat
        self.single_observation_space = observation_space(self._batch.obs_size, self._batch.size)
        self.single_action_space = gymnasium.spaces.Discrete(self._batch.size)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._seed = seed
        self._base: int | None = None
        self._hands = np.zeros(num_envs, dtype=np.int64)
        self._seeds = np.zeros(num_envs, dtype=np.uint64)
        self._ended = np.zeros(num_envs, dtype=bool)

    def _deal(self, envs: np.ndarray) -> None:
        """Deals the next hand of each of `envs`."""
        assert self._base is not None
        seeds = hand_seeds(self._base, envs, self._hands[envs])
        self._hands[envs] += 1
        self._seeds[envs] = seeds
        for env, seed in zip(envs.tolist(), seeds.tolist(), strict=True):
            self._batch.reset(env, seed)

    def _observe(self) -> tuple[ObsDict, np.ndarray]:
        """Every env's observation in fresh arrays, and the seat each waits on (−1: over)."""
        n = self.num_envs
        seats = np.empty(n, dtype=np.int64)
        obs = np.empty((n, self._batch.obs_size), dtype=np.float32)
        masks = np.empty((n, self._batch.size), dtype=np.int8)
        self._batch.observe(seats, obs, masks)
        return {"observation": obs, "action_mask": masks}, seats

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsDict, dict[str, Any]]:
        """Deals a new hand in every env (from `seed` when given, see the module)."""
        super().reset(seed=seed)
        if seed is None:
            seed = self._seed
        if seed is None:
            seed = int(self.np_random.integers(2**63))
        self._base, self._seed = seed, None
        self._hands[:] = 0
        self._ended[:] = False
        self._deal(np.arange(self.num_envs, dtype=np.int64))
        obs, _ = self._observe()
        return obs, {}

    def step(
        self, actions: np.ndarray
    ) -> tuple[ObsDict, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Takes every env's id (those whose hand ended last step start the next one)."""
        if self._base is None:
            raise ValueError("call reset() before step()")
        taken = np.array(actions, dtype=np.int64).reshape(self.num_envs)
        ended = np.flatnonzero(self._ended)
        taken[ended] = -1
        self._batch.step(taken)  # IllegalAction, nothing taken, for a bad id
        if ended.size:
            self._deal(ended)
        obs, seats = self._observe()
        over = seats < 0
        rewards = np.zeros(self.num_envs, dtype=np.float64)
        infos: dict[str, Any] = {}
        if over.any():
            won = np.zeros(self.num_envs, dtype=bool)
            for env in np.flatnonzero(over).tolist():
                result = self.game(env).result
                assert result is not None
                rewards[env] = result_rewards(result, self.reward)[self.seat]
                won[env] = self.seat in result["winners"]
            infos = {"won": won, "_won": over.copy()}
        self._ended = over
        no = np.zeros(self.num_envs, dtype=bool)
        return obs, rewards, over.copy(), no, infos

    def game(self, env: int) -> Game:
        """A copy of env `env`'s hand as a `fenpai.Game`, every seat's cards in it: for
        inspection and tests, not for the agent."""
        if not 0 <= env < self.num_envs or self._base is None:
            raise ValueError(f"env {env} has no hand: call reset()")
        return self._probe.hand_from(int(self._seeds[env]), self._batch.objects(env))
