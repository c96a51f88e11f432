"""Size limits on input: anything larger is rejected with RESOURCE_EXHAUSTED before it
is looked at, so no request can make the server do unbounded work or store junk."""

from __future__ import annotations

from fenpai.service.errors import ServiceError

#: The largest request message accepted by gRPC (bytes).
MAX_MESSAGE = 64 * 1024
#: The longest action text (bytes).
MAX_ACTION = 1024
#: The longest game id, variant id, bot name or option name (bytes).
MAX_NAME = 64
#: The longest option value (bytes).
MAX_OPTION_VALUE = 1024
#: The most options, bots or timers in one request.
MAX_ENTRIES = 32
#: The longest page token (bytes).
MAX_PAGE_TOKEN = 256


def check_text(field: str, value: str, limit: int) -> str:
    """`value`, if it is at most `limit` bytes long in UTF-8."""
    size = len(value.encode("utf-8"))
    if size > limit:
        raise ServiceError(
            "TOO_LONG", f"{field} is {size} bytes long; at most {limit} are accepted"
        )
    return value


def check_entries(field: str, count: int) -> None:
    """Rejects a map with more than MAX_ENTRIES entries."""
    if count > MAX_ENTRIES:
        raise ServiceError(
            "TOO_MANY_ENTRIES", f"{field} has {count} entries; at most {MAX_ENTRIES} are accepted"
        )
