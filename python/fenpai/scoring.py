"""Scoring tables of the four games, as pure functions.

This module is the single source of truth for every number a hand scores: the
games call it, and tools may call it for what-if displays. Each function cites
the rule ids of ``rules/*.md`` it implements and validates its input: anything
that cannot happen in a real hand raises ``ValueError`` naming the problem.

Conventions:

- Seats run 0..n-1 in playing order. In 4-player partnership games the team of
  seat ``s`` is ``s % 2``: team 0 is seats (0, 2), team 1 is seats (1, 3).
- *Card points* counted from cards (tricks, kitties, hands, table collections)
  are sums of 5s and 10s (C-3), so they must be non-negative multiples of 5.
- Score tables whose bands cover every integer (R4-42, TR-42) accept any int;
  R5-41 is defined only on multiples of 5 and rejects anything else.
- Fifty-K's arithmetic has two forms: over numpy arrays of many hands
  (`fifty_k_4p_table`, `fifty_k_3p_table`, what `simulate` scores a batch with), and
  over one hand's ints (`fifty_k_4p`, `fifty_k_3p`, which check the hand first: a
  hand's end scores in a few microseconds, where numpy's per-call cost on arrays of
  one row is tens). The tests hold the two forms equal on every hand they generate.
  `fifty_k_teams` and `fifty_k_solo` score one hand of 3 to 8 players and 1 to 4 decks
  (FKO-23, FKO-30..FKO-35); with one deck they give what `fifty_k_4p` and `fifty_k_3p`
  give, which stay the one-deck game's own, faster path (the tests hold them equal).
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from fenpai._core import Card, cards

__all__ = [
    "DECK_POINTS",
    "FIFTY_K_FIRST_OUT_BONUS",
    "FIFTY_K_LEFT_IN_PENALTY",
    "FINDING_FRIENDS_DECKS",
    "FINDING_FRIENDS_MIN_KITTY",
    "FINDING_FRIENDS_PLAYERS",
    "RED_FIVE_4P_BID_RANGES",
    "RED_FIVE_5P_ESCAPE",
    "RED_FIVE_5P_ESCAPE_SOLO",
    "RED_FIVE_5P_MODES",
    "RED_FIVE_5P_PENALIZED_THROWS",
    "RED_FIVE_5P_THROW_BONUS",
    "RED_FIVE_5P_THROW_PENALTY",
    "RED_FIVE_CARD_POINTS",
    "RED_FIVE_GAME_POINTS",
    "TRACTOR_DECKS",
    "TRACTOR_FINAL_LEVELS",
    "TRACTOR_JACK_RULES",
    "TRACTOR_KITTY_MULTIPLIERS",
    "TRACTOR_LEVELS",
    "TRACTOR_MUST_DEFEND",
    "TRACTOR_NO_TRUMP_LEVEL",
    "TRACTOR_THROW_PENALTIES",
    "TRACTOR_THROW_PENALTY",
    "fifty_k_3p",
    "fifty_k_3p_table",
    "fifty_k_4p",
    "fifty_k_4p_table",
    "fifty_k_solo",
    "fifty_k_teams",
    "finding_friends",
    "finding_friends_advance_level",
    "finding_friends_default_decks",
    "finding_friends_default_friends",
    "finding_friends_hand_outcome",
    "finding_friends_kitty_size",
    "finding_friends_next_declarer",
    "finding_friends_points",
    "finding_friends_step",
    "red_five_4p",
    "red_five_4p_bid_range",
    "red_five_4p_final_points",
    "red_five_4p_game_points",
    "red_five_5p",
    "red_five_5p_declarer_side_won",
    "red_five_5p_escape",
    "red_five_5p_grade",
    "red_five_5p_points",
    "red_five_5p_seat_points",
    "red_five_5p_throw_penalties",
    "red_five_5p_throw_penalty",
    "tractor",
    "tractor_advance_level",
    "tractor_hand_outcome",
    "tractor_jack_rule",
    "tractor_level_changes",
    "tractor_kitty_multiplier",
    "tractor_kitty_size",
    "tractor_level_index",
    "tractor_next_dealer",
    "tractor_points",
]

DECK_POINTS = 100
"""Point-card value of one 52-card deck (C-3)."""


# ---------------------------------------------------------------------------
# Input validation shared by every table.


def _int(name: str, value: Any) -> int:
    """`value` as an int (anything with ``__index__`` except bool), else ValueError."""
    if type(value) is int:  # the common case, checked first: scoring runs once per hand
        return value
    if isinstance(value, bool):
        raise ValueError(f"{name} must be an int, got {value!r}")
    try:
        return operator.index(value)
    except TypeError:
        raise ValueError(f"{name} must be an int, got {value!r}") from None


def _card_points(name: str, value: Any, limit: int | None = None) -> int:
    """A count of point-card value: a non-negative multiple of 5 (C-3), at most `limit`."""
    points = _int(name, value)
    if points < 0:
        raise ValueError(f"{name} must not be negative, got {points}")
    if points % 5:
        raise ValueError(f"{name} must be a multiple of 5 (point cards are 5 and 10), got {points}")
    if limit is not None and points > limit:
        raise ValueError(f"{name} must be at most {limit}, got {points}")
    return points


def _count(name: str, value: Any) -> int:
    """A non-negative int."""
    number = _int(name, value)
    if number < 0:
        raise ValueError(f"{name} must not be negative, got {number}")
    return number


def _seat(name: str, value: Any, players: int) -> int:
    """A seat number 0..players-1."""
    if type(value) is int and 0 <= value < players:
        return value
    seat = _int(name, value)
    if not 0 <= seat < players:
        raise ValueError(f"{name} must be a seat 0..{players - 1}, got {seat}")
    return seat


def _entries(
    name: str, values: Any, length: int | None = None, what: str = "one per seat"
) -> list[Any]:
    """`values` as a list; of `length` entries (`what` they are) when `length` is given."""
    if type(values) is not list and (
        isinstance(values, (str, bytes)) or not isinstance(values, Iterable)
    ):
        raise ValueError(f"{name} must be a list, got {values!r}")
    entries = list(values)
    if length is not None and len(entries) != length:
        raise ValueError(f"{name} must have {length} entries ({what}), got {len(entries)}")
    return entries


def _card_points_list(name: str, values: Any, length: int, limit: int) -> list[int]:
    """`values` as a list of `length` counts of point-card value (`_card_points` each,
    at most `limit`); a list of plain ints in range passes without a call per entry
    (a hand's end scores once, often: the environments score every hand)."""
    if (
        type(values) is list
        and len(values) == length
        and all(type(v) is int and 0 <= v <= limit and not v % 5 for v in values)
    ):
        return list(values)
    return [
        _card_points(f"{name}[{seat}]", value, limit)
        for seat, value in enumerate(_entries(name, values, length))
    ]


# ---------------------------------------------------------------------------
# Red Five, 4 players (R4-10, R4-40..R4-42).

RED_FIVE_4P_BID_RANGES = {2: (60, 200), 3: (80, 300)}
"""Lowest and highest bid by number of decks (R4-10)."""

RED_FIVE_CARD_POINTS = 20
"""Card points a captured ``5h`` moves to or from the declarer's F (R4-41)."""

RED_FIVE_GAME_POINTS = 2
"""Game points the owner of a captured ``5h`` pays its capturer (R4-41)."""

_RED_FIVE_4P_BOUNDS = {2: (-70, -30, 0, 30, 70), 3: (-80, -40, 0, 40, 80)}
_RED_FIVE_4P_OPPONENT = (6, 4, 2, -2, -4, -6)


def _red_five_4p_decks(decks: Any) -> int:
    """Number of decks of Red Five 4p: 2 or 3 (R4-2)."""
    number = _int("decks", decks)
    if number not in RED_FIVE_4P_BID_RANGES:
        raise ValueError(f"red_five_4p is played with 2 or 3 decks, got decks={number}")
    return number


def red_five_4p_bid_range(decks: int) -> tuple[int, int]:
    """The lowest and highest legal bid, (60, 200) with 2 decks and (80, 300) with 3 (R4-10)."""
    return RED_FIVE_4P_BID_RANGES[_red_five_4p_decks(decks)]


def red_five_4p(final_points: int, decks: int) -> tuple[int, int]:
    """Game points (declarer, each opponent) for the declarer's final card points F (R4-42).

    Bands are closed above (``F <= -70`` is the first band with 2 decks, ``F > 70``
    the last). The base score 2 is in the table; the red-five transfers of R4-41 are
    not (see `red_five_4p_game_points`). The declarer's amount is always −3 × an
    opponent's, so the hand sums to zero.
    """
    points = _int("final_points", final_points)
    bounds = _RED_FIVE_4P_BOUNDS[_red_five_4p_decks(decks)]
    opponent = _RED_FIVE_4P_OPPONENT[sum(points > bound for bound in bounds)]
    return -3 * opponent, opponent


def red_five_4p_final_points(
    trick_points: int, kitty_points: int, fives_won: int, fives_lost: int, bid: int, decks: int
) -> int:
    """The declarer's final card points F (R4-40, R4-41).

    F = `trick_points` (point cards in tricks the declarer won) + `kitty_points`
    (the buried kitty's points *that the declarer scores*: the caller passes 0 when
    R4-40 gives the kitty to nobody, e.g. an opponent won the last trick under the
    default ``kitty_points="last_trick"``) + 20 × `fives_won` (opponents' ``5h``
    captured by the declarer) − 20 × `fives_lost` (declarer's ``5h`` captured by an
    opponent) − `bid`.
    """
    number = _red_five_4p_decks(decks)
    total = DECK_POINTS * number
    tricks = _card_points("trick_points", trick_points, total)
    kitty = _card_points("kitty_points", kitty_points, total)
    if tricks + kitty > total:
        raise ValueError(
            f"trick_points + kitty_points = {tricks + kitty} exceeds the {total} points "
            f"of {number} decks"
        )
    won, lost = _count("fives_won", fives_won), _count("fives_lost", fives_lost)
    if won + lost > number:
        raise ValueError(f"{won + lost} captured 5h, but {number} decks hold only {number}")
    low, high = RED_FIVE_4P_BID_RANGES[number]
    amount = _int("bid", bid)
    if not low <= amount <= high or amount % 5:
        raise ValueError(f"bid must be a multiple of 5 in {low}..{high} (R4-10), got {amount}")
    return tricks + kitty + RED_FIVE_CARD_POINTS * (won - lost) - amount


def red_five_4p_game_points(
    declarer: int,
    final_points: int,
    decks: int,
    captures: Iterable[tuple[int, int]] = (),
) -> list[int]:
    """Per-seat game points of a Red Five 4p hand: R4-42 plus the R4-41 transfers.

    `captures` lists each captured ``5h`` as ``(owner, capturer)``: one of the two
    seats is the declarer, the other an opponent (a ``5h`` an opponent takes from
    another opponent is not captured). The owner pays the capturer 2 game points.
    `final_points` is F, which already holds the ±20 card points of those captures.
    The result sums to zero.
    """
    seat = _seat("declarer", declarer, 4)
    number = _red_five_4p_decks(decks)
    declarer_share, opponent_share = red_five_4p(final_points, number)
    points = [opponent_share] * 4
    points[seat] = declarer_share
    pairs = _entries("captures", captures)
    if len(pairs) > number:
        raise ValueError(f"{len(pairs)} captured 5h, but {number} decks hold only {number}")
    for pair in pairs:
        ends = _entries("capture", pair, 2, "owner, capturer")
        owner, capturer = (_seat("capture seat", end, 4) for end in ends)
        if (owner == seat) == (capturer == seat):
            raise ValueError(
                f"capture ({owner}, {capturer}): a 5h is captured only between the "
                f"declarer (seat {seat}) and an opponent (R4-41)"
            )
        points[owner] -= RED_FIVE_GAME_POINTS
        points[capturer] += RED_FIVE_GAME_POINTS
    return points


# ---------------------------------------------------------------------------
# Red Five, 5 players (R5-31, R5-40..R5-43).

RED_FIVE_5P_MODES = ("normal", "forced", "solo")
"""Scoring modes of R5-42: a called friend, a forced declarer (压庄) with a friend, a solo."""

_RED_FIVE_5P_FRIEND_CAP = {"normal": -9, "forced": -4}
_RED_FIVE_5P_DECKS = 3
_RED_FIVE_5P_PLAYERS = 5

RED_FIVE_5P_THROW_PENALTY = 4
"""Game points a failed throw costs the thrower (R5-31)."""

RED_FIVE_5P_THROW_BONUS = 1
"""Game points each other player gains from a failed throw (R5-31)."""

RED_FIVE_5P_PENALIZED_THROWS = 2
"""A player's first this-many failed throws in a hand are penalized; later ones are not (R5-31)."""

RED_FIVE_5P_ESCAPE = -80
"""Score of a player who abandons a hand that is not a solo (R5-43)."""

RED_FIVE_5P_ESCAPE_SOLO = -200
"""Score of a player who abandons a solo hand (R5-43)."""


def _red_five_5p_mode(mode: Any) -> str:
    """A scoring mode of R5-42."""
    if mode not in RED_FIVE_5P_MODES:
        raise ValueError(f"unknown mode {mode!r}; expected one of {', '.join(RED_FIVE_5P_MODES)}")
    return str(mode)


def red_five_5p_points(trick_points: int, kitty_points: int, scoring_side_won_last: bool) -> int:
    """The scoring side's points P (R5-40).

    `trick_points` is what the scoring side took in tricks (teams as known at the
    end); the buried kitty's `kitty_points` are added twice when a scoring-side player
    won the last trick (扣底), and not at all otherwise (they go to the declarer side).
    """
    total = DECK_POINTS * _RED_FIVE_5P_DECKS
    tricks = _card_points("trick_points", trick_points, total)
    kitty = _card_points("kitty_points", kitty_points, total)
    if tricks + kitty > total:
        raise ValueError(
            f"trick_points + kitty_points = {tricks + kitty} exceeds the {total} points of 3 decks"
        )
    return tricks + 2 * kitty if scoring_side_won_last else tricks


def red_five_5p_grade(points: int) -> int:
    """Grade m of the scoring side's points P (R5-41).

    P = 0, 5, …, 25 → 9, 8, …, 4; [30, 60) → 3; [60, 90) → 2; [90, 120) → 1;
    [120, 160) → −1; [160, 180) → −2; [180, 200) → −3; P = 200, 205, … → −4, −5, …;
    P ≥ 300 → −24 (P may exceed 300 through the doubled kitty). m is never 0.
    P must be a non-negative multiple of 5, as every P of a real hand is: the
    table has no value between its 5-point steps.
    """
    value = _card_points("points", points)
    if value < 30:
        return 9 - value // 5
    for upper, grade in ((60, 3), (90, 2), (120, 1), (160, -1), (180, -2), (200, -3)):
        if value < upper:
            return grade
    return max(-24, -4 - (value - 200) // 5)


def red_five_5p_declarer_side_won(points: int) -> bool:
    """Whether the declarer side won the hand: m > 0, i.e. P < 120 (R5-22, R5-41)."""
    return red_five_5p_grade(points) > 0


def _red_five_5p_shares(points: int, kind: str, grab: bool) -> tuple[int, int | None, int]:
    """(declarer, friend or None in a solo, each opponent) of R5-42 for a validated mode."""
    if not isinstance(grab, bool):
        raise ValueError(f"grab must be a bool, got {grab!r}")
    grade = red_five_5p_grade(points)
    if kind == "solo":
        if grab:
            raise ValueError("a solo hand has no friend, so it cannot be a grab (R5-22)")
        return 8 * grade, None, -2 * grade
    friend = max(grade, _RED_FIVE_5P_FRIEND_CAP[kind])
    declarer = 3 * grade - friend
    if grab and grade < 0:
        declarer, friend = friend, declarer
    return declarer, friend, -grade


def red_five_5p(points: int, mode: str = "normal", *, grab: bool = False) -> dict[str, int | None]:
    """Game points ``{"declarer", "friend", "opponent"}`` of R5-42, before R5-31 penalties.

    - ``"normal"``: declarer 2m, friend m, each of the three opponents −m; the
      friend's loss stops at −9 (when m ≤ −10: friend −9, declarer 3m + 9).
    - ``"forced"`` (压庄, R5-13): the same with the friend's loss stopping at −4
      (when m ≤ −5: friend −4, declarer 3m + 4).
    - ``"solo"`` (独打, also for a forced declarer who goes solo): declarer 8m, each of
      the four opponents −2m; ``"friend"`` is None.

    `grab`: the friend grabbed the friendship (抢伴, R5-22). When the declarer side
    won (m > 0) nothing changes (直拚); when it lost, declarer and friend exchange
    their amounts after the caps (直搭). A solo has no friend to grab.
    Every result sums to zero (declarer + friend + 3 × opponent, or declarer + 4 × opponent).
    """
    declarer, friend, opponent = _red_five_5p_shares(points, _red_five_5p_mode(mode), grab)
    return {"declarer": declarer, "friend": friend, "opponent": opponent}


def red_five_5p_throw_penalty(previous_failures: int) -> tuple[int, int]:
    """(thrower's change, each other player's change) for one failed throw (R5-31).

    `previous_failures` is how many failed throws this thrower already made earlier
    in this hand. The first and second failures cost the thrower 4 and give every
    other player 1: (−4, +1); from the third on there is no penalty: (0, 0).
    """
    if _count("previous_failures", previous_failures) < RED_FIVE_5P_PENALIZED_THROWS:
        return -RED_FIVE_5P_THROW_PENALTY, RED_FIVE_5P_THROW_BONUS
    return 0, 0


def red_five_5p_throw_penalties(throwers: Iterable[int]) -> list[int]:
    """Per-seat game points of all failed throws of a hand (R5-31); sums to zero.

    `throwers` holds the seat of each failed throw, in the order they happened.
    """
    failures = [0] * _RED_FIVE_5P_PLAYERS
    for entry in _entries("throwers", throwers):
        failures[_seat("thrower", entry, _RED_FIVE_5P_PLAYERS)] += 1
    # Only a seat's first RED_FIVE_5P_PENALIZED_THROWS failures are penalized.
    penalized = [min(n, RED_FIVE_5P_PENALIZED_THROWS) for n in failures]
    total = sum(penalized)
    return [
        -RED_FIVE_5P_THROW_PENALTY * p + RED_FIVE_5P_THROW_BONUS * (total - p) for p in penalized
    ]


def red_five_5p_seat_points(
    points: int,
    declarer: int,
    friend: int | None,
    mode: str = "normal",
    *,
    grab: bool = False,
    failed_throws: Iterable[int] = (),
) -> list[int]:
    """Per-seat game points of a finished Red Five 5p hand (R5-42 then R5-31); sums to zero.

    `friend` is the friend's seat, or None exactly when `mode` is ``"solo"``.
    `grab` and `mode` as in `red_five_5p`; `failed_throws` as `throwers` in
    `red_five_5p_throw_penalties`.
    """
    kind = _red_five_5p_mode(mode)
    lead = _seat("declarer", declarer, _RED_FIVE_5P_PLAYERS)
    if (friend is None) != (kind == "solo"):
        raise ValueError(
            f"friend must be None exactly in a solo hand; mode={kind!r}, friend={friend!r}"
        )
    declarer_share, friend_share, opponent_share = _red_five_5p_shares(points, kind, grab)
    seats = [opponent_share] * _RED_FIVE_5P_PLAYERS
    seats[lead] = declarer_share
    if friend is not None and friend_share is not None:
        partner = _seat("friend", friend, _RED_FIVE_5P_PLAYERS)
        if partner == lead:
            raise ValueError(f"the declarer (seat {lead}) cannot be their own friend (R5-21)")
        seats[partner] = friend_share
    penalties = red_five_5p_throw_penalties(failed_throws)
    return [amount + penalty for amount, penalty in zip(seats, penalties, strict=True)]


def red_five_5p_escape(seat: int, solo: bool) -> list[int]:
    """Per-seat scores of a hand abandoned by `seat` (R5-43).

    The escaper scores −200 in a solo hand, −80 otherwise; everyone else 0 (failed-throw
    penalties already taken in the hand are dropped). This is not zero-sum.
    """
    escaper = _seat("seat", seat, _RED_FIVE_5P_PLAYERS)
    if not isinstance(solo, bool):
        raise ValueError(f"solo must be a bool, got {solo!r}")
    scores = [0] * _RED_FIVE_5P_PLAYERS
    scores[escaper] = RED_FIVE_5P_ESCAPE_SOLO if solo else RED_FIVE_5P_ESCAPE
    return scores


# ---------------------------------------------------------------------------
# Tractor (TR-30, TR-32, TR-40..TR-43).

TRACTOR_LEVELS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
"""Team levels from lowest to highest (TR-2)."""

TRACTOR_THROW_PENALTY = 10
"""Points a failed throw counts against the thrower's team (TR-41)."""

TRACTOR_THROW_PENALTIES = ("per_attempt", "none")
"""The house rule `throw_penalty` (TRO-20): TR-41's `per_attempt` (TRO-21) or `none` (TRO-22)."""

_TRACTOR_PLAYERS = 4

TRACTOR_DECKS = (1, 2, 3, 4)
"""The house rule `decks` (TRO-120): one (TRO-121), two (TR-1, TRO-122), three (TRO-123) or
four (TRO-124)."""

_TRACTOR_MIN_KITTY = 5


def _tractor_decks(decks: Any) -> int:
    n = _int("decks", decks)
    if n not in TRACTOR_DECKS:
        raise ValueError(f"decks must be 1, 2, 3 or 4 (TRO-120), got {n}")
    return n


def tractor_kitty_size(decks: int = 2, jokers: int | str = "all") -> int:
    """The kitty of a Tractor hand (TR-1, TRO-120, TRO-130): of the 54 × `decks` cards,
    less the two jokers of each deck beyond the `jokers` decks that keep theirs ("all":
    every deck), the fewest cards, at least 5, that leave four equal hands (as FF-3)."""
    n = _tractor_decks(decks)
    kept = n if jokers == "all" else _count("jokers", jokers)
    if kept > n:
        raise ValueError(f"jokers must be at most decks, {n}, got {kept} (TRO-130)")
    total = 54 * n - 2 * (n - kept)
    return _TRACTOR_MIN_KITTY + (total - _TRACTOR_MIN_KITTY) % _TRACTOR_PLAYERS


def _level_change(points: int, step: int) -> tuple[bool, int]:
    """TR-42 with a step s (40 for two decks): (whether the side scoring points goes up,
    levels): P ≤ 0 → 3 to the other side; 0 < P < s → 2; s ≤ P < 2s → 1; P ≥ 2s → one
    per full s above 2s to the scoring side."""
    if points >= 2 * step:
        return True, (points - 2 * step) // step
    if points <= 0:
        return False, 3
    return False, 2 if points < step else 1


def tractor(points: int, decks: int = 2) -> tuple[str, int]:
    """(team that gains, levels gained) for the attackers' points P (TR-42), scaled by
    the decks (TRO-120): a step s = 20 × decks, 40 with two decks.

    P ≤ 0 (大光) → ("defenders", 3); 0 < P < 40 (小光) → 2; 40 ≤ P < 80 → 1;
    P ≥ 80 → ("attackers", one level per full 40 points above 80): 80–119 → 0,
    120–159 → 1, 160–199 → 2, … P may be negative through TR-41 penalties. One deck
    halves the thresholds (20, 40, every 20), three take 60, 120, every 60.
    """
    value, step = _int("points", points), 20 * _tractor_decks(decks)
    up, levels = _level_change(value, step)
    return ("attackers" if up else "defenders"), levels


TRACTOR_MUST_DEFEND = {"A": ("A",), "5_10_K_A": ("5", "T", "K", "A"), "none": ()}
"""The house rule `must_defend` (TRO-40): its values and the levels each stops a team at:
TR-43's `A` (TRO-41), `5_10_K_A` (TRO-42), `none` (TRO-43)."""

TRACTOR_FINAL_LEVELS = ("A", "no_trump")
"""The house rule `final_level` (TRO-90): `A` (TR-30, TRO-91) or `no_trump` (TRO-92: a
level `NT` after A, and passing it wins)."""

TRACTOR_NO_TRUMP_LEVEL = "NT"
"""The no-trump level after A under `final_level="no_trump"` (TRO-92)."""

TRACTOR_JACK_RULES = ("none", "back_to_2")
"""The house rule `jack_rule` (TRO-80): `none` (TRO-81) or `back_to_2` (打J回2, TRO-82)."""

TRACTOR_KITTY_MULTIPLIERS = ("linear", "power")
"""The house rule `kitty_multiplier` (TRO-30): TR-40's `linear` (TRO-31) or `power` (TRO-32)."""


def tractor_kitty_multiplier(last_lead: str | Iterable[Card | str], mode: str = "linear") -> int:
    """Multiplier of the kitty's points when an attacker wins the last trick (TR-40).

    `last_lead` is the last trick's lead as it stood (after a failed throw, the
    forced play), as card text or cards. Let n be the cards in its disjoint pairs of
    identical cards, or 1 when it holds no pair (a triple, which 2 decks cannot hold,
    would count as one pair). `mode="linear"` (TR-40, TRO-31) gives 2n: a single ×2, a
    pair ×4, a tractor or any two pairs ×8, three pairs ×12, …; `mode="power"` (the
    house rule TRO-32) gives 2 to the power n: ×2, ×4, ×16, ×64, …
    """
    if mode not in TRACTOR_KITTY_MULTIPLIERS:
        raise ValueError(f"mode must be linear or power (TRO-30), not {mode!r}")
    if isinstance(last_lead, str):
        n = _kitty_cards_of_text(last_lead)
    else:
        n = _kitty_cards_of(cards(last_lead))
    return 2 * n if mode == "linear" else 2**n


@lru_cache(maxsize=1 << 12)
def _kitty_cards_of_text(last_lead: str) -> int:
    """`_kitty_cards_of` a lead as text, remembered: a batch of hands scores the same
    few last leads again and again."""
    return _kitty_cards_of(cards(last_lead))


def _kitty_cards_of(lead: list[Card]) -> int:
    """TR-40's n of the cards of a lead: the cards in its disjoint pairs, or 1."""
    if not lead:
        raise ValueError("last_lead is empty; a lead has at least one card")
    pairs = sum(copies // 2 for copies in Counter(lead).values())
    return 2 * pairs if pairs else 1


def tractor_points(
    trick_points: int,
    kitty_points: int,
    last_lead: str | Iterable[Card | str] | None,
    attacker_failed_throws: int = 0,
    defender_failed_throws: int = 0,
    *,
    throw_penalty: str = "per_attempt",
    kitty_multiplier: str = "linear",
    decks: int = 2,
) -> int:
    """The attackers' points P (TR-40, TR-41), of `decks` decks' points (TRO-120).

    P = `trick_points` (point cards in tricks attackers won) + `kitty_points` ×
    `tractor_kitty_multiplier(last_lead, kitty_multiplier)` when an attacker won the
    last trick (`last_lead` is None when a defender won it: the kitty does not count)
    − 10 per attacker's failed throw + 10 per defender's failed throw; with the house
    rule `throw_penalty="none"` (TRO-22) failed throws count nothing.
    """
    if throw_penalty not in TRACTOR_THROW_PENALTIES:
        raise ValueError(
            f"throw_penalty must be per_attempt or none (TRO-20), not {throw_penalty!r}"
        )
    n = _tractor_decks(decks)
    total = DECK_POINTS * n
    tricks = _card_points("trick_points", trick_points, total)
    kitty = _card_points("kitty_points", kitty_points, total)
    if tricks + kitty > total:
        raise ValueError(
            f"trick_points + kitty_points = {tricks + kitty} exceeds the {total} points of "
            f"{n} decks"
        )
    bonus = (
        0 if last_lead is None else kitty * tractor_kitty_multiplier(last_lead, kitty_multiplier)
    )
    penalties = _count("defender_failed_throws", defender_failed_throws) - _count(
        "attacker_failed_throws", attacker_failed_throws
    )
    per_throw = TRACTOR_THROW_PENALTY if throw_penalty == "per_attempt" else 0
    return tricks + bonus + per_throw * penalties


def _tractor_ladder(final_level: Any) -> tuple[str, ...]:
    """The levels a team climbs, lowest first: 2..A (TRO-91), then NT (TRO-92)."""
    if final_level not in TRACTOR_FINAL_LEVELS:
        raise ValueError(f"final_level must be A or no_trump (TRO-90), not {final_level!r}")
    if final_level == "A":
        return TRACTOR_LEVELS
    return (*TRACTOR_LEVELS, TRACTOR_NO_TRUMP_LEVEL)


def _tractor_level(name: str, level: Any, final_level: str = "A") -> int:
    """Index of a level in the ladder of `final_level` (TRO-90)."""
    ladder = _tractor_ladder(final_level)
    if level not in ladder:
        raise ValueError(f"{name} must be one of {' '.join(ladder)}, got {level!r}")
    return ladder.index(level)


def tractor_level_index(level: str) -> int:
    """A team's level as the levels gained since 2 (TR-2): 2 → 0 … A → 12, and the
    no-trump level NT → 13 (TRO-92)."""
    return _tractor_level("level", level, "no_trump")


def tractor_advance_level(
    level: str,
    gained: int,
    defending: bool,
    must_defend: Sequence[str] = ("A",),
    *,
    final_level: str = "A",
) -> tuple[str, bool]:
    """(new level, whether the team won the match: passed A, or NT under TRO-92) for a
    team gaining `gained` levels (TR-42, TR-43).

    `defending`: the team dealt this hand (its level was the hand's level) and held
    (P < 80), so TR-42 gives it 1 to 3 levels. Otherwise the team attacked and took
    over (P ≥ 80), gaining 0 or more.

    Levels stop at A (必打A): a team that would pass A stays at A. Only defenders who
    win a hand played at A pass it — that wins the match (TR-30): the result is then
    ``("A", True)``. Attackers who take over at A stay at A and must defend it.

    `must_defend` names the levels that stop a team so (the house rule TRO-40): ("A",)
    is TR-43; ("5", "T", "K", "A") stops a team at each of them in turn; () stops it
    nowhere, and any team that goes past A passes it.

    `final_level="no_trump"` (the house rule TRO-92) puts the level NT after A: a team
    passing A goes to NT and stops there, and passes NT, winning the match (the result
    ``("NT", True)``), only as the defenders of a hand at NT.
    """
    ladder = _tractor_ladder(final_level)
    stops = sorted(_tractor_level("must_defend", rank) for rank in must_defend)
    if final_level == "no_trump":  # TRO-92: NT is always a level to defend
        stops.append(len(ladder) - 1)
    index = _tractor_level("level", level, final_level)
    steps = _count("gained", gained)
    if not isinstance(defending, bool):
        raise ValueError(f"defending must be a bool, got {defending!r}")
    if defending and not 1 <= steps <= 3:
        raise ValueError(f"defenders who hold gain 1 to 3 levels (TR-42), got gained={steps}")
    top = len(ladder) - 1
    # A team stops at the next level it must defend; it passes the one it is at only by
    # defending it. Past the top is past A (past NT, TRO-92).
    limit = next((m for m in stops if m > index or (m == index and not defending)), top + 1)
    new = min(index + steps, limit)
    if new > top:
        return ladder[top], True
    return ladder[new], False


def tractor_next_dealer(dealer: int, attackers_took_over: bool) -> int:
    """Next hand's dealer (TR-32).

    Defenders hold (P < 80): the dealer's partner, (dealer + 2) % 4. Attackers take
    over (P ≥ 80): the seat after the dealer in play order, (dealer + 1) % 4.
    """
    seat = _seat("dealer", dealer, _TRACTOR_PLAYERS)
    if not isinstance(attackers_took_over, bool):
        raise ValueError(f"attackers_took_over must be a bool, got {attackers_took_over!r}")
    return (seat + (1 if attackers_took_over else 2)) % _TRACTOR_PLAYERS


def tractor_jack_rule(level: str, dealer: int, last_winner: int, winning_play: str) -> bool:
    """Whether the J rule (打J回2, TRO-82) sends the dealer's team back to 2: the hand's
    `level` is J and an attacker (`last_winner`, a seat of the other team than `dealer`)
    won the last trick with `winning_play` (card text) a single J of any suit."""
    _tractor_level("level", level, "no_trump")
    dealt = _seat("dealer", dealer, _TRACTOR_PLAYERS)
    winner = _seat("last_winner", last_winner, _TRACTOR_PLAYERS)
    won = cards(winning_play)
    if not won:
        raise ValueError("winning_play is empty; a play has at least one card")
    single_jack = len(won) == 1 and won[0].rank == "J"
    return level == "J" and winner % 2 != dealt % 2 and single_jack


def tractor_hand_outcome(
    points: int,
    dealer: int,
    levels: Sequence[str],
    must_defend: Sequence[str] = ("A",),
    *,
    back_to_2: bool = False,
    final_level: str = "A",
    decks: int = 2,
) -> dict[str, Any]:
    """Everything a finished Tractor hand changes (TR-42, TR-43, TR-30, TR-32), its
    thresholds scaled by the `decks` (TRO-120).

    `levels` is (level of team 0 = seats 0/2, level of team 1 = seats 1/3) before the
    hand; `dealer` is the dealing seat; `must_defend` as in `tractor_advance_level`
    (TRO-40); `back_to_2`: the J rule sends the dealer's team back to 2 before TR-42
    (TRO-82, `tractor_jack_rule`); `final_level`: "A" (TR-30) or "no_trump", the level
    NT after A that must be passed to win (TRO-92). Returns:

    - ``"side"``: "defenders" or "attackers", the side that gains (`tractor`);
    - ``"gained"``: levels gained by that side per TR-42 (before the stop at A);
    - ``"applied"``: the levels that team actually gains after TR-43 (a team at K that
      would go up 2 gains 1; passing A counts as one level, as `Match.totals` counts it);
    - ``"team"``: that side's team index (dealer % 2 for defenders);
    - ``"levels"``: both teams' levels after the hand (`tractor_advance_level`);
    - ``"next_dealer"``: `tractor_next_dealer`;
    - ``"match_winner"``: the team index that passed A (TR-30; NT under TRO-92), else None.
    """
    seat = _seat("dealer", dealer, _TRACTOR_PLAYERS)
    current = _entries("levels", levels, 2, "team 0, team 1")
    ladder = _tractor_ladder(final_level)
    for team, level in enumerate(current):
        _tractor_level(f"levels[{team}]", level, final_level)
    if not isinstance(back_to_2, bool):
        raise ValueError(f"back_to_2 must be a bool, got {back_to_2!r}")
    side, gained = tractor(points, decks)
    defending = side == "defenders"
    team = seat % 2 if defending else (seat + 1) % 2
    if back_to_2:  # TRO-82: the dealer's team starts its level change from 2
        current[seat % 2] = TRACTOR_LEVELS[0]
    new_level, passed = tractor_advance_level(
        current[team], gained, defending, must_defend, final_level=final_level
    )
    applied = ladder.index(new_level) - ladder.index(current[team]) + passed
    current[team] = new_level
    return {
        "side": side,
        "gained": gained,
        "applied": applied,
        "team": team,
        "levels": tuple(current),
        "next_dealer": tractor_next_dealer(seat, not defending),
        "match_winner": team if passed else None,
    }


def tractor_level_changes(
    before: Sequence[str], after: Sequence[str], match_winner: int | None
) -> list[int]:
    """Per team, its level change in a hand from the levels `before` to `after` (as
    `tractor_hand_outcome` gives them), passing A counting one: the gaining team's
    ``"applied"`` and 0 for the other, but for a team the J rule sent back (TRO-82). A
    to the no-trump level NT counts one (TRO-92)."""
    teams = (0, 1)
    start = [
        _tractor_level(f"before[{t}]", v, "no_trump") for t, v in zip(teams, before, strict=True)
    ]
    end = [_tractor_level(f"after[{t}]", v, "no_trump") for t, v in zip(teams, after, strict=True)]
    return [end[t] - start[t] + (match_winner == t) for t in teams]


# ---------------------------------------------------------------------------
# Finding Friends (FF-1..FF-3, FF-40..FF-45, FF-70): Tractor's scoring for 4 to 8
# players, the sides found in the play, the thresholds scaled by the decks.

FINDING_FRIENDS_PLAYERS = (4, 5, 6, 7, 8)
"""The table sizes Finding Friends is played at (FF-1)."""

FINDING_FRIENDS_DECKS = (2, 3)
"""The decks a Finding Friends hand may use: those the trick engine plays (FF-1, C-2)."""

FINDING_FRIENDS_MIN_KITTY = 5
"""The fewest cards a Finding Friends kitty holds (FF-3)."""


def _ff_players(players: Any) -> int:
    n = _int("players", players)
    if n not in FINDING_FRIENDS_PLAYERS:
        raise ValueError(f"players must be 4 to 8 (FF-1), got {n}")
    return n


def _ff_decks(decks: Any) -> int:
    n = _int("decks", decks)
    if n not in FINDING_FRIENDS_DECKS:
        raise ValueError(f"decks must be 2 or 3 (FF-1, C-2), got {n}")
    return n


def finding_friends_default_decks(players: int) -> int:
    """The decks of a table of `players` unless told (FF-1): 2 for 4 players, else 3."""
    return 2 if _ff_players(players) == 4 else 3


def finding_friends_default_friends(players: int) -> int:
    """The friends called at a table of `players` unless told (FF-20): ⌊players / 2⌋ − 1,
    so that the declarer's side is half the table (rounded down)."""
    return _ff_players(players) // 2 - 1


def finding_friends_kitty_size(players: int, decks: int) -> int:
    """FF-3: the fewest cards, at least `FINDING_FRIENDS_MIN_KITTY`, that leave a deal
    every player gets the same number of."""
    n, total = _ff_players(players), 54 * _ff_decks(decks)
    return FINDING_FRIENDS_MIN_KITTY + (total - FINDING_FRIENDS_MIN_KITTY) % n


def finding_friends_step(decks: int) -> int:
    """FF-41's step s = 20 × decks: the declarer's side holds below 2s points."""
    return 20 * _ff_decks(decks)


def finding_friends(points: int, decks: int) -> tuple[str, int]:
    """(side that goes up, levels) for the defenders' points P (FF-41).

    P ≤ 0 → ("declarers", 3); 0 < P < s → 2; s ≤ P < 2s → 1; P ≥ 2s → ("defenders",
    one level per full s above 2s), with s = 20 × decks. Two decks give TR-42.
    """
    value, step = _int("points", points), finding_friends_step(decks)
    up, levels = _level_change(value, step)
    return ("defenders" if up else "declarers"), levels


def finding_friends_points(
    trick_points: int,
    kitty_points: int,
    last_lead: str | Iterable[Card | str] | None,
    decks: int,
    defender_failed_throws: int = 0,
    declarer_side_failed_throws: int = 0,
) -> int:
    """The defenders' points P (FF-40): `trick_points` (point cards in the tricks the
    defenders won, the sides as at the end), plus the kitty's points times TR-40's
    multiplier of `last_lead` when a defender won the last trick (`last_lead` None when
    the declarer's side won it), −10 per defender's failed throw, +10 per failed throw
    of the declarer's side (TR-41)."""
    total = DECK_POINTS * _ff_decks(decks)
    tricks = _card_points("trick_points", trick_points, total)
    kitty = _card_points("kitty_points", kitty_points, total)
    if tricks + kitty > total:
        raise ValueError(
            f"trick_points + kitty_points = {tricks + kitty} exceeds the {total} points "
            f"of {decks} decks"
        )
    bonus = 0 if last_lead is None else kitty * tractor_kitty_multiplier(last_lead)
    throws = _count("declarer_side_failed_throws", declarer_side_failed_throws) - _count(
        "defender_failed_throws", defender_failed_throws
    )
    return tricks + bonus + TRACTOR_THROW_PENALTY * throws


def finding_friends_advance_level(level: str, gained: int, may_pass_a: bool) -> tuple[str, bool]:
    """(new level, whether the player passed A) for a player gaining `gained` levels
    (FF-42, FF-43): levels stop at A, passed only when `may_pass_a` (a member of the
    declarer's side that held, in a hand played at A)."""
    index, steps = _tractor_level("level", level), _count("gained", gained)
    if not isinstance(may_pass_a, bool):
        raise ValueError(f"may_pass_a must be a bool, got {may_pass_a!r}")
    top = len(TRACTOR_LEVELS) - 1
    if index + steps <= top:
        return TRACTOR_LEVELS[index + steps], False
    return "A", may_pass_a and index == top


def finding_friends_next_declarer(
    declarer: int, side: Sequence[int], players: int, defenders_took_over: bool
) -> int:
    """The next hand's declarer (FF-44): the next member of the declarer's `side` after
    the declarer in seat order (the declarer itself when alone) while the side holds;
    the first defender after the declarer once the defenders take over."""
    n = _ff_players(players)
    seat = _seat("declarer", declarer, n)
    members = {_seat("side", s, n) for s in _entries("side", side)}
    if seat not in members:
        raise ValueError(f"side {sorted(members)} must hold the declarer {seat}")
    if not isinstance(defenders_took_over, bool):
        raise ValueError(f"defenders_took_over must be a bool, got {defenders_took_over!r}")
    if defenders_took_over and len(members) == n:
        raise ValueError("the defenders took over but every seat is on the declarer's side")
    for k in range(1, n + 1):
        s = (seat + k) % n
        if (s in members) != defenders_took_over:
            return s
    raise AssertionError("the declarer is always found")  # pragma: no cover


def finding_friends_hand_outcome(
    points: int,
    declarer: int,
    side: Sequence[int],
    levels: Sequence[str],
    decks: int,
    friends: int,
    short_handed_bonus: bool = False,
) -> dict[str, Any]:
    """Everything a finished Finding Friends hand changes (FF-41..FF-44, FF-70).

    `points` is the defenders' P (FF-40); `side` the declarer's side at the end (FF-33),
    the declarer among them; `levels` every seat's level before the hand; `friends` how
    many friends were called. Returns:

    - ``"side"``: "declarers" or "defenders", the side that goes up (`finding_friends`);
    - ``"gained"``: the levels FF-41 gives it; ``"bonus"``: FF-72's extra level (0 or 1);
    - ``"winners"``: the seats of that side, in seat order;
    - ``"applied"``: each seat's levels actually gained after FF-43 (passing A counts one);
    - ``"levels"``: each seat's level after the hand;
    - ``"next_declarer"``: `finding_friends_next_declarer`;
    - ``"match_winners"``: the seats that passed A (FF-43), in seat order.
    """
    current = _entries("levels", levels)
    n = _ff_players(len(current))
    for seat, level in enumerate(current):
        _tractor_level(f"levels[{seat}]", level)
    seat = _seat("declarer", declarer, n)
    members = sorted({_seat("side", s, n) for s in _entries("side", side)})
    called = _int("friends", friends)
    if not 1 <= called <= n - 2:
        raise ValueError(f"friends must be 1 to {n - 2} (FF-20), got {called}")
    if seat not in members or len(members) > called + 1:
        raise ValueError(
            f"side {members} must hold the declarer {seat} and at most {called} friends (FF-31)"
        )
    if not isinstance(short_handed_bonus, bool):
        raise ValueError(f"short_handed_bonus must be a bool, got {short_handed_bonus!r}")
    winner, gained = finding_friends(points, decks)
    held = winner == "declarers"
    bonus = int(held and short_handed_bonus and len(members) < called + 1)
    winners = members if held else [s for s in range(n) if s not in members]
    may_pass = held and current[seat] == "A"
    new, applied, passed = list(current), [0] * n, []
    for s in winners:
        new[s], passed_a = finding_friends_advance_level(current[s], gained + bonus, may_pass)
        applied[s] = TRACTOR_LEVELS.index(new[s]) - TRACTOR_LEVELS.index(current[s]) + passed_a
        if passed_a:
            passed.append(s)
    return {
        "side": winner,
        "gained": gained,
        "bonus": bonus,
        "winners": winners,
        "applied": applied,
        "levels": new,
        "next_declarer": finding_friends_next_declarer(seat, members, n, not held),
        "match_winners": passed,
    }


# ---------------------------------------------------------------------------
# Fifty-K (FK-40..FK-43, FK-50..FK-53).

FIFTY_K_FIRST_OUT_BONUS = 20
"""Card points of the first player out (FK-41, FK-51)."""

FIFTY_K_LEFT_IN_PENALTY = 20
"""Card points each player still in at the end of the hand loses (FK-41, FK-51)."""


def _fifty_k_hand(
    collected: Any, finish_order: Any, hand_points_left: Any, players: int, decks: int = 1
) -> tuple[list[int], list[int], list[int]]:
    """Validated (collected, finish_order, hand_points_left) of a finished Fifty-K hand.

    Every point card ends either collected (FK-31, FK-33) or in the hand of a
    player still in, so the two lists together hold exactly the decks' points, 100 a
    deck (FKO-22); a player who is out holds nothing.
    """
    total = DECK_POINTS * decks
    taken = _card_points_list("collected", collected, players, total)
    left = _card_points_list("hand_points_left", hand_points_left, players, total)
    order = [
        _seat("finish_order entry", seat, players)
        for seat in _entries("finish_order", finish_order)
    ]
    if len(set(order)) != len(order):
        raise ValueError(f"finish_order repeats a seat: {order}")
    for seat in order:
        if left[seat]:
            raise ValueError(f"seat {seat} is out but hand_points_left[{seat}] = {left[seat]}")
    if sum(taken) + sum(left) != total:
        decks_text = "deck's" if decks == 1 else "decks'"
        raise ValueError(
            f"collected and hand_points_left must hold the {decks_text} {total} points together, "
            f"got {sum(taken)} + {sum(left)}"
        )
    return taken, order, left


def _fifty_k_4p_check_end(order: list[int]) -> None:
    """The hand ends exactly when both players of one team are out (FK-40)."""
    out: set[int] = set()
    for position, seat in enumerate(order):
        if (seat + 2) % 4 in out:
            if position != len(order) - 1:
                raise ValueError(
                    f"finish_order {order}: the hand ended when seat {seat} went out, "
                    "both players of its team being out (FK-40)"
                )
            return
        out.add(seat)
    raise ValueError(
        f"finish_order {order}: the hand ends only when both players of one team are out (FK-40)"
    )


_COUNT_WORDS = {2: "two", 3: "three", 4: "four", 6: "six"}


def _fifty_k_teams_check_end(order: list[int], players: int) -> None:
    """The hand ends exactly when every player of one team (alternate seats) is out
    (FK-40; FKO-30 for 6 and 8 players)."""
    size = players // 2
    rule = "FK-40" if players == 4 else "FKO-30"
    every = "both players" if size == 2 else f"all {_COUNT_WORDS[size]} players"
    out = [0, 0]
    for position, seat in enumerate(order):
        out[seat % 2] += 1
        if out[seat % 2] == size:
            if position != len(order) - 1:
                raise ValueError(
                    f"finish_order {order}: the hand ended when seat {seat} went out, "
                    f"{every} of its team being out ({rule})"
                )
            return
    raise ValueError(
        f"finish_order {order}: the hand ends only when {every} of one team are out ({rule})"
    )


def _fifty_k_card_points(taken: np.ndarray, order: np.ndarray, left: np.ndarray) -> np.ndarray:
    """Card points per hand (row) and seat: collected + 20 to the first out − (20 + hand
    points) to each player still in.

    FK-41, FK-51. In the 4-player game the hand ends when one team is out (FK-40), so
    "the other team" of FK-41 — the one with players still in — holds every player
    still in (seed 002: 如果一隊兩個玩家都出完牌，另一隊…): each of them loses 20.
    `order` holds each hand's seats out, -1 after the last.
    """
    seats = np.arange(taken.shape[1])
    still_in = ~(order[:, :, None] == seats).any(axis=1)
    points: np.ndarray = taken - still_in * (FIFTY_K_LEFT_IN_PENALTY + left)
    points[np.arange(len(taken)), order[:, 0]] += FIFTY_K_FIRST_OUT_BONUS
    return points


def _fifty_k_hand_points(taken: list[int], order: list[int], left: list[int]) -> list[int]:
    """One hand's card points per seat, as `_fifty_k_card_points` gives a row (FK-41,
    FK-51): collected + 20 to the first out − (20 + hand points) to each player still in."""
    points = [
        t if seat in order else t - FIFTY_K_LEFT_IN_PENALTY - left[seat]
        for seat, t in enumerate(taken)
    ]
    points[order[0]] += FIFTY_K_FIRST_OUT_BONUS
    return points


def _fifty_k_arrays(
    collected: Any, finish_order: Any, hand_points_left: Any, players: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The batch inputs as int64 arrays: (hands x seats, hands x places, hands x seats)."""
    taken = np.asarray(collected, dtype=np.int64).reshape(-1, players)
    order = np.asarray(finish_order, dtype=np.int64)
    order = order.reshape(len(taken), -1) if len(taken) else order.reshape(0, players)
    left = np.asarray(hand_points_left, dtype=np.int64).reshape(len(taken), players)
    return taken, order, left


def fifty_k_4p_table(
    collected: Any, finish_order: Any, hand_points_left: Any
) -> dict[str, np.ndarray]:
    """Scores of many finished 4-player Fifty-K hands at once (FK-40..FK-43), one row per
    hand: the arrays of `fifty_k_4p`'s result ("card_points", "team_points" and
    "team_game_points" (hands x 2), "winner", "doubled", "game_points" (float)).

    Input as `fifty_k_4p`'s, one row per hand, each `finish_order` row padded with -1
    after its last seat; it is not checked (`fifty_k_4p` checks one hand).
    """
    taken, order, left = _fifty_k_arrays(collected, finish_order, hand_points_left, 4)
    points = _fifty_k_card_points(taken, order, left)
    # Sums by slices, not reshape().sum(axis=1): a vector environment scores a few
    # hands per step, where each numpy call's overhead is what counts.
    teams = points[:, :2] + points[:, 2:]  # (seats 0 + 2, seats 1 + 3)
    first_team = order[:, 0] % 2
    winner = np.where(teams[:, 0] == teams[:, 1], first_team, teams[:, 1] > teams[:, 0])
    loser = 1 - winner
    rows = np.arange(len(taken))
    doubled = ((taken[:, :2] + taken[:, 2:])[rows, loser] == 0) & (first_team != loser)
    team_game = teams * (1 + doubled[:, None])
    return {
        "card_points": points,
        "team_points": teams,
        "winner": winner,
        "doubled": doubled,
        "team_game_points": team_game,
        "game_points": np.concatenate((team_game, team_game), axis=1) / 2,
    }


def fifty_k_4p(
    collected: Sequence[int], finish_order: Sequence[int], hand_points_left: Sequence[int]
) -> dict[str, Any]:
    """Scores of a finished 4-player Fifty-K hand (FK-40..FK-43).

    Input (one entry per seat 0..3 where a list is per seat):

    - `collected`: table points each seat took during the hand (FK-31, and FK-33 for
      the points left on the table at the end); bonuses are not included.
    - `finish_order`: the seats that went out, in order. The hand ends as soon as both
      players of one team are out (FK-40), so it holds 2 or 3 seats and its last
      seat completes a team; the seats not in it are still in.
    - `hand_points_left`: point value of the point cards in each seat's hand at the
      end (0 for every seat that is out).

    Returns:

    - ``"card_points"``: per seat, collected + 20 for the first out − 20 and the hand's
      points for each player still in (FK-41; may be negative);
    - ``"team_points"``: (team 0 = seats 0/2, team 1 = seats 1/3) totals (FK-42);
    - ``"winner"``: the team with the higher total; on a tie the first out's team (FK-42);
    - ``"doubled"``: the losing team collected no table points and did not go out
      first (FK-43);
    - ``"team_game_points"``: each team's total 1:1, ×2 for both when doubled (FK-43);
    - ``"game_points"``: per seat, exactly half its team's game points, as a float
      (35 → 17.5). Not zero-sum.
    """
    taken, order, left = _fifty_k_hand(collected, finish_order, hand_points_left, 4)
    _fifty_k_4p_check_end(order)
    points = _fifty_k_hand_points(taken, order, left)
    teams = [points[0] + points[2], points[1] + points[3]]
    first_team = order[0] % 2
    winner = first_team if teams[0] == teams[1] else int(teams[1] > teams[0])
    loser = 1 - winner
    doubled = taken[loser] + taken[loser + 2] == 0 and first_team != loser
    team_game = [team * (2 if doubled else 1) for team in teams]
    return {
        "card_points": points,
        "team_points": teams,
        "winner": winner,
        "doubled": doubled,
        "team_game_points": team_game,
        "game_points": [team_game[seat % 2] / 2 for seat in range(4)],
    }


def fifty_k_teams(
    collected: Sequence[int],
    finish_order: Sequence[int],
    hand_points_left: Sequence[int],
    *,
    players: int,
    decks: int = 1,
) -> dict[str, Any]:
    """Scores of a finished Fifty-K hand of two teams of alternate seats: 4 players
    (FK-40..FK-43, what `fifty_k_4p` gives), or 6 or 8 with several decks (FKO-23,
    FKO-30..FKO-33).

    Input and result as `fifty_k_4p`'s with `players` seats: team 0 is the even seats,
    team 1 the odd ones; the hand ends when every player of one team is out; the two
    lists hold the `decks`' 100 points each together. ``"game_points"`` gives each
    seat its team's game points divided by the team's size (FKO-33).
    """
    if players not in (4, 6, 8):
        raise ValueError(f"players must be 4, 6 or 8 for two teams (FKO-23), not {players!r}")
    if decks not in (1, 2, 3, 4) or (decks == 1 and players != 4):
        raise ValueError(f"decks must be 1 to 4, and 1 only for 4 players (FKO-23), not {decks!r}")
    taken, order, left = _fifty_k_hand(collected, finish_order, hand_points_left, players, decks)
    _fifty_k_teams_check_end(order, players)
    points = _fifty_k_hand_points(taken, order, left)
    teams = [sum(points[0::2]), sum(points[1::2])]
    first_team = order[0] % 2
    winner = first_team if teams[0] == teams[1] else int(teams[1] > teams[0])
    loser = 1 - winner
    doubled = sum(taken[loser::2]) == 0 and first_team != loser
    team_game = [team * (2 if doubled else 1) for team in teams]
    size = players // 2
    return {
        "card_points": points,
        "team_points": teams,
        "winner": winner,
        "doubled": doubled,
        "team_game_points": team_game,
        "game_points": [team_game[seat % 2] / size for seat in range(players)],
    }


def fifty_k_3p_table(
    collected: Any, finish_order: Any, hand_points_left: Any
) -> dict[str, np.ndarray]:
    """Scores of many finished 3-player Fifty-K hands at once (FK-50..FK-53), one row per
    hand: the arrays of `fifty_k_3p`'s result ("card_points", "ranking", "places",
    "doubled", "game_points").

    Input as `fifty_k_3p`'s, one row per hand (a `finish_order` row may be padded with
    -1); it is not checked (`fifty_k_3p` checks one hand).
    """
    taken, order, left = _fifty_k_arrays(collected, finish_order, hand_points_left, 3)
    order = order[:, :2]
    points = _fifty_k_card_points(taken, order, left)
    rows = np.arange(len(taken))
    # FK-52: the first out exits at 0, the second at 1, the player left in at 2.
    exit_position = np.full(taken.shape, 2)
    exit_position[rows, order[:, 0]] = 0
    exit_position[rows, order[:, 1]] = 1
    ranking = np.lexsort((exit_position, -points), axis=1)
    doubled = (taken[rows, ranking[:, 1]] == 0) & (taken[rows, ranking[:, 2]] == 0)
    return {
        "card_points": points,
        "ranking": ranking,
        "places": np.argsort(ranking, axis=1) + 1,
        "doubled": doubled,
        "game_points": points * np.where(doubled, 2, 1)[:, None],
    }


def fifty_k_3p(
    collected: Sequence[int], finish_order: Sequence[int], hand_points_left: Sequence[int]
) -> dict[str, Any]:
    """Scores of a finished 3-player Fifty-K hand (FK-50..FK-53).

    Input as in `fifty_k_4p`, with 3 seats; the hand ends as soon as two players are
    out (FK-50), so `finish_order` holds exactly 2 seats and the third is left in.

    Returns:

    - ``"card_points"``: per seat, collected + 20 for the first out; the player left
      in −20 and minus the hand's points (FK-51; may be negative);
    - ``"ranking"``: the seats from first to third place: card points high to low, on
      a tie the player who went out earlier first, the player left in last (FK-52);
    - ``"places"``: per seat, its place 1..3;
    - ``"doubled"``: the second and third placed players collected no table points (FK-53);
    - ``"game_points"``: per seat, its card points 1:1, ×2 for everyone when doubled
      (FK-53, engine choice), as ints. Not zero-sum.
    """
    taken, order, left = _fifty_k_hand(collected, finish_order, hand_points_left, 3)
    if len(order) != 2:
        raise ValueError(
            f"finish_order {order}: a 3-player hand ends when exactly two players are out (FK-50)"
        )
    points = _fifty_k_hand_points(taken, order, left)
    # FK-52: card points high to low, then the first out, the second, the player left in.
    exit_position = [order.index(seat) if seat in order else 2 for seat in range(3)]
    ranking = sorted(range(3), key=lambda seat: (-points[seat], exit_position[seat]))
    places = [0] * 3
    for place, seat in enumerate(ranking, 1):
        places[seat] = place
    doubled = taken[ranking[1]] == 0 and taken[ranking[2]] == 0
    return {
        "card_points": points,
        "ranking": ranking,
        "places": places,
        "doubled": doubled,
        "game_points": [p * (2 if doubled else 1) for p in points],
    }


def fifty_k_solo(
    collected: Sequence[int],
    finish_order: Sequence[int],
    hand_points_left: Sequence[int],
    *,
    players: int,
    decks: int = 1,
) -> dict[str, Any]:
    """Scores of a finished Fifty-K hand where everyone plays for themselves: 3 players
    (FK-50..FK-53, what `fifty_k_3p` gives), or 5 or 7 with several decks (FKO-23,
    FKO-30, FKO-31, FKO-34, FKO-35).

    Input and result as `fifty_k_3p`'s with `players` seats: the hand ends when one
    player is left in, so `finish_order` holds all seats but one; the two lists hold the
    `decks`' 100 points each together. Doubled when no player but the first-placed took
    table points.
    """
    if players not in (3, 5, 7):
        raise ValueError(f"players must be 3, 5 or 7 without teams (FKO-23), not {players!r}")
    if decks not in (1, 2, 3, 4) or (decks == 1 and players != 3):
        raise ValueError(f"decks must be 1 to 4, and 1 only for 3 players (FKO-23), not {decks!r}")
    taken, order, left = _fifty_k_hand(collected, finish_order, hand_points_left, players, decks)
    if len(order) != players - 1:
        rule = "FK-50" if players == 3 else "FKO-30"
        raise ValueError(
            f"finish_order {order}: a {players}-player hand ends when exactly "
            f"{_COUNT_WORDS[players - 1]} players are out ({rule})"
        )
    points = _fifty_k_hand_points(taken, order, left)
    # FK-52, FKO-34: card points high to low, then the order out, the player left in last.
    exit_position = [order.index(seat) if seat in order else players for seat in range(players)]
    ranking = sorted(range(players), key=lambda seat: (-points[seat], exit_position[seat]))
    places = [0] * players
    for place, seat in enumerate(ranking, 1):
        places[seat] = place
    doubled = all(taken[seat] == 0 for seat in ranking[1:])
    return {
        "card_points": points,
        "ranking": ranking,
        "places": places,
        "doubled": doubled,
        "game_points": [p * (2 if doubled else 1) for p in points],
    }
