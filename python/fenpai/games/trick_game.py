"""What the three trick-taking variants share: the deck, the kitty (C-4), and the play
of the hand (`TrickPlay`); the views and conservation of cards (C-61) around them.

Each variant's phases end with the burial (`Burial`, C-4) and the play; what comes
before (a deal with declarations, the bidding) is the variant's own. The facts the
views show are read from the phases' core objects.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from fenpai._core import Card, TrickPlay, TrickRules, cards, format_cards
from fenpai.games.base import Game, scored_arrays
from fenpai.games.phases import Step

ONE_DECK = cards(" ".join(r + s for s in "shcd" for r in "23456789TJQKA") + " LJ BJ")

#: How many legal actions a view lists at most.
VIEW_LEGAL_LIMIT = 100


def text(cs: list[Card]) -> str:
    return format_cards(cs)


def burial(game: Any, deal: Any) -> Any:
    """C-4: the declarer takes the kitty into hand and must bury as many cards."""
    return deal.burial()


def start_play(game: Any, before: Any) -> Any:
    """The play, the declarer leading (TR-21, R4-30, R5-30)."""
    return before.start_play()


KITTY = Step("kitty", burial)


class _Lists(dict[str, Any]):
    """The facts of `_core.play_outcomes` as Python lists, each made when first read: a
    variant's `_batch_outcome` reads some of them, a hand at a time."""

    def __init__(self, facts: dict[str, Any]):
        super().__init__()
        self._facts = facts

    def __missing__(self, key: str) -> Any:
        value = self._facts[key]
        self[key] = listed = value.tolist() if isinstance(value, np.ndarray) else value
        return listed


