"""`Match`: the hands of one variant chained to the end of a match (the contract's `new_match`).

A match is its configuration (variant, seed, options of the first hand, an optional
number of hands) plus its hands. Hand n is dealt from a seed derived from the match
seed and n, so the same match seed always gives the same deals; what one hand hands on
to the next (levels and dealer in Tractor, 原庄 in Red Five 5p) is the variant's
`MatchRules.carry`, and the variant's `MatchRules.over` says when the match is won.

A variant joins by adding one entry to `MATCH_RULES` (Red Five 5p's carries the
declarer on as the next hand's 原庄, R5-2; Fifty-K's, under a tribute, the places of
the hand for the next hand's tribute, FKO-43).

A match ends when its variant says (Tractor: the first team to pass A, TR-30, or NT
under TRO-92), after `hands` hands, when a seat resigns (the match is abandoned), or on
the match clock (TR-31, Tractor: `clock` seconds; once they have run out, the first hand
to end with one team's level above the other's ends the match). The match keeps no clock
of its own: whoever runs it reports the match time used so far in `elapsed` (the
service, from its clock), so a match is deterministic given its actions and those
reports.

`to_json` stores the configuration, every hand's JSON (the last one the hand in
progress) and the match time reported at each hand; `Match.from_json` replays them,
checking each hand is the one the match deals, so the round trip is exact.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fenpai import scoring
from fenpai.errors import IllegalAction
from fenpai.games.base import Game, _jsonable
from fenpai.games.fifty_k_tribute import places
from fenpai.games.seeds import seed_number

MATCH_FORMAT = 1

Options = dict[str, Any]
Result = dict[str, Any]


def same_options(options: Options, result: Result) -> Options:
    """The next hand is played with the same options."""
    return dict(options)


def cumulative_game_points(first: Options, results: list[Result]) -> list[float]:
    """Per seat, the sum of the game points of every finished hand."""
    if not results:
        return []
    totals = [0.0] * len(results[0]["game_points"])
    for result in results:
        totals = [t + p for t, p in zip(totals, result["game_points"], strict=True)]
    return totals


def never_over(result: Result) -> bool:
    """The variant has no end of its own: a match runs until its `hands` limit."""
    return False


@dataclass(frozen=True)
class MatchRules:
    """How a variant chains its hands into a match."""

    #: (options of the finished hand, its result) -> options of the next hand.
    carry: Callable[[Options, Result], Options] = same_options
    #: (options of the first hand, results so far) -> per-seat totals.
    totals: Callable[[Options, list[Result]], list[float]] = cumulative_game_points
    #: Whether a finished hand (its result) ends the match.
    over: Callable[[Result], bool] = never_over
    #: The rule id of `over` (what `Match.decided_by` names when it ends the match).
    over_rule: str | None = None
    #: Whether, once the match clock has run out, the totals decide the match; None:
    #: the variant has no match clock.
    clock_decides: Callable[[list[float]], bool] | None = None
    #: The rule id of the match clock.
    clock_rule: str | None = None


def tractor_carry(options: Options, result: Result) -> Options:
    """TR-32, TR-43: the next hand's levels and fixed dealer."""
    return {**options, "levels": list(result["new_levels"]), "dealer": result["next_dealer"]}


def tractor_totals(first: Options, results: list[Result]) -> list[float]:
    """Per seat, its team's level as levels gained since 2 (TR-2): 2 → 0 … A → 12, and
    13 for the team that passed A and won the match (TR-30, TR-43); under TRO-92 the
    no-trump level NT is 13 and passing it 14. A resigned hand (no new levels) leaves the
    levels as they were."""
    levels = first["levels"]
    for result in results:
        levels = result.get("new_levels", levels)
    team_totals = [float(scoring.tractor_level_index(v)) for v in levels]
    if results and results[-1].get("match_won") is not None:
        team_totals[results[-1]["match_won"]] += 1
    return [team_totals[seat % 2] for seat in range(4)]


def red_five_5p_carry(options: dict[str, Any], result: Result) -> dict[str, Any]:
    """R5-2: this hand's declarer is the next hand's 原庄 (kept when nobody became one)."""
    declarer = result.get("declarer")
    return {
        **options,
        "prev_declarer": options.get("prev_declarer", 0) if declarer is None else declarer,
    }


def fifty_k_carry(options: Options, result: Result) -> Options:
    """FKO-43: under a tribute, the finished hand's places, for the next hand's; without
    one, the same options (FKO-41)."""
    if options.get("tribute", "none") == "none":
        return dict(options)
    players = len(result["card_points"])
    return {**options, "previous_order": places(result, players)}


