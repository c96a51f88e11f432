"""Red Five, 5 players, with a called friend (红五 五家 找伴): rules R5-1..R5-43.

The cards are dealt one at a time (R5-3). Whenever a player receives a card while
nobody has revealed, it is asked and may reveal a 2 it holds (R5-10): the first reveal
makes the declarer and trump (R5-11, no overcall) and nobody is asked after it; in the
last two rounds only the previous declarer 原庄 may reveal, so only it is asked
(R5-12). Who is asked tells nothing of the cards: a player without a 2 is asked all
the same and can only pass. Without a reveal the 原庄 is a forced
declarer (压庄, R5-13). The declarer buries the kitty (R5-14), then calls a friend
card or goes solo (R5-20, R5-21); the core finds the friend and watches grabs
(R5-22) during the play (R5-30, R5-31). Scoring (R5-40..R5-42) and escape (R5-43)
come from `fenpai.scoring`.

Randomness, all from the game's seed in this fixed order: the shuffle (without a
scripted deck); the seat of the first card, `below(5)` (unless `first_seat` is
given); for a forced declarer, one `below(k)` over the first non-empty list of
candidates for trump (R5-13): the 原庄's 2s in the order they were dealt, else the
kitty's 2s in deck order, else the kitty's cards other than jokers and `5h` in deck
order (none: diamonds, without a draw).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from fenpai import scoring
from fenpai._core import Burial, Card, FriendCall, RedFive5pDeal
from fenpai.games.base import scored_arrays
from fenpai.games.options import Option, Value, one_of
from fenpai.games.phases import Step, TrickPlayStep
from fenpai.games.trick_game import KITTY, TrickGame, start_play

PLAYERS = 5
KITTY_SIZE = 7


def _seat_option(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < PLAYERS


def deal(game: Any, _: Any) -> RedFive5pDeal:
    """R5-3, R5-10..R5-13: the deal card by card, asking the receiver of every card until
    a reveal (only the 原庄 in the last two rounds); 压庄 without a reveal. In the core."""
    return RedFive5pDeal(
        seed=game._seed,
        deck=game._deck_text(),
        first_seat=game._first_seat,
        prev_declarer=game.options["prev_declarer"],
    )


def friend_call(game: Any, burial: Burial) -> FriendCall:
    """R5-20, R5-21: after burying and before the first lead, the declarer calls a card
    or goes solo; the play then watches for the friend and for grabs (R5-22)."""
    return burial.friend_call(forbid_grab=game.options["friend_grab"] == "forbid")


class RedFive5p(TrickGame):
    __slots__ = ()

    variant = "red_five_5p"
    DECKS_DEFAULT = 3  # R5-3
    NAME = "Red Five, 5 players (找朋友)"
    PLAYER_COUNTS = (PLAYERS,)
    OPTIONS = {
        "prev_declarer": Option(
            0,
            _seat_option,
            "a seat 0..4 (R5-2)",
            about="The table's previous declarer (原庄); a match carries it on.",
            rules=("R5-2",),
            values=tuple(Value(s, "R5-2", f"Seat {s} declared last.") for s in range(PLAYERS)),
        ),
        "friend_grab": one_of(
            "allow",
            {
                "allow": ("R5-22", "Grabbing the friendship is legal and changes the score."),
                "forbid": ("R5-22", "A play that would grab the friendship is illegal."),
            },
            about="Whether a player may grab the called friend's place.",
            rules=("R5-22",),
            expected="'allow' or 'forbid' (R5-22)",
        ),
    }
    #: The deal with its reveal (R5-3, R5-10..R5-13), the burial (R5-14), the friend call
    #: (R5-20), the play (R5-30: the declarer leads; R5-1: with the friend once public).
    PHASES = (
        Step("deal", deal),
        KITTY,
        Step("friend", friend_call),
        TrickPlayStep(start_play, "friend"),
    )

    def _players(self) -> int:
        return PLAYERS

    def kitty_size(self) -> int:
        return KITTY_SIZE  # R5-3

    def core_options(self) -> dict[str, Any]:
        """The options the core's phases take."""
        return {k: self.options[k] for k in ("prev_declarer", "friend_grab")}

    @property
    def prev_declarer(self) -> int:
        prev: int = self.options["prev_declarer"]
        return prev

    @property
    def first_seat(self) -> int:
        """R5-3: the seat of the first card (random unless a scripted deal fixes it, C-5)."""
        first: int = self.deal.first_seat
        return first

    @property
    def forced(self) -> bool:
        """R5-13: whether the declarer was forced (压庄)."""
        return bool(self.deal.forced)

    def _declarer_before_kitty(self) -> int | None:
        declarer: int | None = self.deal.declarer
        return declarer

    def undealt(self) -> list[Card]:
        return list(self.deal.undealt())

    @property
    def call(self) -> str | None:
        """R5-20: the call once made: a card's text or "solo"."""
        friend = self._objects.get("friend")
        return None if friend is None else friend.call

    @property
    def solo(self) -> bool:
        """R5-21: whether the hand is solo (called solo, or every copy owned)."""
        friend = self._objects.get("friend")
        return friend is not None and bool(friend.solo)

    def friend(self) -> tuple[int | None, bool]:
        """R5-21, R5-22: the friend once public (else None), and whether by a grab."""
        play = self.play
        if play is None:
            return None, False
        seat, public, grab = play.friend()
        return (seat, grab) if public else (None, False)

    def public_facts(self) -> dict[str, Any]:
        """Deal progress, the reveal, 压庄, the call; the friend only once public (R5-21)."""
        d = self.deal
        friend, grab = self.friend()
        reveal = d.reveal
        return {
            "prev_declarer": self.prev_declarer,
            "first_seat": d.first_seat,
            "dealt": d.cards_dealt,
            "reveal": None if reveal is None else list(reveal),
            "forced": bool(d.forced),
            "call": self.call,
            # R5-21: a solo by owning every copy is the declarer's secret (which copies it
            # holds or buried) until the hand ends; `call solo` is public at once.
            "solo": self.call == "solo" or (self.solo and self.phase == "done"),
            "friend": friend,
            "grab": grab,
        }

    def seat_facts(self, seat: int) -> dict[str, Any]:
        """R5-21: the declarer knows at once that it owns every copy of its call card."""
        return {"solo": True} if seat == self.declarer and self.solo else {}

    # -- scoring (R5-40..R5-43) --------------------------------------------------------------

    def mode(self) -> str:
        """R5-42: the table: solo (even for a forced declarer), forced, or normal."""
        return mode_of(self.solo, self.forced)

    def throw_penalty(self, seat: int, previous: int) -> dict[str, Any]:
        """R5-31: −4 to the thrower and +1 to each other player; none from its third
        failure in the hand on."""
        own, other = scoring.red_five_5p_throw_penalty(previous)
        game_points = [own if s == seat else other for s in range(PLAYERS)]
        if own == 0:
            failures = previous + 1
            said = f"no penalty: seat {seat} has failed {failures} throws this hand (two at most)"
        else:
            said = f"seat {seat} {own:+d} game points, each other seat {other:+d}"
        return {"rule": "R5-31", "game_points": game_points, "text": said}

    def _abandoned(self) -> dict[str, Any]:
        """R5-43: the escape is scored."""
        assert self._resigned is not None
        return self.escape_result(self._resigned)

    def _score(self) -> dict[str, Any]:
        """R5-40..R5-42 with the teams as known at the end (R5-1)."""
        play, d, buried = self.play, self.declarer, self.buried
        assert play is not None and d is not None and buried is not None
        friend, grab = self.friend()
        assert (friend is None) == self.solo, "a friend is always found by the end (R5-21)"
        kitty_points = sum(c.points for c in buried)
        last = self.last_trick_winner()
        failed = list(play.failed_throws())
        o = _outcome(list(play.points()), d, friend, grab, self.mode(), kitty_points, last, failed)
        return {
            **self.result_facts(),
            "winners": o["winners"],
            "card_points": o["card_points"],
            "game_points": o["game_points"],
            "P": o["P"],
            "grade": o["grade"],
            "kitty_points": kitty_points,
            "last_trick_winner": last,
            "escaped": None,
        }

    def score_facts(self, facts: dict[str, Any]) -> dict[str, np.ndarray]:
        """`Game.score_facts`, scoring each hand as `_outcome` does (R5-40..R5-42, R5-31)
        in one lean pass: the seats' shares of each distinct (P, teams, table) worked out
        once, the failed throws' penalties added to them in one array sum at the end."""
        tricks_rows, declarers = facts["points"].tolist(), facts["declarer"].tolist()
        friends, grabs = facts["friend"].tolist(), facts["grab"].tolist()
        solos, forceds = facts["solo"].tolist(), facts["forced"].tolist()
        kitties, lasts = facts["kitty_points"].tolist(), facts["last_winner"].tolist()
        throws = facts["failed_throws"].tolist()
        scored: dict[tuple[Any, ...], tuple[tuple[int, ...], list[bool]]] = {}
        shares, penalties, won = [], [], []
        rows = zip(
            *(tricks_rows, declarers, friends, grabs, solos, forceds, kitties, lasts, throws),
            strict=True,
        )
        for tricks, d, friend, grab, solo, forced, kitty, last, failed in rows:
            # R5-1: the declarer and the public friend (-1: none); the rest score
            side_points = tricks[d] if friend < 0 else tricks[d] + tricks[friend]
            scoring_won_last = last != d and last != friend
            p, _, declarer_won = _grade(sum(tricks) - side_points, kitty, scoring_won_last)
            key = (p, d, friend, grab, solo, forced)
            found = scored.get(key)
            if found is None:
                side = (d,) if friend < 0 else (d, friend)
                mode = mode_of(solo, forced)
                found = scored[key] = (
                    _seat_points(p, d, None if friend < 0 else friend, mode, grab),
                    [(s in side) == declarer_won for s in range(PLAYERS)],
                )
            tricks[last] += kitty * (2 if scoring_won_last else 1)  # R5-40 扣底
            shares.append(found[0])
            penalties.append(_penalties(tuple(failed)))  # R5-31
            won.append(found[1])
        game_points = np.array(shares, float) + np.array(penalties, float)
        return scored_arrays(PLAYERS, game_points, tricks_rows, won, facts["actions"])

    def _batch_outcome(self, facts: dict[str, list[Any]], i: int) -> dict[str, Any]:
        friend = facts["friend"][i]
        return _outcome(
            facts["points"][i],
            facts["declarer"][i],
            None if friend < 0 else friend,
            facts["grab"][i],
            mode_of(facts["solo"][i], facts["forced"][i]),
            facts["kitty_points"][i],
            facts["last_winner"][i],
            facts["failed_throws"][i],
        )

    def escape_result(self, seat: int) -> dict[str, Any]:
        """R5-43: the escaper scores −200 in a solo hand, −80 otherwise; the others 0."""
        return {
            **self.result_facts(),
            "winners": [],  # an abandoned hand has no winner, as in every variant
            "card_points": self.points_so_far(),
            "game_points": scoring.red_five_5p_escape(seat, self.solo),
            "P": None,
            "grade": None,
            "kitty_points": None,
            "last_trick_winner": None,
            "escaped": seat,
        }

    def result_facts(self) -> dict[str, Any]:
        friend, grab = self.friend()
        return {
            "declarer": self.declarer,
            "friend": friend,
            "solo": self.solo,
            "forced": self.forced,
            "grab": grab,
            "call": self.call,
            "trump": self.rules.trump if self.rules else None,
            "failed_throws": self.play.failed_throws() if self.play else [0] * PLAYERS,
        }


