"""Secret tokens: made with `secrets`, stored only as SHA-256 hashes, compared in
constant time, so neither the database nor response timing gives a token away."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence

#: Bytes of randomness in a token (43 URL-safe characters).
TOKEN_BYTES = 32
#: Longer token text is rejected before hashing.
MAX_TOKEN_LENGTH = 128


def new_token() -> str:
    """A fresh secret token."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> bytes:
    """What is stored instead of the token."""
    return hashlib.sha256(token.encode("utf-8")).digest()


def match_seat(token: str, hashes: Sequence[bytes | None]) -> int | None:
    """The seat whose stored hash matches `token`, else None.

    Every seat is compared (no early exit) with `hmac.compare_digest`.
    """
    digest = token_hash(token)
    found: int | None = None
    for seat, stored in enumerate(hashes):
        if stored is not None and hmac.compare_digest(digest, stored):
            found = seat
    return found


def matches(token: str, stored: bytes) -> bool:
    """True when `token` hashes to `stored` (constant time)."""
    return hmac.compare_digest(token_hash(token), stored)
