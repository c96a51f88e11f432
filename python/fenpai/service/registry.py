"""`Registry`: which games are in memory, and finding any game by id.

Every unfinished game stays in memory (restored at start); a finished game stays in a
bounded cache and is reloaded from the store when asked for again. A game whose stored
events no longer replay is remembered as broken and refused with INTERNAL. On a shared
store, games are loaded when asked for, a game that other servers run may be forgotten
when idle, and games are listed from the store's rows (which it keeps current).

It lives on the server's event loop.
"""

from __future__ import annotations

import base64
import binascii
import json
import time
from collections import OrderedDict

from fenpai.service import limits
from fenpai.service.errors import ServiceError
from fenpai.service.session import RestoreError, Session, Summary
from fenpai.service.store import Store, StoreError

#: Finished games kept in memory after their last use (older ones are reloaded on demand).
FINISHED_CACHE = 256
#: Games listed per page by default, and at most.
PAGE_SIZE, MAX_PAGE_SIZE = 50, 500


class Registry:
    """The games of a server by id: in memory, or loaded from the store on demand."""

    def __init__(self, store: Store):
        self._store = store
        self._active: dict[str, Session] = {}
        self._finished: OrderedDict[str, Session] = OrderedDict()
        self._broken: dict[str, str] = {}

    def add(self, session: Session) -> None:
        """Keeps `session` (again, once it is finished: it moves to the bounded cache)."""
        game_id = session.game_id
        if not session.state.finished:
            self._active[game_id] = session
            return
        self._active.pop(game_id, None)
        self._finished[game_id] = session
        self._finished.move_to_end(game_id)
        while len(self._finished) > FINISHED_CACHE:
            self._finished.popitem(last=False)

    def mark_broken(self, game_id: str, reason: str) -> None:
        self._broken[game_id] = reason

    def peek(self, game_id: str) -> Session | None:
        """The game if it is in memory."""
        return self._active.get(game_id) or self._finished.get(game_id)

    def in_memory(self) -> list[Session]:
        return list(self._active.values()) + list(self._finished.values())

    def forget(self, game_id: str) -> None:
        """Drops an unfinished game from memory (it is loaded again when asked for)."""
        self._active.pop(game_id, None)

    async def get(self, game_id: str) -> Session:
        """The game `game_id`: NOT_FOUND if there is none, INTERNAL if it is broken."""
        if not game_id:
            raise ServiceError("GAME_ID_REQUIRED", "game_id is required")
        limits.check_text("game_id", game_id, limits.MAX_NAME)
        session = self.peek(game_id)
        if session is not None:
            session.used = time.monotonic()
            if game_id in self._finished:
                self._finished.move_to_end(game_id)
            return session
        broken = self._broken.get(game_id)
        if broken is not None:
            raise ServiceError("GAME_UNREADABLE", f"game {game_id} {broken}")
        try:
            stored = await self._store.load(game_id)
        except StoreError as err:
            raise unavailable(err) from None
        if stored is None:
            raise ServiceError("UNKNOWN_GAME", f"no game {game_id!r}")
        try:
            session = Session(stored)
        except RestoreError as err:
            raise ServiceError("GAME_UNREADABLE", f"game {game_id} {err}") from None
        known = self.peek(game_id)  # loaded by another call meanwhile
        if known is not None:
            return known
        self.add(session)
        return session

    async def page(
        self, status: str | None, variant: str | None, page_size: int, page_token: str
    ) -> tuple[list[Summary], str]:
        """A page of the open games' summaries, newest first, and the next page's token."""
        limits.check_text("variant", variant or "", limits.MAX_NAME)
        limits.check_text("page_token", page_token, limits.MAX_PAGE_TOKEN)
        size = min(page_size or PAGE_SIZE, MAX_PAGE_SIZE)
        before = _decode_page_token(page_token) if page_token else None
        try:
            return await self._page(status, variant or None, before, size)
        except StoreError as err:
            raise unavailable(err) from None

    async def _page(
        self, status: str | None, variant: str | None, before: tuple[float, str] | None, size: int
    ) -> tuple[list[Summary], str]:
        rows = await self._store.list_games(status, variant, before, size + 1)
        out = []
        for game_id, _ in rows[:size]:
            session = None if self._store.shared else self.peek(game_id)
            if session is not None:
                async with session.lock:
                    out.append(session.summary())
                continue
            row = await self._store.row(game_id)
            if row is not None:
                out.append(
                    Summary(
                        game_id=game_id,
                        variant=row.config["variant"],
                        options=row.config["options"],
                        bots=row.bots,
                        joined=row.joined,
                        status=row.status,
                        phase=row.phase,
                        to_act=row.to_act,
                        version=row.version,
                        timers=row.timers,
                        created_at=row.created_at,
                        access=row.access,
                        match=row.match,
                    )
                )
        token = _encode_page_token(rows[size - 1]) if len(rows) > size else ""
        return out, token


def unavailable(err: StoreError) -> ServiceError:
    """STORE_UNAVAILABLE: the database could not be read."""
    return ServiceError("STORE_UNAVAILABLE", f"the database cannot be read now: {err}")


def _encode_page_token(row: tuple[str, float]) -> str:
    game_id, created_at = row
    raw = json.dumps([created_at, game_id]).encode()
    return base64.urlsafe_b64encode(raw).decode()


def _decode_page_token(token: str) -> tuple[float, str]:
    try:
        created_at, game_id = json.loads(base64.urlsafe_b64decode(token.encode()))
        return float(created_at), str(game_id)
    except (ValueError, TypeError, binascii.Error):
        raise ServiceError("BAD_PAGE_TOKEN", "page_token is not one ListGames returned") from None
