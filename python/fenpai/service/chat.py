"""A table's chat: short messages of its seated players, stored with the game (so a
restart keeps them) and readable by anyone who may watch it.

A message is 1 to `MAX_CHAT` characters, with no control character, no suit symbol and
nothing written as the game writes a card (`5h`, `BJ`; see `names.reads_as_card`): the
table's own notation stays off its chat. A seat sends at most `BURST` messages in any
`WINDOW` seconds (on each server: replicas count apart).
"""

from __future__ import annotations

import time
import unicodedata
from collections import deque

from fenpai.service import names
from fenpai.service.errors import ServiceError

MAX_CHAT = 200
"""The most characters in a message."""
BURST = 5
WINDOW = 10.0
"""A seat's messages: at most BURST in any WINDOW seconds."""
PAGE = 200
"""The most messages one read returns."""

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
    if names.reads_as_card(message):
        raise ServiceError(
            "BAD_CHAT", "a chat message may not name a card (such as 5h or BJ): cards stay hidden"
        )
    return message


class RateLimit:
    """Each (game, seat)'s recent sending times, held in memory; seats quiet for a
    WINDOW are forgotten as more messages come, so the memory follows the chat under
    way, not every seat that ever spoke."""

    #: Messages between two sweeps of the quiet seats.
    SWEEP = 256

    def __init__(self) -> None:
        self._sent: dict[tuple[str, int], deque[float]] = {}
        self._checks = 0

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
        self._checks += 1
        if self._checks % self.SWEEP == 0:
            self._sent = {k: d for k, d in self._sent.items() if at - d[-1] < WINDOW}

    def tracked(self) -> int:
        """How many seats it remembers."""
        return len(self._sent)
