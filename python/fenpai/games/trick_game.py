"""What the three trick-taking variants share: the deck, the kitty (C-4), and the play
of the hand, which runs in the Rust core (`TrickPlay`); the views and conservation of
cards (C-61) around them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fenpai._core import Card, TrickPlay, TrickRules, cards, format_cards
from fenpai.actions import Action, parse_action
from fenpai.errors import IllegalAction
from fenpai.games.base import CardChoices, Choices, Game

if TYPE_CHECKING:
    from fenpai.bots import Bot

ONE_DECK = cards(" ".join(r + s for s in "shcd" for r in "23456789TJQKA") + " LJ BJ")

#: How many legal actions a view lists at most.
VIEW_LEGAL_LIMIT = 100


def text(cs: list[Card]) -> str:
    return format_cards(cs)


def take(hand: list[Card], played: list[Card] | tuple[Card, ...]) -> list[Card] | None:
    """`hand` without `played` (a multiset difference), or None if `hand` lacks a card."""
    rest = list(hand)
    for c in played:
        try:
            rest.remove(c)
        except ValueError:
            return None
    return rest


def missing(hand: list[Card], played: list[Card] | tuple[Card, ...]) -> str:
    """The first card of `played` that `hand` does not hold (enough copies of)."""
    rest = list(hand)
    for c in played:
        if c in rest:
            rest.remove(c)
        else:
            return str(c)
    return ""


class PlayChoices:
    """The play phase's legal actions, counted and indexed in the core."""

    def __init__(self, play: TrickPlay):
        self._play = play

    def count(self) -> int:
        return self._play.num_legal()

    def text(self, index: int) -> str:
        return "play " + self._play.legal_play(index)

    def texts(self, limit: int | None) -> list[str]:
        return ["play " + t for t in self._play.legal_plays(limit)]


