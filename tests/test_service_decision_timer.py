"""A game's one decision timer (`GameHost._arm`, `_time_up`): moved on lazily from
decision to decision, it still times out each decision at its own due time, never
before, and is armed earlier when a shorter decision follows a longer one."""

from __future__ import annotations

import asyncio

from service_support import hosted

from fenpai.service.creation import CreateRequest


async def _timed_out(tmp_path, steps: list[float]) -> tuple[list[float], float]:
    """Decisions due `steps` seconds after one another's start (each made before it is
    due but the last); when (seconds from the first) the timer started a timeout, and
    when the last decision was due."""
    async with hosted(tmp_path) as (_, host):
        created = await host.create(CreateRequest("red_five_4p", seed=3))
        session = host.peek(created.summary.game_id)
        assert session is not None
        loop = asyncio.get_running_loop()
        start = loop.time()
        started: list[float] = []
        host._start = lambda fn, s, version: started.append(loop.time() - start)  # type: ignore[method-assign]
        due = start
        for i, seconds in enumerate(steps):
            due = loop.time() + seconds
            host._arm(session, due)
            if i < len(steps) - 1:
                await asyncio.sleep(seconds / 2)  # decided in time
        await asyncio.sleep(max(steps) + 0.3)
        return started, due - start


def test_a_decision_made_in_time_is_not_timed_out_and_the_next_one_is(tmp_path):
    started, due = asyncio.run(_timed_out(tmp_path, [0.3, 0.4, 0.5]))
    assert len(started) == 1, "only the last decision timed out"
    assert started[0] >= due - 0.01


def test_a_shorter_decision_after_a_longer_one_times_out_at_its_own_time(tmp_path):
    started, due = asyncio.run(_timed_out(tmp_path, [2.0, 0.1]))  # due at 1.1 s, not 2 s
    assert len(started) == 1
    assert due - 0.01 <= started[0] < 1.6, "not held back to the longer decision's time"
