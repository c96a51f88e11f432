"""Errors raised by games and by the Rust core's state objects (`fenpai._core` raises
these classes itself), each with a stable `code` (what kind of mistake) and the `rule`
it breaks, so that callers (the service, bots, tools) act on the type, never on the
English of the message."""

from __future__ import annotations

import re

#: A rule id as the rule texts spell it: C-31, R4-13, R5-22, FK-41, TR-11, and a house
#: rule's on the rules pages: TRO-13, FKO-12; and fenpai's own variants': FF-20.
RULE_ID = re.compile(r"\b(?:C|R4|R5|FKO|FK|FF|TRO|TR)-\d+\b")


class _Cited:
    """The default `rule`: the first rule id the message cites."""

    def __repr__(self) -> str:
        return "<the rule the message cites>"


_CITED = _Cited()


class IllegalAction(ValueError):
    """An action the rules or the game's state do not allow; the game is left unchanged.

    `rule` is the id of the rule the action breaks (None when no rule applies). The
    Rust core passes it (None included); a raise that does not give it takes the first
    rule id its message cites.
    """

    #: A stable, upper-snake name for this kind of rejection.
    code = "ILLEGAL_ACTION"

    def __init__(self, message: str, rule: str | None | _Cited = _CITED):
        super().__init__(message)
        if isinstance(rule, _Cited):
            cited = RULE_ID.search(message)
            rule = cited.group(0) if cited else None
        self.rule: str | None = rule

    @property
    def message(self) -> str:
        return str(self.args[0])

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[str, str | None]]:
        """Pickles with the rule (a worker process's error keeps it)."""
        return type(self), (self.message, self.rule)


class MalformedAction(IllegalAction):
    """The action text does not parse (see `fenpai.actions`)."""

    code = "MALFORMED_ACTION"


class NotYourTurn(IllegalAction):
    """The seat may not act now: another seat is to act."""

    code = "NOT_YOUR_TURN"


class GameOver(IllegalAction):
    """The game is over: nobody may act or resign (for a core phase object: its phase is over)."""

    code = "GAME_OVER"


class NoSuchSeat(IllegalAction):
    """The seat is not one of the game's."""

    code = "NO_SUCH_SEAT"


class UnsupportedOption(ValueError):
    """A game's option value that a surface (an environment's observation, OpenSpiel,
    the search bot) does not take yet; the message names the option and its value."""

    #: A stable, upper-snake name for this kind of refusal.
    code = "UNSUPPORTED_OPTION"

    def __init__(self, message: str):
        super().__init__(message)
        cited = RULE_ID.search(message)
        self.rule: str | None = cited.group(0) if cited else None