def mode_of(solo: bool, forced: bool) -> str:
    """R5-42: the table of a hand: solo (even for a forced declarer), forced, or normal."""
    if solo:
        return "solo"
    return "forced" if forced else "normal"


def _outcome(
    tricks: list[int],
    d: int,
    friend: int | None,
    grab: bool,
    mode: str,
    kitty_points: int,
    last: int,
    failed: list[int],
) -> dict[str, Any]:
    """R5-40..R5-42 then R5-31 from a finished hand's facts, the teams as known at the end
    (R5-1): `tricks`, each seat's trick points; `friend` the public friend (None in a
    solo); `failed` each seat's failed throws (R5-31 counts them: their order does not
    change the penalty). `result` and `play_batch` score with it."""
    side = {d} if friend is None else {d, friend}  # R5-1: the rest is the scoring side
    scoring_won_last = last not in side
    card_points = list(tricks)
    card_points[last] += kitty_points * (2 if scoring_won_last else 1)  # R5-40 扣底
    side_tricks = sum([tricks[s] for s in side])
    p, grade, declarer_won = _grade(sum(tricks) - side_tricks, kitty_points, scoring_won_last)
    # R5-31 penalizes a seat's first RED_FIVE_5P_PENALIZED_THROWS failures only, so those
    # are all the penalties depend on (and a batch meets few such tuples).
    cap = scoring.RED_FIVE_5P_PENALIZED_THROWS
    penalized = tuple([n if n < cap else cap for n in failed])
    shares, penalties = _seat_points(p, d, friend, mode, grab), _penalties(penalized)
    game_points = [share + penalty for share, penalty in zip(shares, penalties, strict=True)]
    return {
        "winners": [s for s in range(PLAYERS) if (s in side) == declarer_won],
        "card_points": card_points,
        "game_points": game_points,
        "P": p,
        "grade": grade,
    }


