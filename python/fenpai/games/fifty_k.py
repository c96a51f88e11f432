"""Fifty-K (五十K / 510K): rules FK-1..FK-53, house rules FKO-10, FKO-20..FKO-35 and
FKO-40..FKO-48.

One deck without jokers for 3 or 4 players. Four players get 13 cards each; with three
the deal starts at a random seat and deals every card, so that seat holds 18 (FK-1).
The holder of 3h leads (FK-2). With `decks` 2 to 4 (FKO-22), 4 to 8 players (FKO-23)
share every card of the decks, jokers included, and the holder of the 3h dealt first
leads (FKO-24). The play of the hand — beating or passing, collecting the table's
points, going out, the end of the hand — runs in the Rust core: `FiftyKPlay` for one
deck (FK-30..FK-33, FK-40, FK-50), `FiftyKPilePlay` for several (FKO-25..FKO-30);
scoring is `fenpai.scoring` (FK-41..FK-43, FK-51..FK-53, FKO-31..FKO-35). Under
`tribute` (FKO-42) a hand with a previous one starts with the tribute and its return,
the end of the deal (phase "deal", `fenpai.games.fifty_k_tribute`), the core's
`FiftyKTribute`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from fenpai import scoring
from fenpai._core import (
    Card,
    FiftyKPilePlay,
    FiftyKPlay,
    FiftyKTribute,
    cards,
    fifty_k_deal,
    format_cards,
)
from fenpai.games.base import Game
from fenpai.games.fifty_k_decks import (
    check_table,
    sample_deal,
    score_pile_facts,
    score_pile_hand,
)
from fenpai.games.fifty_k_tribute import (
    check_tribute,
    is_order,
    sees_return,
    tribute_seats,
    tribute_view,
)
from fenpai.games.fifty_k_tribute_sample import sample_tribute_world
from fenpai.games.options import TOURNAMENT, Option, Preset, one_of
from fenpai.games.phases import FiftyKPlayStep, Step


def dealt(game: Any) -> tuple[list[list[Card]], int, int]:
    """FK-1, FK-2, FKO-24: the hands dealt, the seat of the first card and the leader."""
    hands, first, leader = fifty_k_deal(
        game._seed, game.num_players, game._deck_text(), game._first_seat, game.decks
    )
    return hands, first, leader


def make_tribute(game: Any, _: Any) -> FiftyKTribute:
    """FKO-42, FKO-43: the tribute of the dealt hands (the phase "deal"), the giver and
    receiver from the previous hand's places; FKO-45: over at once for an exempt giver."""
    giver, receiver = tribute_seats(list(game.options["previous_order"]), game.num_players)
    return FiftyKTribute(dealt(game)[0], giver, receiver, game.decks)


def play(game: Any, before: FiftyKTribute | None) -> FiftyKPlay | FiftyKPilePlay:
    """FK-1: the deal (with three players from a random seat, unless `first_seat` is
    given); FK-2: the holder of 3h leads; FK-30..FK-33, FK-40, FK-50: the play, in the core.
    With several decks, FKO-23, FKO-24 and the play of FKO-25..FKO-30. After a tribute
    (FKO-46), the hands it leaves, the giver leading (FKO-47)."""
    if before is None:
        hands, _, leader = dealt(game)
    else:
        hands = [before.hand(s) for s in range(game.num_players)]
        leader = dealt(game)[2] if before.exempt else before.giver
    if game.decks == 1:
        return FiftyKPlay(hands, leader, **game.play_rules())
    return FiftyKPilePlay(hands, leader, game.decks, **game.play_rules())


