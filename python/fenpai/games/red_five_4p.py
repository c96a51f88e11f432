"""Red Five, 4 players, with bidding (红五 叫分): rules R4-1..R4-42.

The cards are dealt at once (R4-2). A random seat opens the bidding (R4-11); bids are
multiples of 5 in the range, each later bid 5, 10 or 15 above the high bid (R4-13); a
pass is final (R4-12). The declarer (R4-14) names trump (R4-20), takes and buries the
kitty (R4-21), and plays alone against three (R4-1) with simple leads only (R4-31).
Scoring: the declarer's card points F (R4-40, R4-41) and the game-point table (R4-42).
"""

from __future__ import annotations

from typing import Any

from fenpai import scoring
from fenpai._core import TrickRules
from fenpai.actions import Action
from fenpai.errors import IllegalAction
from fenpai.games.base import Choices, ListChoices
from fenpai.games.trick_game import TrickGame

RED_FIVE = "5h"


class RedFive4p(TrickGame):
    variant = "red_five_4p"
    SIDES = "alone"  # R4-1: the declarer alone against three
    OPTIONS = {
        "decks": (2, lambda v: v in (2, 3), "2 or 3"),
        "opening_bid": (
            "any",
            lambda v: v in ("any", "minimum"),
            "'any' or 'minimum' (R4-13)",
        ),
        "kitty_points": (
            "last_trick",
            lambda v: v in ("last_trick", "always"),
            "'last_trick' or 'always' (R4-40)",
        ),
    }

    def _players(self) -> int:
        return 4

    def kitty_size(self) -> int:
        return 8 if self.decks == 2 else 6  # R4-2

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.deal_all(self._first_seat or 0)
        self.low, self.high = scoring.red_five_4p_bid_range(self.decks)  # R4-10
        self.first_bidder = self._rng.below(4)  # R4-11
        self.bids: list[tuple[int, int | None]] = []
        self.passed: set[int] = set()
        self.high_bid: tuple[int, int] | None = None
        self.bidder = self.first_bidder
        self.bid: int | None = None
        self._phase = "bid"

    # -- bidding (R4-10..R4-14) ------------------------------------------------------------

    def bid_values(self) -> list[int]:
        """R4-13: the bids the current bidder may make."""
        if self.high_bid is None:
            if self.options["opening_bid"] == "minimum":
                return [self.low]
            return list(range(self.low, self.high + 1, 5))
        top = self.high_bid[1]
        return [top + step for step in (5, 10, 15) if top + step <= self.high]

    def _bid(self, seat: int, action: Action) -> str:
        if action.verb == "pass":
            self.passed.add(seat)
            self.bids.append((seat, None))
        elif action.verb == "bid":
            allowed = self.bid_values()
            if action.number not in allowed:
                raise IllegalAction(
                    f"bid {action.number} is not allowed: bids now are "
                    f"{', '.join(map(str, allowed))} (R4-10, R4-13)"
                )
            self.high_bid = (seat, action.number)
            self.bids.append((seat, action.number))
        else:
            raise IllegalAction("it is the bidding: 'bid N' or 'pass'")
        self._next_bidder()
        return action.text

    def _next_bidder(self) -> None:
        """R4-14: the bidding ends at the maximum, when three passed after a bid, or all passed."""
        if self.high_bid is not None and (self.high_bid[1] == self.high or len(self.passed) == 3):
            self.declarer, self.bid = self.high_bid
            self._phase = "trump"
            return
        if len(self.passed) == 4:
            self.declarer, self.bid = self.first_bidder, self.low
            self._phase = "trump"
            return
        seat = (self.bidder + 1) % 4
        while seat in self.passed:
            seat = (seat + 1) % 4
        self.bidder = seat

    # -- trump and kitty (R4-20, R4-21) -----------------------------------------------------

    def _trump(self, action: Action) -> str:
        if action.verb != "trump":
            raise IllegalAction("the declarer names trump now: 'trump s', 'trump h', …")
        self.rules = TrickRules("red_five_4p", trump=action.suit, decks=self.decks)
        self.start_kitty()
        return action.text

    # -- Game plumbing --------------------------------------------------------------------

    def to_act_before_play(self) -> list[int]:
        if self._phase == "bid":
            return [self.bidder]
        return [self.declarer_seat]

    def _choices(self, seat: int) -> Choices:
        if self._phase == "bid":
            return ListChoices([f"bid {b}" for b in self.bid_values()] + ["pass"])
        if self._phase == "trump":
            return ListChoices([f"trump {s}" for s in "shcd"])
        if self._phase == "kitty":
            return self.kitty_choices()
        return self._play_choices()

    def _act(self, seat: int, action: Action) -> str:
        if self._phase == "bid":
            return self._bid(seat, action)
        if self._phase == "trump":
            return self._trump(action)
        return self.bury(seat, action)

    def public_facts(self) -> dict[str, Any]:
        return {
            "bids": [[s, b] for s, b in self.bids],
            "high_bid": list(self.high_bid) if self.high_bid else None,
            "bid": self.bid,
            "first_bidder": self.first_bidder,
        }

    # -- scoring (R4-40..R4-42) --------------------------------------------------------------

    def red_fives(self) -> list[dict[str, int]]:
        """R4-41: every captured 5h — played in a trick won by the other side."""
        assert self.play is not None
        out = []
        for _, plays, _, winner, _ in self.play.tricks():
            for seat, cs in plays:
                copies = sum(str(c) == RED_FIVE for c in cs)
                if copies and (seat == self.declarer) != (winner == self.declarer):
                    out += [{"owner": seat, "captor": winner}] * copies
        return out

    def score(self) -> dict[str, Any]:
        assert self.play is not None and self.declarer is not None and self.bid is not None
        d = self.declarer
        tricks = self.play.points()
        kitty_points = sum(c.points for c in self.buried or [])
        won_last = self.last_trick_winner() == d
        kitty_counts = won_last or self.options["kitty_points"] == "always"
        captures = self.red_fives()
        won = sum(c["captor"] == d for c in captures)
        final = scoring.red_five_4p_final_points(
            tricks[d],
            kitty_points if kitty_counts else 0,
            won,
            len(captures) - won,
            self.bid,
            self.decks,
        )
        game_points = scoring.red_five_4p_game_points(
            d, final, self.decks, [(c["owner"], c["captor"]) for c in captures]
        )
        card_points = list(tricks)
        card_points[d] = final
        winners = [d] if game_points[d] > 0 else [s for s in range(4) if s != d]
        return {
            "winners": winners,
            "card_points": card_points,
            "game_points": game_points,
            "declarer": d,
            "bid": self.bid,
            "trump": self.rules.trump if self.rules else None,
            "kitty_points": kitty_points,
            "kitty_to_declarer": kitty_counts,
            "last_trick_winner": self.last_trick_winner(),
            "red_fives_captured": captures,
            "declarer_final_points": final,
        }
