"""CreateGame's request checked and turned into what a new game or table needs: its
first hand, config, seats' bots, timers, and the fingerprint a retry is compared by.

Every check runs before anything is made, and each rejection names the problem
(`ServiceError` with its reason), so that a rejected CreateGame changes nothing.
"""

from __future__ import annotations

import hashlib
import json
import math
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from fenpai.games import VARIANTS, Game, new_game, new_match
from fenpai.games.match import MATCH_RULES
from fenpai.service import bots, limits, timers
from fenpai.service.errors import ServiceError

#: TR-31: the match clock of a Tractor table when CreateGame names none (90 minutes).
TRACTOR_CLOCK = 90 * 60.0
#: The longest match a table may be created for, in hands, and its longest clock.
MAX_HANDS = 1000
MAX_CLOCK = 7 * 86_400.0
#: A request id's length in characters (not bytes): at least MIN_REQUEST_ID, at most
#: MAX_REQUEST_ID.
MIN_REQUEST_ID = 22
MAX_REQUEST_ID = 64
#: The randomness a request id must be able to hold, in bits: whoever repeats the id
#: gets its tokens again, so it must be as hard to guess as a token.
REQUEST_ID_BITS = 128
#: The fewest different characters a request id has (a random one has many more).
MIN_DISTINCT = 8
_HEX = frozenset("0123456789abcdefABCDEF")
#: Who may join a game.
ACCESS = ("open", "private")


@dataclass(frozen=True)
class MatchSettings:
    """A table's match as CreateGame asks for it."""

    #: How many hands; 0: until the variant's own end (Tractor only).
    hands: int = 0
    #: Tractor's clock in seconds; None: TR-31's 90 minutes; 0: none.
    clock: float | None = None


@dataclass(frozen=True)
class CreateRequest:
    """A CreateGame request as the host takes it."""

    variant: str
    options: Mapping[str, str] = field(default_factory=dict)
    seed: int | None = None
    bots: Mapping[int, str] = field(default_factory=dict)
    timers: Mapping[str, float] = field(default_factory=dict)
    access: str = "open"
    request_id: str = ""
    match: MatchSettings | None = None

    def fingerprint(self) -> bytes:
        """What a retry with the same request id must repeat: every field but the id."""
        named = {
            "variant": self.variant,
            "options": dict(self.options),
            "seed": self.seed,
            "bots": {str(seat): name for seat, name in self.bots.items()},
            "timers": dict(self.timers),
            "access": self.access,
            "match": None if self.match is None else [self.match.hands, self.match.clock],
        }
        return hashlib.sha256(json.dumps(named, sort_keys=True).encode()).digest()


@dataclass(frozen=True)
class Plan:
    """A checked CreateGame: what the new game or table is made of."""

    kind: str
    config: dict[str, Any]
    first_hand: Game
    bots: list[str | None]
    timers: dict[str, float]


def parse_option(value: str) -> Any:
    """An option value: JSON text, or else the text itself (`minimum`)."""
    try:
        return json.loads(value)
    except ValueError:
        return value


def request_id_bits(request_id: str) -> int:
    """The randomness `request_id` can hold: 4 bits a hex digit if it is hex digits and
    hyphens (a UUID), else 6 bits a character (URL-safe base64 or richer)."""
    if set(request_id) <= _HEX | {"-"}:
        return 4 * sum(c in _HEX for c in request_id)
    return 6 * len(request_id)


def check_request_id(request_id: str) -> str:
    """`request_id` if it is empty or random-looking: MIN_REQUEST_ID to MAX_REQUEST_ID
    characters holding REQUEST_ID_BITS, with MIN_DISTINCT different characters;
    BAD_REQUEST_ID (INVALID_ARGUMENT) otherwise."""
    if not request_id:
        return request_id
    length = len(request_id)
    if length > MAX_REQUEST_ID:
        raise ServiceError(
            "BAD_REQUEST_ID",
            f"request_id is {length} characters long; at most {MAX_REQUEST_ID} are accepted",
        )
    if length < MIN_REQUEST_ID or request_id_bits(request_id) < REQUEST_ID_BITS:
        raise ServiceError(
            "BAD_REQUEST_ID",
            f"request_id must hold {REQUEST_ID_BITS} random bits: 32 hex digits (a UUID) or "
            f"at least {MIN_REQUEST_ID} URL-safe base64 characters, not {length} characters",
        )
    if len(set(request_id)) < MIN_DISTINCT:
        raise ServiceError(
            "BAD_REQUEST_ID",
            f"request_id must be random: it has {len(set(request_id))} different "
            f"characters, at least {MIN_DISTINCT} are expected",
        )
    if not request_id.isprintable():
        raise ServiceError("BAD_REQUEST_ID", "request_id must hold printable characters only")
    return request_id


