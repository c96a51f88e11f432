"""The service's SQLite store: group commits, a failing write failing alone, one server
per database, and the schema version guard."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable

import pytest

from fenpai.service.store import (
    SCHEMA_VERSION,
    After,
    SqliteStore,
    StoredEvent,
    StoredGame,
    StoreError,
)
from fenpai.service.store.sqlite import Writes

INSERT = (
    "INSERT INTO events (game_id, version, seat, kind, action, source, client_seq, at)"
    " VALUES (?, ?, 0, 'action', 'pass', 'client', ?, 0)"
)


def event(version: int, seq: int | None = None) -> StoredEvent:
    return StoredEvent(version, 0, "action", "pass", "client", seq, "pass", 0.0)


def run(store: SqliteStore, *writes: Callable[[], Awaitable[None]]) -> list[object]:
    """Runs the writes at once on one event loop; their outcomes, errors included."""

    async def main() -> list[object]:
        return await asyncio.gather(*(w() for w in writes), return_exceptions=True)

    return asyncio.run(main())


@pytest.fixture()
def store(tmp_path):
    store = SqliteStore(str(tmp_path / "fenpai.db"), "NORMAL")

    async def create() -> None:
        seats = [None] * 4
        game = StoredGame("g", {"variant": "red_five_4p"}, {}, b"h", 1, "waiting", seats, seats, [])
        await store.create_game(game, "bid")

    run(store, create)
    yield store
    store.close_now()


def test_concurrent_writes_all_commit(store):
    def writer(start: int) -> Callable[[], Awaitable[None]]:
        async def write() -> None:
            for v in range(start, start + 50):
                await store.append_event("g", event(v))

        return write

    assert run(store, *(writer(1 + 50 * i) for i in range(8))) == [None] * 8
    loaded = asyncio.run(store.load("g"))
    assert loaded is not None
    assert sorted(e.version for e in loaded.events) == list(range(1, 401))


def test_a_failing_write_fails_alone(store):
    """A batch with a failing write is redone a savepoint per write: only that one fails."""

    def writer(version: int, seq: int) -> Callable[[], Awaitable[None]]:
        async def write() -> None:
            await store.append_event("g", event(version, seq))

        return write

    run(store, writer(1, 5))
    outcomes = run(store, *(writer(v, 5 if v == 3 else 100 + v) for v in range(2, 9)))
    assert isinstance(outcomes.pop(1), sqlite3.IntegrityError)  # client_seq 5 is used
    assert outcomes == [None] * 6
    loaded = asyncio.run(store.load("g"))
    assert loaded is not None
    assert [e.version for e in loaded.events] == [1, 2, 4, 5, 6, 7, 8]


def test_a_batch_with_a_failing_write_is_redone_write_by_write(store):
    """The writer's commit on its own: a batch whose third write breaks a constraint is
    rolled back and redone a savepoint per write; that write alone fails."""
    conn = sqlite3.connect(store.path, isolation_level=None)
    loop = asyncio.new_event_loop()
    try:
        jobs = [
            (lambda c, v=v: c.execute(INSERT, ("g", v, 7 if v == 3 else v)), loop.create_future())
            for v in range(1, 6)
        ]
        jobs.insert(0, (lambda c: c.execute(INSERT, ("g", 9, 7)), loop.create_future()))
        outcomes = SqliteStore._commit(conn, jobs)
    finally:
        loop.close()
    errors = [type(error).__name__ if error else None for _, _, error in outcomes]
    assert errors == [None, None, None, "IntegrityError", None, None]
    assert [future for future, _, _ in outcomes] == [future for _, future in jobs]
    stored = conn.execute("SELECT version FROM events ORDER BY version").fetchall()
    assert [v for (v,) in stored] == [1, 2, 4, 5, 9]
    conn.close()


@pytest.mark.parametrize("count", [1, 40, 64, 65, 200])
def test_a_batch_of_events_is_stored_whole_and_a_failing_one_alone(store, count):
    """Batches of events alone, as one statement (up to EVENTS_AT_ONCE) or a transaction
    of several: all stored, each once; with one event breaking a constraint, that one
    fails alone and the others are stored."""
    conn = sqlite3.connect(store.path, isolation_level=None)
    loop = asyncio.new_event_loop()
    try:
        for bad in (None, count // 2):
            first = 1 if bad is None else count + 1
            jobs = []
            for v in range(first, first + count):
                writes = Writes("g")
                seq = 1 if v - first == bad else v  # client_seq 1: the first batch's
                writes.append(StoredEvent(v, 0, "action", "pass", "client", seq, "pass", 0.0))
                jobs.append((writes, loop.create_future()))
            outcomes = SqliteStore._commit(conn, jobs)
            failed = [i for i, (_, _, error) in enumerate(outcomes) if error is not None]
            assert failed == ([] if bad is None else [bad])
    finally:
        loop.close()
    stored = [v for (v,) in conn.execute("SELECT version FROM events ORDER BY version")]
    expected = [v for v in range(1, 2 * count + 1) if v != count + 1 + count // 2]
    assert stored == expected
    conn.close()


def test_statement_journals_are_kept_in_memory(store):
    """A batch's statements inside a transaction journal in memory, not in temporary
    files (created, written and deleted on every such batch); rolling one back still
    works (the batch tests above)."""
    for conn in (store._writer_conn, store._reader):
        assert conn.execute("PRAGMA temp_store").fetchone()[0] == 2  # MEMORY


def test_one_server_per_database(store):
    with pytest.raises(StoreError, match="another server"):
        SqliteStore(store.path)


def test_status_changes_are_stored(store):
    async def start() -> None:
        await store.append_event("g", event(1), After("playing", "bid", [0], None, True))
        await store.append_event("g", event(2))

    async def finish() -> None:
        result = {"game_points": [1, -1]}
        await store.append_event("g", event(3), After("finished", "done", [], result, True))

    run(store, start)
    row = asyncio.run(store.row("g"))
    assert row is not None and (row.status, row.version) == ("playing", 1)
    run(store, finish)
    assert asyncio.run(store.unfinished()) == []
    assert asyncio.run(store.list_games("finished", None, None, 10)) == [("g", 1.0)]


def test_unknown_schema_is_refused(tmp_path):
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(StoreError, match="schema version"):
        SqliteStore(str(path))


def test_missing_folder_is_a_clear_error(tmp_path):
    with pytest.raises(StoreError, match="no folder"):
        SqliteStore(str(tmp_path / "nowhere" / "fenpai.db"))


#: The schema of version 1 (before tables, private seats and request ids).
SCHEMA_1 = """
CREATE TABLE games (
    game_id TEXT PRIMARY KEY, variant TEXT NOT NULL, config TEXT NOT NULL,
    timers TEXT NOT NULL, admin_hash BLOB NOT NULL, created_at REAL NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('waiting', 'playing', 'finished')),
    phase TEXT NOT NULL, version INTEGER NOT NULL DEFAULT 0, result TEXT);
