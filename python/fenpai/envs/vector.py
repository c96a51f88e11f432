"""`VectorEnv`: many hands of one variant stepped per call, numpy batches in and out (a
Gymnasium 1.x `gymnasium.vector.VectorEnv`).

The learning seats (`seat`, or several: `seats`) of every hand are the agent's; the
others are `opponents`: built-in bots, played inside the core by its batch runner
(`fenpai._core.Driver`) with the GIL released, or `fenpai.batch.Batch` policies (a
frozen snapshot, a Python bot), each called once per step with every hand waiting on
it (a bad answer raises `IllegalAction` naming the policy, game and seat; reset the
env after it). A step is one call into the core (`Driver.step`): it applies the
actions (all checked first), deals the hands that ended last step, plays the bots and
writes every env's observation and mask while its hand is in cache. The hands that
end in a step are scored together, in arrays (`Game.score_facts`), without a `Game`
per hand.

- **Observation** of env i: `fenpai.encode(game, seat)` of its hand for the learning
  seat to act, `infos["seat"][i]` (float32, `fenpai.encoding.fields` gives the layout):
  only what that seat may know.
- **Action** of env i: an index into that seat's legal actions, in the order of
  `Game.legal_actions` (`Game.apply_legal`'s index), in every phase. The action space
  is `Discrete(max_legal)`; `infos["action_mask"]` (bool, num_envs × max_legal) marks
  the legal indices and `infos["num_legal"]` counts them (a burial can have millions:
  the mask shows the first `max_legal`, any index below `num_legal` is accepted). The
  mask is one buffer the next step rewrites: copy it to keep it.
  `legal_actions(i)` lists them as action text (at most `LEGAL_LIMIT` unless told).
  With `legal_features=K`, `infos["legal_features"]` (float32, num_envs × K × 64, one
  buffer the next step rewrites) holds, written by the core, the `fenpai.spaces`
  features of the first K legal actions of each env in a burial or trick play (row k:
  index k), zeros past them, and `infos["num_features"]` how many rows each has (0 in
  the phases with fixed ids). With `legal_ids=K`, `infos["legal_ids"]` (int64, num_envs
  × K, one buffer the next step rewrites) holds, written by the core, the
  `fenpai.spaces` fixed id of each of the first K legal actions of each env in the
  phases with fixed ids (row k: index k; a Fifty-K play's is its play type's), −1 past
  them and in a burial or trick play.
- **Reward**: 0 until the hand ends, then that of the seat which acted in mode `reward`
  (`fenpai.envs.payoffs`: "win", the default, +1 for the winning side and −1 for the
  losing one; "zero_sum"; "game_points"); `terminated` then, never `truncated`. Where a
  hand ended, `infos["won"]` (that seat is among the winners), `infos["rewards"]` (every
  learning seat's, in the order of `seats`), `infos["game_points"]` and
  `infos["card_points"]` (every seat's); `game(i).result` is the whole result.
- **Threads**: `threads=N` steps the envs on N threads in the core (each a run of
  consecutive envs, the GIL released); the results are the same whatever N.
- **Autoreset**: `AutoresetMode.NEXT_STEP` (`metadata["autoreset_mode"]`): the step after
  a hand ended ignores that env's action and starts its next hand (reward 0, not
  terminated).

A decision with a single legal action is taken for the agent without a step; a hand in
which no learning seat has a choice is skipped (the next one is dealt). Hand k of env i
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
from fenpai.batch import Policy, answers, apply_answers, waiting_batch
from fenpai.bots import Bot
from fenpai.envs.payoffs import DEFAULT_REWARD, check_reward, rewards
from fenpai.errors import IllegalAction
from fenpai.games import new_game
from fenpai.games.base import LEGAL_LIMIT, Game
from fenpai.spaces import FIXED_ACTIONS, NUM_FEATURES

#: The mask's width unless told: more than 97% of the trick-taking variants' decisions
#: have fewer legal actions (the others: leads with throws, burials), every Fifty-K one.
MAX_LEGAL = 512

#: Seeds are mixed modulo 2**64 (`fenpai.bots.seed_for`).
SEED_MASK = (1 << 64) - 1

#: A scripted deal: the deck text in deal order and the seat of the first card (C-5).
Deal = tuple[str, int | None]

#: An opponent: a built-in bot's name or a policy.
Opponent = str | Policy


def _groups(players: list[Opponent | None]) -> list[tuple[Policy, np.ndarray]]:
    """Each policy with its seats (one object playing several seats gets them in one
    batch), in the order of their first seat."""
    found: dict[int, tuple[Policy, list[int]]] = {}
    for seat, player in enumerate(players):
        if player is not None and not isinstance(player, str):
            found.setdefault(id(player), (player, []))[1].append(seat)
    return [(policy, np.array(own, dtype=np.int64)) for policy, own in found.values()]


class VectorEnv(gymnasium.vector.VectorEnv[np.ndarray, np.ndarray, np.ndarray]):
    """`num_envs` hands of `variant` (game options as `new_game` takes them), `seat` the
    agent's in each (or `seats`, several), `opponents` one bot name or policy for the
    other seats or one per seat (the entries of learning seats ignored), rewards in mode
    `reward`. See the module."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(
        self,
        variant: str,
        num_envs: int,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] = "greedy",
        seed: int | None = None,
        max_legal: int = MAX_LEGAL,
        *,
        seats: Sequence[int] | None = None,
        reward: str = DEFAULT_REWARD,
        legal_features: int = 0,
        legal_ids: int = 0,
        threads: int = 1,
        **options: Any,
    ):
        dealt = sorted({"deck", "first_seat"} & set(options))
        if dealt:
            raise ValueError(f"{', '.join(dealt)}: script deals with reset(options={{'deals'}})")
        if not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer, not {num_envs!r}")
        if not isinstance(max_legal, int) or max_legal < 1:
            raise ValueError(f"max_legal must be a positive integer, not {max_legal!r}")
        if not isinstance(legal_features, int) or legal_features < 0:
            raise ValueError(f"legal_features must be an integer >= 0, not {legal_features!r}")
        if not isinstance(legal_ids, int) or legal_ids < 0:
            raise ValueError(f"legal_ids must be an integer >= 0, not {legal_ids!r}")
        if not isinstance(threads, int) or isinstance(threads, bool) or threads < 1:
            raise ValueError(f"threads must be a positive integer, not {threads!r}")
        self.threads = threads
        self.reward = check_reward(reward)
        self._probe = new_game(variant, **options)
        n = self._probe.num_players
        learning = [seat] if seats is None else list(seats)
        for s in learning:
            if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < n:
                raise ValueError(f"seat must be 0..{n - 1}, not {s!r}")
        if not learning or len(set(learning)) != len(learning):
            raise ValueError(f"seats must name distinct seats, not {learning!r}")
        if isinstance(opponents, str) or callable(opponents):
            given: list[Opponent] = [opponents] * n
        elif isinstance(opponents, Sequence):
            given = list(opponents)
        else:
            raise ValueError(f"opponents: a bot name, a policy or one per seat, not {opponents!r}")
        if len(given) != n:
            raise ValueError(f"{variant} has {n} seats; opponents names {len(given)}")
        players: list[Opponent | None] = [None if s in learning else given[s] for s in range(n)]
        for s, player in enumerate(players):
            if player is None and s not in learning:
                raise ValueError(f"opponents: seat {s} is not learning and names no opponent")
            if isinstance(player, str):
                Bot(player, 0)  # ValueError for an unknown bot kind
            elif player is not None and not callable(player):
                raise ValueError(f"an opponent is a bot name or a policy, not {player!r}")
        self.variant, self.num_envs, self.max_legal = variant, num_envs, max_legal
        self.seat, self.seats = learning[0], learning
        self._learning = np.array(learning, dtype=np.int64)
        self._groups = _groups(players)
        core = [p if isinstance(p, str) else None for p in players]
        self._driver = Driver(variant, core, num_envs, **self._probe.hands_options())
        size = self._driver.obs_size
        self.single_observation_space = gymnasium.spaces.Box(-np.inf, np.inf, (size,), np.float32)
        self.single_action_space = gymnasium.spaces.Discrete(max_legal)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._seed = seed
        self._base: int | None = None
        self._hands = np.zeros(num_envs, dtype=np.int64)
        self._deals: list[Deal | None] = [None] * num_envs
        self._scripts: list[Deal | None] | None = None  # the deals when one is scripted
        self._ended = np.zeros(num_envs, dtype=bool)
        self._learners_mask = [s in learning for s in range(n)]
        # The buffers the core writes each step (the observations are a new array each).
        self._seats = np.full(num_envs, learning[0], dtype=np.int64)
        self._num_legal = np.zeros(num_envs, dtype=np.int64)
        self._mask = np.zeros((num_envs, max_legal), dtype=bool)
        self._features = np.zeros((num_envs, legal_features, NUM_FEATURES), dtype=np.float32)
        self._num_features = np.zeros(num_envs, dtype=np.int64)
        self._ids = np.full((num_envs, legal_ids), -1, dtype=np.int64)
        self._over = np.zeros(num_envs, dtype=bool)
        self._buffer = np.empty((num_envs, size), dtype=np.float32)  # the opponents' batches
        fixed = FIXED_ACTIONS.get(variant, ("pass",))  # Fifty-K: plays by their type
        self._ids_table = {text: i for i, text in enumerate(fixed)} if legal_ids else {}

    # -- hands -----------------------------------------------------------------------------

    def _play(self, restart: np.ndarray, actions: np.ndarray | None) -> np.ndarray:
        """One core pass over the envs (`Driver.step`): deals the next hand where
        `restart`, else applies `actions` (None: leaves the others as they are), plays
        the bots, and writes each env's observation (returned), mask and the rest into
        the buffers; the envs waiting on a policy get its answers, a batch per policy,
        until none does."""
        obs = np.empty((self.num_envs, self._driver.obs_size), dtype=np.float32)
        assert self._base is not None
        deals = (self._base & SEED_MASK, self._hands, self._scripts)
        rows = (
            *(obs, self._seats, self._num_legal, self._mask),
            *(self._features, self._num_features, self._ids, self._over),
        )
        driver, learners, table = self._driver, self._learners_mask, self._ids_table
        pending = driver.step(restart, actions, learners, table, deals, rows, self.threads)
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
            pending = driver.resume(pending, restart, learners, table, deals, rows)
        return obs

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
        """The seat's legal actions in env `env` as action text, the first `limit` (None:
        `LEGAL_LIMIT`; `infos["num_legal"]` counts them all): action a is the a-th."""
        if self._driver.game(env) is None:
            raise ValueError(f"env {env} has no hand: call reset()")
        return self._driver.legal_actions(env, LEGAL_LIMIT if limit is None else limit)

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
        if deals is not None:
            if len(deals) != self.num_envs:
                raise ValueError(f"deals: one per env ({self.num_envs}), not {len(deals)}")
            self._deals = [None if d is None else (str(d[0]), d[1]) for d in deals]
            self._scripts = self._deals if any(d is not None for d in self._deals) else None
        restart = np.ones(self.num_envs, dtype=bool)
        if mask is not None:
            restart &= np.asarray(mask, dtype=bool)
        obs = self._play(restart, None)
        self._ended = self._over.copy()
        return obs, self._infos()

    def step(
        self, actions: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Applies each env's action (ignored where the hand ended last step: that env
        starts its next hand), then plays the others to a learning seat's next choice."""
        if self._base is None:
            raise ValueError("call reset() before step()")
        given = np.asarray(actions)
        if given.shape != (self.num_envs,) or given.dtype.kind not in "iu":
            raise ValueError(
                f"actions must be {self.num_envs} integers (legal-action indices), "
                f"not a {given.dtype} array of shape {given.shape}"
            )
        try:
            obs = self._play(self._ended, np.ascontiguousarray(given, dtype=np.int64))
        except IllegalAction as err:
            raise type(err)(f"VectorEnv.step (game i is env i): {err}", err.rule) from None
        ended = np.flatnonzero(self._over)
        paid = np.zeros(self.num_envs, dtype=np.float64)
        extra = self._ending(ended, self._seats, paid)
        terminated = self._over.copy()
        self._ended = terminated.copy()
        truncated = np.zeros(self.num_envs, dtype=bool)
        return obs, paid, terminated, truncated, {**self._infos(), **extra}

    def _ending(self, ended: np.ndarray, acted: np.ndarray, paid: np.ndarray) -> dict[str, Any]:
        """Scores the hands of `ended` in one batch: writes the reward of the seat that
        acted into `paid`, returns the infos of a hand's end (each with its `_` mask)."""
        n, envs = self._probe.num_players, self.num_envs
        scored = self._probe.score_facts(self._driver.outcomes(ended)) if ended.size else None
        won = np.zeros(envs, dtype=bool)
        every = np.zeros((envs, len(self.seats)), dtype=np.float64)
        points = np.zeros((envs, n), dtype=np.float64)
        cards = np.zeros((envs, n), dtype=np.float64)
        if scored is not None:
            table = rewards(self.reward, scored["game_points"], scored["won"])
            rows, seats = np.arange(ended.size), acted[ended]
            paid[ended] = table[rows, seats]
            won[ended] = scored["won"][rows, seats]
            every[ended] = table[:, self._learning]
            points[ended] = scored["game_points"]
            cards[ended] = scored["card_points"]
        mask = self._over.copy()
        out: dict[str, Any] = {}
        for key, value in (("won", won), ("rewards", every), ("game_points", points)):
            out[key], out[f"_{key}"] = value, mask
        out["card_points"], out["_card_points"] = cards, mask
        return out

    def _infos(self) -> dict[str, Any]:
        every = np.ones(self.num_envs, dtype=bool)
        out = {
            "num_legal": self._num_legal.copy(),
            "_num_legal": every,
            "action_mask": self._mask,
            "_action_mask": every,
            "seat": self._seats.copy(),
            "_seat": every,
        }
        if self._features.shape[1]:
            out["legal_features"], out["_legal_features"] = self._features, every
            out["num_features"], out["_num_features"] = self._num_features.copy(), every
        if self._ids.shape[1]:
            out["legal_ids"], out["_legal_ids"] = self._ids, every
        return out