def _check_match(variant: str, settings: MatchSettings) -> tuple[int | None, float | None]:
    """(hands, clock) of `new_match` for a table of `variant` (TR-31: Tractor's clock)."""
    hands, clock = settings.hands, settings.clock
    if hands == 0 and MATCH_RULES[variant].over_rule is None:  # no end of its own
        raise ServiceError(
            "BAD_MATCH", f"a {variant} table needs match.hands: how many hands it plays"
        )
    if not 0 <= hands <= MAX_HANDS:
        raise ServiceError("BAD_MATCH", f"match.hands must be 0..{MAX_HANDS}, not {hands}")
    if clock is not None and (not math.isfinite(clock) or not 0 <= clock <= MAX_CLOCK):
        raise ServiceError(
            "BAD_MATCH", f"match.clock_seconds must be 0..{MAX_CLOCK:g} seconds, not {clock}"
        )
    if variant != "tractor":
        if clock:
            raise ServiceError(
                "BAD_MATCH", f"{variant} has no match clock (the TR-31 clock is Tractor's)"
            )
        return hands or None, None
    return hands or None, TRACTOR_CLOCK if clock is None else (clock or None)


def plan(request: CreateRequest, server_timers: Mapping[str, float]) -> Plan:
    """The game or table `request` asks for; ServiceError naming the first problem."""
    variant = request.variant
    limits.check_text("variant", variant, limits.MAX_NAME)
    for name, entries in (
        ("options", request.options),
        ("bots", request.bots),
        ("timer_seconds", request.timers),
    ):
        limits.check_entries(name, len(entries))
    parsed = {}
    for name, value in request.options.items():
        limits.check_text("option name", name, limits.MAX_NAME)
        limits.check_text(f"option {name}", value, limits.MAX_OPTION_VALUE)
        parsed[name] = parse_option(value)
    if "seed" in parsed:
        raise ServiceError("SEED_IN_OPTIONS", "seed is a field of CreateGame, not an option")
    if request.access not in ACCESS:
        raise ServiceError("BAD_ACCESS", f"access must be open or private, not {request.access}")
    check_request_id(request.request_id)
    seed = secrets.randbits(63) if request.seed is None else request.seed
    if variant not in VARIANTS:
        known = ", ".join(sorted(VARIANTS))
        raise ServiceError(
            "UNKNOWN_VARIANT", f"unknown variant {variant!r}: expected one of {known}"
        )
    try:
        if request.match is None:
            game = new_game(variant, seed=seed, **parsed)
            kind, config = "game", game.config()
        else:
            hands, clock = _check_match(variant, request.match)
            match = new_match(variant, seed=seed, hands=hands, clock=clock, **parsed)
            kind, config, game = "table", match.config(), match.game
    except (ValueError, TypeError) as err:
        raise ServiceError("BAD_OPTION", str(err)) from None
    seat_bots: list[str | None] = [None] * game.num_players
    for seat, name in request.bots.items():
        limits.check_text("bot name", name, limits.MAX_NAME)
        if not 0 <= seat < game.num_players:
            raise ServiceError(
                "NO_SUCH_SEAT",
                f"bots: there is no seat {seat}: seats are 0..{game.num_players - 1}",
            )
        problem = bots.problem(name)
        if problem is not None:
            raise ServiceError("UNKNOWN_BOT", f"bots: {problem}")
        problem = game.bot_problem(name)
        if problem is not None:
            # A bot the game's options refuse is the options' problem.
            raise ServiceError("BAD_OPTION", f"bots: {problem}")
        seat_bots[seat] = name
    chosen = timers.check_timers(request.timers, "timer_seconds")
    return Plan(kind, config, game, seat_bots, timers.effective(server_timers, chosen))
