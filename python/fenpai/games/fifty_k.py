"""Fifty-K (五十K / 510K), 3 or 4 players: rules FK-1..FK-53.

One deck without jokers. Four players get 13 cards each; with three the deal starts
at a random seat and deals every card, so that seat holds 18 (FK-1). The holder of 3h
leads (FK-2). The play of the hand — beating or passing, collecting the table's
points, going out, the end of the hand — runs in the Rust core (`FiftyKPlay`,
FK-30..FK-33, FK-40, FK-50); scoring is `fenpai.scoring` (FK-41..FK-43, FK-51..FK-53).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fenpai import scoring
from fenpai._core import Card, FiftyKPlay, cards, format_cards
from fenpai.actions import parse_action
from fenpai.errors import IllegalAction
from fenpai.games.base import Choices, Game

if TYPE_CHECKING:
    from fenpai.bots import Bot

ONE_DECK = cards(" ".join(r + s for s in "shcd" for r in "23456789TJQKA"))
LEADER_CARD = "3h"  # FK-2


class PlayActions:
    """The legal actions of the seat to act, counted and indexed in the core."""

    def __init__(self, play: FiftyKPlay):
        self._play = play

    def count(self) -> int:
        return self._play.num_legal()

    def text(self, index: int) -> str:
        return self._play.legal_action(index)

    def texts(self, limit: int | None) -> list[str]:
        return self._play.legal_actions(limit)


class FiftyK(Game):
    variant = "fifty_k"
    OPTIONS = {
        "players": (4, lambda v: v in (3, 4), "3 or 4 (FK-1)"),
        "lead_after_out": (
            "next",
            lambda v: v in ("next", "partner"),
            "'next' or 'partner' (FK-32)",
        ),
    }

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        n = self.num_players
        if self._first_seat is not None:
            first = self._first_seat
        else:
            first = 0 if n == 4 else self._rng.below(3)  # FK-1: a random seat starts
        hands: list[list[Card]] = [[] for _ in range(n)]
        for i, c in enumerate(self._deck):
            hands[(first + i) % n].append(c)
        self.first_seat = first
        self.leader = next(s for s, h in enumerate(hands) if any(str(c) == LEADER_CARD for c in h))
        self.play = FiftyKPlay(hands, self.leader, self.options["lead_after_out"])
        self._result: dict[str, Any] | None = None

    def _players(self) -> int:
        return int(self.options["players"])

    def _full_deck(self) -> list[Card]:
        return list(ONE_DECK)

    @property
    def phase(self) -> str:
        return "done" if self._resigned is not None or self.play.done else "play"

    @property
    def to_act(self) -> list[int]:
        seat = self.play.to_act
        return [] if self.phase == "done" or seat is None else [seat]

    def _choices(self, seat: int) -> Choices:
        return PlayActions(self.play)

    def legal_actions(self, seat: int, limit: int | None = None) -> list[str]:
        if self.phase == "done" or seat != self.play.to_act:
            return []
        return self.play.legal_actions(limit)

    def num_legal(self, seat: int) -> int:
        if self.phase == "done" or seat != self.play.to_act:
            return 0
        return self.play.num_legal()

    def apply_legal(self, seat: int, index: int) -> None:
        self._check_turn(seat)
        try:
            self.play.apply_legal(index)
        except ValueError as err:
            raise IllegalAction(str(err)) from None

    def apply(self, seat: int, action: str) -> None:
        """FK-30: beat the table with `play CARDS [as KIND]` (FK-17), or `pass`."""
        self._check_turn(seat)
        act = parse_action(action)
        if act.verb == "pass":
            try:
                self.play.apply_pass(seat)
            except ValueError as err:
                raise IllegalAction(str(err)) from None
            return
        if act.verb != "play":
            raise IllegalAction("Fifty-K takes 'play CARDS [as KIND]' or 'pass'")
        try:  # the core checks the play before it changes anything
            self.play.apply_play(seat, list(act.cards), act.kind)
        except ValueError as err:
            raise IllegalAction(str(err)) from None

    @property
    def history(self) -> list[tuple[int, str]]:
        return self.play.log()

    @property
    def num_actions(self) -> int:
        return self.play.log_len()

    @property
    def last_action(self) -> tuple[int, str] | None:
        return self.play.last_log()

    def run_in_core(self, bots: list[Bot]) -> None:
        """Plays the rest of the hand in the core, `bots[seat].fk_bot` choosing for each seat."""
        self.play.play_out([b.fk_bot for b in bots])

    # -- views ------------------------------------------------------------------------------

    def hand_of(self, seat: int) -> list[Card]:
        return self.play.hand(seat)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        if seat is not None and (not isinstance(seat, int) or not 0 <= seat < self.num_players):
            raise ValueError(f"there is no seat {seat!r}")
        top = self.play.top()
        v: dict[str, Any] = {
            "variant": self.variant,
            "phase": self.phase,
            "to_act": self.to_act,
            "hand_sizes": self.play.hand_sizes(),
            "trick": [[s, str(c)] for s, c in self.play.round()],
            "points": self.play.collected(),
            "top": None
            if top is None
            else {"seat": top[1], "cards": str(top[0]), "kind": top[0].kind},
            "table_points": self.play.table_points(),
            "passed": self.play.passed(),
            "finished": self.play.finished(),
            "leader": self.leader,
        }
        if seat is not None:
            v["seat"] = seat
            v["hand"] = format_cards(self.play.hand(seat))
            v["legal_actions"] = self.legal_actions(seat, 100)
            v["num_legal"] = self.num_legal(seat)
        if self.phase == "done":
            result = self.result
            assert result is not None  # a finished hand has a result
            v["result"] = result
            if "points_left_in_hand" in result:  # public once the hand is over
                v["points_left_in_hand"] = result["points_left_in_hand"]
        return v

    def point_cards_left(self) -> list[str]:
        """FK-41, FK-51: per seat, the point cards still in its hand (card text), which
        cost their value at the end of the hand and become public then."""
        return [
            format_cards([c for c in self.play.hand(s) if c.points])
            for s in range(self.num_players)
        ]

    # -- scoring ----------------------------------------------------------------------------

    @property
    def result(self) -> dict[str, Any] | None:
        if self.phase != "done":
            return None
        if self._result is None:
            self._result = self._score()
        return self._result

    def _score(self) -> dict[str, Any]:
        if self._resigned is not None:
            zero = [0] * self.num_players
            return {
                "card_points": zero,
                "game_points": zero,
                "winners": [],
                "escaped": self._resigned,
            }
        collected, order = self.play.collected(), self.play.finished()
        left = self.play.hand_points()
        if self.num_players == 4:
            scored = scoring.fifty_k_4p(collected, order, left)  # FK-41..FK-43
        else:
            scored = scoring.fifty_k_3p(collected, order, left)  # FK-51..FK-53
        if self.num_players == 4:
            winners = [s for s in range(4) if s % 2 == scored["winner"]]
        else:
            winners = [scored["ranking"][0]]
        return {
            **scored,
            "winners": winners,
            "collected": collected,
            "finish_order": order,
            "hand_points_left": left,
            "points_left_in_hand": self.point_cards_left(),
            "escaped": None,
        }

    def all_cards(self) -> list[Card]:
        """C-61: every card, in a hand or played."""
        out: list[Card] = []
        for s in range(self.num_players):
            out += self.play.hand(s)
        for _, action in self.play.log():
            if action.startswith("play "):
                out += cards(action[5:])
        return out
