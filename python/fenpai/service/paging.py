"""Pages of GetHistory and ReplayGame: how many events a call may return, and the page
token that says where the next page starts (the version of the last event sent).

Each call's work is bounded by its page: a replay builds one view per event it sends,
so a client asking for a long table's replay over and over costs the server at most a
page's views per call, and the other calls on the event loop run between them.
"""

from __future__ import annotations

import base64
import binascii
import json

from fenpai.service import limits
from fenpai.service.errors import ServiceError

#: GetHistory: events per page when page_size is 0, and at most.
HISTORY_PAGE = 10_000
MAX_HISTORY_PAGE = 10_000
#: ReplayGame: events (each with a view) per call when page_size is 0, and at most.
REPLAY_PAGE = 500
MAX_REPLAY_PAGE = 1000


def size(page_size: int, default: int, most: int) -> int:
    """The page size a request asks for: `default` for 0, at most `most`."""
    return min(page_size or default, most)


def encode(method: str, version: int) -> str:
    """The page token of the page after version `version` of `method`."""
    text = json.dumps([method, version], separators=(",", ":"))
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def decode(method: str, token: str) -> int:
    """The version after which the page `token` (from `method`) starts; 0 for none.
    BAD_PAGE_TOKEN for a token `method` did not return."""
    if not token:
        return 0
    limits.check_text("page_token", token, limits.MAX_PAGE_TOKEN)
    try:
        padded = token + "=" * (-len(token) % 4)
        named, version = json.loads(base64.urlsafe_b64decode(padded.encode()))
    except (ValueError, TypeError, binascii.Error):
        named, version = None, None
    if named != method or not isinstance(version, int) or isinstance(version, bool):
        raise ServiceError("BAD_PAGE_TOKEN", f"page_token is not one {method} returned")
    if version < 0:
        raise ServiceError("BAD_PAGE_TOKEN", f"page_token is not one {method} returned")
    return version
