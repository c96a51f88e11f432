"""Secret tokens: made with `secrets`, stored only as SHA-256 hashes, compared in
constant time, so neither the database nor response timing gives a token away.

A call that names a request id (CreateGame, JoinGame) must answer its retry with the
same tokens, yet no token is stored in clear: such a token is derived instead, an
HMAC-SHA256 of the server's secret key over what it is for (game, seat) and the
request id, and only the request id's hash is stored. Whoever repeats the request id
gets the token again, so a request id is a secret of its client's, as the token is;
the database alone (secret key and hashes) gives no token without the request ids.
"""

from __future__ import annotations

import base64
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


def derived_token(secret: bytes, purpose: str, *parts: str) -> str:
    """The token for `purpose` (admin, invite, seat) of `parts` (game id, seat, request
    id): the same every time, and as unguessable as a fresh one without `secret`."""
    message = "\0".join((purpose, *parts)).encode("utf-8")
    digest = hmac.new(secret, message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def request_hash(call: str, request_id: str) -> bytes:
    """What is stored to recognise a retry of `call` with `request_id`."""
    return token_hash(f"{call}\0{request_id}")


def token_hash(token: str) -> bytes:
    """What is stored instead of the token."""
    return hashlib.sha256(token.encode("utf-8")).digest()


def match_seat(token: str, hashes: Sequence[bytes | None]) -> int | None:
    """The seat whose stored hash matches `token`, else None."""
    return seat_of(token_hash(token), hashes)


def seat_of(digest: bytes, hashes: Sequence[bytes | None]) -> int | None:
    """The seat whose stored hash is `digest`, else None.

    Every seat is compared (no early exit) with `hmac.compare_digest`.
    """
    found: int | None = None
    for seat, stored in enumerate(hashes):
        if stored is not None and hmac.compare_digest(digest, stored):
            found = seat
    return found


def matches(token: str, stored: bytes) -> bool:
    """True when `token` hashes to `stored` (constant time)."""
    return hmac.compare_digest(token_hash(token), stored)