def tractor_over(result: Result) -> bool:
    """TR-30: the first team to pass A (under TRO-92, NT) wins the match."""
    return result.get("match_won") is not None


def tractor_clock_decides(totals: list[float]) -> bool:
    """TR-31: once the clock has run out, the team with the higher level wins; at equal
    levels play goes on until one team gets ahead."""
    return totals[0] != totals[1]


def finding_friends_carry(options: Options, result: Result) -> Options:
    """FF-42..FF-44: the next hand's levels and declarer, fixed before its deal."""
    return {**options, "levels": list(result["new_levels"]), "dealer": result["next_declarer"]}


def finding_friends_totals(first: Options, results: list[Result]) -> list[float]:
    """Per seat, its own level as levels gained since 2 (FF-4): 2 → 0 … A → 12, and 13
    for a seat that passed A and won the match (FF-43). A resigned hand (no new levels)
    leaves the levels as they were."""
    players = int(first.get("players", 6))
    levels = first.get("levels") or ["2"] * players
    for result in results:
        levels = result.get("new_levels", levels)
    totals = [float(scoring.TRACTOR_LEVELS.index(scoring_level(v))) for v in levels]
    for seat in results[-1].get("match_winners", []) if results else []:
        totals[seat] += 1
    return totals


def scoring_level(value: str) -> str:
    """A level as `scoring.TRACTOR_LEVELS` spells it ("10" is "T")."""
    return "T" if value == "10" else value.upper()


def finding_friends_over(result: Result) -> bool:
    """FF-43: a player who passes A wins the match."""
    return bool(result.get("match_winners"))


MATCH_RULES: dict[str, MatchRules] = {
    "fifty_k": MatchRules(carry=fifty_k_carry),
    "red_five_4p": MatchRules(),
    "red_five_5p": MatchRules(carry=red_five_5p_carry),
    "tractor": MatchRules(
        carry=tractor_carry,
        totals=tractor_totals,
        over=tractor_over,
        over_rule="TR-30",
        clock_decides=tractor_clock_decides,
        clock_rule="TR-31",
    ),
    "finding_friends": MatchRules(
        carry=finding_friends_carry,
        totals=finding_friends_totals,
        over=finding_friends_over,
        over_rule="FF-43",
    ),
}


