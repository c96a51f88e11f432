"""The embedded store: games, seats and events in SQLite (WAL), for one server.

Every write goes through one writer thread that commits whatever writes are waiting in
one transaction (a group commit); should one of them fail, the batch is redone with a
savepoint per write, so that the failing write fails alone. A write is awaited on the
caller's event loop, and the writer wakes the loop once per batch. With the default
`synchronous=FULL`, a committed write survives a crash of the process or of the machine.
A change costs nothing before its commit: the one server's memory is the truth.

Schema (version 2), the records of `base`:

- `games`: one row per game — its kind (`game`: one hand; `table`: a match), its
  config JSON (`Game.config()`, or a table's `Match.config()`: what `new_game` or
  `new_match` needs, the seed included), effective timers, the admin token's hash, who
  may join (`open`, `private`), the hash of the CreateGame request id and of the
  request it named (to answer a retry), and for listing its status (waiting, playing,
  finished) with the phase and version as of the last status change, and the result
  once finished (a table's: its final standing). (A running game is listed from memory.)
- `seats`: one row per seat — a bot's name, or the SHA-256 of the joined client's token;
  a private game's seat invite's SHA-256; the SHA-256 of the JoinGame request id.
- `events`: one row per event, keyed by (game, version); `client_seq` unique per game
  and seat, stored signed (`base.signed`). A table's hands ride on this log: its hand
  boundaries are events, so a table is restored like a game.
- `server_secret`: one row, the key that request-id retries derive their tokens from.

Version 1 databases are migrated in place (`MIGRATIONS`).
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import os
import queue
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable
from types import TracebackType
from typing import Any, Protocol, TypeVar

from fenpai.service.store.base import (
    EVENT_COLUMNS,
    After,
    ChatLine,
    GameRow,
    RequestIdTaken,
    Seats,
    StoredEvent,
    StoredGame,
    StoreError,
    list_query,
    signed,
    stored_event,
    uncounted,
)

log = logging.getLogger("fenpai.service.store")

SCHEMA_VERSION = 2

EVENTS = """
CREATE TABLE IF NOT EXISTS {name} (
    game_id     TEXT NOT NULL REFERENCES games (game_id),
    version     INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN
                    ('join', 'action', 'resign', 'hand_end', 'hand_start', 'match_end')),
    action      TEXT NOT NULL,
    source      TEXT NOT NULL CHECK (source IN ('client', 'bot', 'timeout', 'server')),
    client_seq  INTEGER,
    request     TEXT,
    at          REAL NOT NULL,
    PRIMARY KEY (game_id, version),
    UNIQUE (game_id, seat, client_seq)
) WITHOUT ROWID;
"""

SCHEMA = (
    """
