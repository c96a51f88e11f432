"""Finding Friends (找朋友): Tractor for 4 to 8 players, FF-1..FF-82.

Two or three decks (FF-1), each player at their own level (FF-4). The cards are dealt
one at a time with Tractor's declarations (FF-10..FF-13, in the core's `TractorDeal`);
the declarer buries the kitty (FF-14) and calls `friends` friend cards, one action
each (`call 2nd As`, FF-20..FF-23, FF-60). Whoever plays a called copy joins the
declarer's side, public from that moment (FF-31..FF-33, FF-80, watched by the core's
play).
The defenders' points give the level change of every member of the side that goes up
and the next declarer (FF-40..FF-45, FF-70), through `fenpai.scoring`.

What a seat sees: the calls as they are made (FF-22), the declarer's side as the play
reveals it (FF-31), never who holds a called copy before it is played.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from fenpai import scoring
from fenpai._core import Burial, Card, FriendCalls, TractorDeal
from fenpai.games.base import scored_arrays
from fenpai.games.options import TOURNAMENT, Option, Preset, Value, one_of
from fenpai.games.phases import Step, TrickPlayStep
from fenpai.games.tractor import canonical_level
from fenpai.games.trick_game import KITTY, TrickGame, start_play, text

PLAYER_COUNTS = (4, 5, 6, 7, 8)
DEFAULT_PLAYERS = 6


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _valid_players(value: object) -> bool:
    return _count(value) and value in PLAYER_COUNTS


def _valid_decks(value: object) -> bool:
    return value is None or (_count(value) and value in (2, 3))


def _valid_friends(value: object) -> bool:
    return value is None or (_count(value) and 1 <= int(str(value)) <= max(PLAYER_COUNTS) - 2)


def _valid_levels(value: object) -> bool:
    return value is None or (
        isinstance(value, (list, tuple))
        and len(value) in PLAYER_COUNTS
        and all(canonical_level(v) in scoring.TRACTOR_LEVELS for v in value)  # FF-4: 2..A, no NT
    )


def _valid_dealer(value: object) -> bool:
    return value is None or (_count(value) and 0 <= int(str(value)) < max(PLAYER_COUNTS))


def deal(game: Any, _: Any) -> TractorDeal:
    """FF-1..FF-4, FF-10..FF-13: the deal card by card with declarations, overcalls,
    reinforcements and the final round, in the core; C-5: the first card to `first_seat`
    if given, else to the fixed dealer, else to a random seat."""
    o = game.core_options()
    return TractorDeal.finding_friends(
        seed=game._seed,
        deck=game._deck_text(),
        first_seat=game._first_seat,
        players=o["players"],
        levels=o["levels"],
        dealer=o["dealer"],
        decks=o["decks"],
    )


def friend_calls(game: Any, burial: Burial) -> FriendCalls:
    """FF-20, FF-60: after the burial the declarer calls `friends` friend cards; FF-80:
    how the play fills them."""
    o = game.options
    return burial.friend_calls(game.friends_called, o["friend_restrictions"], o["double_join"])


class FindingFriends(TrickGame):
    """One hand of Finding Friends (FF-1..FF-45): options `players` (4 to 8), `decks`,
    `friends`, `levels` (one per seat), `dealer` (None: a match's first hand), and the
    house rules `friend_restrictions` (FF-60), `short_handed_bonus` (FF-70) and
    `double_join` (FF-80)."""

    __slots__ = ()

    variant = "finding_friends"
    NAME = "Finding Friends (找朋友)"
    PLAYER_COUNTS = PLAYER_COUNTS
    DECKS_DEFAULT = 3
    SIDES = "friends"
    OPTIONS = {
        "players": Option(
            DEFAULT_PLAYERS,
            _valid_players,
            "4 to 8 (FF-1)",
            about="How many play.",
            rules=("FF-1",),
            values=tuple(
                Value(n, "FF-1", f"{n} players, each for themself.") for n in PLAYER_COUNTS
            ),
            setup=True,
        ),
        "decks": Option(
            None,
            _valid_decks,
            "None, 2 or 3 (FF-1)",
            about="How many decks: by default 2 for 4 players, else 3.",
            rules=("FF-1",),
            values=(
                Value(None, "FF-1", "By the players: 2 decks for 4, else 3."),
                Value(2, "FF-1", "Two decks."),
                Value(3, "FF-1", "Three decks."),
            ),
            setup=True,
        ),
        "friends": Option(
            None,
            _valid_friends,
            "None or 1 to players - 2 (FF-20)",
            about="How many friend cards the declarer calls: by default ⌊players / 2⌋ − 1, "
            "so the declarer's side is half the table.",
            rules=("FF-20",),
        ),
        "levels": Option(
            None,
            _valid_levels,
            "None or one level rank 2..A per player (FF-4)",
            about="Every player's level before the hand: by default all at 2.",
            rules=("FF-4",),
        ),
        "dealer": Option(
            None,
            _valid_dealer,
            "None or a seat of the table (FF-13)",
            about="Who declares: nobody yet in a match's first hand, else the seat fixed before.",
            rules=("FF-13", "FF-44"),
        ),
        "friend_restrictions": one_of(
            "no_trumps",
            {
                "no_trumps": ("FF-62", "No trump may be called: no level card, joker or trump."),
                "none": ("FF-61", "Any card may be called, trumps included."),
                "no_highest": ("FF-63", "No trump, nor a suit's highest card (A; K at level A)."),
                "no_points": ("FF-64", "No trump, nor a point card (5, 10, K)."),
            },
            about="Which cards the declarer may call as friends.",
            rules=("FF-60",),
        ),
        "short_handed_bonus": Option(
            False,
            lambda v: isinstance(v, bool),
            "True or False (FF-70)",
            about="A bonus level for a declarer's side that held short-handed.",
            rules=("FF-70",),
            values=(
                Value(False, "FF-71", "No bonus."),
                Value(True, "FF-72", "A side that held with fewer members than called: +1 level."),
            ),
        ),
        "double_join": one_of(
            "spent",
            {
                "spent": ("FF-81", "A called copy played by the declarer's side is spent."),
                "passes_on": (
                    "FF-82",
                    "A called copy played by the declarer's side passes the call on: "
                    "nobody fills two calls.",
                ),
            },
            about="What a called copy does when the declarer or a friend plays it.",
            rules=("FF-80",),
        ),
    }
    PRESETS = (
        TOURNAMENT,
        Preset(
            "any_friend",
            "Any friend card",
            "The declarer may call trumps as friends too (FF-61).",
            {"friend_restrictions": "none"},
        ),
        Preset(
            "short_handed_bonus",
            "Short-handed bonus",
            "A side that held with fewer members than called gains one more level (FF-72).",
            {"short_handed_bonus": True},
        ),
    )
    HOUSE_RULES = ("friend_restrictions", "short_handed_bonus", "double_join")
    #: The deal with its declarations (FF-10..FF-13), the burial (FF-14), the friend calls
    #: (FF-20), the play (FF-30: the declarer leads; FF-31: the friends found in it).
    PHASES = (
        Step("deal", deal),
        KITTY,
        Step("friend", friend_calls),
        TrickPlayStep(start_play, "friends"),
    )

    def _players(self) -> int:
        return int(self.options["players"])

    def _check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """FF-1, FF-4, FF-13, FF-20: each option checked against the table it is for (the
        error names the option); levels as canonical ranks. None stays None: the
        defaults by players are the properties `decks`, `friends_called`, `levels`."""
        out = super()._check_options(options)
        n = out["players"]
        friends = out["friends"]
        if friends is not None and not 1 <= friends <= n - 2:
            raise ValueError(
                f"option friends must be 1 to {n - 2} with {n} players (FF-20), not {friends!r}"
            )
        levels = out["levels"]
        if levels is not None:
            if len(levels) != n:
                raise ValueError(
                    f"option levels must give one level per player, {n}, not {len(levels)} (FF-4)"
                )
            out["levels"] = tuple(canonical_level(v) for v in levels)
        dealer = out["dealer"]
        if dealer is not None and not 0 <= dealer < n:
            raise ValueError(
                f"option dealer must be None or a seat 0..{n - 1} (FF-13), not {dealer}"
            )
        if dealer is None and levels is not None and len(set(out["levels"])) != 1:
            raise ValueError(
                "option levels: with dealer None (the first hand of a match, FF-13) every "
                f"player must be at the same level, not {', '.join(out['levels'])}"
            )
        return out

    def core_options(self) -> dict[str, Any]:
        """The options the core's phases take, the defaults by players resolved."""
        o = self.options
        return {
            "players": self.num_players,
            "decks": self.decks,
            "friends": self.friends_called,
            "levels": list(self.levels),
            "dealer": o["dealer"],
            "friend_restrictions": o["friend_restrictions"],
            "double_join": o["double_join"],
        }

    def kitty_size(self) -> int:
        return scoring.finding_friends_kitty_size(self.num_players, self.decks)

    @property
    def decks(self) -> int:
        """FF-1: `decks`, by default 2 for 4 players and 3 for 5 to 8."""
        decks = self.options["decks"]
        return scoring.finding_friends_default_decks(self.num_players) if decks is None else decks

    @property
    def friends_called(self) -> int:
        """FF-20: how many friend cards the declarer calls, by default ⌊players / 2⌋ − 1."""
        friends = self.options["friends"]
        if friends is None:
            return scoring.finding_friends_default_friends(self.num_players)
        return int(friends)

    @property
    def levels(self) -> tuple[str, ...]:
        """FF-4: every player's level before the hand, by default all at 2."""
        levels: tuple[str, ...] | None = self.options["levels"]
        return ("2",) * self.num_players if levels is None else levels

    @property
    def level(self) -> str:
        """The hand's level rank L: the declarer's level (FF-4)."""
        return str(self.deal.level)

    @property
    def dealer(self) -> int | None:
        """The declarer: fixed before the deal (FF-44), else known once declaring ends
        (FF-13)."""
        dealer: int | None = self.deal.dealer
        return dealer

    def undealt(self) -> list[Card]:
        return list(self.deal.undealt())

    def calls(self) -> list[str]:
        """FF-22: the friend calls made so far, in order ("2nd As"), public at once."""
        calls = self._objects.get("friend")
        return [] if calls is None else list(calls.calls())

    def side(self) -> list[int]:
        """FF-33: the declarer's side as every seat knows it: the declarer, then the
        friends revealed so far in the order they joined (empty before the declarer is
        known)."""
        play = self.play
        watch = None if play is None else play.friends()
        if watch is not None:
            return list(watch[2])
        declarer = self.declarer
        return [] if declarer is None else [declarer]

    def filled(self) -> list[int | None]:
        """FF-31, FF-32: who filled each call so far (None: nobody yet), public as every
        play is."""
        play = self.play
        watch = None if play is None else play.friends()
        return [None] * len(self.calls()) if watch is None else list(watch[1])

    def public_facts(self) -> dict[str, Any]:
        """The deal's progress and declarations; the calls (FF-22) and the side found so
        far (FF-31, FF-33); nothing about a called copy before it is played."""
        d = self.deal
        declared = d.declarations()
        return {
            "players": self.num_players,
            "decks": self.decks,
            "levels": list(self.levels),
            "level": self.level,
            "dealer": self.dealer,
            "first_seat": d.first_seat,
            "cards_dealt": d.cards_dealt,
            "final_round": d.final_round,
            "declaration": None
            if not declared
            else {"seat": declared[-1][0], "cards": declared[-1][1]},
            "declarations": [[s, cs] for s, cs in declared],
            "friends_called": self.friends_called,
            "friend_calls": [
                {"call": call, "filled_by": seat}
                for call, seat in zip(self.calls(), self.filled(), strict=True)
            ],
            "side": self.side(),
        }

    # -- scoring (FF-40..FF-45, FF-70) ------------------------------------------------------

    def throw_penalty(self, seat: int, previous: int) -> dict[str, Any]:
        """FF-40 (TR-41): each failed throw counts 10 points against the thrower's side,
        the sides as they stand at the end of the hand (FF-33)."""
        p = scoring.TRACTOR_THROW_PENALTY
        return {
            "rule": "FF-40",
            "text": f"{p} points against seat {seat}'s side (the sides as at the end, FF-33)",
        }

    def _score(self) -> dict[str, Any]:
        play, declarer, buried = self.play, self.declarer, self.buried
        assert play is not None and declarer is not None and buried is not None
        last = play.last_trick()
        assert last is not None  # a finished hand has tricks
        _, plays, _, last_winner, _ = last
        side = self.side()
        o = _outcome(
            list(play.points()),
            declarer,
            side,
            sum(c.points for c in buried),
            last_winner,
            text(plays[0][1]),
            list(play.failed_throws()),
            self.levels,
            self.decks,
            self.friends_called,
            bool(self.options["short_handed_bonus"]),
        )
        return {
            **o,
            "declarer": declarer,
            "side": side,
            "friend_calls": self.public_facts()["friend_calls"],
            "kitty_points": sum(c.points for c in buried),
            "last_trick_winner": last_winner,
            "last_lead": text(plays[0][1]),
            "trump": self.rules.trump if self.rules else None,
            "level": self.level,
            "levels": list(self.levels),
            "failed_throws": list(play.failed_throws()),
        }

    def score_facts(self, facts: dict[str, Any]) -> dict[str, np.ndarray]:
        """`Game.score_facts`, scoring each hand as `_outcome` does (FF-40..FF-44, FF-70)
        in one lean pass: the defenders' points P and the level outcome looked up in
        remembered pure functions of a few small values, the arrays built at the end."""
        n, decks, friends = self.num_players, self.decks, self.friends_called
        bonus, levels = bool(self.options["short_handed_bonus"]), tuple(self.levels)
        tricks_rows, declarers = facts["points"].tolist(), facts["declarer"].tolist()
        sides, kitties = facts["side"].tolist(), facts["kitty_points"].tolist()
        lasts, leads = facts["last_winner"].tolist(), facts["last_lead"]
        throws = facts["failed_throws"].tolist()
        game_points, won = [], []
        rows = zip(tricks_rows, declarers, sides, kitties, lasts, leads, throws, strict=True)
        for tricks, declarer, joined, kitty, last, lead, failed in rows:
            side = tuple([s for s in joined if s >= 0])  # FF-33: the sides at the end
            defended = sum([tricks[s] for s in side])
            side_failed = sum([failed[s] for s in side])
            defenders_last = last not in side
            p = _defender_points(
                sum(tricks) - defended,
                kitty,
                lead if defenders_last else None,
                decks,
                sum(failed) - side_failed,
                side_failed,
            )
            if defenders_last:  # FF-40 (TR-40): the kitty, multiplied, to the last winner
                tricks[last] += kitty * scoring.tractor_kitty_multiplier(lead)
            found = _side_outcome(p, declarer, side, levels, decks, friends, bonus, n)
            game_points.append(found[0])
            won.append(found[1])
        return scored_arrays(n, game_points, tricks_rows, won, facts["actions"])

    def _batch_outcome(self, facts: dict[str, list[Any]], i: int) -> dict[str, Any]:
        return _outcome(
            facts["points"][i],
            facts["declarer"][i],
            [s for s in facts["side"][i] if s >= 0],
            facts["kitty_points"][i],
            facts["last_winner"][i],
            facts["last_lead"][i],
            facts["failed_throws"][i],
            self.levels,
            self.decks,
            self.friends_called,
            bool(self.options["short_handed_bonus"]),
        )


def _outcome(
    tricks: list[int],
    declarer: int,
    side: list[int],
    kitty_points: int,
    last_winner: int,
    last_lead: str,
    failed: list[int],
    levels: tuple[str, ...],
    decks: int,
    friends: int,
    short_handed_bonus: bool,
) -> dict[str, Any]:
    """FF-40..FF-44, FF-70 from a finished hand's facts, the sides as at the end (FF-33):
    `tricks` each seat's trick points, `failed` each seat's failed throws."""
    n = len(tricks)
    defenders = [s for s in range(n) if s not in side]
    defenders_last = last_winner in defenders
    multiplier = scoring.tractor_kitty_multiplier(last_lead) if defenders_last else None
    card_points = list(tricks)
    card_points[last_winner] += kitty_points * (multiplier or 0)
    p = scoring.finding_friends_points(
        sum(tricks[s] for s in defenders),
        kitty_points,
        last_lead if defenders_last else None,
        decks,
        defender_failed_throws=sum(failed[s] for s in defenders),
        declarer_side_failed_throws=sum(failed[s] for s in side),
    )
    o = scoring.finding_friends_hand_outcome(
        p, declarer, side, levels, decks, friends, short_handed_bonus=short_handed_bonus
    )
    return {
        "defender_points": p,
        "card_points": card_points,
        # Each seat's levels gained after FF-43 (passing A counts one).
        "game_points": o["applied"],
        "kitty_multiplier": multiplier,
        "winner_side": o["side"],
        "winners": o["winners"],
        "levels_nominal": o["gained"],
        "bonus": o["bonus"],
        "new_levels": o["levels"],
        "next_declarer": o["next_declarer"],
        "match_winners": o["match_winners"],
    }


# `play_batch` scores thousands of hands, mostly alike, with these pure functions of a
# few small values: they are remembered.


@lru_cache(maxsize=1 << 14)
def _defender_points(
    trick_points: int,
    kitty_points: int,
    last_lead: str | None,
    decks: int,
    defender_failed: int,
    side_failed: int,
) -> int:
    """FF-40: `scoring.finding_friends_points`."""
    return scoring.finding_friends_points(
        trick_points,
        kitty_points,
        last_lead,
        decks,
        defender_failed_throws=defender_failed,
        declarer_side_failed_throws=side_failed,
    )


@lru_cache(maxsize=1 << 14)
def _side_outcome(
    points: int,
    declarer: int,
    side: tuple[int, ...],
    levels: tuple[str, ...],
    decks: int,
    friends: int,
    bonus: bool,
    players: int,
) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """FF-41..FF-44, FF-70: each seat's levels gained (`applied`) and whether it won, by
    `scoring.finding_friends_hand_outcome`."""
    o = scoring.finding_friends_hand_outcome(
        points, declarer, side, levels, decks, friends, short_handed_bonus=bonus
    )
    return tuple(o["applied"]), tuple([s in o["winners"] for s in range(players)])
