"""Red Five, 4 players, with bidding (红五 叫分): rules R4-1..R4-42.

The cards are dealt at once (R4-2). A random seat opens the bidding (R4-11); bids are
multiples of 5 in the range, each later bid 5, 10 or 15 above the high bid (R4-13); a
pass is final (R4-12). The declarer (R4-14) names trump (R4-20), takes and buries the
kitty (R4-21), and plays alone against three (R4-1) with simple leads only (R4-31).
Scoring: the declarer's card points F (R4-40, R4-41) and the game-point table (R4-42).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from fenpai import scoring
from fenpai._core import RedFive4pBidding
from fenpai.games.base import scored_arrays
from fenpai.games.options import one_of
from fenpai.games.phases import BiddingStep, TrickPlayStep
from fenpai.games.trick_game import KITTY, TrickGame, start_play

RED_FIVE = "5h"
PLAYERS = 4


def bidding(game: Any, _: Any) -> RedFive4pBidding:
    """R4-2: the cards dealt at once from `first_seat` (0 if not given); R4-10..R4-14:
    the bidding from a random seat (R4-11); R4-20: the declarer names trump. In the core."""
    return RedFive4pBidding(
        seed=game._seed,
        deck=game._deck_text(),
        first_seat=game._first_seat,
        **game.core_options(),
    )


class RedFive4p(TrickGame):
    __slots__ = ()

    variant = "red_five_4p"
    NAME = "Red Five, 4 players (红五)"
    PLAYER_COUNTS = (4,)
    OPTIONS = {
        "decks": one_of(
            2,
            {
                2: ("R4-2", "2 decks (bids 60–200)."),
                3: ("R4-2", "3 decks, with triples (bids 80–300)."),
            },
            about="How many decks are shuffled together.",
            rules=("R4-2", "R4-10"),
            expected="2 or 3",
            setup=True,
        ),
        "opening_bid": one_of(
            "any",
            {
                "any": ("R4-13", "Any bid in the range opens."),
                "minimum": ("R4-13", "The opening bid must be the lowest (60 or 80)."),
            },
            about="What the first bid may be.",
            rules=("R4-13",),
            expected="'any' or 'minimum' (R4-13)",
        ),
        "kitty_points": one_of(
            "last_trick",
            {
                "last_trick": (
                    "R4-40",
                    "The declarer scores the kitty only by winning the last trick.",
                ),
                "always": ("R4-40", "The declarer always scores the kitty's points."),
            },
            about="When the buried points count for the declarer.",
            rules=("R4-40",),
            expected="'last_trick' or 'always' (R4-40)",
        ),
    }
    #: The deal, bidding and trump (the views' phases "bid" and "trump"), the
    #: declarer's burial (R4-21), the play (R4-30: the declarer leads; R4-1: alone
    #: against three).
    PHASES = (BiddingStep("deal", bidding), KITTY, TrickPlayStep(start_play, "alone"))

    def _players(self) -> int:
        return 4

    def kitty_size(self) -> int:
        return 8 if self.decks == 2 else 6  # R4-2

    def core_options(self) -> dict[str, Any]:
        """The options the core's phases take (`kitty_points` is for the scoring)."""
        return {"decks": self.decks, "opening_bid": self.options["opening_bid"]}

    def hands_options(self) -> dict[str, Any]:
        return {**self.core_options(), "kitty_points": self.options["kitty_points"]}

    def _declarer_before_kitty(self) -> int | None:
        declarer: int | None = self.deal.declarer
        return declarer

    @property
    def bid(self) -> int | None:
        """R4-14: the bid that stands, once bidding ended."""
        bid: int | None = self.deal.bid
        return bid

    def public_facts(self) -> dict[str, Any]:
        d = self.deal
        high = d.high_bid
        return {
            "bids": [[s, b] for s, b in d.bids()],
            "high_bid": list(high) if high else None,
            "bid": d.bid,
            "first_bidder": d.first_bidder,
        }

    # -- scoring (R4-40..R4-42) --------------------------------------------------------------

    def red_fives(self) -> list[dict[str, int]]:
        """R4-41: every captured 5h — played in a trick won by the other side."""
        play, d = self.play, self.declarer
        assert play is not None and d is not None
        return captured(play.copies_won(RED_FIVE), d)

    def _score(self) -> dict[str, Any]:
        play, d, bid = self.play, self.declarer, self.bid
        assert play is not None and d is not None and bid is not None
        kitty_points = sum(c.points for c in self.buried or [])
        last = self.last_trick_winner()
        copies = play.copies_won(RED_FIVE)
        o = self._outcome(list(play.points()), d, bid, kitty_points, last, copies)
        return {
            "winners": o["winners"],
            "card_points": o["card_points"],
            "game_points": o["game_points"],
            "declarer": d,
            "bid": bid,
            "trump": self.rules.trump if self.rules else None,
            "kitty_points": kitty_points,
            "kitty_to_declarer": o["kitty_to_declarer"],
            "last_trick_winner": last,
            "red_fives_captured": o["red_fives_captured"],
            "declarer_final_points": o["declarer_final_points"],
        }

    def _outcome(
        self,
        tricks: list[int],
        d: int,
        bid: int,
        kitty_points: int,
        last: int,
        copies: list[tuple[int, int]],
    ) -> dict[str, Any]:
        """R4-40..R4-42 from a finished hand's facts (`tricks`: each seat's trick points;
        `copies`: each 5h played, (its player, the trick's winner)) and this game's
        options only: `result` and `play_batch` score with it."""
        kitty_counts = last == d or self.options["kitty_points"] == "always"
        decks = self.decks
        captures = captured(copies, d)
        pairs = tuple([(c["owner"], c["captor"]) for c in captures])
        won = sum([captor == d for _, captor in pairs])
        kitty = kitty_points if kitty_counts else 0
        final = _final_points(tricks[d], kitty, won, len(pairs) - won, bid, decks)
        game_points = list(_game_points(d, final, decks, pairs))
        card_points = list(tricks)
        card_points[d] = final
        return {
            "winners": [d] if game_points[d] > 0 else [s for s in range(PLAYERS) if s != d],
            "card_points": card_points,
            "game_points": game_points,
            "kitty_to_declarer": kitty_counts,
            "red_fives_captured": captures,
            "declarer_final_points": final,
        }

    def score_facts(self, facts: dict[str, Any]) -> dict[str, np.ndarray]:
        """`Game.score_facts`, scoring each hand as `_outcome` does (R4-40..R4-42) in one
        lean pass: the declarer's final points and the game points of each distinct
        (declarer, its trick points, the kitty it counts, the captured 5h, the bid)
        worked out once, the arrays built at the end (no numpy per hand)."""
        always, decks = self.options["kitty_points"] == "always", self.decks
        tricks_rows, declarers = facts["points"].tolist(), facts["declarer"].tolist()
        bids, kitties = facts["bid"].tolist(), facts["kitty_points"].tolist()
        lasts, fives = facts["last_winner"].tolist(), facts["red_fives"].tolist()
        scored: dict[tuple[Any, ...], tuple[int, tuple[int, ...], list[bool]]] = {}
        game_points, won = [], []
        rows = zip(tricks_rows, declarers, bids, kitties, lasts, fives, strict=True)
        for tricks, d, bid, kitty, last, copies in rows:
            # R4-40: the kitty counts for the declarer who won the last trick (or always,
            # under kitty_points="always")
            counted = kitty if last == d or always else 0
            # R4-41: each 5h played in a trick the other side won is captured
            pairs = tuple([(s, w) for s, w in copies if s >= 0 and (s == d) != (w == d)])
            key = (d, tricks[d], counted, pairs, bid)
            found = scored.get(key)
            if found is None:
                taken = sum([w == d for _, w in pairs])
                final = _final_points(tricks[d], counted, taken, len(pairs) - taken, bid, decks)
                points = _game_points(d, final, decks, pairs)  # R4-42
                declarer_won = points[d] > 0
                found = scored[key] = (
                    final,
                    points,
                    [(s == d) == declarer_won for s in range(PLAYERS)],
                )
            tricks[d] = found[0]  # the declarer's card points: its final F
            game_points.append(found[1])
            won.append(found[2])
        return scored_arrays(PLAYERS, game_points, tricks_rows, won, facts["actions"])

    def _batch_outcome(self, facts: dict[str, list[Any]], i: int) -> dict[str, Any]:
        copies = [(seat, winner) for seat, winner in facts["red_fives"][i] if seat >= 0]
        return self._outcome(
            facts["points"][i],
            facts["declarer"][i],
            facts["bid"][i],
            facts["kitty_points"][i],
            facts["last_winner"][i],
            copies,
        )


def captured(copies: list[tuple[int, int]], declarer: int) -> list[dict[str, int]]:
    """R4-41: of each 5h played, (its player, the trick's winner), the captured ones: those
    whose trick the other side won."""
    return [
        {"owner": seat, "captor": winner}
        for seat, winner in copies
        if (seat == declarer) != (winner == declarer)
    ]


# `play_batch` scores thousands of hands, mostly alike, with these pure functions of a
# few small numbers: they are remembered.


@lru_cache(maxsize=1 << 14)
def _final_points(tricks: int, kitty: int, won: int, lost: int, bid: int, decks: int) -> int:
    """R4-40, R4-41: `scoring.red_five_4p_final_points`."""
    return scoring.red_five_4p_final_points(tricks, kitty, won, lost, bid, decks)


@lru_cache(maxsize=1 << 14)
def _game_points(
    declarer: int, final: int, decks: int, captures: tuple[tuple[int, int], ...]
) -> tuple[int, ...]:
    """R4-42: `scoring.red_five_4p_game_points`."""
    return tuple(scoring.red_five_4p_game_points(declarer, final, decks, list(captures)))