class FiftyK(Game):
    __slots__ = ("_dealt",)

    variant = "fifty_k"
    NAME = "Fifty-K (五十K)"
    PLAYER_COUNTS = (3, 4, 5, 6, 7, 8)
    OPTIONS = {
        "players": one_of(
            4,
            {
                4: ("FK-1", "Four players in two teams."),
                3: ("FK-1", "Three players, each alone."),
                5: ("FKO-23", "Five players, each alone (2 to 4 decks)."),
                6: ("FKO-23", "Six players in two teams of alternate seats (2 to 4 decks)."),
                7: ("FKO-23", "Seven players, each alone (2 to 4 decks)."),
                8: ("FKO-23", "Eight players in two teams of alternate seats (2 to 4 decks)."),
            },
            about="How many play.",
            rules=("FK-1", "FKO-23"),
            expected="3 to 8 (FK-1, FKO-23)",
            setup=True,
        ),
        "decks": one_of(
            1,
            {
                1: ("FKO-21", "One deck of 52 cards without jokers, 3 or 4 players."),
                2: ("FKO-22", "Two decks with their jokers, 108 cards, 4 to 8 players."),
                3: ("FKO-22", "Three decks with their jokers, 162 cards, 4 to 8 players."),
                4: ("FKO-22", "Four decks with their jokers, 216 cards, 4 to 8 players."),
            },
            about="How many decks are shuffled together.",
            rules=("FKO-20",),
            expected="1, 2, 3 or 4 (FKO-20)",
            setup=True,
        ),
        "lead_after_out": one_of(
            "next",
            {
                "next": ("FK-32", "The next seat still holding cards leads."),
                "partner": ("FK-32", "The partner leads if still in (4 players)."),
            },
            about="Who leads after a player goes out with a combination that collects.",
            rules=("FK-32",),
            expected="'next' or 'partner' (FK-32)",
        ),
        "pure_fifty_k_order": one_of(
            "suit",
            {
                "suit": ("FKO-11", "Pure fifty-Ks compare by suit, spades highest."),
                "equal": ("FKO-12", "Pure fifty-Ks are equal: only a bomb beats one."),
            },
            about="How one pure fifty-K compares with another.",
            rules=("FKO-10",),
        ),
        "tribute": one_of(
            "none",
            {
                "none": ("FKO-41", "No tribute between hands."),
                "highest": (
                    "FKO-42",
                    "In a match, the last player gives the first out their highest card, "
                    "who gives one back.",
                ),
            },
            about="Whether the last player of a match's previous hand pays a tribute.",
            rules=("FKO-40",),
        ),
        "previous_order": Option(
            None,
            is_order,
            "None or every seat once, first out to last (FKO-43)",
            about="The previous hand's places, first out to last: a match fills them in.",
            rules=("FKO-43",),
        ),
    }
    PRESETS = (
        TOURNAMENT,
        Preset(
            "equal_pure_fifty_ks",
            "Equal pure fifty-Ks",
            "No suit order: on a pure fifty-K only a bomb can be played (FKO-12).",
            {"pure_fifty_k_order": "equal"},
        ),
        Preset(
            "two_decks",
            "510K, 2 decks",
            "Two decks with their jokers, 27 cards each for four players: bombs of 4 to 8, "
            "the king bomb (FKO-22..FKO-28). Four to eight may play.",
            {"decks": 2},
        ),
    )
    #: `decks` is one (FKO-20): a game of one deck is written as it always was.
    HOUSE_RULES = ("pure_fifty_k_order", "decks", "tribute")
    #: One phase: the play of the dealt hands.
    PHASES = (FiftyKPlayStep(play),)
    #: FKO-42: the tribute and its return, which complete the deal, then the play.
    TRIBUTE_PHASES = (Step("deal", make_tribute), FiftyKPlayStep(play))

    def _check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        out = super()._check_options(options)
        check_table(out)
        check_tribute(out)
        if out["previous_order"] is not None:
            out["previous_order"] = list(out["previous_order"])
        return out

    def stated_options(self) -> dict[str, Any]:
        """`Game.stated_options`, `previous_order` left out when None (FKO-43): a hand
        without a previous one is written as it always was."""
        out = super().stated_options()
        if out["previous_order"] is None:
            del out["previous_order"]
        return out

    def phases(self) -> tuple[Step, ...]:
        """FKO-42: the tribute first when the previous hand's places are known."""
        if self.options["previous_order"] is None:
            return self.PHASES
        return self.TRIBUTE_PHASES

    @property
    def tribute(self) -> FiftyKTribute | None:
        """FKO-42: the tribute of this hand (its phase "deal"), or None when it has none."""
        tribute: FiftyKTribute | None = self._objects.get("deal")
        return tribute

    def _players(self) -> int:
        return int(self.options["players"])

    @property
    def decks(self) -> int:
        """FKO-20: how many decks are shuffled together."""
        return int(self.options["decks"])

    def play_rules(self) -> dict[str, Any]:
        """The options the play of the hand takes (FK-32, FKO-10)."""
        return {name: self.options[name] for name in ("lead_after_out", "pure_fifty_k_order")}

    def core_options(self) -> dict[str, Any]:
        """The options the core's phases take: its `decks` when several (FKO-20), the
        tribute (FKO-40) and, after a previous hand, its giver and receiver
        (`tribute_seats`, FKO-43)."""
        out = {"players": self.num_players, **self.play_rules()}
        if self.options["decks"] != 1:
            out["decks"] = self.decks
        if self.options["tribute"] != "none":
            out["tribute"] = self.options["tribute"]
            order = self.options["previous_order"]
            if order is not None:
                out["tribute_seats"] = tribute_seats(list(order), self.num_players)
        return out

    def layout_decks(self) -> int:
        """FKO-20: several decks have an observation layout of their own."""
        return self.decks

    def layout_options(self) -> dict[str, Any]:
        """`Game.layout_options`: several decks have a layout of their own (FKO-20), and
        under the option `tribute` each layout adds the tribute's fields (FKO-40)."""
        o = self.options
        return {"decks": o["decks"], "tribute": o["tribute"]}

    def sample_world(self, seat: int, seed: int) -> Game:
        """`Game.sample_world`; with several decks or the option `tribute` a uniform deal
        of the cards `seat` cannot see over the other seats' hand sizes, in which the
        leader holds a 3h dealt before every other seat's (FK-2, FKO-24), replayed
        through this game's history; after a tribute, a deal agreeing with it too
        (`fenpai.games.fifty_k_tribute_sample`, FKO-42..FKO-48)."""
        if self.decks == 1 and self.options["tribute"] == "none":
            return super().sample_world(seat, seed)
        self._check_seat_number(seat)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
            raise ValueError(f"seed must be an integer 0..2**64-1, not {seed!r}")
        if self.tribute is not None:
            return sample_tribute_world(self, seat, seed)
        deck = sample_deal(self, seat, seed)
        # The sample's own seed (C-5), never this game's, from which the real deal follows.
        new = FiftyK(seed=seed, deck=deck, first_seat=self.first_seat, **self.stated_options())
        for actor, action in self.history:
            new.apply(actor, action)
        new._resigned = self._resigned
        return new

    def _init_derived(self) -> None:
        self._dealt: tuple[int, int, list[list[Card]]] | None = None

    def _copy_into(self, new: Game) -> None:
        super()._copy_into(new)
        assert isinstance(new, FiftyK)
        new._dealt = self._dealt

    def _deal_facts(self) -> tuple[int, int, list[list[Card]]]:
        """FK-1, FK-2: the seat of the first card, the leader and each hand in the order
        dealt (found again from the configuration when first asked)."""
        if self._dealt is None:
            hands, first, leader = dealt(self)
            self._dealt = (first, leader, hands)
        return self._dealt

    @property
    def first_seat(self) -> int:
        """FK-1: the seat of the first card."""
        return self._deal_facts()[0]

    def _dealt_from(self) -> int:
        return self.first_seat

    def _received(self, seat: int) -> list[Card]:
        return self._deal_facts()[2][seat]

    @property
    def leader(self) -> int:
        """FK-2: the holder of 3h, who leads (FKO-24 with several decks); after a
        tribute, the giver (FKO-47)."""
        tribute = self.tribute
        if tribute is not None and not tribute.exempt:
            return tribute.giver
        return self._deal_facts()[1]

    @property
    def play(self) -> FiftyKPlay | FiftyKPilePlay:
        """The play of the hand (its last phase; the tribute comes before it, FKO-42)."""
        play: FiftyKPlay | FiftyKPilePlay = self._objects["play"]
        return play

    def top_play(self) -> dict[str, Any] | None:
        """The combination to beat, its cards and kind, and who played it."""
        play = self.play
        if isinstance(play, FiftyKPlay):
            top = play.top()
            return (
                None if top is None else {"seat": top[1], "cards": str(top[0]), "kind": top[0].kind}
            )
        pile_top = play.top()
        if pile_top is None:
            return None
        text, kind, seat = pile_top
        return {"seat": seat, "cards": text, "kind": kind}

    # -- views ------------------------------------------------------------------------------

    def hand_of(self, seat: int) -> list[Card]:
        self._check_seat_number(seat)
        hand: list[Card] = self._cur.hand(seat)
        return hand

    def _play_view(self) -> dict[str, Any]:
        """The public facts of the play: none yet during the tribute (FKO-42)."""
        if "play" not in self._objects:
            n = self.num_players
            return {
                "hand_sizes": self._cur.hand_sizes(),
                "trick": [],
                "points": [0] * n,
                "top": None,
                "table_points": 0,
                "passed": [],
                "finished": [],
            }
        return {
            "hand_sizes": self.play.hand_sizes(),
            "trick": [[s, str(c)] for s, c in self.play.round()],
            "points": self.play.collected(),
            "top": self.top_play(),
            "table_points": self.play.table_points(),
            "passed": self.play.passed(),
            "finished": self.play.finished(),
        }

    def _view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {
            "variant": self.variant,
            "phase": self.phase,
            "to_act": self.to_act,
            **self._play_view(),
            "leader": self.leader,
        }
        tribute = self.tribute
        if tribute is not None:
            v["tribute"] = tribute_view(tribute, v["phase"] == "deal")
        if seat is not None:
            v["seat"] = seat
            v["hand"] = format_cards(self.hand_of(seat))
            if tribute is not None and sees_return(tribute, seat):
                v["tribute_returned"] = tribute.returned
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

    def score_facts(self, facts: dict[str, Any]) -> dict[str, np.ndarray]:
        """`Game.score_facts` in one batch of arrays (FK-41..FK-43, FK-51..FK-53; with
        several decks FKO-30..FKO-35, hand by hand as `result` scores them)."""
        if self.options["decks"] != 1:
            return score_pile_facts(self, facts)
        collected, order = facts["points"], facts["finish_order"]
        left = facts["hand_points_left"]
        seats = np.arange(self.num_players)
        if self.num_players == 4:
            scored = scoring.fifty_k_4p_table(collected, order, left)
            won = seats % 2 == scored["winner"][:, None]
        else:
            scored = scoring.fifty_k_3p_table(collected, order, left)
            won = seats == scored["ranking"][:, :1]
        return {
            "game_points": scored["game_points"].astype(float, copy=False),
            "card_points": scored["card_points"].astype(float),
            "won": won,
            "actions": facts["actions"],
        }

    def _score(self) -> dict[str, Any]:
        collected, order = self.play.collected(), self.play.finished()
        left = self.play.hand_points()
        n, decks = self.num_players, self.decks
        if decks > 1:  # FKO-30..FKO-35
            scored, winners = score_pile_hand(collected, order, left, n, decks)
        elif n == 4:
            scored = scoring.fifty_k_4p(collected, order, left)  # FK-41..FK-43
            winners = [s for s in range(n) if s % 2 == scored["winner"]]
        else:
            scored = scoring.fifty_k_3p(collected, order, left)  # FK-51..FK-53
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
            out += self.hand_of(s)
        if "play" not in self._objects:
            return out
        for _, action in self.play.log():
            if action.startswith("play "):
                out += cards(action[5:].split(" as ")[0])
        return out