# The scoring of a hand is a pure function of a few small numbers: `play_batch` scores
# thousands of hands, mostly alike, so the two steps are remembered.


@lru_cache(maxsize=1 << 14)
def _grade(trick_points: int, kitty_points: int, scoring_won_last: bool) -> tuple[int, int, bool]:
    """R5-40 P, R5-41 its grade m, and whether the declarer side won (m > 0, R5-22)."""
    p = scoring.red_five_5p_points(trick_points, kitty_points, scoring_won_last)
    return p, scoring.red_five_5p_grade(p), scoring.red_five_5p_declarer_side_won(p)


@lru_cache(maxsize=1 << 14)
def _seat_points(p: int, d: int, friend: int | None, mode: str, grab: bool) -> tuple[int, ...]:
    """R5-42: each seat's game points before the failed throws' penalties."""
    return tuple(scoring.red_five_5p_seat_points(p, d, friend, mode, grab=grab))


@lru_cache(maxsize=1 << 12)
def _penalties(failed: tuple[int, ...]) -> tuple[int, ...]:
    """R5-31: each seat's game points from the failed throws, `failed` the number per
    seat (their order does not change the penalties; `scoring` counts only the first
    ones of each seat)."""
    throwers = [seat for seat, count in enumerate(failed) for _ in range(count)]
    return tuple(scoring.red_five_5p_throw_penalties(throwers))
