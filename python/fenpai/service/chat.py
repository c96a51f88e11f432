"""A table's chat: short messages of its seated players, stored with the game (so a
restart keeps them) and readable by anyone who may watch it.

A message is 1 to `MAX_CHAT` characters, with no control character and no card in it
(`5h`, `BJ`, a suit symbol): chat is public, so it may never carry a card another seat
cannot know. A seat sends at most `BURST` messages in any `WINDOW` seconds.
"""

from __future__ import annotations

import re
import time
import unicodedata
from collections import deque

from fenpai.service.errors import ServiceError

MAX_CHAT = 200
"""The most characters in a message."""
BURST = 5
WINDOW = 10.0
"""A seat's messages: at most BURST in any WINDOW seconds."""
PAGE = 200
"""The most messages one read returns."""

_CARD = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][shcd]|10[shcd]|BJ|LJ)(?![A-Za-z0-9])", re.I)
_SUITS = frozenset("♠♥♣♦♤♡♧♢")


def check_message(text: str) -> str:
    """`text` with outer spaces removed, if it may be sent; else BAD_CHAT saying why."""
    message = unicodedata.normalize("NFC", text).strip()
    if not message:
        raise ServiceError("BAD_CHAT", "a chat message needs some text")
    if len(message) > MAX_CHAT:
        raise ServiceError(
            "BAD_CHAT",
            f"a chat message is at most {MAX_CHAT} characters; this one has {len(message)}",
        )
    for ch in message:
        if unicodedata.category(ch).startswith("C") or ch in _SUITS:
            raise ServiceError("BAD_CHAT", f"a chat message may not hold {ch!r}")
    if _CARD.search(message):
        raise ServiceError(
            "BAD_CHAT", "a chat message may not name a card (such as 5h or BJ): cards stay hidden"
        )
    return message


class RateLimit:
    """Each (game, seat)'s recent sending times, held in memory."""

    def __init__(self) -> None:
        self._sent: dict[tuple[str, int], deque[float]] = {}

    def check(self, game_id: str, seat: int, now: float | None = None) -> None:
        """Counts a message of the seat now, or CHAT_TOO_FAST if it sent BURST already in
        the last WINDOW seconds."""
        at = time.monotonic() if now is None else now
        sent = self._sent.setdefault((game_id, seat), deque())
        while sent and at - sent[0] >= WINDOW:
            sent.popleft()
        if len(sent) >= BURST:
            wait = WINDOW - (at - sent[0])
            raise ServiceError(
                "CHAT_TOO_FAST",
                f"at most {BURST} chat messages in {WINDOW:g} seconds; wait {wait:.0f} s",
            )
        sent.append(at)
