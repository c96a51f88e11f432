"""The environments' one discrete action space per variant, over every phase.

Ids `0 .. F-1` are the variant's fixed ids (`fenpai.spaces.action_space`: pass, bids,
trump, declarations, calls, Fifty-K play types; Tractor's follow its decks, TRO-120,
Finding Friends' its decks, its friend calls after Tractor's ids, FF-20, and Fifty-K's
its decks, several decks' play types after one deck's, FKO-20).
The trick-taking variants add, for the burial (C-4) and the trick play, where the
choices are too many to number, a choice **card by card**: ids `F .. F+53` pick one more
copy of a card kind (`Card.index`) and id `F+54` (`done`) plays the cards picked. A
burial goes once its size is picked; a play goes as soon as the cards picked are a legal
play that no further card extends, else on `done`. The mask allows exactly the picks
that still lead to a legal action, so that the actions reachable through it are exactly
the legal ones, each once (whatever the order of the picks); the core computes it for a
play (`TrickPlay.pick_options`). The picks so far are part of the seat's observation
(its own cards).

The environments play this space in the core (`fenpai.envs.core_hand`,
`_core.DecisionHand`); the classes here do it in Python over a `Game`, as the reference
the core is tested against (same masks, observations and actions at every step).
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

import numpy as np

from fenpai.games.trick_game import TrickGame
from fenpai.spaces import CARDS, NUM_KINDS, action_space, game_space, legal, uses_list

if TYPE_CHECKING:
    from fenpai.games.base import Game


def _counts(cards: list[Any]) -> np.ndarray:
    out = np.zeros(NUM_KINDS, dtype=np.int16)
    for c in cards:
        out[c.index] += 1
    return out


def _text(verb: str, picked: np.ndarray) -> str:
    return verb + " " + " ".join(str(CARDS[k]) for k in np.repeat(np.arange(NUM_KINDS), picked))


class CardChoice:
    """One seat's card-by-card decision: what it may pick, given what it picked."""

    def __init__(self, game: Game, seat: int):
        assert isinstance(game, TrickGame)  # Fifty-K's plays have fixed ids
        self.game, self.seat, self.at = game, seat, game.num_actions
        self.hand = _counts(game.hand_of(seat))
        self.picked = np.zeros(NUM_KINDS, dtype=np.int16)
        self.size: int | None = None
        play = game.core_objects().get("play")
        if game.phase == "kitty":
            self.verb, self.size = "bury", game.kitty_size()
            return
        self.verb = "play"
        assert play is not None
        self.play = play

    def copy_for(self, game: Game) -> CardChoice:
        """The same choice, with its picks, in `game` (a copy of this choice's game)."""
        assert isinstance(game, TrickGame)
        new = copy.copy(self)
        new.game, new.picked = game, self.picked.copy()
        if hasattr(self, "play"):
            new.play = game.core_objects()["play"]
        return new

    def options(self) -> tuple[np.ndarray, bool]:
        """The card kinds it may pick next, and whether `done` plays the picks: for a
        play, the core's answer (`TrickPlay.pick_options`: C-24 leads with throws
        included)."""
        picked = self.picked
        if self.size is not None:  # a burial: any cards of the hand (C-4)
            return np.asarray(self.hand - picked > 0), False
        cards, done = self.play.pick_options(picked.tolist())
        return np.array(cards, dtype=bool), done

    def pick(self, kind: int) -> str | None:
        """Picks one copy of `kind`; the action text once the choice is complete."""
        self.picked[kind] += 1
        if self.size is not None:
            return _text(self.verb, self.picked) if self.picked.sum() == self.size else None
        cards, done = self.options()
        return _text(self.verb, self.picked) if done and not cards.any() else None

    def finish(self) -> str:
        """The action text of the picks (`done`)."""
        return _text(self.verb, self.picked)


