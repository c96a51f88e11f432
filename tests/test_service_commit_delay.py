"""The SQLite writer's adaptive commit delay: while the server's event loop is busy
(`LoopLoad`), a commit is put off a step at a time, for more changes to share its fixed
cost, at most `MAX_DELAY`; while the loop waits, it commits at once. Every write is
still answered only once committed (the crash tests hold that)."""

from __future__ import annotations

import asyncio
import math
import sys
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from fenpai.service.loopload import LoopLoad
from fenpai.service.server import Server, ServerConfig
from fenpai.service.store import SqliteStore
from fenpai.service.store import sqlite as sqlite_store

#: `serve` measures its loop from Python 3.11 on (asyncio.Runner's loop factory).
needs_runner = pytest.mark.skipif(sys.version_info < (3, 11), reason="asyncio.Runner is 3.11's")


@needs_runner
def test_the_loop_is_busy_while_it_works_and_not_while_it_waits():
    load = LoopLoad()

    async def run() -> tuple[float, float, float]:
        load.busy()  # the window starts
        await asyncio.sleep(0.05)  # in the selector, nothing to do
        idle = load.busy()
        end = time.perf_counter() + 0.05
        while time.perf_counter() < end:  # working, never in the selector
            pass
        working = load.busy()
        # asked from another thread while the loop waits: the wait under way counts
        waiting = await asyncio.to_thread(lambda: (time.sleep(0.05), load.busy())[1])
        return idle, working, waiting

    with asyncio.Runner(loop_factory=load.new_loop) as runner:
        idle, working, waiting = runner.run(run())
    assert idle < 0.5
    assert working == 1.0
    assert waiting < 0.5


def _stand_ins(monkeypatch: pytest.MonkeyPatch, sleep: object) -> None:
    """The writer's clock with `sleep` standing in for its waits."""
    fake = SimpleNamespace(perf_counter=time.perf_counter, sleep=sleep)
    monkeypatch.setattr(sqlite_store, "time", fake)


async def _store(folder: Path, busy: object, sizes: list[int]) -> SqliteStore:
    store = SqliteStore(str(folder / "fenpai.db"), "NORMAL")
    await store.open()
    store.busy = busy  # type: ignore[assignment]
    store.batches = sizes.append
    return store


def _nothing(conn: object) -> None:
    return None


def test_while_the_loop_is_busy_changes_made_meanwhile_join_the_commit(tmp_path, monkeypatch):
    slept, go = threading.Event(), threading.Event()

    def sleep(seconds: float) -> None:  # the test's writes arrive during the step
        slept.set()
        go.wait(10)

    _stand_ins(monkeypatch, sleep)
    answers = iter([1.0, 0.0])  # busy, then waiting for the commit

    async def run() -> list[int]:
        sizes: list[int] = []
        store = await _store(tmp_path, lambda: next(answers, 0.0), sizes)
        try:
            first = store.write(_nothing)
            assert await asyncio.to_thread(slept.wait, 10)
            others = [store.write(_nothing) for _ in range(3)]
            go.set()
            await asyncio.gather(first, *others)
        finally:
            await store.close()
        return sizes

    assert asyncio.run(run()) == [4]


def test_while_the_loop_waits_the_commit_is_made_at_once(tmp_path, monkeypatch):
    slept: list[float] = []
    _stand_ins(monkeypatch, slept.append)

    async def run() -> list[int]:
        sizes: list[int] = []
        store = await _store(tmp_path, lambda: 0.0, sizes)
        try:
            await store.write(_nothing)
        finally:
            await store.close()
        return sizes

    assert asyncio.run(run()) == [1]
    assert slept == []


def test_a_loop_busy_for_good_delays_a_commit_at_most_max_delay(tmp_path, monkeypatch):
    slept: list[float] = []

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        time.sleep(seconds)

    _stand_ins(monkeypatch, sleep)

    async def run() -> None:
        store = await _store(tmp_path, lambda: 1.0, [])
        try:
            await store.write(_nothing)
        finally:
            await store.close()

    asyncio.run(run())
    steps = math.ceil(sqlite_store.MAX_DELAY / sqlite_store.DELAY_STEP)
    assert 1 <= len(slept) <= steps
    assert all(s == sqlite_store.DELAY_STEP for s in slept)


def test_a_failing_load_probe_still_commits(tmp_path, caplog):
    def broken() -> float:
        raise RuntimeError("no load")

    async def run() -> list[int]:
        sizes: list[int] = []
        store = await _store(tmp_path, broken, sizes)
        try:
            await asyncio.wait_for(store.write(_nothing), 30)
            await asyncio.wait_for(store.write(_nothing), 30)  # the writer goes on
        finally:
            await store.close()
        return sizes

    assert asyncio.run(run()) == [1, 1]
    assert "could not be read" in caplog.text


def test_a_statement_s_worth_of_waiting_changes_is_committed_at_once(tmp_path, monkeypatch):
    slept: list[float] = []
    _stand_ins(monkeypatch, slept.append)
    started, release = threading.Event(), threading.Event()

    def hold(conn: object) -> None:
        started.set()
        release.wait(10)

    async def run() -> list[int]:
        sizes: list[int] = []
        store = await _store(tmp_path, lambda: 0.0, sizes)
        try:
            held = store.write(hold)
            assert await asyncio.to_thread(started.wait, 10)
            store.busy = lambda: 1.0  # busy from now on, but enough changes wait
            waiting = [store.write(_nothing) for _ in range(sqlite_store.EVENTS_AT_ONCE + 1)]
            release.set()
            await asyncio.gather(held, *waiting)
        finally:
            await store.close()
        return sizes

    assert asyncio.run(run()) == [1, sqlite_store.EVENTS_AT_ONCE + 1]
    assert slept == []


@needs_runner
def test_a_sqlite_server_s_writer_asks_its_loop_how_busy_it_is(tmp_path):
    load = LoopLoad()

    async def run() -> object:
        server = Server(ServerConfig("127.0.0.1:0", str(tmp_path / "f.db"), web_address=None), load)
        try:
            return server.store.busy
        finally:
            await server.store.close()

    with asyncio.Runner(loop_factory=load.new_loop) as runner:
        assert runner.run(run()) == load.busy
