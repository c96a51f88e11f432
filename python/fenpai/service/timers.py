"""Decision timers: how long each phase's decision may take, the action applied when it
runs out, and the scheduler thread that fires them.

Defaults follow the rule texts where they name one (R4-20: trump, 30 s, spades on
time-out; TR-14: bury, 1 minute; TR-21: a play, 15 s) and are service choices
elsewhere; every variant shares one table by phase, since a phase is the same decision
in every variant that has it.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import math
import threading
import time
from collections.abc import Callable, Mapping

from fenpai.games import Game
from fenpai.service.errors import invalid

log = logging.getLogger("fenpai.service")

#: Seconds a decision may take, by phase.
DEFAULT_SECONDS: dict[str, float] = {
    "deal": 10.0,  # declare or pass while the cards are dealt (service choice)
    "bid": 30.0,  # service choice, as long as the trump choice
    "trump": 30.0,  # R4-20
    "kitty": 60.0,  # TR-14
    "friend": 30.0,  # service choice
    "play": 15.0,  # TR-21
}
#: Phases a timer may be set for; a phase outside this table has no timer.
PHASES = tuple(DEFAULT_SECONDS)
#: The rules' named defaults on time-out, by phase (R4-20: spades).
NAMED_DEFAULTS: dict[str, str] = {"trump": "trump s"}
#: The longest timer accepted.
MAX_SECONDS = 86_400.0
#: Decisions with more legal actions than this (a burial) skip the search for a named
#: default or `pass`, which only short lists hold.
LIST_LIMIT = 5000


def check_timers(timers: Mapping[str, float], source: str) -> dict[str, float]:
    """`timers` checked (known phases, 0..MAX_SECONDS seconds); raises naming the problem."""
    out: dict[str, float] = {}
    for phase, seconds in timers.items():
        if phase not in PHASES:
            raise invalid(f"{source}: unknown phase {phase!r}: phases are {', '.join(PHASES)}")
        if not isinstance(seconds, (int, float)) or not math.isfinite(seconds):
            raise invalid(f"{source}: {phase} must be a number of seconds, not {seconds!r}")
        if not 0 <= seconds <= MAX_SECONDS:
            raise invalid(f"{source}: {phase} must be 0..{MAX_SECONDS:g} seconds, not {seconds}")
        out[phase] = float(seconds)
    return out


def effective(server: Mapping[str, float], game: Mapping[str, float]) -> dict[str, float]:
    """A game's timers: the server's, overridden by the game's; 0 removes a phase's timer."""
    merged = {**server, **game}
    return {phase: s for phase, s in merged.items() if s > 0}


def default_action(game: Game, seat: int) -> str:
    """The deterministic action applied when `seat`'s timer runs out: the rule's named
    default if legal, else `pass` if legal (declining), else the first legal action."""
    if game.num_legal(seat) <= LIST_LIMIT:
        legal = game.legal_actions(seat)
        named = NAMED_DEFAULTS.get(game.phase)
        if named in legal:
            return named
        if "pass" in legal:
            return "pass"
    return game.legal_action(seat, 0)


class Scheduler:
    """One thread calling callbacks at their times; a callback must return quickly."""

    def __init__(self) -> None:
        self._heap: list[tuple[float, int, Callable[[], None]]] = []
        self._order = itertools.count()
        self._cond = threading.Condition()
        self._stopped = False
        self._thread = threading.Thread(target=self._run, name="fenpai-timers", daemon=True)
        self._thread.start()

    def call_at(self, when: float, callback: Callable[[], None]) -> None:
        """Calls `callback` at `when` (a `time.monotonic()` time) or soon after."""
        with self._cond:
            heapq.heappush(self._heap, (when, next(self._order), callback))
            if self._heap[0][2] is callback:  # the thread sleeps until a later time
                self._cond.notify()

    def stop(self) -> None:
        """Stops the thread; pending callbacks are dropped."""
        with self._cond:
            self._stopped = True
            self._cond.notify()
        self._thread.join()

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._stopped and (not self._heap or self._heap[0][0] > time.monotonic()):
                    wait = self._heap[0][0] - time.monotonic() if self._heap else None
                    self._cond.wait(wait)
                if self._stopped:
                    return
                _, _, callback = heapq.heappop(self._heap)
            try:
                callback()
            except Exception:
                log.exception("a timer callback failed")