class Decisions:
    """A variant's environment action space: its fixed ids (of Tractor's table of
    `decks`, TRO-120; of Fifty-K's of its `decks`, FKO-20, and `tribute`, FKO-40), then
    (trick-taking variants) one id per card kind and `done` (see the module)."""

    def __init__(self, variant: str, decks: int | None = None, tribute: str = "none"):
        self.variant = variant
        self.fixed = action_space(variant, decks, tribute).size
        self.by_card = variant != "fifty_k"
        self.size = self.fixed + (NUM_KINDS + 1 if self.by_card else 0)
        self.done = self.size - 1
        self.choice: CardChoice | None = None
        self._last: tuple[Game, tuple[int, int, bytes], np.ndarray] | None = None
        self._checked: Game | None = None

    def reset(self) -> None:
        self.choice = None
        self._last = None

    def picked(self) -> np.ndarray:
        """The cards picked so far in the seat's card-by-card choice (zeros otherwise)."""
        if self.choice is None:
            return np.zeros(NUM_KINDS, dtype=np.float32)
        return self.choice.picked.astype(np.float32)

    def _choice(self, game: Game, seat: int) -> CardChoice:
        choice = self.choice
        if (
            choice is None
            or choice.game is not game
            or choice.seat != seat
            or choice.at != game.num_actions
        ):
            choice = self.choice = CardChoice(game, seat)
        return choice

    def copy_for(self, game: Game) -> Decisions:
        """These decisions for `game`, a copy of the game they were taken in."""
        new = copy.copy(self)
        new.choice = None if self.choice is None else self.choice.copy_for(game)
        new._last = new._checked = None
        return new

    def restore(self, game: Game, seat: int, picked: np.ndarray) -> None:
        """Resumes `seat`'s card-by-card choice of `game` with `picked` already picked
        (a copy of a game in the middle of one)."""
        self.choice = self._last = None
        if picked.any():
            self._choice(game, seat).picked[:] = picked

    def _check(self, game: Game) -> None:
        """ValueError unless `game` is of this space's variant and table (its decks,
        TRO-120, FF-1): ids of another table would mean other actions."""
        if game is self._checked:
            return
        table = game_space(game).size if game.variant == self.variant else None
        if table != self.fixed:
            raise ValueError(
                f"these decisions are {self.variant}'s table of {self.fixed} fixed ids; the "
                f"game is {game.variant}"
                + (
                    ""
                    if table is None
                    else f" with a table of {table} (give its decks or tribute: "
                    "spaces.table_decks, spaces.table_tribute, TRO-120, FF-1, FKO-20, FKO-40)"
                )
            )
        self._checked = game

    def mask(self, game: Game, seat: int) -> np.ndarray:
        """The int8 mask of the ids `seat` may take now (zeros when it may not act); a
        new array each call, the last one kept for the same decision and picks."""
        self._check(game)
        picks = b"" if self.choice is None else self.choice.picked.tobytes()
        key = (game.num_actions, seat, picks)
        if self._last is not None and self._last[0] is game and self._last[1] == key:
            return self._last[2].copy()
        out = self._mask(game, seat)
        self._last = (game, key, out)
        return out.copy()

    def _mask(self, game: Game, seat: int) -> np.ndarray:
        out = np.zeros(self.size, dtype=np.int8)
        if seat not in game.to_act:
            return out
        if uses_list(game):
            cards, done = self._choice(game, seat).options()
            out[self.fixed : self.fixed + NUM_KINDS] = cards
            out[self.done] = done
        else:
            mask = legal(game, seat).mask
            assert mask is not None  # a phase with fixed ids
            out[: self.fixed] = mask
        return out

    def step(self, game: Game, seat: int, action: int) -> bool:
        """Takes env action `action` for `seat`: True once a game action was applied.
        ValueError (the game unchanged) when the mask does not allow it."""
        if not (self.mask(game, seat)[action] if 0 <= action < self.size else False):
            raise ValueError(f"action {action} is not allowed for seat {seat} now")
        if action < self.fixed:
            game.apply_legal(seat, int(legal(game, seat).index[action]))  # type: ignore[index]
            return True
        choice = self._choice(game, seat)
        text = choice.finish() if action == self.done else choice.pick(action - self.fixed)
        if text is None:
            return False
        self.choice = None
        game.apply(seat, text)
        return True