CREATE TABLE IF NOT EXISTS games (
    game_id     TEXT PRIMARY KEY,
    variant     TEXT NOT NULL,
    config      TEXT NOT NULL,
    timers      TEXT NOT NULL,
    admin_hash  BLOB NOT NULL,
    created_at  REAL NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('waiting', 'playing', 'finished')),
    phase       TEXT NOT NULL,
    version     INTEGER NOT NULL DEFAULT 0,
    result      TEXT,
    kind        TEXT NOT NULL DEFAULT 'game' CHECK (kind IN ('game', 'table')),
    access      TEXT NOT NULL DEFAULT 'open' CHECK (access IN ('open', 'private')),
    request_hash        BLOB,
    request_fingerprint BLOB
);
CREATE INDEX IF NOT EXISTS games_by_status ON games (status, created_at);
CREATE INDEX IF NOT EXISTS games_by_time ON games (created_at, game_id);
CREATE UNIQUE INDEX IF NOT EXISTS games_by_request ON games (request_hash);
CREATE TABLE IF NOT EXISTS seats (
    game_id     TEXT NOT NULL REFERENCES games (game_id),
    seat        INTEGER NOT NULL,
    bot         TEXT,
    token_hash  BLOB,
    invite_hash  BLOB,
    request_hash BLOB,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
"""
    + EVENTS.format(name="events")
    + """
CREATE TABLE IF NOT EXISTS server_secret (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    secret      BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS chat (
    game_id     TEXT NOT NULL REFERENCES games (game_id),
    seq         INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    text        TEXT NOT NULL,
    at          REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
"""
)

#: Schema version -> the script that brings a database of that version to the next.
MIGRATIONS: dict[int, str] = {
    # 1 -> 2: tables, private seats, request ids; the events take the server's kinds.
    1: """
ALTER TABLE games ADD COLUMN kind TEXT NOT NULL DEFAULT 'game'
    CHECK (kind IN ('game', 'table'));
ALTER TABLE games ADD COLUMN access TEXT NOT NULL DEFAULT 'open'
    CHECK (access IN ('open', 'private'));
ALTER TABLE games ADD COLUMN request_hash BLOB;
ALTER TABLE games ADD COLUMN request_fingerprint BLOB;
CREATE UNIQUE INDEX games_by_request ON games (request_hash);
ALTER TABLE seats ADD COLUMN invite_hash BLOB;
ALTER TABLE seats ADD COLUMN request_hash BLOB;
"""
    + EVENTS.format(name="events_v2")
    + """
INSERT INTO events_v2 SELECT * FROM events;
DROP TABLE events;
ALTER TABLE events_v2 RENAME TO events;
""",
}

#: At most this many waiting writes share one transaction.
MAX_BATCH = 512
#: At most this many events are inserted by one statement (9 parameters each: well
#: under any SQLite's limit on a statement's parameters; and as many kinds of statement,
#: one per count, stay prepared).
EVENTS_AT_ONCE = 64
#: While the server's event loop is at least this busy (`SqliteStore.busy`), the server
#: is short of CPU: the writer puts its next commit off for more changes to share its
#: fixed cost (the fsync, the loop's wake-up: about 0.3 ms of CPU), a step at a time
#: while the loop stays that busy, at most `MAX_DELAY` in all or until a statement's
#: worth of changes waits. A loop that waits for its commits is never kept waiting
#: longer than a step.
BUSY_SHARE = 0.5
DELAY_STEP = 0.001
MAX_DELAY = 0.003

T = TypeVar("T")


class Settled(Protocol):
    """What a write settles on the caller's event loop once it is committed (or not):
    a future, or a change's callback (`Callback`)."""

    def get_loop(self) -> asyncio.AbstractEventLoop: ...

    def cancelled(self) -> bool: ...

    def set_result(self, value: Any, /) -> None: ...

    def set_exception(self, error: BaseException, /) -> None: ...


#: A write: what it runs, and what it settles.
Job = tuple[Callable[[sqlite3.Connection], Any], Settled]
#: An event's row: its `events` columns, in order (`_insert_sql`).
EventRow = tuple[str, int, int, str, str, str, int | None, str | None, float]
#: A write's outcome: what it settles, its value, its error.
Outcome = tuple[Settled, Any, BaseException | None]


class Callback:
    """A write settled by calling `done` on the event loop with None once committed, or
    with the StoreError: where a future would cost a callback of its own scheduled on
    the loop (a loop turn more per change), the writer's one wake-up per batch calls it
    (`_resolve`)."""

    __slots__ = ("_done", "_loop")

    def __init__(self, loop: asyncio.AbstractEventLoop, done: Callable[[StoreError | None], None]):
        self._loop = loop
        self._done = done

    def get_loop(self) -> asyncio.AbstractEventLoop:
        return self._loop

    def cancelled(self) -> bool:
        return False

    def set_result(self, value: Any, /) -> None:
        self._call(None)

    def set_exception(self, error: BaseException, /) -> None:
        self._call(_store_error(error))

    def _call(self, error: StoreError | None) -> None:
        """Calls `done`; a failure is logged, and the batch's other writes are settled
        all the same."""
        try:
            self._done(error)
        except Exception:
            log.exception("a committed write's callback failed")


class SqliteStore:
    """The SQLite database of a server: one writer thread, one reader connection."""

    shared = False

    def __init__(self, path: str, synchronous: str = "FULL"):
        if synchronous not in ("FULL", "NORMAL"):
            raise StoreError(f"synchronous must be FULL or NORMAL, not {synchronous!r}")
        self.path = path
        self._lock_file = _lock_exclusively(path)
        try:
            self._writer_conn = self._connect(synchronous)
            self._migrate()
            self._reader = self._connect(synchronous)
            #: The server's secret key (request-id retries derive tokens from it).
            self.secret: bytes = self._reader.execute(
                "SELECT secret FROM server_secret WHERE id = 1"
            ).fetchone()[0]
        except sqlite3.Error as err:
            raise StoreError(f"cannot use the database {path}: {err}") from None
        self._reader_lock = threading.Lock()
        self.batches: Callable[[int], None] = uncounted
        #: How busy the event loop has been since the writer last asked (0..1; the
        #: server's `LoopLoad.busy`): never busy, never a commit put off, until told.
        self.busy: Callable[[], float] = _idle
        self._queue: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self._closing = threading.Lock()
        self._closed = False
        #: The event loop the store was opened on: its writes' futures are made on it
        #: without asking for the running loop (a system call on each ask).
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread = threading.Thread(target=self._write_loop, name="fenpai-db", daemon=True)
        self._thread.start()

    def _connect(self, synchronous: str) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute(f"PRAGMA synchronous={synchronous}")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("PRAGMA busy_timeout=10000")
        # A statement inside a transaction (a batch's events with another change) keeps
        # its journal in memory, not in a file created and deleted each time: that file
        # was a third of the writer's page writes.
        conn.execute("PRAGMA temp_store=MEMORY")
        return conn

    def _migrate(self) -> None:
        """Creates the schema, or brings an older one up to date (each step in a
        transaction of its own), and the server's secret on first use."""
        conn = self._writer_conn
        found = conn.execute("PRAGMA user_version").fetchone()[0]
        if found != 0 and found not in MIGRATIONS and found != SCHEMA_VERSION:
            raise StoreError(
                f"{self.path} has schema version {found}; this server knows {SCHEMA_VERSION}"
            )
        if found == 0:
            conn.executescript(f"BEGIN; {SCHEMA}; PRAGMA user_version={SCHEMA_VERSION}; COMMIT;")
        while found in MIGRATIONS:
            conn.executescript(
                f"BEGIN; {MIGRATIONS[found]}; PRAGMA user_version={found + 1}; COMMIT;"
            )
            found += 1
        conn.executescript(SCHEMA)  # the tables a migration does not make
        conn.execute(
            "INSERT OR IGNORE INTO server_secret (id, secret) VALUES (1, ?)",
            (secrets.token_bytes(32),),
        )

    # -- writing -----------------------------------------------------------------------------

    def write(self, fn: Callable[[sqlite3.Connection], T]) -> asyncio.Future[T]:
        """Runs `fn` in a transaction; the future, of the running event loop, holds its
        result once committed."""
        future: asyncio.Future[T] = self._running_loop().create_future()
        self._submit((fn, future))
        return future

    def write_then(
        self, fn: Callable[[sqlite3.Connection], Any], done: Callable[[StoreError | None], None]
    ) -> None:
        """Runs `fn` in a transaction, then calls `done` on the running event loop with
        None once committed, or with the StoreError (see `Callback`)."""
        self._submit((fn, Callback(self._running_loop(), done)))

    def _running_loop(self) -> asyncio.AbstractEventLoop:
        """The server's event loop (asked for once), or the running one."""
        loop = self._loop
        if loop is None or not loop.is_running():  # not opened, or opened on another loop
            loop = asyncio.get_running_loop()
        return loop

    def _submit(self, job: Job) -> None:
        """Queues `job` for the writer; StoreError once the store is closed."""
        with self._closing:  # no write lands after close()'s last one
            if self._closed:
                raise StoreError("the store is closed")
            self._queue.put(job)

    def _write_loop(self) -> None:
        conn = self._writer_conn
        while True:
            batch = [self._queue.get()]
            if batch[0] is not None:
                try:
                    self._gather()
                except Exception:  # a failing probe never keeps a commit from being made
                    log.exception("the event loop's load could not be read; committing")
            while len(batch) < MAX_BATCH:
                try:
                    batch.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            jobs = [job for job in batch if job is not None]
            if jobs:
                try:
                    outcomes = self._commit(conn, jobs)
                except Exception as err:  # even the rollback failed: the writer goes on
                    failure = StoreError(f"the database write failed: {err}")
                    outcomes = [(future, None, failure) for _, future in jobs]
                _settle(outcomes)
                self.batches(len(jobs))
            if len(jobs) < len(batch):
                return

    def _gather(self) -> None:
        """Puts the commit of the waiting writes off while the event loop is busy
        (`BUSY_SHARE`), for more to join them."""
        end = time.perf_counter() + MAX_DELAY
        while (
            self.busy() >= BUSY_SHARE
            and self._queue.qsize() < EVENTS_AT_ONCE
            and time.perf_counter() < end
        ):
            time.sleep(DELAY_STEP)

    @staticmethod
    def _commit(conn: sqlite3.Connection, jobs: list[Job]) -> list[Outcome]:
        """Commits `jobs` in one transaction, the events of all their `Writes` inserted
        together (`_insert_events`); if any fails, redoes them one savepoint each.

        When the jobs are only events, few enough for one statement (the usual batch of
        actions), that statement is the transaction: the writer then lets go of the GIL
        (and waits to take it back from the event loop) once for the batch."""
        alone = _events_only(jobs)
        if alone is not None:
            try:
                _insert_events(conn, alone)
            except sqlite3.Error:  # nothing was written: the one statement failed whole
                pass
            else:
                return [(future, None, None) for _, future in jobs]
        try:
            conn.execute("BEGIN IMMEDIATE")
            values: list[Any] = []
            events: list[EventRow] = []
            for fn, _ in jobs:
                if isinstance(fn, Writes):
                    fn.others(conn)
                    events += fn.events
                    values.append(None)
                else:
                    values.append(fn(conn))
            _insert_events(conn, events)
            conn.execute("COMMIT")
        except Exception as err:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            if len(jobs) == 1:
                return [(jobs[0][1], None, err)]
            return SqliteStore._commit_each(conn, jobs)
        return [(future, value, None) for (_, future), value in zip(jobs, values, strict=True)]

    @staticmethod
    def _commit_each(conn: sqlite3.Connection, jobs: list[Job]) -> list[Outcome]:
        """Commits `jobs` in one transaction, each in a savepoint: one failing fails alone."""
        outcomes: list[Outcome] = []
        try:
            conn.execute("BEGIN IMMEDIATE")
            for fn, future in jobs:
                conn.execute("SAVEPOINT job")
                try:
                    value = fn(conn)
                except Exception as err:
                    conn.execute("ROLLBACK TO job")
                    outcomes.append((future, None, err))
                else:
                    outcomes.append((future, value, None))
                conn.execute("RELEASE job")
            conn.execute("COMMIT")
        except Exception as err:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            failure = StoreError(f"the database write failed: {err}")
            return [(future, None, failure) for _, future in jobs]
        return outcomes

    async def open(self) -> None:
        """Remembers the server's event loop (the database was opened with the store)."""
        self._loop = asyncio.get_running_loop()

    def create_game(
        self, game: StoredGame, phase: str, request: tuple[bytes, bytes] | None = None
    ) -> asyncio.Future[None]:
        """Stores a new game and its seats."""
        invites = game.invite_hashes or [None] * len(game.bots)

        def fn(conn: sqlite3.Connection) -> None:
            if (
                request is not None
                and conn.execute(
                    "SELECT 1 FROM games WHERE request_hash = ?", (request[0],)
                ).fetchone()
            ):
                raise RequestIdTaken("a game was created with this request id")
            conn.execute(
                "INSERT INTO games (game_id, variant, config, timers, admin_hash, created_at,"
                " status, phase, kind, access, request_hash, request_fingerprint)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game.game_id,
                    game.config["variant"],
                    json.dumps(game.config),
                    json.dumps(game.timers),
                    game.admin_hash,
                    game.created_at,
                    game.status,
                    phase,
                    game.kind,
                    game.access,
                    *(request or (None, None)),
                ),
            )
            conn.executemany(
                "INSERT INTO seats (game_id, seat, bot, invite_hash) VALUES (?, ?, ?, ?)",
                [(game.game_id, seat, bot, invites[seat]) for seat, bot in enumerate(game.bots)],
            )

        return self.write(fn)

    def change(
        self, game_id: str, version: int, lease: bool = False, seats: Seats | None = None
    ) -> SqliteChange:
        """A change to a game: its writes are committed together when it ends (the one
        server's memory is the truth, so it is never stale)."""
        return SqliteChange(self, game_id)

    def append_event(
        self, game_id: str, event: StoredEvent, after: After | None = None
    ) -> asyncio.Future[None]:
        """Stores one event by itself (and the game's row when its status changes)."""
        writes = Writes(game_id)
        writes.append(event, after)
        return self.write(writes)

    # -- reading -----------------------------------------------------------------------------

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._reader_lock:
            try:
                return self._reader.execute(sql, args).fetchall()
            except sqlite3.Error as err:
                raise StoreError(f"the database read failed: {err}") from None

    async def unfinished(self) -> list[str]:
        return await asyncio.to_thread(self._unfinished)

    def _unfinished(self) -> list[str]:
        rows = self._read(
            "SELECT game_id FROM games WHERE status != 'finished' ORDER BY created_at, game_id"
        )
        return [r[0] for r in rows]

    async def load(self, game_id: str) -> StoredGame | None:
        return await asyncio.to_thread(self._load, game_id)

    def _load(self, game_id: str) -> StoredGame | None:
        rows = self._read(
            "SELECT config, timers, admin_hash, created_at, status, kind, access FROM games"
            " WHERE game_id = ?",
            (game_id,),
        )
        if not rows:
            return None
        config, timers, admin_hash, created_at, status, kind, access = rows[0]
        seats = self._read(
            "SELECT bot, token_hash, invite_hash, request_hash FROM seats WHERE game_id = ?"
            " ORDER BY seat",
            (game_id,),
        )
        events = self._read(
            f"SELECT {EVENT_COLUMNS} FROM events WHERE game_id = ? ORDER BY version", (game_id,)
        )
        return StoredGame(
            game_id=game_id,
            config=json.loads(config),
            timers=json.loads(timers),
            admin_hash=admin_hash,
            created_at=created_at,
            status=status,
            bots=[s[0] for s in seats],
            token_hashes=[s[1] for s in seats],
            events=[stored_event(e) for e in events],
            kind=kind,
            access=access,
            invite_hashes=[s[2] for s in seats],
            join_requests=[s[3] for s in seats],
        )

    async def created_by(self, request_hash: bytes) -> tuple[str, bytes] | None:
        return await asyncio.to_thread(self._created_by, request_hash)

    def _created_by(self, request_hash: bytes) -> tuple[str, bytes] | None:
        rows = self._read(
            "SELECT game_id, request_fingerprint FROM games WHERE request_hash = ?",
            (request_hash,),
        )
        return (rows[0][0], rows[0][1]) if rows else None

    async def row(self, game_id: str) -> GameRow | None:
        return await asyncio.to_thread(self._row, game_id)

    def _row(self, game_id: str) -> GameRow | None:
        rows = self._read(
            "SELECT config, timers, created_at, status, phase, version, kind, access, result"
            " FROM games WHERE game_id = ?",
            (game_id,),
        )
        if not rows:
            return None
        config, timers, created_at, status, phase, version, kind, access, result = rows[0]
        seats = self._read(
            "SELECT bot, token_hash FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return GameRow(
            game_id=game_id,
            config=json.loads(config),
            timers=json.loads(timers),
            created_at=created_at,
            status=status,
            phase=phase,
            version=version,
            bots=[s[0] for s in seats],
            joined=[s[0] is not None or s[1] is not None for s in seats],
            to_act=[],
            kind=kind,
            access=access,
            result=None if result is None else json.loads(result),
            match=json.loads(result) if result is not None and kind == "table" else None,
        )

    async def list_games(
        self,
        status: str | None,
        variant: str | None,
        before: tuple[float, str] | None,
        limit: int,
    ) -> list[tuple[str, float]]:
        return await asyncio.to_thread(self._list_games, status, variant, before, limit)

    def _list_games(
        self,
        status: str | None,
        variant: str | None,
        before: tuple[float, str] | None,
        limit: int,
    ) -> list[tuple[str, float]]:
        sql, args = list_query(status, variant, before, limit, "?")
        return [(r[0], r[1]) for r in self._read(sql, args)]

    # -- closing -----------------------------------------------------------------------------

    async def add_chat(self, game_id: str, seat: int, text: str, at: float) -> ChatLine:
        def fn(conn: sqlite3.Connection) -> ChatLine:
            row = conn.execute(
                "SELECT COALESCE(MAX(seq), 0) + 1 FROM chat WHERE game_id = ?", (game_id,)
            ).fetchone()
            conn.execute(
                "INSERT INTO chat (game_id, seq, seat, text, at) VALUES (?, ?, ?, ?, ?)",
                (game_id, row[0], seat, text, at),
            )
            return ChatLine(row[0], seat, text, at)

        return await self.write(fn)

    async def chat(self, game_id: str, after: int, limit: int) -> list[ChatLine]:
        rows = await asyncio.to_thread(
            self._read,
            "SELECT seq, seat, text, at FROM chat WHERE game_id = ? AND seq > ?"
            " ORDER BY seq LIMIT ?",
            (game_id, after, limit),
        )
        return [ChatLine(*row) for row in rows]

    async def close(self) -> None:
        await asyncio.to_thread(self.close_now)

    def close_now(self) -> None:
        """`close`, from outside an event loop."""
        with self._closing:
            if self._closed:
                return
            self._closed = True
            self._queue.put(None)
        self._thread.join()
        self._writer_conn.close()
        with self._reader_lock:
            self._reader.close()
        if self._lock_file is not None:
            self._lock_file.close()


class Writes:
    """The writes of one change to one game: its events' rows, which the writer inserts
    with those of every other change of its transaction in a few statements (each
    statement lets go of the GIL once, where a statement per row would let go of it
    once a row), and its other writes (a joining seat's token, a reissued one, the
    game's status when it starts or ends). Called, it makes them all by itself (the
    writer's savepoint per write)."""

    def __init__(self, game_id: str):
        self.game_id = game_id
        self.events: list[EventRow] = []
        self._others: list[Callable[[sqlite3.Connection], Any]] = []

    def __bool__(self) -> bool:
        return bool(self.events or self._others)

    def append(
        self,
        event: StoredEvent,
        after: After | None = None,
        token_hash: bytes | None = None,
        request_hash: bytes | None = None,
    ) -> None:
        """An event, a joining seat's token hash (and the hash of the request id it
        joined with), and when the game's status changes (it starts or ends), its
        status, phase and result after the event."""
        game_id = self.game_id
        if token_hash is not None:
            self._others.append(
                lambda conn: conn.execute(
                    "UPDATE seats SET token_hash = ?, request_hash = ? WHERE game_id = ?"
                    " AND seat = ?",
                    (token_hash, request_hash, game_id, event.seat),
                )
            )
        self.events.append(
            (
                game_id,
                event.version,
                event.seat,
                event.kind,
                event.action,
                event.source,
                signed(event.client_seq),
                event.request,
                event.at,
            )
        )
        if after is not None and after.changed:
            status, phase = after.status, after.phase
            result = None if after.result is None else json.dumps(after.result)
            self._others.append(
                lambda conn: conn.execute(
                    "UPDATE games SET version = ?, status = ?, phase = ?, result = ?"
                    " WHERE game_id = ?",
                    (event.version, status, phase, result, game_id),
                )
            )

    def set_token(self, seat: int, token_hash: bytes) -> None:
        """Replaces a seat's token hash (a reissued token)."""
        game_id = self.game_id
        self._others.append(
            lambda conn: conn.execute(
                "UPDATE seats SET token_hash = ? WHERE game_id = ? AND seat = ?",
                (token_hash, game_id, seat),
            )
        )

    def has_others(self) -> bool:
        """Whether there are writes that are not events."""
        return bool(self._others)

    def others(self, conn: sqlite3.Connection) -> None:
        """Makes the writes that are not events."""
        for write in self._others:
            write(conn)

    def __call__(self, conn: sqlite3.Connection) -> None:
        self.others(conn)
        _insert_events(conn, self.events)


class SqliteChange:
    """A change to one game on SQLite: nothing to catch up on, its writes in one job."""

    def __init__(self, store: SqliteStore, game_id: str):
        self.missed: list[StoredEvent] = []
        self.token_hashes: list[bytes | None] | None = None
        self.join_requests: list[bytes | None] | None = None
        self.leased = True
        self._store = store
        self._writes = Writes(game_id)

    def append(
        self,
        event: StoredEvent,
        after: After,
        token_hash: bytes | None = None,
        request_hash: bytes | None = None,
    ) -> None:
        self._writes.append(event, after, token_hash, request_hash)

    def set_token(self, seat: int, token_hash: bytes) -> None:
        self._writes.set_token(seat, token_hash)

    def commit(self, done: Callable[[StoreError | None], None]) -> bool:
        """Queues the change's writes for the writer's next transaction and calls `done`
        on the event loop once they are committed (with None) or not (with the
        StoreError); False, and `done` is never called, when there is nothing to write.
        Nobody awaits the commit: it is made (or not) whoever still waits for it."""
        if not self._writes:
            return False
        self._store.write_then(self._writes, done)
        return True

    async def __aenter__(self) -> SqliteChange:
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if kind is not None or not self._writes:
            return
        try:
            await self._store.write(self._writes)
        except sqlite3.Error as err:
            raise StoreError(str(err)) from None


def _idle() -> float:
    """`SqliteStore.busy` until the server tells: an event loop never busy."""
    return 0.0


def _store_error(error: BaseException | None) -> StoreError | None:
    """A write's failure as the store reports it."""
    if error is None or isinstance(error, StoreError):
        return error
    return StoreError(str(error))


@functools.cache
def _insert_sql(rows: int) -> str:
    """The statement inserting `rows` events."""
    values = ", ".join(["(?, ?, ?, ?, ?, ?, ?, ?, ?)"] * rows)
    return (
        "INSERT INTO events (game_id, version, seat, kind, action, source, client_seq,"
        f" request, at) VALUES {values}"
    )


def _insert_events(conn: sqlite3.Connection, rows: list[EventRow]) -> None:
    """Inserts events, `EVENTS_AT_ONCE` to a statement."""
    for start in range(0, len(rows), EVENTS_AT_ONCE):
        chunk = rows[start : start + EVENTS_AT_ONCE]
        conn.execute(_insert_sql(len(chunk)), [value for row in chunk for value in row])


def _events_only(jobs: list[Job]) -> list[EventRow] | None:
    """The events of `jobs` if they are all there is to write and one statement inserts
    them; else None."""
    events: list[EventRow] = []
    for fn, _ in jobs:
        if not isinstance(fn, Writes) or fn.has_others():
            return None
        events += fn.events
    return events if len(events) <= EVENTS_AT_ONCE else None


def _settle(outcomes: list[Outcome]) -> None:
    """Settles the writes of a batch (their futures, their callbacks): one wakeup of
    each waiting event loop."""
    by_loop: dict[asyncio.AbstractEventLoop, list[Outcome]] = {}
    for outcome in outcomes:
        by_loop.setdefault(outcome[0].get_loop(), []).append(outcome)
    for loop, settled in by_loop.items():
        try:
            loop.call_soon_threadsafe(_resolve, settled)
        except RuntimeError:  # the loop is closed: nobody waits any more
            pass


def _resolve(outcomes: list[Outcome]) -> None:
    """On the waiting loop: the futures take their values or errors, the callbacks are
    called."""
    for future, value, error in outcomes:
        if future.cancelled():
            continue
        if error is None:
            future.set_result(value)
        else:
            future.set_exception(error)


def _lock_exclusively(path: str) -> Any:
    """Holds an exclusive lock on `path`.lock so that two servers never share a database
    (the kernel drops it when the process dies, even by kill -9)."""
    try:
        import fcntl
    except ImportError:  # not POSIX: no guard
        return None
    directory = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(directory):
        raise StoreError(f"cannot use the database {path}: no folder {directory}")
    handle = open(path + ".lock", "a")  # noqa: SIM115 - held open for the server's life
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise StoreError(f"another server is using the database {path}") from None
    return handle
