"""Who may watch a private game (Spectate, GetHistory, ReplayGame): the holder of its
watch token, of one of its invites, or of one of its seat tokens. An open game is
watched by anyone.

The watch token is derived (an HMAC of the server's secret key over the game id), so it
needs no storage, is the same on every replica and every retry of CreateGame, and
nobody without the secret key can make one.
"""

from __future__ import annotations

import hmac

from fenpai.service import auth, limits
from fenpai.service.errors import ServiceError
from fenpai.service.session import Session


def watch_token(secret: bytes, game_id: str) -> str:
    """The watch token of the private game `game_id`."""
    return auth.derived_token(secret, "watch", game_id)


def check_watcher(session: Session, secret: bytes, credential: str) -> None:
    """Nothing for an open game, or a private one's watch token, invite or seat token;
    PERMISSION_DENIED (WATCH_TOKEN_REQUIRED, BAD_WATCH_TOKEN) otherwise."""
    if session.access != "private":
        return
    if not credential:
        raise ServiceError(
            "WATCH_TOKEN_REQUIRED",
            "this game is private: watching it needs its watch token, an invite or a seat token",
        )
    limits.check_text("watch_token", credential, auth.MAX_TOKEN_LENGTH)
    expected = watch_token(secret, session.game_id).encode()
    watcher = hmac.compare_digest(credential.encode(), expected)
    invited = auth.match_seat(credential, session.invite_hashes) is not None
    seated = auth.match_seat(credential, session.token_hashes) is not None
    if not (watcher or invited or seated):
        raise ServiceError(
            "BAD_WATCH_TOKEN", "not a watch token, invite or seat token of this game"
        )
