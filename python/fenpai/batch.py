"""`Batch`: the decisions waiting on one policy written in Python, all at once, so that
a neural network is called once per batch (as Mjx's `act_batch`), not once per move.

`fenpai.simulate(..., bots=(policy, "greedy", ...))` hands a policy every game waiting
on one of its seats; the core's batch runner plays the built-in bots in between, the GIL
released. A policy is any callable `policy(batch) -> actions`: one index per row into
that row's legal actions, in the order of `Game.legal_actions` (so `apply_legal`'s
index). A decision with a single legal action is taken without asking.

`VectorEnv` in its default action space (`actions="decisions"`, `fenpai.envs.decisions`)
hands an opponent policy what a learner gets instead: `obs` the seat's observation (its
encoded view, then its picks) and `action_mask` the ids it may take, one id per row
answered, every decision asked (a frozen snapshot of the learner plays as it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from fenpai._core import GREEDY_SEED, NUM_TACTICS, Driver, FiftyKPilePlay
from fenpai.bots import Bot
from fenpai.encoding import encode
from fenpai.errors import IllegalAction
from fenpai.games.base import LEGAL_LIMIT, Game
from fenpai.games.phases import TrickPlayStep
from fenpai.games.trick_game import TrickGame

#: A policy: one legal-action index per row of the batch.
Policy = Callable[["Batch"], "Sequence[int] | np.ndarray"]


@dataclass(frozen=True)
class Batch:
    """The games waiting on one policy, one row each.

    - `games` (int64, B): each game's index in the run (in `simulate`, game g's seed is
      `result["seed"][g]`);
    - `seats` (int64, B): the seat to act, one of the policy's;
    - `obs` (float32, B × size): that seat's observation in `fenpai.encode`'s layout
      (`fenpai.encoding.fields`): only what the seat may know;
    - `num_legal` (int64, B): how many legal actions it has (at least 2);
    - `action_mask` (int8, B × ids, in the action space of `fenpai.envs.decisions`
      only, else None): the ids the seat may take, as a learner's observation has it;
      `num_legal` then counts them (at least 1).

    `greedy()` gives, per row, the index of the action the built-in `greedy` bot would
    take there: a deterministic function of what that seat may see (legal-index batches
    only).

    The answer is one integer per row, `0 <= a < num_legal[i]` (with `action_mask`: an
    id it allows). A batch holds only during the call: `obs` is a view of a buffer the
    runner reuses and `legal_actions` reads the games as they are, so copy what you keep.
    """

    variant: str
    games: np.ndarray
    seats: np.ndarray
    obs: np.ndarray
    num_legal: np.ndarray
    _legal: Callable[[int, int | None], list[str]] = field(repr=False, compare=False)
    action_mask: np.ndarray | None = field(default=None, repr=False, compare=False)
    _greedy: Callable[[], np.ndarray] | None = field(default=None, repr=False, compare=False)
    _action: Callable[[int, int], str] | None = field(default=None, repr=False, compare=False)
    _tactics: Callable[[np.ndarray, np.ndarray], object] | None = field(
        default=None, repr=False, compare=False
    )

    def __len__(self) -> int:
        return len(self.games)

    def legal_actions(self, row: int, limit: int | None = None) -> list[str]:
        """Row `row`'s legal actions as action text, the first `limit` (None:
        `LEGAL_LIMIT`; `num_legal` counts them all): index a of this list is the answer a."""
        return self._legal(row, LEGAL_LIMIT if limit is None else limit)

    def legal_action(self, row: int, index: int) -> str:
        """Row `row`'s legal action `index` as action text (any index below `num_legal`,
        found without listing the ones before it)."""
        if self._action is None:
            return self.legal_actions(row, index + 1)[index]
        return self._action(row, index)

    def greedy(self) -> np.ndarray:
        """Each row's index of the action the `greedy` bot would take (int64, B): its
        generator seeded with a fixed seed, so it depends only on what the seat may
        see; legal-index batches only, not those that answer ids of `action_mask`)."""
        if self._greedy is None:
            raise TypeError("greedy() gives legal indices; this batch does not have them")
        return self._greedy()

    def tactics(self, rows: np.ndarray, limit: int) -> np.ndarray:
        """The tactics (`fenpai.agents.tactics`) of the first `limit` legal actions of
        each of `rows` (float32, len(rows) × limit × 8): a trick play's, from what its
        seat may see; zeros past them and in every other decision (legal-index batches
        only)."""
        if self._tactics is None:
            raise TypeError("tactics() are of legal indices; this batch does not have them")
        out = np.zeros((len(rows), limit, NUM_TACTICS), dtype=np.float32)
        self._tactics(np.asarray(rows, dtype=np.int64), out)
        return out

    def mask(self, width: int) -> np.ndarray:
        """A (B, width) boolean mask of the answers each row may give (with
        `action_mask`: it as booleans, `width` its number of ids)."""
        if self.action_mask is not None:
            if width != self.action_mask.shape[1]:
                raise ValueError(f"the batch answers ids 0..{self.action_mask.shape[1] - 1}")
            return self.action_mask.view(bool)
        return np.arange(width) < self.num_legal[:, None]

    @classmethod
    def of_game(cls, game: Game, seat: int, index: int = 0) -> Batch:
        """The one-row batch of `seat`'s decision in `game` (numbered `index`): a policy
        played step by step through the Game API."""
        obs, _ = encode(game, seat, legal=False)
        return cls(
            variant=game.variant,
            games=np.array([index], dtype=np.int64),
            seats=np.array([seat], dtype=np.int64),
            obs=obs[None, :],
            num_legal=np.array([game.num_legal(seat)], dtype=np.int64),
            _legal=lambda row, limit: game.legal_actions(seat, limit),
            _greedy=lambda: np.array([greedy_index(game, seat)], dtype=np.int64),
            _action=lambda row, index: game.legal_action(seat, index),
            _tactics=lambda rows, out: _game_tactics(game, out),
        )


def _game_tactics(game: Game, out: np.ndarray) -> None:
    """Writes the tactics of `game`'s seat to act into each row of `out` (a trick play's;
    zeros elsewhere), as the batch runner's `Driver.legal_tactics` does."""
    step = game.PHASES[-1]
    if not isinstance(game, TrickGame) or not isinstance(step, TrickPlayStep):
        return
    if game.phase == "play":
        play = game.core_objects()["play"]
        found = play.legal_tactics(out.shape[1], step.sides, game.declarer)
        out[:, : len(found)] = found