CREATE INDEX games_by_status ON games (status, created_at);
CREATE INDEX games_by_time ON games (created_at, game_id);
CREATE TABLE seats (
    game_id TEXT NOT NULL REFERENCES games (game_id), seat INTEGER NOT NULL, bot TEXT,
    token_hash BLOB, PRIMARY KEY (game_id, seat)) WITHOUT ROWID;
CREATE TABLE events (
    game_id TEXT NOT NULL REFERENCES games (game_id), version INTEGER NOT NULL,
    seat INTEGER NOT NULL, kind TEXT NOT NULL CHECK (kind IN ('join', 'action', 'resign')),
    action TEXT NOT NULL, source TEXT NOT NULL CHECK (source IN ('client', 'bot', 'timeout')),
    client_seq INTEGER, request TEXT, at REAL NOT NULL,
    PRIMARY KEY (game_id, version), UNIQUE (game_id, seat, client_seq)) WITHOUT ROWID;
INSERT INTO games VALUES ('old', 'red_five_4p', '{"variant": "red_five_4p"}', '{}', x'00',
    1.0, 'waiting', 'bid', 1, NULL);
INSERT INTO seats VALUES ('old', 0, NULL, x'01'), ('old', 1, 'random', NULL);
INSERT INTO events VALUES ('old', 1, 0, 'join', 'join', 'client', NULL, NULL, 2.0);
PRAGMA user_version = 1;
"""


def test_a_version_1_database_is_migrated(tmp_path):
    """Its games, seats and events are kept; the events take a table's kinds; the
    server's secret is made once and kept."""
    path = tmp_path / "old.db"
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA_1)
    conn.close()
    store = SqliteStore(str(path), "NORMAL")
    try:
        loaded = asyncio.run(store.load("old"))
        assert loaded is not None and loaded.kind == "game" and loaded.access == "open"
        assert loaded.token_hashes == [b"\x01", None] and loaded.bots == [None, "random"]
        assert [(e.version, e.kind) for e in loaded.events] == [(1, "join")]
        assert loaded.invite_hashes == [None, None] and loaded.join_requests == [None, None]
        secret = store.secret
        assert len(secret) == 32

        async def boundary() -> None:
            await store.append_event(
                "old", StoredEvent(2, 0, "hand_end", "hand_end", "server", None, None, 3.0)
            )

        assert run(store, boundary) == [None]
    finally:
        store.close_now()
    store = SqliteStore(str(path), "NORMAL")
    try:
        assert store.secret == secret
        assert asyncio.run(store.list_games(None, None, None, 10)) == [("old", 1.0)]
    finally:
        store.close_now()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    conn.close()
