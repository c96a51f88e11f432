"""`VectorEnv`: many hands of one variant stepped per call, numpy batches in and out (a
Gymnasium 1.x `gymnasium.vector.VectorEnv`), in one of two action spaces.

The learning seats (`seat`, or several: `seats`) of every hand are the agent's; the
others are `opponents`: built-in bots, played inside the core with the GIL released, or
`fenpai.batch.Batch` policies (a frozen snapshot, a Python bot), each called once per
round with every hand waiting on it (a bad answer raises `IllegalAction` naming the
policy, game and seat, none of that round's answers taken; reset the env after it).

- **`actions="decisions"`** (the default; `fenpai.envs.vector_decisions`): the one
  action space of `SeatEnv`, the AEC environment and OpenSpiel (`fenpai.envs.decisions`:
  fixed ids, then card by card). Env i's observation is `{"observation": float32,
  "action_mask": int8}` of the learning seat to act, `infos["seat"][i]`, what `SeatEnv`
  shows that seat, in fresh arrays each step; its action one id its mask allows (every
  decision asked, a single allowed id included). A policy opponent gets the same
  observation and mask in its batch (`Batch.obs`, `Batch.action_mask`) and answers ids,
  so a snapshot of the learner plays the opponents' seats. `threads`, `max_legal`,
  `legal_features` and `legal_ids` are the legal space's.
- **`actions="legal"`** (`fenpai.envs.vector_legal`, for search code): the observation
  is `fenpai.encode(game, seat)` (float32, `fenpai.encoding.fields` gives the layout),
  the action an index into that seat's legal actions in the order of
  `Game.legal_actions` (`Game.apply_legal`'s index), in every phase; the action space is
  `Discrete(max_legal)`; `infos["action_mask"]` (bool, num_envs × max_legal) marks the
  legal indices and `infos["num_legal"]` counts them (a burial can have millions: the
  mask shows the first `max_legal`, any index below `num_legal` is accepted). The mask
  is one buffer the next step rewrites: copy it to keep it. With `legal_features=K`,
  `infos["legal_features"]` (float32, num_envs × K × 64, one buffer the next step
  rewrites) holds, written by the core, the `fenpai.spaces` features of the first K
  legal actions of each env in a burial or trick play (row k: index k), zeros past
  them, and `infos["num_features"]` how many rows each has (0 in the phases with fixed
  ids). With `legal_ids=K`, `infos["legal_ids"]` (int64, num_envs × K, one buffer the
  next step rewrites) holds the `fenpai.spaces` fixed id of each of the first K legal
  actions of each env in the phases with fixed ids (row k: index k; a Fifty-K play's is
  its play type's), −1 past them and in a burial or trick play. A decision with a
  single legal action is taken for the agent without a step; a hand in which no
  learning seat has a choice is skipped (the next one is dealt). A step is one call
  into the core's batch runner (`Driver.step`); `threads=N` steps the envs on N threads
  in the core (each a run of consecutive envs), the results the same whatever N. Both
  spaces take Fifty-K of several decks (`decks` 2 to 4, FKO-20); their plays' fixed ids
  are the play types of `fenpai.spaces.SEVERAL_DECKS_TYPES`'s table.

In both:

- **`copy`**: by default (`copy=True`, as Gymnasium's vector envs) `reset` and `step`
  return new observation arrays each time. With `copy=False` they return the same
  arrays every time, rewritten in place by the next `step` (as the infos' masks are):
  a learner copies what it keeps (`buffer[t] = obs`), and a step of hundreds of hands
  writes into memory still in the cache instead of a new array (a Tractor `VectorEnv`
  of 256 hands: up to a sixth less CPU a hand, `benches/vector_env_parts.py`).
- `legal_actions(i)` lists env i's legal actions of the seat to act as action text (at
  most `LEGAL_LIMIT` unless told); `game(i)` copies its hand as a `fenpai.Game`.
- **Reward**: 0 until the hand ends, then that of the learning seat which acted in mode
  `reward` (`fenpai.envs.payoffs`: "win", the default, +1 for the winning side and −1
  for the losing one; "zero_sum"; "game_points"); `terminated` then, never `truncated`.
  Where a hand ended, `infos["won"]` (that seat is among the winners),
  `infos["rewards"]` (every learning seat's, in the order of `seats`),
  `infos["game_points"]` and `infos["card_points"]` (every seat's), scored together in
  arrays (`Game.score_facts`), without a `Game` per hand; `game(i).result` is the whole
  result. `infos["seat"]` is the learning seat each observation is for (where the hand
  ended, the one that acted).
- A bad action (an id the mask does not allow, an index past `num_legal`) raises
  `IllegalAction` naming the env and seat, no hand changed.
- **Autoreset**: `AutoresetMode.NEXT_STEP` (`metadata["autoreset_mode"]`): the step after
  a hand ended ignores that env's action and starts its next hand (reward 0, not
  terminated).

Hand k of env i is dealt from `seed_for(base, i, k)`, `base` being `reset(seed=...)`,
else the constructor's `seed`, else drawn from the environment's generator; the bots are
seeded from the hand's seed as `fenpai.simulate` seeds them, so the same seed and the
same actions give the same hands, in either space. `reset(options={"deals": [...]})`
scripts env i's hands with `(deck, first_seat)` as `new_game` takes them (None: the
seed's deal).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from fenpai.bots import Bot
from fenpai.envs.payoffs import DEFAULT_REWARD, check_reward, rewards
from fenpai.envs.vector_decisions import DecisionHands
from fenpai.envs.vector_hands import Deal, Deals, Hands, Opponent, Outputs, Players
from fenpai.envs.vector_legal import LegalHands
from fenpai.errors import IllegalAction
from fenpai.games import new_game
from fenpai.games.base import LEGAL_LIMIT, Game

#: The legal space's mask width unless told: more than 97% of the trick-taking
#: variants' decisions have fewer legal actions (the others: leads with throws,
#: burials), every Fifty-K one.
MAX_LEGAL = 512

#: The action spaces: the environments' one (the default), the legal-list index.
ACTIONS = ("decisions", "legal")

#: Seeds are mixed modulo 2**64 (`fenpai.bots.seed_for`).
SEED_MASK = (1 << 64) - 1


def _count(name: str, value: object, least: int = 1) -> None:
    """A ValueError unless `value` is an integer (not a bool) of at least `least`."""
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        what = "a positive integer" if least == 1 else f"an integer >= {least}"
        raise ValueError(f"{name} must be {what}, not {value!r}")


def _players(n: int, variant: str, learning: list[int], opponents: object) -> Players:
    """Per seat, its opponent (a bot name or a policy) or None for a learning seat, or a
    ValueError naming what is wrong."""
    for s in learning:
        if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < n:
            raise ValueError(f"seat must be 0..{n - 1}, not {s!r}")
    if not learning or len(set(learning)) != len(learning):
        raise ValueError(f"seats must name distinct seats, not {learning!r}")
    if isinstance(opponents, str) or callable(opponents):
        given: list[Any] = [opponents] * n
    elif isinstance(opponents, Sequence):
        given = list(opponents)
    else:
        raise ValueError(f"opponents: a bot name, a policy or one per seat, not {opponents!r}")
    if len(given) != n:
        raise ValueError(f"{variant} has {n} seats; opponents names {len(given)}")
    players: Players = [None if s in learning else given[s] for s in range(n)]
    for s, player in enumerate(players):
        if player is None and s not in learning:
            raise ValueError(f"opponents: seat {s} is not learning and names no opponent")
        if isinstance(player, str):
            Bot(player, 0)  # ValueError for an unknown bot kind
        elif player is not None and not callable(player):
            raise ValueError(f"an opponent is a bot name or a policy, not {player!r}")
    return players


class VectorEnv(gymnasium.vector.VectorEnv[Any, np.ndarray, np.ndarray]):
    """`num_envs` hands of `variant` (game options as `new_game` takes them), `seat` the
    agent's in each (or `seats`, several), `opponents` one bot name or policy for the
    other seats or one per seat (the entries of learning seats ignored), rewards in mode
    `reward`, actions in space `actions` ("decisions" or "legal"); `copy=False` writes
    the observations in place. See the module."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(
        self,
        variant: str,
        num_envs: int,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent | None] = "greedy",
        seed: int | None = None,
        max_legal: int = MAX_LEGAL,
        *,
        seats: Sequence[int] | None = None,
        reward: str = DEFAULT_REWARD,
        actions: str = "decisions",
        legal_features: int = 0,
        legal_ids: int = 0,
        threads: int = 1,
        copy: bool = True,
        **options: Any,
    ):
        dealt = sorted({"deck", "first_seat"} & set(options))
        if dealt:
            raise ValueError(f"{', '.join(dealt)}: script deals with reset(options={{'deals'}})")
        if actions not in ACTIONS:
            raise ValueError(f"actions must be 'decisions' or 'legal', not {actions!r}")
        for name, value in (("num_envs", num_envs), ("max_legal", max_legal), ("threads", threads)):
            _count(name, value)
        _count("legal_features", legal_features, 0)
        _count("legal_ids", legal_ids, 0)
        if actions == "decisions":
            given = {"max_legal": max_legal != MAX_LEGAL, "legal_features": legal_features}
            given |= {"legal_ids": legal_ids, "threads": threads != 1}
            extra = [name for name, value in given.items() if value]
            if extra:
                raise ValueError(f"{', '.join(extra)}: only with actions='legal'")
        self.reward = check_reward(reward)
        self._options = options  # the game's, as `new_game` takes them
        self._probe = new_game(variant, **options)
        learning = [seat] if seats is None else list(seats)
        players = _players(self._probe.num_players, variant, learning, opponents)
        self._probe.check_bots([p for p in players if isinstance(p, str)])  # by name
        self.variant, self.num_envs, self.actions = variant, num_envs, actions
        self.max_legal, self.threads = max_legal, threads
        self.seat, self.seats = learning[0], learning
        self._learning = np.array(learning, dtype=np.int64)
        if not isinstance(copy, bool):
            raise ValueError(f"copy must be True or False, not {copy!r}")
        self.copy = copy
        outputs = Outputs(fresh=self.copy)
        self._hands: Hands
        if actions == "legal":
            self._hands = LegalHands(
                self._probe,
                players,
                num_envs,
                max_legal,
                legal_features,
                legal_ids,
                threads,
                outputs,
            )
        else:
            self._hands = DecisionHands(self._probe, players, num_envs, self.game, outputs=outputs)
        self.single_observation_space = self._hands.observation_space
        self.single_action_space = self._hands.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._seed = seed
        self._deals: Deals | None = None
        self._dealt: list[Deal | None] = [None] * num_envs  # each env's hand's script
        self._scripted = False  # whether an entry of `_dealt` is a script
        self._ended = np.zeros(num_envs, dtype=bool)
        self._every = np.ones(num_envs, dtype=bool)  # the infos' `_` mask of every env

    # -- hands -----------------------------------------------------------------------------

    def _play(self, restart: np.ndarray, actions: np.ndarray | None) -> Any:
        """Deals the next hand where `restart`, else takes `actions` (None: none), and
        plays the opponents to a learning seat's next decision; the observations."""
        assert self._deals is not None
        scripts = self._deals.scripts
        if scripts is not None or self._scripted:
            for env in np.flatnonzero(restart).tolist():
                self._dealt[env] = None if scripts is None else scripts[env]
            self._scripted = any(d is not None for d in self._dealt)
        return self._hands.play(restart, actions, self._deals)

    def game(self, env: int) -> Game:
        """A copy of env `env`'s hand as a `fenpai.Game`, every seat's cards in it: for
        inspection and tests, not for the agent (its observation is the seat's)."""
        found = self._hands.seed(env) if 0 <= env < self.num_envs else None
        if found is None:
            raise ValueError(f"env {env} has no hand: call reset()")
        deck, first = self._dealt[env] or (None, None)
        return self._probe.hand_from(found, self._hands.objects(env), deck, first)

    def legal_actions(self, env: int, limit: int | None = None) -> list[str]:
        """The legal actions of env `env`'s seat to act as action text, the first `limit`
        (None: `LEGAL_LIMIT`): in the legal space, action a is the a-th."""
        if not 0 <= env < self.num_envs or self._hands.seed(env) is None:
            raise ValueError(f"env {env} has no hand: call reset()")
        return self._hands.legal_actions(env, LEGAL_LIMIT if limit is None else limit)

    # -- the Gymnasium API ---------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Deals a new hand in every env (or in those of `options["reset_mask"]`), from
        `seed` when given; `options["deals"]`: one `(deck, first_seat)` or None per env."""
        options = dict(options or {})
        mask = options.pop("reset_mask", None)
        deals = options.pop("deals", None)
        if options:
            raise ValueError(f"unknown reset options {sorted(options)}: reset_mask, deals")
        scripts = None if self._deals is None else self._deals.scripts
        if deals is not None:
            scripts = self._checked_scripts(deals)
        super().reset(seed=seed)
        if seed is not None or self._deals is None:
            base = seed if seed is not None else self._seed
            if base is None:
                base = int(self.np_random.integers(2**63))
            hands = np.zeros(self.num_envs, dtype=np.int64)
            self._deals = Deals(base & SEED_MASK, hands, scripts)
        else:
            self._deals = Deals(self._deals.base, self._deals.hands, scripts)
        restart = np.ones(self.num_envs, dtype=bool)
        if mask is not None:
            restart &= np.asarray(mask, dtype=bool)
        obs = self._play(restart, None)
        self._ended = self._hands.over.copy()
        return obs, self._infos()

    def _checked_scripts(self, deals: Sequence[Any]) -> list[Deal | None] | None:
        """`reset`'s `deals` as scripts (None: no env scripted), each deck and first seat
        checked as `new_game` checks them (C-5) before any env is dealt, so that a refused
        reset changes nothing."""
        if len(deals) != self.num_envs:
            raise ValueError(f"deals: one per env ({self.num_envs}), not {len(deals)}")
        listed: list[Deal | None] = [None if d is None else (str(d[0]), d[1]) for d in deals]
        for env, script in enumerate(listed):
            if script is not None:
                try:
                    new_game(self.variant, deck=script[0], first_seat=script[1], **self._options)
                except ValueError as err:
                    raise ValueError(f"deals[{env}]: {err}") from None
        return listed if any(d is not None for d in listed) else None

    def step(
        self, actions: np.ndarray
    ) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Applies each env's action (ignored where the hand ended last step: that env
        starts its next hand), then plays the others to a learning seat's next choice."""
        if self._deals is None:
            raise ValueError("call reset() before step()")
        given = np.asarray(actions)
        if given.shape != (self.num_envs,) or given.dtype.kind not in "iu":
            what = "ids" if self.actions == "decisions" else "legal-action indices"
            raise ValueError(
                f"actions must be {self.num_envs} integers ({what}), "
                f"not a {given.dtype} array of shape {given.shape}"
            )
        try:
            obs = self._play(self._ended, np.ascontiguousarray(given, dtype=np.int64))
        except IllegalAction as err:
            raise type(err)(f"VectorEnv.step (game i, hand i: env i): {err}", err.rule) from None
        terminated = self._hands.over.copy()
        paid = np.zeros(self.num_envs, dtype=np.float64)
        infos = self._infos()
        infos.update(self._ending(terminated, self._hands.seats, paid))
        self._ended = terminated.copy()
        return obs, paid, terminated, np.zeros(self.num_envs, dtype=bool), infos

    def _ending(self, over: np.ndarray, acted: np.ndarray, paid: np.ndarray) -> dict[str, Any]:
        """Scores the hands that ended (`over`) in one batch: writes the reward of the
        seat that acted into `paid`, returns the infos of a hand's end (each with its `_`
        mask, a copy of `over`)."""
        n, envs = self._probe.num_players, self.num_envs
        won = np.zeros(envs, dtype=bool)
        every = np.zeros((envs, len(self.seats)), dtype=np.float64)
        points = np.zeros((envs, n), dtype=np.float64)
        cards = np.zeros((envs, n), dtype=np.float64)
        ended = over.nonzero()[0]  # np.flatnonzero's dispatch costs more than the step's scan
        if ended.size:
            scored = self._probe.score_facts(self._hands.outcomes(ended))
            table = rewards(self.reward, scored["game_points"], scored["won"])
            rows, seats = np.arange(ended.size), acted[ended]
            paid[ended] = table[rows, seats]
            won[ended] = scored["won"][rows, seats]
            every[ended] = table[:, self._learning]
            points[ended] = scored["game_points"]
            cards[ended] = scored["card_points"]
        mask = over.copy()
        return {
            "won": won,
            "_won": mask,
            "rewards": every,
            "_rewards": mask,
            "game_points": points,
            "_game_points": mask,
            "card_points": cards,
            "_card_points": mask,
        }

    def _infos(self) -> dict[str, Any]:
        every = self._every.copy()  # a copy of a kept one: np.ones costs ten times more
        return {**self._hands.infos(every), "seat": self._hands.seats.copy(), "_seat": every}
