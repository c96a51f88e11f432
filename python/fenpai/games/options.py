"""A variant's options as the games declare them, once: each option's default, the check
of a value, and what a person choosing it is told (a line, the rule ids, and for an
option that is one of a list, each value's rule and line); and the presets, named sets
of house rules. The service's ListVariants and the web lobby are made from these, so an
option added to a game's `OPTIONS` is offered everywhere by itself."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Value:
    """One value an option offers: the value, the rule that defines it, a line for people."""

    value: Any
    rule: str
    about: str


@dataclass(frozen=True)
class Option:
    """One option of a variant."""

    default: Any
    #: Whether a value is accepted (the game may check more against the other options).
    valid: Callable[[Any], bool]
    #: The valid values in words, as an error names them.
    expected: str
    #: What the option decides, in a line for people.
    about: str
    #: The ids of the rules the option follows (TRO-10, FK-1).
    rules: tuple[str, ...]
    #: The values offered, when the option is one of a list; empty otherwise.
    values: tuple[Value, ...] = ()
    #: Whether it sets up the table itself (its seats or decks) rather than a rule of play.
    setup: bool = False


@dataclass(frozen=True)
class Preset:
    """A named set of house rules: the options it sets (the others keep their defaults)."""

    id: str
    name: str
    about: str
    options: Mapping[str, Any] = field(default_factory=dict)


#: The preset every variant has: no option set, the seeds' rules.
TOURNAMENT = Preset(
    "tournament", "Tournament (the seeds' rules)", "The rules as written, no house rule."
)


def one_of(
    default: Any,
    values: Mapping[Any, tuple[str, str]],
    *,
    about: str,
    rules: tuple[str, ...],
    expected: str | None = None,
    accepts: tuple[Any, ...] | None = None,
    setup: bool = False,
) -> Option:
    """An option whose value is one of `values` (value -> (rule id, line for people)).
    `accepts`: what the check lets through when more than is offered (a value another
    option rules out); `expected`: the error's words, else "one of ... (rules)"."""
    allowed = tuple(values) if accepts is None else accepts
    texts = all(isinstance(v, str) for v in allowed)
    return Option(
        default=default,
        valid=(lambda v: isinstance(v, str) and v in allowed)
        if texts
        else (lambda v: not isinstance(v, (bool, float)) and v in allowed),
        expected=expected or "one of " + ", ".join(map(str, allowed)) + f" ({', '.join(rules)})",
        about=about,
        rules=rules,
        values=tuple(Value(v, rule, line) for v, (rule, line) in values.items()),
        setup=setup,
    )
