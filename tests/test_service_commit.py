"""A change on SQLite runs without a task of its own (`GameHost._commit_local`): its
writes join the writer's next transaction and the commit's callback ends it. A caller
that goes away while its action waits in a commit group leaves the action committed
exactly once (or, if the commit fails, not at all, the game as it was), and a retry
with the same client_seq is answered as the first call would have been."""

from __future__ import annotations

import asyncio
import sqlite3
import threading

import pytest
from service_support import check_committed_once, hosted, let_go, retried

from fenpai.service.creation import CreateRequest
from fenpai.service.errors import ServiceError
from fenpai.service.host import GameHost
from fenpai.service.store import SqliteStore
from fenpai.service.store import sqlite as sqlite_store


async def _game(host: GameHost) -> tuple[str, dict[int, str]]:
    """A red_five_4p game with every seat joined: its id and the seats' tokens."""
    created = await host.create(CreateRequest("red_five_4p", seed=5))
    game_id = created.summary.game_id
    tokens = {}
    for seat in range(4):
        tokens[seat] = (await host.join(game_id, seat)).token
    return game_id, tokens


async def _held(store: SqliteStore) -> tuple[threading.Event, asyncio.Future[object]]:
    """Holds the writer (a write that waits) until the event is set: what is written
    meanwhile waits for the writer's next transaction."""
    started, release = threading.Event(), threading.Event()

    def hold(conn: sqlite3.Connection) -> None:
        started.set()
        release.wait(10)

    held = store.write(hold)
    await asyncio.to_thread(started.wait, 10)
    return release, held


async def _caller_gone_mid_commit(tmp_path, commits_fail: list[bool]) -> dict[str, object]:
    """An action whose caller is cancelled while it waits in a commit group (which
    fails while `commits_fail` holds True), then retried once the group is over."""
    async with hosted(tmp_path) as (store, host):
        game_id, tokens = await _game(host)
        session = host.peek(game_id)
        assert session is not None
        seat = session.game.to_act[0]
        action = session.game.legal_actions(seat)[0]
        before = session.version
        release, held = await _held(store)
        caller = asyncio.ensure_future(host.act(game_id, tokens[seat], action, client_seq=1))
        for _ in range(100):  # until the change waits for its commit, the lock held
            await asyncio.sleep(0)
            if session.lock.locked():
                break
        assert session.lock.locked() and session.state.version == before + 1
        caller.cancel()
        with pytest.raises(asyncio.CancelledError):
            await caller
        release.set()
        await held
        await let_go(session)
        commits_fail[:] = [False]
        found = await retried(host, store, session, tokens[seat], action)
        return {"before": before, "state": session.state.version, "seat": seat, **found}


def test_a_caller_gone_mid_commit_leaves_its_action_committed_once(tmp_path):
    check_committed_once(asyncio.run(_caller_gone_mid_commit(tmp_path, [False])))


def test_a_caller_gone_from_a_failed_commit_leaves_the_game_as_it_was(tmp_path, monkeypatch):
    real = sqlite_store._insert_events
    commits_fail = [True]
    failed = []

    def insert(conn: sqlite3.Connection, rows: list[sqlite_store.EventRow]) -> None:
        if commits_fail[0] and any(row[6] == 1 for row in rows):  # the action's (client_seq 1)
            failed.append(rows)
            raise sqlite3.OperationalError("disk I/O error")
        real(conn, rows)

    monkeypatch.setattr(sqlite_store, "_insert_events", insert)
    out = asyncio.run(_caller_gone_mid_commit(tmp_path, commits_fail))
    assert failed, "the commit was made to fail"
    before = out["before"]
    assert out["after"] == before, "nothing kept of a change that was not stored"
    retried = out["retried"]  # made now, once: not a replay of anything
    assert not retried.replayed and retried.event.version == before + 1
    assert [v for v, _, _ in out["stored"]] == list(range(1, before + 2))
    assert out["state"] == before + 1


def test_a_rejected_change_lets_go_of_the_game_and_changes_nothing(tmp_path):
    async def run() -> tuple[int, int, str]:
        async with hosted(tmp_path) as (_, host):
            game_id, tokens = await _game(host)
            session = host.peek(game_id)
            assert session is not None
            before = session.version
            seat = session.game.to_act[0]
            waiting = (seat + 1) % 4
            with pytest.raises(ServiceError) as refused:
                await host.act(game_id, tokens[waiting], "pass", None)
            assert not session.lock.locked()
            action = session.game.legal_actions(seat)[0]
            accepted = await host.act(game_id, tokens[seat], action, None)
            return before, accepted.event.version, refused.value.reason

    before, version, reason = asyncio.run(run())
    assert reason == "NOT_YOUR_TURN"
    assert version == before + 1
