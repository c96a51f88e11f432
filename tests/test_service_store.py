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