def hand_seed(seed: int, number: int) -> int:
    """The seed of hand `number` (0, 1, …) of a match dealt from `seed`: stable everywhere."""
    digest = hashlib.sha256(f"fenpai-match:{seed}:{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class Match:
    """Hands of one variant, one after another, to the end of the match."""

    def __init__(
        self,
        variant: str,
        seed: int = 0,
        hands: int | None = None,
        clock: float | None = None,
        **options: Any,
    ):
        if variant not in MATCH_RULES:
            raise ValueError(
                f"no match rules for variant {variant!r}: matches exist for "
                + ", ".join(sorted(MATCH_RULES))
            )
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
            raise ValueError(f"seed must be an integer 0..2**64-1, not {seed!r}")
        if hands is not None and (
            not isinstance(hands, int) or isinstance(hands, bool) or hands < 1
        ):
            raise ValueError(f"hands must be None or a positive number of hands, not {hands!r}")
        self._rules = MATCH_RULES[variant]
        if clock is not None:
            if self._rules.clock_decides is None:
                raise ValueError(f"{variant} has no match clock (TR-31 is Tractor's)")
            _check_seconds("clock", clock, positive=True)
        self.variant = variant
        self.seed = seed
        self.hands = hands
        #: The match clock in seconds (TR-31), or None.
        self.clock = None if clock is None else float(clock)
        self._elapsed = 0.0
        #: The match time reported when each finished hand was left.
        self._elapsed_at: list[float] = []
        self._finished: list[Game] = []
        self.game = self._deal(options)
        self.options: Options = self.game.stated_options()

    def _deal(self, options: Options) -> Game:
        from fenpai.games import new_game

        return new_game(self.variant, seed=hand_seed(self.seed, len(self._finished)), **options)

    # -- the contract -----------------------------------------------------------------------

    @property
    def results(self) -> list[Result]:
        """The results of the finished hands, in order."""
        return [g.result for g in self._finished if g.result is not None]

    @property
    def games(self) -> list[Game]:
        """Every hand so far, the one in progress (or the last) included."""
        return [*self._finished, self.game]

    @property
    def num_players(self) -> int:
        return self.game.num_players

    @property
    def elapsed(self) -> float:
        """The match time used so far in seconds, as last reported (0 to start)."""
        return self._elapsed

    @elapsed.setter
    def elapsed(self, seconds: float) -> None:
        _check_seconds("elapsed", seconds, positive=False)
        self._elapsed = float(seconds)

    @property
    def done(self) -> bool:
        """Whether the match is over: its last hand is done and ended it."""
        return self.decided_by is not None

    @property
    def decided_by(self) -> str | None:
        """What ended the match, once it is over: `resign` (a seat left: the match is
        abandoned), the variant's rule id (TR-30), `hands` (the last of `hands` hands),
        or the clock's rule id (TR-31); None while it goes on."""
        result = self.game.result
        if result is None:
            return None
        rules = self._rules
        if result.get("escaped") is not None:
            return "resign"
        if rules.over(result):
            return rules.over_rule or "rule"
        if self.hands is not None and len(self._finished) + 1 >= self.hands:
            return "hands"
        if (
            self.clock is not None
            and rules.clock_decides is not None
            and self._elapsed >= self.clock
            and rules.clock_decides(self.totals)
        ):
            return rules.clock_rule
        return None

    @property
    def winners(self) -> list[int]:
        """The seats with the highest total once the match is over (every seat tied for
        it); none while it goes on, or when a seat resigned (an abandoned match)."""
        if self.decided_by in (None, "resign"):
            return []
        totals = self.totals
        best = max(totals)
        return [seat for seat, total in enumerate(totals) if total == best]

    @property
    def totals(self) -> list[float]:
        """Per seat, the match standing after the finished hands (see the variant's rules)."""
        results = self.results
        if self.game.result is not None:
            results.append(self.game.result)
        totals = self._rules.totals(self.options, results)
        return totals or [0.0] * self.num_players

    def next_hand(self) -> Game:
        """Deals the next hand once the current one is done; returns it."""
        result = self.game.result
        if result is None:
            raise IllegalAction("the current hand is not over yet")
        if self.done:
            raise IllegalAction("the match is over")
        options = self._rules.carry(self.game.stated_options(), result)
        self._finished.append(self.game)
        self._elapsed_at.append(self._elapsed)
        self.game = self._deal(options)
        return self.game

    # -- serialization ------------------------------------------------------------------------

    def config(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "seed": self.seed,
            "hands": self.hands,
            "clock": self.clock,
            "options": _jsonable(self.options),
        }

    def to_json(self) -> str:
        """The configuration, every hand's JSON and the match time reported at each:
        `Match.from_json` replays it exactly."""
        data = {
            "fenpai_match": MATCH_FORMAT,
            **self.config(),
            "games": [json.loads(g.to_json()) for g in self.games],
            "elapsed": [*self._elapsed_at, self._elapsed],
        }
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Match:
        """The match `to_json` wrote, each hand replayed and checked against the deal."""
        try:
            data = json.loads(text)
            if data.get("fenpai_match") != MATCH_FORMAT:
                raise ValueError(f"unknown match format {data.get('fenpai_match')!r}")
            match = cls(
                data["variant"],
                seed=data["seed"],
                hands=data["hands"],
                clock=data.get("clock"),
                **data["options"],
            )
            elapsed = data.get("elapsed") or [0.0] * len(data["games"])
            for number, hand in enumerate(data["games"]):
                if number:
                    match.next_hand()
                match._replay(number, hand)
                match.elapsed = elapsed[number]
        except (KeyError, TypeError, AttributeError, IndexError, json.JSONDecodeError) as err:
            raise ValueError(f"not a fenpai match: {err}") from None
        return match

    def _replay(self, number: int, hand: dict[str, Any]) -> None:
        game = Game.from_json(json.dumps(hand))
        if game.config() != self.game.config():
            raise ValueError(f"hand {number} is not the hand this match deals")
        self.game = game

    def __repr__(self) -> str:
        state = "over" if self.done else "in progress"
        return f"<{self.variant} match, hand {len(self._finished) + 1}, {state}>"


def _check_seconds(name: str, seconds: Any, positive: bool) -> None:
    """ValueError unless `seconds` is a finite number of seconds (above 0 if `positive`)."""
    if (
        not isinstance(seconds, (int, float))
        or isinstance(seconds, bool)
        or not math.isfinite(seconds)
        or seconds < 0
        or (positive and seconds == 0)
    ):
        kind = "a positive" if positive else "a non-negative"
        raise ValueError(f"{name} must be {kind} number of seconds, not {seconds!r}")


def new_match(
    variant: str,
    seed: int | str = 0,
    hands: int | None = None,
    clock: float | None = None,
    **options: Any,
) -> Match:
    """A new match of `variant`: `options` are the first hand's; `hands` caps its length;
    `clock` is Tractor's match clock in seconds (TR-31), fed through `Match.elapsed`;
    `seed` is a number or its decimal text."""
    return Match(variant, seed=seed_number(seed), hands=hands, clock=clock, **options)