class TrickGame(Game):
    """A trick-taking hand: subclasses deal, bid or declare, then bury and play here."""

    __slots__ = ("_records", "_failures")

    DECKS_DEFAULT = 2
    #: Who plays with whom in the play (the core bots' `sides`): partners (0, 2) and (1, 3).
    SIDES = "partners"

    def _init_derived(self) -> None:
        # The closed tricks as views show them, made once each (see `trick_records`).
        self._records: list[dict[str, Any]] = []
        self._failures = [0] * self.num_players

    def _copy_into(self, new: Game) -> None:
        super()._copy_into(new)
        assert isinstance(new, TrickGame)
        new._records = []
        new._failures = [0] * self.num_players

    @property
    def decks(self) -> int:
        return int(self.options.get("decks", self.DECKS_DEFAULT))

    def kitty_size(self) -> int:
        raise NotImplementedError

    # -- facts of the hand, from its core objects ---------------------------------------

    @property
    def deal(self) -> Any:
        """The first phase's object: the deal (with its declarations or bidding)."""
        return self._objects["deal"]

    @property
    def play(self) -> TrickPlay | None:
        """The play of the hand, once it started."""
        return self._objects.get("play")

    @property
    def declarer(self) -> int | None:
        """The declarer (Tractor: the dealer), once known."""
        kitty = self._objects.get("kitty")
        return int(kitty.declarer) if kitty is not None else self._declarer_before_kitty()

    def _declarer_before_kitty(self) -> int | None:
        return None

    def search_context(self) -> dict[str, Any]:
        """What the play's search bot reads each seat's knowledge from: the variant, the
        phase objects before the play in order (`before`: declarations, reveals, the
        burial, the call) and the options (`TrickBot.choose` takes them as keywords)."""
        before = tuple(obj for key, obj in self._objects.items() if key != "play")
        return {"variant": self.variant, "before": before, **self.hands_options()}

    @property
    def rules(self) -> TrickRules | None:
        """The hand's rules once trump is known."""
        kitty = self._objects.get("kitty")
        rules: TrickRules | None = (kitty if kitty is not None else self.deal).rules
        return rules

    @property
    def kitty(self) -> list[Card]:
        """The kitty as set aside at the deal (C-4)."""
        return list(self.deal.kitty())

    @property
    def kitty_holder(self) -> int | None:
        """Who holds the kitty and buries: the declarer, or under Tractor's kitty theft
        the last stealer (TRO-112); None before the kitty is taken up."""
        kitty = self._objects.get("kitty")
        return None if kitty is None else int(kitty.burier)

    def kitty_taken(self) -> list[Card]:
        """The cards the kitty's holder took up (C-4): the deal's kitty, or the burial a
        stealer took (TRO-112), which only that holder may see."""
        kitty = self._objects.get("kitty")
        taken = None if kitty is None else kitty.taken()
        return self.kitty if taken is None else list(taken)

    @property
    def kitty_stage(self) -> str | None:
        """In the kitty phase, "bury" while the kitty's holder buries and "steal" while,
        under Tractor's kitty theft, a seat is asked whether it steals (TRO-112); None in
        the other phases."""
        kitty = self._objects.get("kitty")
        if kitty is None or self.phase != "kitty":
            return None
        return "bury" if kitty.buried() is None else "steal"

    @property
    def buried(self) -> list[Card] | None:
        """The buried cards, in strength order, once buried (C-4)."""
        kitty = self._objects.get("kitty")
        return None if kitty is None else kitty.buried()

    def sort(self, cs: list[Card]) -> list[Card]:
        rules = self.rules
        return rules.sort(cs) if rules else sorted(cs, key=lambda c: -c.index)

    def hand_of(self, seat: int) -> list[Card]:
        """`seat`'s cards now, in the order views show them."""
        self._check_seat_number(seat)
        return list(self._cur.hand(seat))

    def hand_sizes(self) -> list[int]:
        return list(self._cur.hand_sizes())

    def points_so_far(self) -> list[int]:
        play = self.play
        return play.points() if play is not None else [0] * self.num_players

    def undealt(self) -> list[Card]:
        """The cards still to be dealt to the players (none once the deal is over)."""
        return []

    def all_cards(self) -> list[Card]:
        """C-61: every card copy in the game, wherever it is now."""
        if "kitty" in self._objects:
            out: list[Card] = list(self.buried or [])
        else:
            out = self.kitty + self.undealt()
        for s in range(self.num_players):
            out += self._cur.hand(s)
        play = self.play
        if play is not None:
            for _, plays, _, _, _ in play.tricks():
                for _, cs in plays:
                    out += cs
            for _, cs in play.trick():
                out += cs
        return out

    # -- views ------------------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        declarer = self.declarer
        rules = self.rules
        v: dict[str, Any] = {
            "variant": self.variant,
            "phase": self.phase,
            "to_act": self.to_act,
            "hand_sizes": self.hand_sizes(),
            "trick": [],
            "points": self.points_so_far(),
            "declarer": declarer,
        }
        if seat is not None:
            v["seat"] = seat
            v["hand"] = text(self.hand_of(seat))
            v["legal_actions"] = self.legal_actions(seat, VIEW_LEGAL_LIMIT)
            v["num_legal"] = self.num_legal(seat)
            buried, holder = self.buried, self.kitty_holder
            if seat == holder and buried is not None:
                v["kitty"] = text(buried)
            if seat == holder and self.kitty_stage == "bury":
                # C-4: only the holder knows which cards of its hand it took up (TRO-112).
                v["kitty_cards"] = text(self.sort(self.kitty_taken()))
                v["bury_count"] = self.kitty_size()
        if rules is not None:
            v["trump"] = rules.trump
            v["level"] = rules.level
        v["table_points"] = 0
        play = self.play
        if play is not None:
            trick = play.trick()
            v["trick"] = [[s, text(cs)] for s, cs in trick]
            v["table_points"] = sum(c.points for _, cs in trick for c in cs)  # C-43, so far
            records = self.trick_records()
            attempted = play.attempted()
            v["failed_throw"] = None
            if attempted is not None:
                thrower, forced = trick[0]
                previous = play.failed_throws()[thrower] - 1  # this one is counted
                v["failed_throw"] = self.failed_throw(thrower, attempted, forced, previous)
            v["tricks_played"] = len(records)
            v["tricks"] = records
            v["last_trick"] = records[-1] if records else None
            v["failed_throws"] = play.failed_throws()
        if self.phase == "done":
            buried = self.buried
            if buried is not None:
                v["kitty"] = text(buried)
            v["result"] = self.result
        v.update(self.public_facts())
        if seat is not None:
            v.update(self.seat_facts(seat))
        return v

    def public_facts(self) -> dict[str, Any]:
        """The variant's public facts for views (bids, friend, …)."""
        return {}

    def seat_facts(self, seat: int) -> dict[str, Any]:
        """What only `seat` knows of the variant's facts (over the public ones)."""
        return {}

    def trick_records(self) -> list[dict[str, Any]]:
        """The closed tricks of the hand, public (C-43, C-51): leader, plays (the lead as it
        stood first), winner, points, and the failed throw (None when none). A closed
        trick never changes, so each is made once; views share them, read-only."""
        assert self.play is not None
        for leader, plays, attempted, winner, points in self.play.tricks(len(self._records)):
            failed = None
            if attempted is not None:
                failed = self.failed_throw(leader, attempted, plays[0][1], self._failures[leader])
                self._failures[leader] += 1
            self._records.append(
                {
                    "leader": leader,
                    "plays": [[s, text(cs)] for s, cs in plays],
                    "winner": winner,
                    "points": points,
                    "failed_throw": failed,
                }
            )
        return list(self._records)

    def failed_throw(
        self, seat: int, attempted: list[Card], forced: list[Card], previous: int
    ) -> dict[str, Any]:
        """C-51: a failed throw as every player sees it: who threw, what was attempted, the
        forced play, and the variant's penalty (`previous`: the thrower's earlier failures)."""
        return {
            "seat": seat,
            "attempted": text(attempted),
            "forced": text(forced),
            "penalty": self.throw_penalty(seat, previous),
        }

    def throw_penalty(self, seat: int, previous: int) -> dict[str, Any] | None:
        """The variant's penalty for a failed throw (R5-31, TR-41); None without one."""
        return None

    # -- end of hand ------------------------------------------------------------------------

    def _abandoned(self) -> dict[str, Any]:
        """A void hand (no rule of the variant scores an abandoned one), with its declarer."""
        return {**super()._abandoned(), "declarer": self.declarer}

    def score_facts(self, facts: dict[str, Any]) -> dict[str, np.ndarray]:
        """`Game.score_facts`: each hand scored by the variant's `_outcome`, as `result`
        scores it, from the facts as lists."""
        rows = _Lists(facts)
        n = self.num_players
        scored = [self._batch_outcome(rows, i) for i in range(len(facts["actions"]))]
        won = [[s in o["winners"] for s in range(n)] for o in scored]
        game_points = [o["game_points"] for o in scored]
        card_points = [o["card_points"] for o in scored]
        return scored_arrays(n, game_points, card_points, won, facts["actions"])

    def _batch_outcome(self, facts: dict[str, list[Any]], i: int) -> dict[str, Any]:
        """The variant's `_outcome` of hand `i` of `play_outcomes`' facts."""
        raise NotImplementedError

    def last_trick_winner(self) -> int:
        """C-60: the winner of the last trick, by whom each variant scores the kitty."""
        play = self.play
        last = None if play is None else play.last_trick()
        assert last is not None  # scored hands have tricks
        return last[3]
