"""`VectorEnv`: many hands of one variant stepped per call, numpy batches in and out (a
Gymnasium 1.x `gymnasium.vector.VectorEnv`).

One seat (`seat`) of every hand is the agent's; the others are built-in bots
(`opponents`), played inside the core by its batch runner (`fenpai._core.Driver`) with
the GIL released, so that one `step` is a few calls into the core whatever `num_envs`.

- **Observation** of env i: `fenpai.encode(game, seat)` of its hand (float32,
  `fenpai.encoding.fields` gives the layout): only what the seat may know.
- **Action** of env i: an index into the seat's legal actions, in the order of
  `Game.legal_actions` (`Game.apply_legal`'s index), in every phase. The action space
  is `Discrete(max_legal)`; `infos["action_mask"]` (bool, num_envs × max_legal) marks
  the legal indices and `infos["num_legal"]` counts them (a burial can have millions:
  the mask shows the first `max_legal`, any index below `num_legal` is accepted).
  `legal_actions(i)` lists them as action text.
- **Reward**: 0 until the hand ends, then the seat's game points
  (`Game.result["game_points"][seat]`); `terminated` then, never `truncated`.
- **Autoreset**: `AutoresetMode.NEXT_STEP` (`metadata["autoreset_mode"]`): the step after
  a hand ended ignores that env's action and starts its next hand (reward 0, not
  terminated).

A decision with a single legal action is taken for the agent without a step; a hand in
which the seat never has a choice is skipped (the next one is dealt). Hand k of env i
is dealt from `seed_for(base, i, k)`, `base` being `reset(seed=...)`, else the
constructor's `seed`, else drawn from the environment's generator; the bots are seeded
from the hand's seed as `fenpai.simulate` seeds them, so the same seed and the same
actions give the same hands. `reset(options={"deals": [...]})` scripts env i's hands
with `(deck, first_seat)` as `new_game` takes them (None: the seed's deal).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from fenpai._core import Driver
from fenpai.bots import Bot, seed_for
from fenpai.errors import IllegalAction
from fenpai.games import new_game
from fenpai.games.base import Game

#: The mask's width unless told: more than 97% of the trick-taking variants' decisions
#: have fewer legal actions (the others: leads with throws, burials), every Fifty-K one.
MAX_LEGAL = 512

#: A scripted deal: the deck text in deal order and the seat of the first card (C-5).
Deal = tuple[str, int | None]


class VectorEnv(gymnasium.vector.VectorEnv[np.ndarray, np.ndarray, np.ndarray]):
    """`num_envs` hands of `variant` (game options as `new_game` takes them), `seat`
    the agent's in each, `opponents` one bot kind for the other seats or one per seat
    (the entry for `seat` ignored). See the module."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(
        self,
        variant: str,
        num_envs: int,
        seat: int = 0,
        opponents: str | Sequence[str] = "greedy",
        seed: int | None = None,
        max_legal: int = MAX_LEGAL,
        **options: Any,
    ):
        dealt = sorted({"deck", "first_seat"} & set(options))
        if dealt:
            raise ValueError(f"{', '.join(dealt)}: script deals with reset(options={{'deals'}})")
        if not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer, not {num_envs!r}")
        if not isinstance(max_legal, int) or max_legal < 1:
            raise ValueError(f"max_legal must be a positive integer, not {max_legal!r}")
        self._probe = new_game(variant, **options)
        n = self._probe.num_players
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}, not {seat!r}")
        names = [opponents] * n if isinstance(opponents, str) else list(opponents)
        if len(names) != n:
            raise ValueError(f"{variant} has {n} seats; opponents names {len(names)}")
        players: list[str | None] = [None if s == seat else names[s] for s in range(n)]
        for name in players:
            if name is not None:
                Bot(name, 0)  # ValueError for an unknown bot kind
        self.variant, self.seat, self.num_envs, self.max_legal = variant, seat, num_envs, max_legal
        self._driver = Driver(variant, players, num_envs, **self._probe.hands_options())
        size = self._driver.obs_size
        self.single_observation_space = gymnasium.spaces.Box(-np.inf, np.inf, (size,), np.float32)
        self.single_action_space = gymnasium.spaces.Discrete(max_legal)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._seed = seed
        self._base: int | None = None
        self._hands = np.zeros(num_envs, dtype=np.int64)
        self._deals: list[Deal | None] = [None] * num_envs
        self._ended = np.zeros(num_envs, dtype=bool)
        self._envs = np.arange(num_envs, dtype=np.int64)
        self._seats = np.full(num_envs, seat, dtype=np.int64)
        self._width = np.arange(max_legal)

    # -- hands -----------------------------------------------------------------------------

    def _deal(self, env: int) -> None:
        """Starts env `env`'s next hand."""
        assert self._base is not None
        game_seed = seed_for(self._base, env, int(self._hands[env]))
        self._hands[env] += 1
        deck, first = self._deals[env] or (None, None)
        self._driver.start(env, env, game_seed, deck, first)

    def _deal_and_play(self, envs: np.ndarray) -> None:
        """Deals the next hand of each of `envs` and plays the bots up to the seat's
        first choice, dealing again where a hand ends before it."""
        driver = self._driver
        for env in envs:
            self._deal(int(env))
        driver.advance()
        over = np.intersect1d(self._over(), envs)
        while over.size:
            scripted = [int(e) for e in over if self._deals[int(e)] is not None]
            if scripted:
                raise ValueError(
                    f"the scripted deal of env {scripted[0]} gives seat {self.seat} no choice"
                )
            for env in over:
                self._deal(int(env))
            driver.advance()
            over = np.intersect1d(self._over(), over)

    def _over(self) -> np.ndarray:
        """The envs whose hand is over."""
        return np.array(self._driver.over(), dtype=np.int64)

    def game(self, env: int) -> Game:
        """A copy of env `env`'s hand as a `fenpai.Game`, every seat's cards in it: for
        inspection and tests, not for the agent (its observation is the seat's)."""
        objects = self._driver.objects(env)
        found = self._driver.game(env)
        if objects is None or found is None:
            raise ValueError(f"env {env} has no hand: call reset()")
        deck, first = self._deals[env] or (None, None)
        return self._probe.hand_from(found[1], objects, deck, first)

    def legal_actions(self, env: int, limit: int | None = None) -> list[str]:
        """The seat's legal actions in env `env` as action text, at most `limit`: action
        a is the a-th."""
        if self._driver.game(env) is None:
            raise ValueError(f"env {env} has no hand: call reset()")
        return self._driver.legal_actions(env, limit)

    # -- the Gymnasium API ---------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Deals a new hand in every env (or in those of `options["reset_mask"]`), from
        `seed` when given; `options["deals"]`: one `(deck, first_seat)` or None per env."""
        super().reset(seed=seed)
        options = dict(options or {})
        mask = options.pop("reset_mask", None)
        deals = options.pop("deals", None)
        if options:
            raise ValueError(f"unknown reset options {sorted(options)}: reset_mask, deals")
        if seed is not None or self._base is None:
            base = seed if seed is not None else self._seed
            if base is None:
                base = int(self.np_random.integers(2**63))
            self._base = base
            self._hands[:] = 0
        envs = self._envs if mask is None else self._envs[np.asarray(mask, dtype=bool)]
        if deals is not None:
            if len(deals) != self.num_envs:
                raise ValueError(f"deals: one per env ({self.num_envs}), not {len(deals)}")
            self._deals = [None if d is None else (str(d[0]), d[1]) for d in deals]
        self._deal_and_play(envs)
        self._ended[envs] = False
        return self._observe(), self._infos()

    def step(
        self, actions: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Applies each env's action (ignored where the hand ended last step: that env
        starts its next hand), then plays the bots to the seat's next choice."""
        if self._base is None:
            raise ValueError("call reset() before step()")
        given = np.asarray(actions)
        if given.shape != (self.num_envs,) or given.dtype.kind not in "iu":
            raise ValueError(
                f"actions must be {self.num_envs} integers (legal-action indices), "
                f"not a {given.dtype} array of shape {given.shape}"
            )
        restart = np.flatnonzero(self._ended)
        live = np.flatnonzero(~self._ended)
        try:
            self._driver.apply(live, given[live].astype(np.int64))
        except IllegalAction as err:
            raise type(err)(f"VectorEnv.step (game i is env i): {err}", err.rule) from None
        self._driver.advance()
        ended = np.intersect1d(self._over(), live)
        if restart.size:
            self._deal_and_play(restart)
        rewards = np.zeros(self.num_envs, dtype=np.float64)
        for env in ended:
            result = self.game(int(env)).result
            assert result is not None
            rewards[env] = float(result["game_points"][self.seat])
        terminated = np.zeros(self.num_envs, dtype=bool)
        terminated[ended] = True
        self._ended = terminated.copy()
        truncated = np.zeros(self.num_envs, dtype=bool)
        return self._observe(), rewards, terminated, truncated, self._infos()

    def _observe(self) -> np.ndarray:
        obs = np.empty((self.num_envs, self._driver.obs_size), dtype=np.float32)
        self._driver.encode(self._envs, self._seats, obs)
        return obs

    def _infos(self) -> dict[str, Any]:
        num_legal = self._driver.num_legal(self._envs)
        every = np.ones(self.num_envs, dtype=bool)
        return {
            "num_legal": num_legal,
            "_num_legal": every,
            "action_mask": self._width < num_legal[:, None],
            "_action_mask": every.copy(),
        }