class TrickGame(Game):
    """A trick-taking hand: subclasses deal, bid or declare, then bury and play here."""

    DECKS_DEFAULT = 2
    #: Who plays with whom in the play (the core bots' `sides`): partners (0, 2) and (1, 3).
    SIDES = "partners"

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self._phase = "deal"
        self.hands: list[list[Card]] = [[] for _ in range(self.num_players)]
        self.kitty: list[Card] = []
        self.buried: list[Card] | None = None
        self.rules: TrickRules | None = None
        self.play: TrickPlay | None = None
        self.declarer: int | None = None
        self.kitty_taken = False
        self._result: dict[str, Any] | None = None
        # The closed tricks as views show them, made once each (see `trick_records`).
        self._records: list[dict[str, Any]] = []
        self._failures = [0] * self.num_players

    @property
    def decks(self) -> int:
        return int(self.options.get("decks", self.DECKS_DEFAULT))

    def _full_deck(self) -> list[Card]:
        return ONE_DECK * self.decks

    def kitty_size(self) -> int:
        raise NotImplementedError

    def deal_all(self, first: int) -> None:
        """C-5: card i to seat (first + i) mod n until the hands are full; the rest is the kitty."""
        n, k = self.num_players, self.kitty_size()
        dealt = len(self._deck) - k
        for i, c in enumerate(self._deck[:dealt]):
            self.hands[(first + i) % n].append(c)
        self.kitty = list(self._deck[dealt:])

    # -- phases ----------------------------------------------------------------------------

    @property
    def phase(self) -> str:
        return "done" if self._resigned is not None else self._phase

    def sort(self, cs: list[Card]) -> list[Card]:
        return self.rules.sort(cs) if self.rules else sorted(cs, key=lambda c: -c.index)

    @property
    def declarer_seat(self) -> int:
        """The declarer, once known (every phase from the kitty on has one)."""
        if self.declarer is None:
            raise RuntimeError(f"{self.variant} has no declarer yet (phase {self._phase})")
        return self.declarer

    def start_kitty(self) -> None:
        """C-4: the declarer takes the kitty into hand and must bury as many cards."""
        self.hands[self.declarer_seat] += self.kitty
        self.kitty_taken = True
        self._phase = "kitty"

    def kitty_choices(self) -> Choices:
        return CardChoices("bury", self.sort(self.hands[self.declarer_seat]), self.kitty_size())

    def bury(self, seat: int, action: Action) -> str:
        """C-4: buries `kitty_size` cards from the declarer's hand."""
        if action.verb != "bury":
            raise IllegalAction(f"the declarer must bury {self.kitty_size()} cards now")
        if len(action.cards) != self.kitty_size():
            raise IllegalAction(f"bury exactly {self.kitty_size()} cards, not {len(action.cards)}")
        rest = take(self.hands[seat], action.cards)
        if rest is None:
            raise IllegalAction(f"you do not hold {missing(self.hands[seat], action.cards)}")
        ordered = self.sort(list(action.cards))
        self.hands[seat] = rest
        self.buried = ordered
        self.after_bury()
        return action.with_cards(ordered).text

    def after_bury(self) -> None:
        """The next phase after burying (the friend call in Red Five 5p, else play)."""
        self.start_play()

    def start_play(self) -> None:
        assert self.rules is not None and self.declarer is not None
        self.play = TrickPlay(self.rules, self.hands, self.declarer)
        self.hands = []
        self._phase = "play"

    # -- the play phase runs in the core ------------------------------------------------

    def _play_choices(self) -> Choices:
        assert self.play is not None
        return PlayChoices(self.play)

    def legal_actions(self, seat: int, limit: int | None = None) -> list[str]:
        if self.phase == "play" and self.play is not None:
            if seat != self.play.to_act:
                return []
            return ["play " + t for t in self.play.legal_plays(limit)]
        return super().legal_actions(seat, limit)

    def num_legal(self, seat: int) -> int:
        if self.phase == "play" and self.play is not None:
            return self.play.num_legal() if seat == self.play.to_act else 0
        return super().num_legal(seat)

    def apply_legal(self, seat: int, index: int) -> None:
        if self.phase == "play" and self.play is not None and seat == self.play.to_act:
            try:
                self.play.apply_legal(index)
            except ValueError as err:
                raise IllegalAction(str(err)) from None
            self.after_play()
            return
        super().apply_legal(seat, index)

    def play_cards(self, seat: int, action: Action) -> None:
        """C-24..C-51 through the core; the play's log is the play phase's history."""
        assert self.play is not None
        if action.verb != "play":
            raise IllegalAction("it is the play phase: 'play CARDS'")
        if action.kind is not None:
            raise IllegalAction(f"'as {action.kind}' is only for Fifty-K")
        try:  # the core checks the play before it changes anything
            self.play.apply(seat, list(action.cards))
        except ValueError as err:
            raise IllegalAction(str(err)) from None
        self.after_play()

    def sides(self) -> tuple[str, int | None]:
        """Who plays with whom, for the core's bots: `SIDES` and the declarer."""
        return self.SIDES, self.declarer

    def run_in_core(self, bots: list[Bot]) -> None:
        """Plays the rest of the hand in the core, `bots[seat].trick_bot` choosing for each seat."""
        assert self.play is not None
        sides, declarer = self.sides()
        self.play.play_out([b.trick_bot for b in bots], sides, declarer)
        self.after_play()

    def after_play(self) -> None:
        assert self.play is not None
        if self.play.done:
            self._phase = "done"

    def apply(self, seat: int, action: str) -> None:
        if self.phase == "play":
            self._check_turn(seat)
            self.play_cards(seat, parse_action(action))
            return
        super().apply(seat, action)

    @property
    def history(self) -> list[tuple[int, str]]:
        before = list(self._history)
        if self.play is None:
            return before
        return before + [(s, "play " + t) for s, t in self.play.log()]

    @property
    def num_actions(self) -> int:
        return len(self._history) + (self.play.log_len() if self.play is not None else 0)

    @property
    def last_action(self) -> tuple[int, str] | None:
        last = self.play.last_log() if self.play is not None else None
        if last is not None:
            return last[0], "play " + last[1]
        return super().last_action

    # -- views ------------------------------------------------------------------------------

    @property
    def to_act(self) -> list[int]:
        if self.phase == "done":
            return []
        if self._phase == "play":
            assert self.play is not None
            seat = self.play.to_act
            return [] if seat is None else [seat]
        if self._phase == "kitty":
            return [self.declarer_seat]
        return self.to_act_before_play()

    def to_act_before_play(self) -> list[int]:
        raise NotImplementedError

    def hand_of(self, seat: int) -> list[Card]:
        if self.play is not None:
            return self.play.hand(seat)
        return self.sort(self.hands[seat])

    def hand_sizes(self) -> list[int]:
        if self.play is not None:
            return self.play.hand_sizes()
        return [len(h) for h in self.hands]

    def points_so_far(self) -> list[int]:
        return self.play.points() if self.play is not None else [0] * self.num_players

    def view(self, seat: int | None = None) -> dict[str, Any]:
        if seat is not None and (not isinstance(seat, int) or not 0 <= seat < self.num_players):
            raise ValueError(f"there is no seat {seat!r}")
        v: dict[str, Any] = {
            "variant": self.variant,
            "phase": self.phase,
            "to_act": self.to_act,
            "hand_sizes": self.hand_sizes(),
            "trick": [],
            "points": self.points_so_far(),
            "declarer": self.declarer,
        }
        if seat is not None:
            v["seat"] = seat
            v["hand"] = text(self.hand_of(seat))
            v["legal_actions"] = self.legal_actions(seat, VIEW_LEGAL_LIMIT)
            v["num_legal"] = self.num_legal(seat)
            if seat == self.declarer and self.buried is not None:
                v["kitty"] = text(self.buried)
            if seat == self.declarer and self.phase == "kitty":
                # C-4: only the declarer knows which cards of its hand it took up.
                v["kitty_cards"] = text(self.sort(list(self.kitty)))
                v["bury_count"] = self.kitty_size()
        if self.rules is not None:
            v["trump"] = self.rules.trump
            v["level"] = self.rules.level
        v["table_points"] = 0
        if self.play is not None:
            trick = self.play.trick()
            v["trick"] = [[s, text(cs)] for s, cs in trick]
            v["table_points"] = sum(c.points for _, cs in trick for c in cs)  # C-43, so far
            records = self.trick_records()
            attempted = self.play.attempted()
            v["failed_throw"] = None
            if attempted is not None:
                thrower, forced = trick[0]
                previous = self.play.failed_throws()[thrower] - 1  # this one is counted
                v["failed_throw"] = self.failed_throw(thrower, attempted, forced, previous)
            v["tricks_played"] = len(records)
            v["tricks"] = records
            v["last_trick"] = records[-1] if records else None
            v["failed_throws"] = self.play.failed_throws()
        if self.phase == "done":
            if self.buried is not None:
                v["kitty"] = text(self.buried)
            v["result"] = self.result
        v.update(self.public_facts())
        return v

    def public_facts(self) -> dict[str, Any]:
        """The variant's public facts for views (bids, friend, …)."""
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

    @property
    def result(self) -> dict[str, Any] | None:
        if self.phase != "done":
            return None
        if self._result is None:
            self._result = self.abandoned() if self._resigned is not None else self.score()
        return self._result

    def abandoned(self) -> dict[str, Any]:
        """The result of a hand a seat abandoned: void, as no rule of the variant scores
        it (Red Five 5p overrides this with its escape rule, R5-43)."""
        zero = [0] * self.num_players
        return {
            "card_points": zero,
            "game_points": zero,
            "winners": [],
            "escaped": self._resigned,
            "declarer": self.declarer,
        }

    def score(self) -> dict[str, Any]:
        raise NotImplementedError

    def last_trick_winner(self) -> int:
        """C-60: the winner of the last trick, by whom each variant scores the kitty."""
        assert self.play is not None
        return self.play.tricks()[-1][3]

    def all_cards(self) -> list[Card]:
        """C-61: every card copy in the game, wherever it is now."""
        if self.buried is not None:
            out: list[Card] = list(self.buried)
        else:
            out = [] if self.kitty_taken else list(self.kitty)
        if self.play is None:
            for h in self.hands:
                out += h
            return out
        for s in range(self.num_players):
            out += self.play.hand(s)
        for _, plays, _, _, _ in self.play.tricks():
            for _, cs in plays:
                out += cs
        for _, cs in self.play.trick():
            out += cs
        return out
