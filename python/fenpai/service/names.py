"""Players' names, chosen on joining a seat: kept with the seat (in its join event, so a
restart keeps them) and shown to everyone at the table.

A name is 1 to `MAX_NAME` characters of letters, digits, spaces and `_ - . '`, with
nothing in it written as the game writes a card (`5h`, `Ts`, `10d`, `BJ`): a name is
shown to every viewer, so it must not pass for a card on the table. (No filter can stop
players who agree on a code; this one keeps the game's own notation off names and chat.)
"""

from __future__ import annotations

import re
import unicodedata

from fenpai.service.errors import ServiceError

MAX_NAME = 20
"""The most characters in a name."""

#: A card as the game writes it (C-1): an upper-case rank then a lower-case suit, or a
#: joker, standing alone; "as", "ah" and "ad" are words, not cards.
_CARD = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][shcd]|10[shcd]|BJ|LJ)(?![A-Za-z0-9])")
_ALLOWED_PUNCTUATION = frozenset(" _-.'")


def check_name(name: str) -> str:
    """`name` with its outer spaces removed and inner runs of spaces made one, if it is a
    name; else BAD_NAME saying why."""
    text = " ".join(unicodedata.normalize("NFC", name).split())
    if not text:
        raise ServiceError("BAD_NAME", "a name needs at least one letter or digit")
    if len(text) > MAX_NAME:
        raise ServiceError(
            "BAD_NAME", f"a name is at most {MAX_NAME} characters; this one has {len(text)}"
        )
    for ch in text:
        if not (ch.isalnum() or ch in _ALLOWED_PUNCTUATION):
            raise ServiceError(
                "BAD_NAME",
                f"a name holds letters, digits, spaces and _ - . ' only, not {ch!r}",
            )
    if reads_as_card(text):
        raise ServiceError("BAD_NAME", "a name may not look like a card (such as 5h or BJ)")
    return text


def reads_as_card(text: str) -> bool:
    """Whether `text` writes a card as the game does (`5h`, `Ts`, `10d`, `BJ`)."""
    return _CARD.search(text) is not None


def join_action(name: str) -> str:
    """The join event's action text: `join`, or `join NAME`."""
    return f"join {name}" if name else "join"


def name_of(action: str) -> str:
    """The name a join event's action holds ("" for none)."""
    return action[5:] if action.startswith("join ") else ""
