"""Players' names, chosen on joining a seat: kept with the seat (in its join event, so a
restart keeps them) and shown to everyone at the table.

A name is 1 to `MAX_NAME` characters of letters, digits, spaces and `_ - . '`, with
no card in it (`5h`, `BJ`, a suit symbol): a name is public, so it must never pass for,
or carry, a card a viewer may not know.
"""

from __future__ import annotations

import re
import unicodedata

from fenpai.service.errors import ServiceError

MAX_NAME = 20
"""The most characters in a name."""

_CARD = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][shcd]|10[shcd]|BJ|LJ)(?![A-Za-z0-9])", re.I)
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
    if _CARD.search(text):
        raise ServiceError("BAD_NAME", "a name may not look like a card (such as 5h or BJ)")
    return text


def join_action(name: str) -> str:
    """The join event's action text: `join`, or `join NAME`."""
    return f"join {name}" if name else "join"


def name_of(action: str) -> str:
    """The name a join event's action holds ("" for none)."""
    return action[5:] if action.startswith("join ") else ""
