"""How busy the server's event loop is: the share of the time it spends working (or
waiting for a core) rather than waiting in its selector for something to do.

The SQLite writer asks before each commit: while the loop is busy, the server is short
of CPU and a commit put off a little lets more changes share its fixed cost (an fsync,
a wake-up of the loop); while the loop waits, latency is what counts and it commits at
once (`SqliteStore.busy`).
"""

from __future__ import annotations

import asyncio
import selectors
import time
from typing import Any

#: (seconds waited in finished selects, when the select under way began or None)
_Waits = tuple[float, float | None]


class TimedSelector(selectors.DefaultSelector):
    """The default selector, keeping the time the loop spends waiting in it."""

    def __init__(self) -> None:
        super().__init__()
        #: One attribute, replaced whole: another thread reads it without a lock.
        self._waits: _Waits = (0.0, None)

    def select(self, timeout: float | None = None) -> Any:
        waited = self._waits[0]
        start = time.perf_counter()
        self._waits = (waited, start)
        try:
            return super().select(timeout)
        finally:
            self._waits = (waited + time.perf_counter() - start, None)

    def waited(self) -> float:
        """Seconds the loop has waited so far, the wait under way included (any thread)."""
        waited, since = self._waits
        return waited if since is None else waited + time.perf_counter() - since


class LoopLoad:
    """A loop's busy share, between one ask and the next (asked from one thread)."""

    def __init__(self) -> None:
        self.selector = TimedSelector()
        self._last = (time.perf_counter(), 0.0)

    def new_loop(self) -> asyncio.AbstractEventLoop:
        """The event loop to measure (made once: it owns the selector)."""
        return asyncio.SelectorEventLoop(self.selector)

    def busy(self) -> float:
        """The share (0..1) of the time since the last ask that the loop did not wait."""
        now, waited = time.perf_counter(), self.selector.waited()
        then, waited_then = self._last
        self._last = (now, waited)
        span = now - then
        if span <= 0.0:
            return 0.0
        return min(1.0, max(0.0, 1.0 - (waited - waited_then) / span))