def greedy_index(game: Game, seat: int) -> int:
    """The index of the `greedy` bot's action for `seat` in `game` (its bots seeded as
    the core's batch runner seeds them, `Driver.greedy`); a burial's or a trick play's
    is found without listing the legal actions."""
    text = game.bot_action(Bot("greedy", GREEDY_SEED), seat)
    if game.variant != "fifty_k" and game.phase in ("kitty", "play"):
        found = game.core_objects()[game.phase].position(text.split(" ")[1:])
        return -1 if found is None else int(found)
    play = game.core_objects().get("play")
    if isinstance(play, FiftyKPilePlay):  # FKO-20: millions of plays, never listed
        found = play.position(text)
        return -1 if found is None else int(found)
    try:
        return game.legal_actions(seat, LEGAL_LIMIT).index(text)
    except ValueError:
        return -1


def act(policy: Policy, game: Game, seat: int, index: int = 0) -> None:
    """Applies `policy`'s choice for `seat` in `game` (the only legal action without
    asking), as the batch runner does: the step API's way to play a policy."""
    if game.num_legal(seat) == 1:
        game.apply_legal(seat, 0)
        return
    batch = Batch.of_game(game, seat, index)
    (choice,) = answers(policy, batch, policy(batch))
    try:
        game.apply_legal(seat, int(choice))
    except IllegalAction as err:
        raise type(err)(f"policy {_name(policy)}: game {index}, {err}", err.rule) from None


def _name(policy: Any) -> str:
    return str(getattr(policy, "__qualname__", None) or repr(policy))


def policy_groups(players: Sequence[Any]) -> list[tuple[Policy, np.ndarray]]:
    """Each policy among `players` (one per seat: a policy, a bot name or None) with
    its seats (int64), one object playing several seats getting them in one batch, in
    the order of their first seat."""
    found: dict[int, tuple[Policy, list[int]]] = {}
    for seat, player in enumerate(players):
        if player is not None and not isinstance(player, str):
            found.setdefault(id(player), (player, []))[1].append(seat)
    return [(policy, np.array(own, dtype=np.int64)) for policy, own in found.values()]


def check_ids(policy: Any, batch: Batch, ids: np.ndarray) -> None:
    """IllegalAction naming the policy, game and seat unless every row's id is one its
    `action_mask` allows."""
    assert batch.action_mask is not None
    size = batch.action_mask.shape[1]
    inside = (ids >= 0) & (ids < size)
    allowed = inside.copy()
    rows = np.flatnonzero(inside)
    allowed[rows] = batch.action_mask[rows, ids[rows]] != 0
    bad = np.flatnonzero(~allowed)
    if bad.size:
        row = int(bad[0])
        raise IllegalAction(
            f"policy {_name(policy)}: game {batch.games[row]}, seat {batch.seats[row]}: "
            f"id {ids[row]} is not one its action_mask allows"
        )


def waiting_batch(
    driver: Driver,
    variant: str,
    slots: np.ndarray,
    games: np.ndarray,
    seats: np.ndarray,
    buffer: np.ndarray,
) -> Batch:
    """The batch of the games in `slots` (waiting on `seats`), their observations written
    by the core into the first rows of `buffer`."""
    driver.encode(slots, seats, buffer)
    return Batch(
        variant=variant,
        games=games.astype(np.int64),
        seats=seats,
        obs=buffer[: len(slots)],
        num_legal=driver.num_legal(slots),
        _legal=lambda row, limit: driver.legal_actions(int(slots[row]), limit),
        _greedy=lambda: driver.greedy(slots),
        _action=lambda row, index: driver.legal_action(int(slots[row]), index),
        _tactics=lambda rows, out: driver.legal_tactics(slots[rows], out),
    )


def answers(policy: Any, batch: Batch, answer: Any) -> np.ndarray:
    """`policy`'s answer to `batch` as int64 indices, or an error naming what is wrong
    (and, for a bad value, the game and seat)."""
    given = np.asarray(answer)
    if given.shape != (len(batch),):
        raise ValueError(
            f"policy {_name(policy)} answered {given.size} actions (shape {given.shape}) "
            f"for a batch of {len(batch)} games: one legal-action index per game"
        )
    if given.dtype.kind in "iu":
        return given.astype(np.int64)
    for row, value in enumerate(given.tolist()):
        if not isinstance(value, int) or isinstance(value, bool):
            raise IllegalAction(
                f"policy {_name(policy)}: game {batch.games[row]}, seat {batch.seats[row]}: "
                f"answer {value!r} is not an integer index into its legal actions"
            )
    return given.astype(np.int64)


def apply_answers(driver: Driver, policy: Any, slots: np.ndarray, actions: np.ndarray) -> None:
    """Applies `policy`'s checked answers; a bad index changes nothing and names the
    game and seat."""
    try:
        driver.apply(slots, actions)
    except IllegalAction as err:
        raise type(err)(f"policy {_name(policy)}: {err}", err.rule) from None
