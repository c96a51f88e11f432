"""Pages of GetHistory and ReplayGame: how many events a call may return, and the page
token that says where the next page starts (the version of the last event sent).

Each call's work is bounded by its page: a replay builds one view per event it sends,
so a client asking for a long table's replay over and over costs the server at most a
page's views per call, and the other calls on the event loop run between them; and
pages are built one at a time server-wide, so clients replaying at once queue behind
each other instead of crowding out the players.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import json
import time

from fenpai.service import limits
from fenpai.service.errors import ServiceError

#: GetHistory: events per page when page_size is 0, and at most.
HISTORY_PAGE = 10_000
MAX_HISTORY_PAGE = 10_000
#: ReplayGame: events (each with a view) per call when page_size is 0, and at most.
REPLAY_PAGE = 500
MAX_REPLAY_PAGE = 1000
#: ReplayGame pages the server builds at the same time; the others wait for their turn,
#: so however many clients replay at once, they share what one would cost the players.
REPLAYS_AT_ONCE = 1
#: The share of the event loop's time a replay being built may take: after each step
#: it waits as long again (at 0.5), so the players' calls get at least the rest.
REPLAY_SHARE = 0.5


def size(page_size: int, default: int, most: int) -> int:
    """The page size a request asks for: `default` for 0, at most `most`."""
    return min(page_size or default, most)


def scope(game_id: str, hand: int | None) -> str:
    """What a page token belongs to: one game's events, or one hand's of a table."""
    return game_id if hand is None else f"{game_id}#{hand}"


def encode(method: str, of: str, version: int) -> str:
    """The page token of the page after version `version` of `method`'s answer for
    `of` (a `scope`)."""
    text = json.dumps([method, of, version], separators=(",", ":"))
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def decode(method: str, of: str, token: str) -> int:
    """The version after which the page `token` starts; 0 for none. BAD_PAGE_TOKEN for
    a token `method` did not return for `of` (another game's or hand's included)."""
    if not token:
        return 0
    limits.check_text("page_token", token, limits.MAX_PAGE_TOKEN)
    try:
        padded = token + "=" * (-len(token) % 4)
        named, scoped, version = json.loads(base64.urlsafe_b64decode(padded.encode()))
    except (ValueError, TypeError, binascii.Error):
        named, scoped, version = None, None, None
    if (
        named != method
        or scoped != of
        or not isinstance(version, int)
        or isinstance(version, bool)
        or version < 0
    ):
        raise ServiceError("BAD_PAGE_TOKEN", f"page_token is not one {method} returned here")
    return version


class Pacer:
    """Keeps work done in steps (a replay's views) to REPLAY_SHARE of the event loop's
    time: `pause` after each step waits in proportion to how long the step took."""

    def __init__(self) -> None:
        self._since = time.perf_counter()

    async def pause(self) -> None:
        spent = time.perf_counter() - self._since
        await asyncio.sleep(spent * (1 - REPLAY_SHARE) / REPLAY_SHARE)
        self._since = time.perf_counter()
