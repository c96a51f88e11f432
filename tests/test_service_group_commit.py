"""PostgreSQL's group commit (`PostgresStore.guarded`): every waiting change is
answered, whatever happens to the others of its group, and a change whose COMMIT may
have been made is never made a second time (its caller catches up instead).

The group's transaction is stood in for, so that each failure can be made on purpose;
the service tests run the real one against a PostgreSQL server."""

from __future__ import annotations

import asyncio

import pytest

psycopg = pytest.importorskip("psycopg")

from fenpai.service.store import StoreError  # noqa: E402
from fenpai.service.store import postgres as pg  # noqa: E402


class StandIn(pg.PostgresStore):
    """The store's group commit over a transaction that waits for `go`, then writes
    every change or fails with `failure` while more than one change is in it."""

    def __init__(self, failure: BaseException | None = None):
        self._waiting = []
        self._committers = 0
        self._committing = set()
        self.batches = lambda n: None
        self.go = asyncio.Event()
        self.failure = failure
        self.groups: list[list[str]] = []

    async def _commit_group(self, group):
        await self.go.wait()
        self.groups.append([game_id for game_id, *_ in group])
        if self.failure is not None and len(group) > 1:
            raise self.failure
        return [True] * len(group)


async def queued(store: StandIn, games: str) -> list[asyncio.Future[bool]]:
    tasks = [store.guarded(g, "", None) for g in games]
    await asyncio.sleep(0)  # every change is waiting
    return tasks


async def settled(store: StandIn) -> None:
    store.go.set()
    while store._committing:
        await asyncio.gather(*store._committing, return_exceptions=True)


def test_a_caller_leaving_its_group_leaves_the_others_answered():
    async def run():
        store = StandIn()
        left, stays = await queued(store, "ab")
        left.cancel()
        await settled(store)
        return left, stays

    left, stays = asyncio.run(run())
    assert left.cancelled()
    assert stays.done() and stays.result() is True


@pytest.mark.parametrize(
    "failure",
    [
        psycopg.errors.UniqueViolation("a row of one change"),
        psycopg.errors.DeadlockDetected("rolled back: waited for another group in a circle"),
        psycopg.errors.SerializationFailure("rolled back"),
    ],
)
def test_a_group_failing_before_its_commit_is_made_again_one_change_at_a_time(failure):
    async def run():
        store = StandIn(failure)
        tasks = await queued(store, "ba")
        await settled(store)
        return store, tasks

    store, tasks = asyncio.run(run())
    assert [t.result() for t in tasks] == [True, True]
    assert store.groups == [["a", "b"], ["a"], ["b"]]


@pytest.mark.parametrize("failure", [psycopg.OperationalError("connection lost"), OSError()])
def test_a_group_whose_commit_may_have_been_made_is_not_made_again(failure):
    async def run():
        store = StandIn(failure)
        tasks = await queued(store, "ab")
        await settled(store)
        return store, tasks

    store, tasks = asyncio.run(run())
    assert store.groups == [["a", "b"]], "nothing is made a second time"
    for task in tasks:
        assert isinstance(task.exception(), StoreError)


def test_another_transaction_starts_only_when_enough_changes_wait():
    """While one group is in flight, the changes arriving wait for the next group
    unless `GROUP_START` of them wait: a light load makes fewer, larger groups."""

    async def run():
        store = StandIn()
        first = await queued(store, "a")
        light = await queued(store, "bcdefg")
        alone = store._committers
        heavy = await queued(store, "hijklmnop")
        together = store._committers
        await settled(store)
        return alone, together, [t.result() for t in first + light + heavy], store.groups

    alone, together, results, groups = asyncio.run(run())
    assert alone == 1
    assert together == 2
    assert all(results)
    assert sorted(g for group in groups for g in group) == list("abcdefghijklmnop")
