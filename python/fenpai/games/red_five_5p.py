"""Red Five, 5 players, with a called friend (红五 五家 找伴): rules R5-1..R5-43.

The cards are dealt one at a time (R5-3). Whenever a player receives a card while
nobody has revealed, a player holding a 2 may reveal one (R5-10): the first reveal
makes the declarer and trump (R5-11, no overcall); in the last two rounds only the
previous declarer 原庄 may reveal (R5-12). Without a reveal the 原庄 is a forced
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

from typing import Any

from fenpai import scoring
from fenpai._core import Card, TrickRules
from fenpai.actions import SUITS, Action
from fenpai.errors import IllegalAction
from fenpai.games.base import Choices, ListChoices
from fenpai.games.trick_game import TrickGame

PLAYERS = 5
KITTY = 7
LEVEL = "2"  # R5-10: the level rank is always 2
#: R5-12: a seat's 30th and 31st cards are the last two rounds of the deal.
LAST_ROUNDS_FROM = 29 * PLAYERS
#: R5-20: the cards a declarer may call, in the order legal actions list them.
CALLABLE = tuple(f"{r}{s}" for r in "AK" for s in SUITS) + ("5h", "BJ")
FORCED_FALLBACK_TRUMP = "d"  # R5-13: a kitty of jokers and 5h only


def _is_two(card: Card) -> bool:
    return card.rank == LEVEL


def _seat_option(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < PLAYERS


class RedFive5p(TrickGame):
    variant = "red_five_5p"
    SIDES = "friend"  # R5-1: the declarer and the friend, once public
    DECKS_DEFAULT = 3  # R5-3
    OPTIONS = {
        "prev_declarer": (0, _seat_option, "a seat 0..4 (R5-2)"),
        "friend_grab": ("allow", lambda v: v in ("allow", "forbid"), "'allow' or 'forbid' (R5-22)"),
    }

    def _players(self) -> int:
        return PLAYERS

    def kitty_size(self) -> int:
        return KITTY  # R5-3

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.prev_declarer: int = self.options["prev_declarer"]
        # R5-3: the seat of the first card is random each hand; a scripted deal may fix it (C-5).
        self.first_seat = (
            self._first_seat if self._first_seat is not None else self._rng.below(PLAYERS)
        )
        self.kitty = list(self._deck[-KITTY:])  # set aside before the deal
        self.dealt = 0
        self.waiting: int | None = None
        self.reveal: tuple[int, Card] | None = None
        self.forced = False
        self.call: str | None = None
        self.solo = False
        self._deal_on()

    # -- deal and declaration (R5-3, R5-10..R5-13) --------------------------------------------

    def deal_size(self) -> int:
        return len(self._deck) - KITTY

    def two_suits(self, seat: int) -> list[str]:
        """R5-10: the suits of the 2s `seat` holds, in suit order s, h, c, d."""
        held = {c.suit for c in self.hands[seat] if _is_two(c)}
        return [s for s in SUITS if s in held]

    def may_reveal(self, seat: int) -> bool:
        """R5-10..R5-12: whether `seat`, who just received card number `dealt`, may reveal."""
        if self.reveal is not None or not self.two_suits(seat):
            return False
        return self.dealt <= LAST_ROUNDS_FROM or seat == self.prev_declarer

    def _deal_on(self) -> None:
        """R5-3: deals card after card until a player may reveal, or to the end of the deal."""
        self.waiting = None
        while self.dealt < self.deal_size():
            seat = (self.first_seat + self.dealt) % PLAYERS
            self.hands[seat].append(self._deck[self.dealt])
            self.dealt += 1
            if self.may_reveal(seat):
                self.waiting = seat
                return
        self._end_deal()

    def _end_deal(self) -> None:
        """R5-11, R5-13, R5-14: the declarer (a forced one without a reveal) takes the kitty."""
        if self.reveal is None:
            self.forced = True
            self.declarer = self.prev_declarer
            self.rules = TrickRules(self.variant, trump=self.forced_trump(), level=LEVEL)
        self.start_kitty()

    def forced_trump(self) -> str:
        """R5-13: the suit of a random 2 of the 原庄, else of the kitty, else of a random
        kitty card that is not a joker or 5h; else diamonds."""
        candidate_lists = (
            [c for c in self.hands[self.prev_declarer] if _is_two(c)],
            [c for c in self.kitty if _is_two(c)],
            [c for c in self.kitty if c.suit is not None and str(c) != "5h"],
        )
        for candidates in candidate_lists:
            if candidates:
                suit = candidates[self._rng.below(len(candidates))].suit
                assert suit is not None
                return suit
        return FORCED_FALLBACK_TRUMP

    def _deal_choices(self, seat: int) -> Choices:
        return ListChoices([f"declare 2{s}" for s in self.two_suits(seat)] + ["pass"])

    def _declare(self, seat: int, action: Action) -> str:
        """R5-10, R5-11: a reveal makes the declarer and trump; the rest deals at once."""
        if action.verb == "pass":
            self._deal_on()
            return action.text
        if action.verb != "declare":
            raise IllegalAction("it is the deal: 'declare 2X' to reveal a 2, or 'pass'")
        if len(action.cards) != 1 or not _is_two(action.cards[0]):
            raise IllegalAction("reveal exactly one 2, e.g. 'declare 2h' (R5-10)")
        card = action.cards[0]
        if card not in self.hands[seat]:
            raise IllegalAction(f"you do not hold {card}")
        self.reveal = (seat, card)
        self.declarer = seat
        self.rules = TrickRules(self.variant, trump=card.suit, level=LEVEL)
        self._deal_on()
        return action.text

    def undealt(self) -> list[Card]:
        """The cards still to be dealt to the players (the kitty excluded)."""
        return list(self._deck[self.dealt : self.deal_size()])

    def all_cards(self) -> list[Card]:
        """C-61, with the cards not dealt yet as one more place."""
        return super().all_cards() + self.undealt()

    # -- friend (R5-20..R5-22) -----------------------------------------------------------------

    def after_bury(self) -> None:
        """R5-20: after burying and before the first lead, the declarer calls."""
        self._phase = "friend"

    def copies_owned(self, card: Card) -> int:
        """R5-21: the declarer's copies of `card`, in hand and buried."""
        assert self.declarer is not None and self.buried is not None
        return (self.hands[self.declarer_seat] + self.buried).count(card)

    def _call(self, seat: int, action: Action) -> str:
        """R5-20, R5-21: a call card or solo; the play starts (R5-30: the declarer leads)
        with the call set in the core, which finds the friend and watches grabs (R5-22)."""
        if action.verb != "call":
            raise IllegalAction("the declarer calls a friend now: 'call Ah', … or 'call solo'")
        if action.solo:
            self.call = "solo"
            self.solo = True
            self.start_play()
            return action.text
        card = action.cards[0]
        if str(card) not in CALLABLE:
            raise IllegalAction(
                f"the call card is an ace or king, 5h or BJ (R5-20), not {card}; or 'call solo'"
            )
        owned = self.copies_owned(card)
        self.call = str(card)
        self.solo = owned == self.decks
        self.start_play()
        assert self.play is not None
        if owned == self.decks - 1:  # 死拚: the third copy's holder
            holder = next(s for s in range(PLAYERS) if s != seat and card in self.play.hand(s))
            self.play.set_call(card, seat, friend=holder)
        elif not self.solo:
            forbid = self.options["friend_grab"] == "forbid"
            self.play.set_call(card, seat, forbid_grab=forbid)
        return action.text

    def friend(self) -> tuple[int | None, bool]:
        """R5-21, R5-22: the friend once public (else None), and whether by a grab."""
        if self.play is None:
            return None, False
        seat, public, grab = self.play.friend()
        return (seat, grab) if public else (None, False)

    # -- Game plumbing ---------------------------------------------------------------------------

    def to_act_before_play(self) -> list[int]:
        if self._phase == "deal":
            assert self.waiting is not None
            return [self.waiting]
        assert self.declarer is not None
        return [self.declarer]

    def _choices(self, seat: int) -> Choices:
        if self._phase == "deal":
            return self._deal_choices(seat)
        if self._phase == "kitty":
            return self.kitty_choices()
        if self._phase == "friend":
            return ListChoices([f"call {c}" for c in CALLABLE] + ["call solo"])
        return self._play_choices()

    def _act(self, seat: int, action: Action) -> str:
        if self._phase == "deal":
            return self._declare(seat, action)
        if self._phase == "kitty":
            return self.bury(seat, action)
        return self._call(seat, action)

    def public_facts(self) -> dict[str, Any]:
        """Deal progress, the reveal, 压庄, the call; the friend only once public (R5-21)."""
        friend, grab = self.friend()
        return {
            "prev_declarer": self.prev_declarer,
            "first_seat": self.first_seat,
            "dealt": self.dealt,
            "reveal": None if self.reveal is None else [self.reveal[0], str(self.reveal[1])],
            "forced": self.forced,
            "call": self.call,
            "solo": self.solo,
            "friend": friend,
            "grab": grab,
        }

    # -- scoring (R5-40..R5-43) --------------------------------------------------------------

    def mode(self) -> str:
        """R5-42: the table: solo (even for a forced declarer), forced, or normal."""
        if self.solo:
            return "solo"
        return "forced" if self.forced else "normal"

    def throwers(self) -> list[int]:
        """R5-31: the seat of each failed throw, in order (a failed throw's trick leader)."""
        assert self.play is not None
        return [leader for leader, _, attempted, _, _ in self.play.tricks() if attempted]

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

    def abandoned(self) -> dict[str, Any]:
        """R5-43: the escape is scored."""
        assert self._resigned is not None
        return self.escape_result(self._resigned)

    def score(self) -> dict[str, Any]:
        """R5-40..R5-42 with the teams as known at the end (R5-1)."""
        assert self.play is not None and self.declarer is not None and self.buried is not None
        d = self.declarer
        friend, grab = self.friend()
        assert (friend is None) == self.solo, "a friend is always found by the end (R5-21)"
        side = {d} if friend is None else {d, friend}  # R5-1: the rest is the scoring side
        tricks = self.play.points()
        kitty_points = sum(c.points for c in self.buried)
        last = self.last_trick_winner()
        scoring_won_last = last not in side
        card_points = list(tricks)
        card_points[last] += kitty_points * (2 if scoring_won_last else 1)  # R5-40 扣底
        p = scoring.red_five_5p_points(
            sum(tricks[s] for s in range(PLAYERS) if s not in side),
            kitty_points,
            scoring_won_last,
        )
        game_points = scoring.red_five_5p_seat_points(
            p, d, friend, self.mode(), grab=grab, failed_throws=self.throwers()
        )
        # R5-22, R5-41: the declarer side wins when m > 0, else the scoring side does.
        declarer_won = scoring.red_five_5p_declarer_side_won(p)
        return {
            **self.result_facts(),
            "winners": [s for s in range(PLAYERS) if (s in side) == declarer_won],
            "card_points": card_points,
            "game_points": game_points,
            "P": p,
            "grade": scoring.red_five_5p_grade(p),  # R5-41
            "kitty_points": kitty_points,
            "last_trick_winner": last,
            "escaped": None,
        }

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
