"""`VectorEnv(actions="decisions")`'s hands (the default): the environments' one action
space (`fenpai.envs.decisions`: fixed ids, then card by card), stepped together by
`_core.DecisionBatch`, so that a policy trained here runs in `SeatEnv`, the AEC
environment and OpenSpiel unchanged.

Env i's observation is `{"observation", "action_mask"}` of its learning seat to act, as
`SeatEnv` shows that seat (its encoded view, then its picks; the int8 mask of the ids it
may take), in fresh arrays each step; every decision is asked, a single allowed id
included, as `SeatEnv` asks it. The built-in bots play in the core (the GIL released);
each policy opponent is asked once per round with every env waiting on one of its seats,
a `fenpai.batch.Batch` holding what a learner would get (`obs`, `action_mask`), and
answers ids: a card-by-card play is one round per pick.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np

from fenpai._core import DecisionBatch
from fenpai.batch import Batch, answers, check_ids, policy_groups
from fenpai.bots import hand_seeds
from fenpai.envs.aec import observation_space
from fenpai.envs.vector_hands import Deals, Outputs, Players
from fenpai.errors import IllegalAction
from fenpai.games.base import Game
from fenpai.spaces import table_actions

ObsDict = dict[str, np.ndarray]


class DecisionHands:
    """`num_envs` hands of `probe`'s variant and options, `players[seat]` a bot name, a
    policy or None (a learning seat), in the one action space; `game(i)` gives env i's
    hand as a `Game` (for a policy's `Batch.legal_actions`; by default the hand of its
    seed, unscripted); a policy's `Batch.games` numbers env i `first + i`; the
    observations and masks written into `outputs` (new arrays each step unless told)."""

    def __init__(
        self,
        probe: Game,
        players: Players,
        num_envs: int,
        game: Callable[[int], Game] | None = None,
        first: int = 0,
        outputs: Outputs | None = None,
    ):
        self.variant, self.num_envs, self._probe = probe.variant, num_envs, probe
        self._game = game or self._seeded_game
        self._first = first
        self._outputs = outputs or Outputs(fresh=True)
        self._groups = policy_groups(players)
        # Per seat, the index of its policy in `_groups`, −1 for the others; the last
        # entry answers seat −1 (a hand that is over).
        self._owner = np.full(len(players) + 1, -1, dtype=np.int64)
        for g, (_, own) in enumerate(self._groups):
            self._owner[own] = g
        core = [p if isinstance(p, str) else None for p in players]
        fixed = list(table_actions(self.variant, probe.options))
        self._batch = DecisionBatch(self.variant, core, fixed, num_envs, **probe.hands_options())
        self.observation_space: gymnasium.spaces.Space[Any] = observation_space(
            self._batch.obs_size, self._batch.size
        )
        self.action_space: gymnasium.spaces.Space[Any] = gymnasium.spaces.Discrete(self._batch.size)
        learner = players.index(None) if None in players else -1
        self.seats = np.full(num_envs, learner, dtype=np.int64)
        self.over = np.zeros(num_envs, dtype=bool)
        self._seeds: list[int | None] = [None] * num_envs

    def play(self, restart: np.ndarray, actions: np.ndarray | None, deals: Deals) -> ObsDict:
        """Takes `actions` (ids) where not `restart` (every id checked before any is
        taken), each hand's row written as soon as it has taken its id and its bots
        acted, deals the next hand where `restart`, then asks the policies until every
        env waits on a learning seat or is over."""
        acted = self.seats.copy()
        n, batch = self.num_envs, self._batch
        to_act = np.empty(n, dtype=np.int64)
        obs = self._outputs.array("observation", (n, batch.obs_size), np.float32)
        masks = self._outputs.array("action_mask", (n, batch.size), np.int8)
        dealt = np.flatnonzero(restart)
        if actions is None:
            fresh = np.arange(n)
        else:
            taken = np.where(restart, -1, actions)
            bad = np.flatnonzero((taken < 0) & ~restart)
            if bad.size:
                env = int(bad[0])
                raise IllegalAction(
                    f"env {env}, seat {acted[env]}: {actions[env]} is not an id "
                    f"(0..{batch.size - 1})"
                )
            batch.step_observe(taken, to_act, obs, masks)
            fresh = dealt
        if dealt.size:
            self._deal(dealt, deals)
        if fresh.size:
            batch.observe_rows(fresh, to_act, obs, masks)
        self._settle(to_act, obs, masks)
        self.over = to_act < 0
        self.seats = np.where(self.over, acted, to_act)
        for env in np.flatnonzero(self.over).tolist():  # the view of the learner that acted
            batch.observe_hand(env, int(acted[env]), obs[env], masks[env])
        return {"observation": obs, "action_mask": masks}

    def play_out(self, seeds: list[int]) -> dict[str, Any]:
        """Deals env i the hand of `seeds[i]` (its bots seeded as `fenpai.bots.Bot`), plays
        every hand to its end, the policies asked as in `play`, and returns the hands'
        facts (`outcomes`): `simulate`'s games, no seat learning."""
        if (self.seats >= 0).any():
            raise ValueError("play_out plays hands with no learning seat")
        for env, seed in enumerate(seeds):
            self._batch.reset(env, seed)
            self._seeds[env] = seed
        n, batch = self.num_envs, self._batch
        to_act = np.empty(n, dtype=np.int64)
        obs = np.empty((n, batch.obs_size), dtype=np.float32)
        masks = np.empty((n, batch.size), dtype=np.int8)
        batch.observe(to_act, obs, masks)
        self._settle(to_act, obs, masks)
        return self.outcomes(np.arange(self.num_envs, dtype=np.int64))

    def _seeded_game(self, env: int) -> Game:
        """Env `env`'s hand so far as a `Game`, dealt from its seed."""
        seed = self._seeds[env]
        assert seed is not None
        return self._probe.hand_from(seed, self._batch.objects(env))

    def _deal(self, envs: np.ndarray, deals: Deals) -> None:
        """Deals the next hand of each of `envs` (its seed or script, C-5), counting it."""
        seeds = hand_seeds(deals.base, envs, deals.hands[envs]).tolist()
        deals.hands[envs] += 1
        for env, seed in zip(envs.tolist(), seeds, strict=True):
            script = None if deals.scripts is None else deals.scripts[env]
            deck, first = (None, None) if script is None else script
            self._batch.reset(env, seed, deck, first)
            self._seeds[env] = seed

    def _settle(self, to_act: np.ndarray, obs: np.ndarray, masks: np.ndarray) -> None:
        """Asks the policies, a batch each per round, until no env waits on one, each
        round's answers taken and those envs' rows of `to_act` (the seat to act, −1:
        over), `obs` and `masks` written again."""
        n, batch = self.num_envs, self._batch
        while True:
            owner = self._owner[to_act]
            if (owner < 0).all():
                return
            ids = np.full(n, -1, dtype=np.int64)
            for g, (policy, _) in enumerate(self._groups):
                rows = np.flatnonzero(owner == g)
                if rows.size:
                    asked = self._ask(rows, to_act[rows], obs[rows], masks[rows])
                    choice = answers(policy, asked, policy(asked))
                    check_ids(policy, asked, choice)
                    ids[rows] = choice
            batch.step_observe(ids, to_act, obs, masks)  # theirs alone

    def _ask(self, envs: np.ndarray, seats: np.ndarray, obs: np.ndarray, mask: np.ndarray) -> Batch:
        """The batch of `envs` waiting on `seats`, with what a learner would observe."""

        def legal(row: int, limit: int | None) -> list[str]:
            return self._game(int(envs[row])).legal_actions(int(seats[row]), limit)

        def action(row: int, index: int) -> str:
            return self._game(int(envs[row])).legal_action(int(seats[row]), index)

        return Batch(
            variant=self.variant,
            games=envs + self._first,
            seats=seats,
            obs=obs,
            num_legal=mask.sum(axis=1, dtype=np.int64),
            _legal=legal,
            _action=action,
            action_mask=mask,
        )

    def outcomes(self, ended: np.ndarray) -> dict[str, Any]:
        return self._batch.outcomes(ended)

    def seed(self, env: int) -> int | None:
        return self._seeds[env]

    def objects(self, env: int) -> tuple[Any, ...]:
        return self._batch.objects(env)

    def legal_actions(self, env: int, limit: int) -> list[str]:
        if self.over[env]:
            return []
        return self._game(env).legal_actions(int(self.seats[env]), limit)

    def infos(self, every: np.ndarray) -> dict[str, Any]:
        return {}
