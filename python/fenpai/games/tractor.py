"""Tractor / Shengji (升级 / 拖拉机), tournament rules: one hand, TR-1..TR-50.

Four players in two teams, seats (0, 2) and (1, 3), two decks: 25 cards each and a
kitty of 8 (TR-1); house rules play one, three or four decks (TRO-120; four decks'
quadruples, TRO-124), some of them without their jokers (TRO-130), the kitty and the
thresholds of TR-42 following the cards. The
hand's level rank L is the dealing team's level (TR-2).

The cards are dealt one at a time (C-5 order). After every card the deal waits for the
receiver's `declare CARDS` (a declaration, overcall or reinforcement, TR-10, TR-11) or
`pass`; after the last card a final round asks every seat in seat order from the seat
after the last receiver, until all four have passed since the last declaration
(TR-12). Every receiver is asked whatever it holds (a seat with nothing to declare can
only pass), so who is asked tells nothing of the cards. The standing declaration names
the trump and, in the first hand of a match, the dealer (TR-13); house rules may make
the first declarer deal (TRO-60), order equal declarations by suit (TRO-70), count
only a declaration's cards (TRO-100), limit joker declarations (TRO-140) or change what
the standing declarer may still declare (TRO-150). The dealer buries 8 (TR-14) and leads
the first trick (TR-21); under TRO-112 the other seats may then steal the kitty with a
stronger declaration, burying again, all within the kitty phase (its stage,
`kitty_stage`, says whether a seat buries or is asked to steal). The play runs in the
core (TR-20). The attackers' points (TR-40, TR-41) give the level change (TR-42, TR-43)
and the next dealer (TR-32); under TRO-92 a level NT follows A, its hands played with no
level rank and the jokers the only trumps.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from fenpai import scoring
from fenpai._core import Card, TractorDeal, TrickRules
from fenpai.games.base import scored_arrays
from fenpai.games.options import TOURNAMENT, Option, Preset, Value, one_of
from fenpai.games.phases import Step, TrickPlayStep
from fenpai.games.trick_game import KITTY, TrickGame, start_play, text

PLAYERS = 4
KITTY_SIZE = 8
#: TRO-10: which held combinations a lead of another kind cannot draw out.
FOLLOW_PROTECTS = ("none", "tuples", "tractors", "tuples_and_tractors")


def canonical_level(value: object) -> str | None:
    """A level as text ("2".."A", or "NT", the no-trump level of TRO-92; "10" and lower
    case accepted), or None."""
    if not isinstance(value, str):
        return None
    rank = "T" if value == "10" else value.upper()
    known = rank in scoring.TRACTOR_LEVELS or rank == scoring.TRACTOR_NO_TRUMP_LEVEL
    return rank if known else None


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


def deal(game: Any, _: Any) -> TractorDeal:
    """TR-10..TR-13: the deal card by card, asking every receiver, with declarations,
    overcalls and reinforcements (TR-10, TR-11) and the final round (TR-12), in the
    core; C-5: the first card to `first_seat` if given, else to the fixed dealer, else
    to a random seat."""
    return TractorDeal(
        seed=game._seed,
        deck=game._deck_text(),
        first_seat=game._first_seat,
        **game.core_options(),
    )


class Tractor(TrickGame):
    """One hand of Tractor (TR-50): options `levels`, `dealer` (None: a match's first
    hand), `follow_format` (TR-20), and the house rules `decks` (TRO-120), `jokers`
    (TRO-130), `follow_protect` (TRO-10),
    `throw_penalty` (TRO-20), `kitty_multiplier` (TRO-30), `must_defend` (TRO-40),
    `throw_judgement` (TRO-50), `bombs` (TRO-160), `first_dealer` (TRO-60),
    `declaration_order` (TRO-70),
    `jack_rule` (TRO-80), `final_level` (TRO-90), `declaration_strength` (TRO-100),
    `kitty_theft` (TRO-110), `joker_declarations` (TRO-140) and `reinforce` (TRO-150)."""

    __slots__ = ()

    variant = "tractor"
    NAME = "Tractor (升级)"
    PLAYER_COUNTS = (PLAYERS,)
    OPTIONS = {
        "levels": Option(
            ("2", "2"),
            _valid_levels,
            "two levels 2..A or NT: (level of seats 0/2, level of seats 1/3) (TR-2, TRO-92)",
            about="The two teams' levels before the hand: seats 0 and 2, seats 1 and 3.",
            rules=("TR-2", "TR-50"),
        ),
        "dealer": Option(
            None,
            _valid_dealer,
            "None or a seat 0..3 (TR-13, TR-32)",
            about="Who deals: nobody yet in a match's first hand, else the seat fixed before.",
            rules=("TR-13", "TR-32"),
            values=(
                Value(None, "TR-13", "A match's first hand: the declarations decide."),
                *(Value(s, "TR-32", f"Seat {s} deals.") for s in range(PLAYERS)),
            ),
        ),
        "decks": one_of(
            2,
            {
                1: ("TRO-121", "One deck, 12 cards each."),
                2: ("TRO-122", "Two decks, 25 cards each."),
                3: ("TRO-123", "Three decks, 39 cards each."),
                4: ("TRO-124", "Four decks, 52 cards each."),
            },
            about="How many decks are shuffled together.",
            rules=("TRO-120",),
            setup=True,
        ),
        "jokers": one_of(
            "all",
            {
                "all": ("TRO-131", "Every deck's jokers."),
                0: ("TRO-132", "No jokers."),
                1: ("TRO-133", "One deck's jokers only."),
                2: ("TRO-134", "Two decks' jokers only (3 or 4 decks)."),
                3: ("TRO-135", "Three decks' jokers only (4 decks)."),
            },
            about="How many decks keep their two jokers: the others are played without.",
            rules=("TRO-130",),
            expected="all, or 0 to decks - 1 decks that keep their jokers (TRO-130)",
            setup=True,
        ),
        "follow_format": one_of(
            "pairs",
            {
                "pairs": ("C-31", "Follow a lead's pairs with pairs, as far as you hold them."),
                "full": ("C-31", "Follow tractors with tractors, then triples, then pairs."),
                "exact": ("C-31", "Follow a simple lead with its shape if you hold it."),
                "off": ("C-31", "Only the suit must be followed, never the shape."),
            },
            about="What a follower must match of the lead beside its suit.",
            rules=("TR-20", "C-31"),
        ),
        "follow_protect": one_of(
            "none",
            {
                "none": ("TRO-11", "Every held combination counts when following."),
                "tractors": ("TRO-13", "A tractor need not be broken to follow a pair."),
            },
            about="Which held combinations a lead of another kind cannot draw out.",
            rules=("TRO-10",),
            accepts=FOLLOW_PROTECTS,  # TRO-12, TRO-14 need 3 decks: the game says so
        ),
        "throw_penalty": one_of(
            "per_attempt",
            {
                "per_attempt": ("TRO-21", "A failed throw costs its team 10 points."),
                "none": ("TRO-22", "A failed throw costs no points, only the forced play."),
            },
            about="What a failed throw costs the thrower's team.",
            rules=("TRO-20",),
        ),
        "kitty_multiplier": one_of(
            "linear",
            {
                "linear": ("TRO-31", "Kitty ×2 per card in the last lead's pairs (×2, ×4, ×8)."),
                "power": ("TRO-32", "Kitty ×2 to the power of those cards (×2, ×4, ×16, ×64)."),
            },
            about="How much the kitty counts when the attackers win the last trick.",
            rules=("TRO-30",),
        ),
        "throw_judgement": one_of(
            "largest_unit",
            {
                "largest_unit": ("TRO-51", "A ruff of a throw is judged by its largest unit."),
                "highest_card": ("TRO-52", "A ruff of a throw is judged by its highest card."),
                "every_unit": ("TRO-53", "A ruff of a throw must beat the winner unit by unit."),
            },
            about="How a play following a throw's format is judged against the winner.",
            rules=("TRO-50",),
        ),
        "bombs": one_of(
            "none",
            {
                "none": ("TRO-161", "No bombs: four identical cards are a quadruple."),
                "any_suit": (
                    "TRO-163",
                    "Any bomb of four identical cards beats a 4-card lead (four decks).",
                ),
                "suit_following": (
                    "TRO-164",
                    "Bombs of the led suit or trumps; of another suit only when void in it "
                    "(four decks).",
                ),
            },
            about="Four identical cards played on any four-card lead, beating all but bombs.",
            rules=("TRO-160",),
        ),
        "must_defend": one_of(
            "A",
            {
                "A": ("TRO-41", "Only A: a team passes it by defending a hand at A."),
                "5_10_K_A": ("TRO-42", "Teams stop at 5, 10, K and A and must defend them."),
                "none": ("TRO-43", "No level stops a team: passing A wins."),
            },
            about="The levels a team must defend before going past them (必打).",
            rules=("TRO-40",),
        ),
        "first_dealer": one_of(
            "standing",
            {
                "standing": ("TRO-61", "The declaration standing at the end decides the dealer."),
                "first_declaration": ("TRO-62", "The first seat to declare deals."),
            },
            about="Who deals a match's first hand.",
            rules=("TRO-60",),
        ),
        "declaration_order": one_of(
            "equal",
            {
                "equal": ("TRO-71", "Only a stronger declaration overcalls."),
                "suit": ("TRO-72", "At equal strength the higher suit overcalls (♠ ♥ ♣ ♦)."),
            },
            about="How two declarations of the same strength compare.",
            rules=("TRO-70",),
        ),
        "jack_rule": one_of(
            "none",
            {
                "none": ("TRO-81", "No J rule: levels change as the points say."),
                "back_to_2": (
                    "TRO-82",
                    "Dealers at J go back to 2 if an attacker's single J wins the last trick.",
                ),
            },
            about="The J rule (打J回2): a J winning the last trick sends dealers at J to 2.",
            rules=("TRO-80",),
        ),
        "declaration_strength": one_of(
            "jokers_or_more_cards",
            {
                "jokers_or_more_cards": (
                    "TRO-101",
                    "More cards beat fewer; joker pairs beat suit pairs.",
                ),
                "more_cards": ("TRO-102", "Only the number of cards counts: no pair beats a pair."),
            },
            about="What makes one trump declaration stronger than another.",
            rules=("TRO-100",),
        ),
        "joker_declarations": one_of(
            "both",
            {
                "both": ("TRO-141", "LJ LJ and BJ BJ declare no-trump."),
                "big_only": ("TRO-142", "Only BJ BJ declares no-trump; LJ LJ declares nothing."),
                "none": ("TRO-143", "Jokers never declare: no-trump only when nobody declares."),
            },
            about="Which joker pairs may be declared, each making the hand no-trump.",
            rules=("TRO-140",),
        ),
        "reinforce": one_of(
            "own_card",
            {
                "own_card": ("TRO-151", "The standing declarer may only make its single a pair."),
                "none": ("TRO-152", "A standing declaration cannot be reinforced."),
                "or_overturn": (
                    "TRO-153",
                    "The standing declarer may reinforce or overcall itself (自反).",
                ),
            },
            about="What the seat whose declaration stands may still declare.",
            rules=("TRO-150",),
        ),
        "final_level": one_of(
            "A",
            {
                "A": ("TRO-91", "Passing A wins the match."),
                "no_trump": (
                    "TRO-92",
                    "After A, a hand at the no-trump level NT must be won as the dealers.",
                ),
            },
            about="What a team must do after A to win the match.",
            rules=("TRO-90",),
        ),
        "kitty_theft": one_of(
            "none",
            {
                "none": ("TRO-111", "The dealer buries and the play starts."),
                "allowed": (
                    "TRO-112",
                    "After the burial a stronger declaration takes the kitty and buries again.",
                ),
            },
            about="Kitty theft (炒地皮): whether the kitty may be stolen after the burial.",
            rules=("TRO-110",),
        ),
    }
    PRESETS = (
        TOURNAMENT,
        Preset(
            "protect_tractors",
            "Protect tractors",
            "A tractor need not be broken to follow a pair (TRO-13).",
            {"follow_protect": "tractors"},
        ),
        Preset(
            "no_throw_penalty",
            "No throw penalty",
            "A failed throw costs no points, only the forced play (TRO-22).",
            {"throw_penalty": "none"},
        ),
        Preset(
            "big_kitty",
            "Big kitty",
            "The kitty counts ×4 for a pair, ×16 for two pairs (TRO-32).",
            {"kitty_multiplier": "power"},
        ),
        Preset(
            "must_defend",
            "Must defend 5, 10, K",
            "Teams stop at 5, 10, K and A and must defend them (TRO-42).",
            {"must_defend": "5_10_K_A"},
        ),
        Preset(
            "grab_the_deal",
            "Grab the deal",
            "The first seat to declare deals; equal declarations go by suit (TRO-62, TRO-72).",
            {"first_dealer": "first_declaration", "declaration_order": "suit"},
        ),
        Preset(
            "jack_back_to_2",
            "J back to 2",
            "At level J, losing the last trick to a single J sends the dealers back to 2 (TRO-82).",
            {"jack_rule": "back_to_2"},
        ),
        Preset(
            "no_trump_finale",
            "No-trump finale",
            "After A comes NT, jokers the only trumps: defend a hand at NT to win (TRO-92).",
            {"final_level": "no_trump"},
        ),
    )
    HOUSE_RULES = (
        "decks",
        "jokers",
        "follow_protect",
        "throw_judgement",
        "bombs",
        "throw_penalty",
        "kitty_multiplier",
        "must_defend",
        "first_dealer",
        "declaration_order",
        "jack_rule",
        "declaration_strength",
        "joker_declarations",
        "reinforce",
        "final_level",
        "kitty_theft",
    )
    #: The deal with its declarations (TR-10..TR-13), the dealer's burial (TR-14) with
    #: the kitty theft's rounds (TRO-112), the play (TR-20, TR-21: the dealer leads),
    #: partners (0, 2) against (1, 3).
    PHASES = (
        Step("deal", deal),
        KITTY,
        TrickPlayStep(start_play, "partners"),
    )

    def _players(self) -> int:
        return PLAYERS

    def kitty_size(self) -> int:
        """TR-1: 8 cards; TRO-120, TRO-130: as the decks and their jokers make it."""
        o = self.options
        if o["decks"] == 2 and o["jokers"] == "all":  # read directly: views ask it often
            return KITTY_SIZE
        return scoring.tractor_kitty_size(o["decks"], o["jokers"])

    def layout_options(self) -> dict[str, Any]:
        """`Game.layout_options`: kitty theft (TRO-112) has a layout of its own."""
        return {"kitty_theft": self.options["kitty_theft"]}

    def _check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """TR-50: levels as canonical ranks (NT only under TRO-92); a first hand (dealer
        None) needs equal levels; fewer than `decks` decks keep their jokers, or "all"
        (TRO-130);
        a follow protection with the other trick options, as the core's rules take them
        (TRO-10, TRO-12 and TRO-14 with 3 decks), and bombs with 4 decks (TRO-160)."""
        out = super()._check_options(options)
        jokers, decks = out["jokers"], out["decks"]
        if out["kitty_theft"] != "none" and decks != 2:
            raise ValueError(
                f"option kitty_theft={out['kitty_theft']!r} is played with two decks "
                f"(TRO-112), not decks={decks} (TRO-120)"
            )
        if jokers != "all" and jokers >= decks:
            raise ValueError(
                f"option jokers={jokers} needs more decks than decks={decks}: it counts the "
                f"decks that keep their jokers, fewer than all of them ('all') (TRO-130)"
            )
        if out["follow_protect"] != "none" or out["bombs"] != "none":  # need their decks
            TrickRules(self.variant, decks=decks, **self._trick_options(out))
        out["levels"] = tuple(canonical_level(v) for v in out["levels"])
        nt = scoring.TRACTOR_NO_TRUMP_LEVEL
        if nt in out["levels"] and out["final_level"] != "no_trump":
            raise ValueError(
                f"levels {' '.join(out['levels'])}: {nt} is the no-trump level after A, "
                f"played only under final_level 'no_trump' (TRO-92), not "
                f"{out['final_level']!r}"
            )
        if out["dealer"] is None and out["levels"][0] != out["levels"][1]:
            raise ValueError(
                "with dealer None (the first hand of a match, TR-13) both teams must be at "
                f"the same level, not {out['levels'][0]} and {out['levels'][1]}"
            )
        return out

    @staticmethod
    def _trick_options(options: dict[str, Any]) -> dict[str, Any]:
        """The game options the play's trick rules take (TR-20, TRO-10, TRO-50, TRO-160)."""
        names = ("follow_format", "follow_protect", "throw_judgement", "bombs")
        return {name: options[name] for name in names}

    def core_options(self) -> dict[str, Any]:
        """The options the core's phases take: the deal's (TRO-60, TRO-70, TRO-100,
        TRO-140, TRO-150, the table's TRO-120 and TRO-130 among them), the play's trick
        options, and the scoring house rules the search plays for (TRO-20, TRO-30)."""
        o = self.options
        dealing = (
            "levels",
            "dealer",
            "decks",
            "first_dealer",
            "declaration_order",
            "declaration_strength",
            "joker_declarations",
            "reinforce",
            "kitty_theft",
        )
        names = (*dealing, "throw_penalty", "kitty_multiplier")
        table = {"jokers": self._jokers_kept(o)}  # TRO-130, as the core takes it
        return {**{name: o[name] for name in names}, **table, **self._trick_options(o)}

    @staticmethod
    def _jokers_kept(options: dict[str, Any]) -> int | None:
        """TRO-130: how many decks keep their jokers, None for every deck (the core's)."""
        jokers = options["jokers"]
        return None if jokers == "all" else int(jokers)

    @property
    def levels(self) -> tuple[str, str]:
        levels: tuple[str, str] = self.options["levels"]
        return levels

    @property
    def level(self) -> str:
        """The hand's level rank L (TR-2), or NT, the no-trump level (TRO-92)."""
        return str(self.deal.level)

    @property
    def dealer(self) -> int | None:
        """The dealer: fixed before the deal (TR-32), the first declarer from its declaration
        on (TRO-62), else known once declaring ends (TR-13)."""
        dealer: int | None = self.deal.dealer
        return dealer

    def undealt(self) -> list[Card]:
        return list(self.deal.undealt())

    # -- kitty theft (TRO-110..TRO-112) -------------------------------------------------

    @property
    def steals_kitty(self) -> bool:
        """Whether the kitty may be stolen after the burial (TRO-112)."""
        return bool(self.options["kitty_theft"] == "allowed")

    def sample_world(self, seat: int, seed: int) -> Tractor:
        """`Game.sample_world`; under kitty theft every burial `seat` neither made nor took
        up is sampled too, keeping what TRO-112 says `seat` knows."""
        new = super().sample_world(seat, seed)
        assert isinstance(new, Tractor)
        return new

    def public_facts(self) -> dict[str, Any]:
        d = self.deal
        kitty = self._objects.get("kitty")
        # TRO-112: the steals are declarations too, shown to all; the last one stands.
        steals = [] if kitty is None else kitty.steals()
        declared = [*d.declarations(), *steals]
        facts = {
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
        }
        if self.steals_kitty:  # TRO-112 (a view at TRO-111 as before)
            facts["kitty_holder"] = self.kitty_holder  # who holds the kitty now
            stage = self.kitty_stage  # the kitty phase's stage: bury or steal
            if stage is not None:
                facts["kitty_stage"] = stage
        return facts

    def seat_facts(self, seat: int) -> dict[str, Any]:
        """Under TRO-112, `own_burials`: every burial `seat` made, in order, as the
        burials' text shows them; a stolen burial stays known to the seat that made it
        (C-4), and to no other seat."""
        facts = super().seat_facts(seat)
        if self.steals_kitty:
            facts["own_burials"] = self.own_burials(seat)
        return facts

    def own_burials(self, seat: int) -> list[str]:
        """The cards of each burial `seat` made in this hand, in order (TRO-112)."""
        kitty = self._objects.get("kitty")
        if kitty is None:
            return []
        return [
            a.removeprefix("bury ") for s, a in kitty.log() if s == seat and a.startswith("bury ")
        ]

    # -- scoring (TR-40..TR-43, TR-30, TR-32) ----------------------------------------------

    def throw_penalty(self, seat: int, previous: int) -> dict[str, Any] | None:
        """TR-41: each failed throw counts 10 points against the thrower's team; none
        under the house rule `throw_penalty="none"` (TRO-22)."""
        if self.options["throw_penalty"] == "none":
            return None
        assert self.declarer is not None
        attacker = seat % 2 != self.declarer % 2
        change = -scoring.TRACTOR_THROW_PENALTY if attacker else scoring.TRACTOR_THROW_PENALTY
        side = "attackers" if attacker else "defenders"
        said = (
            f"{scoring.TRACTOR_THROW_PENALTY} points against seat {seat}'s team ({side}): "
            f"attackers' points {change:+d}"
        )
        return {"rule": "TR-41", "attacker_points": change, "text": said}

    def _score(self) -> dict[str, Any]:
        play, dealer, buried = self.play, self.declarer, self.buried
        assert play is not None and dealer is not None and buried is not None
        last = play.last_trick()
        assert last is not None  # a finished hand has tricks
        _, plays, _, last_winner, _ = last
        last_lead = plays[0][1]
        won = next(cs for seat, cs in plays if seat == last_winner)
        throws = list(play.failed_throws())
        kitty_points = sum(c.points for c in buried)
        o = self._outcome(
            list(play.points()), dealer, kitty_points, last_winner, last_lead, won, throws
        )
        return {
            "card_points": o["card_points"],
            # TR-50: the levels each seat's team actually gains, after TR-43.
            "game_points": o["game_points"],
            "attacker_points": o["attacker_points"],
            "trick_points": o["trick_points"],
            "kitty_points": kitty_points,
            "kitty_multiplier": o["kitty_multiplier"],
            "last_trick_winner": last_winner,
            "last_lead": text(last_lead),
            "dealer": dealer,
            "trump": self.rules.trump if self.rules else None,
            "level": self.level,
            "levels": list(self.levels),
            "winner_team": o["winner_team"],
            "gaining_team": o["gaining_team"],
            "winners": o["winners"],
            "levels_nominal": o["levels_nominal"],  # TR-42
            "levels_gained": o["levels_gained"],  # after TR-43
            "new_levels": o["new_levels"],
            "next_dealer": o["next_dealer"],
            "match_won": o["match_won"],
            "failed_throws": throws,
        }

    def _outcome(
        self,
        card_points: list[int],
        dealer: int,
        kitty_points: int,
        last_winner: int,
        last_lead: str | list[Card],
        last_win: str | list[Card],
        throws: list[int],
    ) -> dict[str, Any]:
        """TR-40..TR-43 from a finished hand's facts (`card_points`: each seat's trick
        points, changed in place; `last_lead`: the last trick's lead as it stood;
        `last_win`: the play that won it, for TRO-82) and this game's levels only:
        `result` and `play_batch` score with it."""
        attacking = (dealer + 1) % 2  # the attackers' team: the seats s % 2 != dealer % 2
        trick_points = card_points[attacking] + card_points[attacking + 2]
        kitty_counts = last_winner % 2 == attacking
        # TR-40: the kitty counts only for an attacker who won the last trick; else no multiplier.
        lead = last_lead if isinstance(last_lead, str) else text(last_lead)
        mode = self.options["kitty_multiplier"]  # TRO-30
        multiplier = scoring.tractor_kitty_multiplier(lead, mode) if kitty_counts else None
        card_points[last_winner] += kitty_points * (multiplier or 0)
        decks = self.options["decks"]  # TRO-120: the points and thresholds of the decks
        points = scoring.tractor_points(
            trick_points,
            kitty_points,
            lead if kitty_counts else None,
            attacker_failed_throws=throws[attacking] + throws[attacking + 2],
            defender_failed_throws=throws[1 - attacking] + throws[3 - attacking],
            throw_penalty=self.options["throw_penalty"],
            kitty_multiplier=mode,
            decks=decks,
        )
        stops = scoring.TRACTOR_MUST_DEFEND[self.options["must_defend"]]  # TRO-40
        won = last_win if isinstance(last_win, str) else text(last_win)
        level = self.levels[dealer % 2]  # TR-2: the dealing team's
        back = self.options["jack_rule"] == "back_to_2" and scoring.tractor_jack_rule(
            level, dealer, last_winner, won
        )  # TRO-82
        final = self.options["final_level"]  # TRO-90
        outcome = _hand_outcome(points, dealer, tuple(self.levels), stops, back, final, decks)
        applied, team = outcome["applied"], outcome["team"]
        changes = _level_changes(tuple(self.levels), outcome["levels"], outcome["match_winner"])
        return {
            "card_points": card_points,
            # TR-50: each team's level change (the gaining team's gain but under TRO-82).
            "game_points": [changes[seat % 2] for seat in range(PLAYERS)],
            "attacker_points": points,
            "trick_points": trick_points,
            "kitty_multiplier": multiplier,
            "winner_team": outcome["side"],
            "gaining_team": team,
            "winners": [team, team + 2],
            "levels_nominal": outcome["gained"],
            "levels_gained": applied,
            "new_levels": list(outcome["levels"]),
            "next_dealer": outcome["next_dealer"],
            "match_won": outcome["match_winner"],
        }

    def score_facts(self, facts: dict[str, Any]) -> dict[str, np.ndarray]:
        """`Game.score_facts`, scoring each hand as `_outcome` does (TR-40..TR-43, TRO-20,
        TRO-30, TRO-40, TRO-82, TRO-90, TRO-120) in one lean pass: the attackers' points
        from the facts, then the level outcome of each distinct (points, dealer, J rule)
        once, the arrays built at the end (a step's few hands cost no numpy per hand)."""
        o = self.options
        card_points = facts["points"].tolist()
        dealers, lasts = facts["declarer"].tolist(), facts["last_winner"].tolist()
        kitty, throws = facts["kitty_points"].tolist(), facts["failed_throws"].tolist()
        leads, wins, mode = facts["last_lead"], facts["last_win"], o["kitty_multiplier"]
        # TR-41, TRO-20: a failed throw costs its thrower's team
        penalty = scoring.TRACTOR_THROW_PENALTY if o["throw_penalty"] == "per_attempt" else 0
        jack = o["jack_rule"] == "back_to_2"  # TRO-82
        levels, decks, final = tuple(self.levels), o["decks"], o["final_level"]
        stops = scoring.TRACTOR_MUST_DEFEND[o["must_defend"]]  # TRO-40
        scored: dict[tuple[int, int, bool], tuple[list[int], list[bool]]] = {}
        game_points, won = [], []
        for i, (seats, dealer, last) in enumerate(zip(card_points, dealers, lasts, strict=True)):
            attacking = (dealer + 1) % 2  # the attackers: the seats s % 2 != dealer % 2
            points = seats[attacking] + seats[attacking + 2]
            if last % 2 == attacking:  # TR-40: the kitty, multiplied (TRO-30)
                bonus = kitty[i] * scoring.tractor_kitty_multiplier(leads[i], mode)
                seats[last] += bonus
                points += bonus
            failed = throws[i]
            against = failed[1 - attacking] + failed[3 - attacking]
            points += penalty * (against - failed[attacking] - failed[attacking + 2])
            back = jack and scoring.tractor_jack_rule(levels[dealer % 2], dealer, last, wins[i])
            key = (points, dealer, back)
            found = scored.get(key)
            if found is None:
                outcome = _hand_outcome(points, dealer, levels, stops, back, final, decks)
                changes = _level_changes(levels, outcome["levels"], outcome["match_winner"])
                team = outcome["team"]
                found = scored[key] = (
                    [changes[s % 2] for s in range(PLAYERS)],  # TR-50: its team's change
                    [s % 2 == team for s in range(PLAYERS)],
                )
            game_points.append(found[0])
            won.append(found[1])
        return scored_arrays(PLAYERS, game_points, card_points, won, facts["actions"])

    def _batch_outcome(self, facts: dict[str, list[Any]], i: int) -> dict[str, Any]:
        return self._outcome(
            facts["points"][i],
            facts["declarer"][i],
            facts["kitty_points"][i],
            facts["last_winner"][i],
            facts["last_lead"][i],
            facts["last_win"][i],
            facts["failed_throws"][i],
        )


# `play_batch` scores thousands of hands, mostly alike, with this pure function of a few
# small values: it is remembered (as `scoring` remembers the kitty's multiplier of a lead).


@lru_cache(maxsize=1 << 14)
def _hand_outcome(
    points: int,
    dealer: int,
    levels: tuple[str, str],
    must_defend: tuple[str, ...],
    back: bool,
    final_level: str,
    decks: int,
) -> dict[str, Any]:
    """TR-41..TR-43, TRO-40, TRO-82, TRO-90, TRO-120: `scoring.tractor_hand_outcome`, for
    reading only."""
    return scoring.tractor_hand_outcome(
        points, dealer, levels, must_defend, back_to_2=back, final_level=final_level, decks=decks
    )


@lru_cache(maxsize=1 << 10)
def _level_changes(
    before: tuple[str, str], after: tuple[str, str], match_winner: int | None
) -> list[int]:
    """TR-50, TRO-82: `scoring.tractor_level_changes`, for reading only."""
    return scoring.tractor_level_changes(before, after, match_winner)
