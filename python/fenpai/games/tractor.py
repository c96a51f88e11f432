"""Tractor / Shengji (升级 / 拖拉机), tournament rules: one hand, TR-1..TR-50.

Four players in two teams, seats (0, 2) and (1, 3), two decks: 25 cards each and a
kitty of 8 (TR-1). The hand's level rank L is the dealing team's level (TR-2).

The cards are dealt one at a time (C-5 order). Whenever the seat that just received a
card could declare, overcall or reinforce (TR-10, TR-11), the deal waits for its
`declare CARDS` or `pass`; after the last card a final round asks, in seat order from
the seat after the last receiver, every seat that still could, until all four have
passed since the last declaration (TR-12). The standing declaration names the trump
and, in the first hand of a match, the dealer (TR-13). The dealer buries 8 (TR-14) and
leads the first trick (TR-21); the play runs in the core (TR-20). The attackers' points
(TR-40, TR-41) give the level change (TR-42, TR-43) and the next dealer (TR-32).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from fenpai import scoring
from fenpai._core import Card, TrickRules
from fenpai.actions import Action
from fenpai.errors import IllegalAction
from fenpai.games.base import Choices, ListChoices
from fenpai.games.trick_game import TrickGame, take, text

PLAYERS = 4
KITTY = 8
#: Cards dealt to the players; the last KITTY cards of the deck are the kitty (TR-1).
DEALT = 100
FOLLOW_FORMATS = ("pairs", "full", "exact", "off")
SUITS = "shcd"

#: TR-10 declaration strengths, weakest first.
SINGLE, PAIR, LITTLE_JOKERS, BIG_JOKERS = 1, 2, 3, 4


def canonical_level(value: object) -> str | None:
    """A level rank as text ("2".."A"; "10" and lower case accepted), or None."""
    if not isinstance(value, str):
        return None
    rank = "T" if value == "10" else value.upper()
    return rank if rank in scoring.TRACTOR_LEVELS else None


def _valid_levels(value: object) -> bool:
    return (
        isinstance(value, (list, tuple))
        and len(value) == 2
        and all(canonical_level(v) is not None for v in value)
    )


def _valid_dealer(value: object) -> bool:
    return value is None or (
        isinstance(value, int) and not isinstance(value, bool) and 0 <= value < PLAYERS
    )


def declaration_strength(cards: tuple[Card, ...], level: str) -> int | None:
    """TR-10: the strength of a declaration, or None when the cards are not one.

    One level card of a suit (1) < two identical level cards of a suit (2) <
    `LJ LJ` (3) < `BJ BJ` (4); suits do not order equal declarations.
    """
    if len(cards) == 1 and cards[0].suit is not None and cards[0].rank == level:
        return SINGLE
    if len(cards) != 2 or cards[0] != cards[1]:
        return None
    card = cards[0]
    if card.suit is not None:
        return PAIR if card.rank == level else None
    return BIG_JOKERS if card.rank == "BJ" else LITTLE_JOKERS


def strength_of(cards: tuple[Card, ...], level: str) -> int:
    """TR-10: the strength of cards known to be a declaration (a standing one, a candidate)."""
    strength = declaration_strength(cards, level)
    if strength is None:
        raise ValueError(f"{text(list(cards))} is not a declaration at level {level}")
    return strength


def declaration_trump(cards: tuple[Card, ...]) -> str | None:
    """TR-10, TR-13: the trump a declaration names; jokers name no-trump (None)."""
    return cards[0].suit


class Tractor(TrickGame):
    """One hand of Tractor (TR-50): options `levels`, `dealer` (None: a match's first
    hand), `follow_format` (TR-20)."""

    variant = "tractor"
    OPTIONS = {
        "levels": (
            ("2", "2"),
            _valid_levels,
            "two level ranks 2..A: (level of seats 0/2, level of seats 1/3) (TR-2)",
        ),
        "dealer": (None, _valid_dealer, "None or a seat 0..3 (TR-13, TR-32)"),
        "follow_format": (
            "pairs",
            lambda v: v in FOLLOW_FORMATS,
            "one of " + ", ".join(FOLLOW_FORMATS) + " (TR-20, C-31)",
        ),
    }

    def _players(self) -> int:
        return PLAYERS

    def kitty_size(self) -> int:
        return KITTY

    def _check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """TR-50: levels as canonical ranks; a first hand (dealer None) needs equal levels."""
        out = super()._check_options(options)
        out["levels"] = tuple(canonical_level(v) for v in out["levels"])
        if out["dealer"] is None and out["levels"][0] != out["levels"][1]:
            raise ValueError(
                "with dealer None (the first hand of a match, TR-13) both teams must be at "
                f"the same level, not {out['levels'][0]} and {out['levels'][1]}"
            )
        return out

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.levels: tuple[str, str] = self.options["levels"]
        self.fixed_dealer: int | None = self.options["dealer"]
        self.level = self.levels[0 if self.fixed_dealer is None else self.fixed_dealer % 2]
        self.first = self._first_card_seat()
        self.kitty = list(self._deck[DEALT:])
        self.dealt = 0
        self.declared: list[tuple[int, tuple[Card, ...]]] = []
        self.asking: int | None = None
        self.final_round = False
        self.final_seat = 0
        self.final_passes = 0
        # Level cards and jokers dealt to each seat: the cards a declaration is made of.
        self.material: list[Counter[str]] = [Counter() for _ in range(PLAYERS)]
        self._advance()

    def _first_card_seat(self) -> int:
        """C-5: `first_seat` if given; else the fixed dealer; else a random seat (TR-13)."""
        if self._first_seat is not None:
            return self._first_seat
        if self.fixed_dealer is not None:
            return self.fixed_dealer
        return self._rng.below(PLAYERS)

    # -- declaration (TR-10..TR-12) ---------------------------------------------------------

    @property
    def standing(self) -> tuple[int, tuple[Card, ...]] | None:
        """The declaration that stands now: (seat, cards), or None."""
        return self.declared[-1] if self.declared else None

    def declaration_error(self, seat: int, cards: tuple[Card, ...]) -> str | None:
        """Why `seat` may not declare `cards` now (TR-10, TR-11), or None when it may."""
        shown = text(list(cards))
        strength = declaration_strength(cards, self.level)
        if strength is None:
            lv = self.level
            return (
                f"'{shown}' is not a declaration: the level is {lv}, so one level card "
                f"({lv}h), two identical level cards ({lv}h {lv}h), LJ LJ or BJ BJ (TR-10)"
            )
        if take(self.hands[seat], cards) is None:
            return f"you do not hold {shown} (of the cards dealt to you so far)"
        return self._overcall_error(seat, cards, strength)

    def _overcall_error(self, seat: int, cards: tuple[Card, ...], strength: int) -> str | None:
        """TR-11: stronger than the standing declaration, or the declarer's own reinforcement."""
        standing = self.standing
        if standing is None:
            return None
        owner, current = standing
        if owner == seat:
            return self._reinforce_error(current, cards)
        if strength <= strength_of(current, self.level):
            return (
                f"an overcall must be stronger than seat {owner}'s {text(list(current))} "
                "(TR-10, TR-11)"
            )
        return None

    @staticmethod
    def _reinforce_error(current: tuple[Card, ...], cards: tuple[Card, ...]) -> str | None:
        """TR-11: the standing declarer may only add the second copy of a single card."""
        if len(current) == 2:
            return f"your {text(list(current))} stands: a pair cannot be reinforced (TR-11)"
        if cards != (current[0], current[0]):
            card = current[0]
            return (
                f"your {card} stands: you may only reinforce it with {card} {card}, "
                "not overcall yourself (TR-11)"
            )
        return None

    def declarations(self, seat: int) -> list[tuple[Card, ...]]:
        """Every declaration `seat` may make now (TR-10, TR-11), weakest first."""
        held = self.material[seat]
        candidates: list[tuple[Card, ...]] = []
        for copies in (1, 2):
            candidates += [
                (Card(self.level + s),) * copies for s in SUITS if held[self.level + s] >= copies
            ]
        candidates += [(Card(j), Card(j)) for j in ("LJ", "BJ") if held[j] >= 2]
        return [
            c
            for c in candidates
            if self._overcall_error(seat, c, strength_of(c, self.level)) is None
        ]

    def _advance(self) -> None:
        """TR-12: deals until a seat may declare; then the final round; then TR-13, TR-14."""
        while self.dealt < DEALT:
            seat = (self.first + self.dealt) % PLAYERS
            card = self._deck[self.dealt]
            self.hands[seat].append(card)
            self.dealt += 1
            if card.rank == self.level or card.suit is None:
                self.material[seat][str(card)] += 1
            if self.material[seat] and self.declarations(seat):
                self.asking = seat
                return
        if not self.final_round:
            self.final_round = True
            self.final_seat = (self.first + DEALT) % PLAYERS
        while self.final_passes < PLAYERS:
            if self.material[self.final_seat] and self.declarations(self.final_seat):
                self.asking = self.final_seat
                return
            self._final_answer(declared=False)
        self.asking = None
        self._end_declaring()

    def _final_answer(self, declared: bool) -> None:
        """TR-12: the final round ends when every seat passed since the last declaration."""
        self.final_passes = 0 if declared else self.final_passes + 1
        self.final_seat = (self.final_seat + 1) % PLAYERS

    def _declare(self, seat: int, action: Action) -> str:
        if action.verb == "declare":
            reason = self.declaration_error(seat, action.cards)
            if reason is not None:
                raise IllegalAction(reason)
            self.declared.append((seat, action.cards))
        elif action.verb != "pass":
            raise IllegalAction("the cards are being dealt: 'declare CARDS' or 'pass' (TR-12)")
        if self.final_round:
            self._final_answer(declared=action.verb == "declare")
        self._advance()
        return action.text

    def _end_declaring(self) -> None:
        """TR-13: the dealer and the trump; TR-14: the dealer takes up the kitty."""
        standing = self.standing
        if self.fixed_dealer is not None:
            dealer = self.fixed_dealer
        elif standing is not None:
            dealer = standing[0]
        else:
            dealer = self.first
        trump = declaration_trump(standing[1]) if standing is not None else None
        self.declarer = dealer
        self.rules = TrickRules(
            "tractor", trump=trump, level=self.level, follow_format=self.options["follow_format"]
        )
        self.start_kitty()

    # -- Game plumbing --------------------------------------------------------------------

    def to_act_before_play(self) -> list[int]:
        return [self.asking] if self.asking is not None else []

    def _choices(self, seat: int) -> Choices:
        if self._phase == "deal":
            options = [f"declare {text(list(c))}" for c in self.declarations(seat)]
            return ListChoices(options + ["pass"])
        if self._phase == "kitty":
            return self.kitty_choices()
        return self._play_choices()

    def _act(self, seat: int, action: Action) -> str:
        if self._phase == "deal":
            return self._declare(seat, action)
        return self.bury(seat, action)

    @property
    def dealer(self) -> int | None:
        """The dealer: fixed before the deal (TR-32), else known once declaring ends (TR-13)."""
        return self.fixed_dealer if self.declarer is None else self.declarer

    def public_facts(self) -> dict[str, Any]:
        standing = self.standing
        return {
            "levels": list(self.levels),
            "level": self.level,
            "dealer": self.dealer,
            "first_seat": self.first,
            "cards_dealt": self.dealt,
            "final_round": self.final_round,
            "declaration": None
            if standing is None
            else {"seat": standing[0], "cards": text(list(standing[1]))},
            "declarations": [[s, text(list(cs))] for s, cs in self.declared],
        }

    def all_cards(self) -> list[Card]:
        """C-61, with the cards not dealt yet."""
        return super().all_cards() + list(self._deck[self.dealt : DEALT])

    # -- scoring (TR-40..TR-43, TR-30, TR-32) ----------------------------------------------

    def throw_penalty(self, seat: int, previous: int) -> dict[str, Any]:
        """TR-41: each failed throw counts 10 points against the thrower's team."""
        assert self.declarer is not None
        attacker = seat % 2 != self.declarer % 2
        change = -scoring.TRACTOR_THROW_PENALTY if attacker else scoring.TRACTOR_THROW_PENALTY
        side = "attackers" if attacker else "defenders"
        said = (
            f"{scoring.TRACTOR_THROW_PENALTY} points against seat {seat}'s team ({side}): "
            f"attackers' points {change:+d}"
        )
        return {"rule": "TR-41", "attacker_points": change, "text": said}

    def score(self) -> dict[str, Any]:
        assert self.play is not None and self.declarer is not None and self.buried is not None
        dealer = self.declarer
        attackers = [s for s in range(PLAYERS) if s % 2 != dealer % 2]
        card_points = list(self.play.points())
        trick_points = sum(card_points[s] for s in attackers)
        kitty_points = sum(c.points for c in self.buried)
        _, plays, _, last_winner, _ = self.play.tricks()[-1]
        last_lead = plays[0][1]
        kitty_counts = last_winner in attackers
        # TR-40: the kitty counts only for an attacker who won the last trick; else no multiplier.
        multiplier = scoring.tractor_kitty_multiplier(last_lead) if kitty_counts else None
        card_points[last_winner] += kitty_points * (multiplier or 0)
        throws = self.play.failed_throws()
        points = scoring.tractor_points(
            trick_points,
            kitty_points,
            last_lead if kitty_counts else None,
            attacker_failed_throws=sum(throws[s] for s in attackers),
            defender_failed_throws=sum(throws[s] for s in range(PLAYERS) if s not in attackers),
        )
        outcome = scoring.tractor_hand_outcome(points, dealer, self.levels)
        applied, team = outcome["applied"], outcome["team"]
        return {
            "card_points": card_points,
            # TR-50: the levels each seat's team actually gains, after TR-43.
            "game_points": [applied if s % 2 == team else 0 for s in range(PLAYERS)],
            "attacker_points": points,
            "trick_points": trick_points,
            "kitty_points": kitty_points,
            "kitty_multiplier": multiplier,
            "last_trick_winner": last_winner,
            "last_lead": text(last_lead),
            "dealer": dealer,
            "trump": self.rules.trump if self.rules else None,
            "level": self.level,
            "levels": list(self.levels),
            "winner_team": outcome["side"],
            "gaining_team": team,
            "winners": [s for s in range(4) if s % 2 == team],
            "levels_nominal": outcome["gained"],  # TR-42
            "levels_gained": applied,  # after TR-43
            "new_levels": list(outcome["levels"]),
            "next_dealer": outcome["next_dealer"],
            "match_won": outcome["match_winner"],
            "failed_throws": list(throws),
        }
