"""`Metrics`: what a server counts for its operators, in Prometheus' format at `/metrics`
on the web address (`prometheus_client`, one registry per server).

Labels are bounded and public: a method's name, a rejection's reason code (`REASONS`),
an event's kind and source. No label, and so no sample, ever holds a game id, a token,
an action or a card.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from typing import Any, TypeVar, cast

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.asgi import make_asgi_app
from prometheus_client.metrics_core import Metric

#: Seconds: from well under a commit (an fsync) to a call stuck behind a slow database.
LATENCY_BUCKETS = (
    0.0005,
    0.001,
    0.002,
    0.005,
    0.01,
    0.02,
    0.05,
    0.1,
    0.2,
    0.5,
    1.0,
    2.0,
    5.0,
)
#: How a change to a game is made (`GameHost._transact`).
CHANGE_PATHS = ("known", "caught_up", "stale")
#: What became of a notice another replica's commit sent (`Replicas`): it moved a game
#: followed here on, it was known already, or no stream here follows the game any more.
NOTICE_OUTCOMES = ("applied", "known", "unfollowed", "lease_moved")
#: Changes per store transaction: 1 up to the SQLite writer's largest batch.
BATCH_BUCKETS = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512)


M = TypeVar("M", Counter, Histogram)


def _child(children: dict[tuple[str, ...], M], metric: M, *labels: str) -> M:
    """`metric.labels(*labels)`, looked up in `children` after the first time."""
    child = children.get(labels)
    if child is None:
        child = children[labels] = metric.labels(*labels)
    return child


class _Pending:
    """Counts made on every action (events committed, changes by path), kept as plain
    numbers until their counters are collected (`_Flushing`): a dict's increment costs a
    fraction of a counter's, which takes a lock. Counted and collected on the server's
    event loop (the scrape is served there)."""

    def __init__(self) -> None:
        self.events: dict[tuple[str, str], int] = {}
        self.paths = dict.fromkeys(CHANGE_PATHS, 0)

    def take(self) -> tuple[dict[tuple[str, str], int], dict[str, int]]:
        """The counts so far (events by kind and source, changes by path), from zero
        again."""
        events, paths = self.events, self.paths
        self.events, self.paths = {}, dict.fromkeys(CHANGE_PATHS, 0)
        return events, paths


class _Flushing:
    """Collects `metric` once `flush` added the pending counts to it: a scrape reads them
    whole, of every metric or of this one's names only."""

    def __init__(self, metric: Counter, flush: Callable[[], None]):
        self._metric = metric
        self._flush = flush

    def describe(self) -> Iterable[Metric]:
        return self._metric.describe()

    def collect(self) -> Iterable[Metric]:
        self._flush()
        return self._metric.collect()


class Metrics:
    """A server's counters, histograms and gauges, on a registry of its own."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        registry = self.registry
        self._pending = _Pending()
        self.events = Counter(
            "fenpai_events",
            "Events committed, by kind (action, join, resign, hand_end, ...) and source"
            " (client, bot, timeout, server).",
            ["kind", "source"],
            registry=None,
        )
        registry.register(_Flushing(self.events, self._flush))
        self.rejections = Counter(
            "fenpai_rejections",
            "Calls and ActStream messages rejected, by method and reason code.",
            ["method", "reason"],
            registry=registry,
        )
        self.latency = Histogram(
            "fenpai_request_duration_seconds",
            "Seconds to answer a unary call or an ActStream message, by method.",
            ["method"],
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.batches = Histogram(
            "fenpai_commit_batch_size",
            "Changes (of any games) committed together in one store transaction.",
            buckets=BATCH_BUCKETS,
            registry=registry,
        )
        self.changes = Counter(
            "fenpai_changes",
            "Changes to a game by how they were made: `known` on what the server knew"
            " (a shared store's one round trip), `caught_up` after catching up, `stale`"
            " tried on what the server knew and made again after catching up.",
            ["path"],
            registry=None,
        )
        registry.register(_Flushing(self.changes, self._flush))
        self._paths = {path: self.changes.labels(path) for path in CHANGE_PATHS}
        self.games = Gauge(
            "fenpai_games_in_memory", "Games and tables held in memory.", registry=registry
        )
        self.streams = Gauge(
            "fenpai_open_streams",
            "Open streams (StreamEvents, Spectate, ActStream, ReplayGame).",
            registry=registry,
        )
        self.leases = Counter(
            "fenpai_leases_taken_over",
            "Games whose lease this replica took over from another (PostgreSQL).",
            registry=registry,
        )
        self.notices = Counter(
            "fenpai_notices",
            "Notices of other replicas' commits received (PostgreSQL), by outcome: `applied`"
            " to a game a stream here follows, `known` already, `unfollowed` (no stream here"
            " follows the game any more: no more are asked for), `lease_moved` (another"
            " replica took the lease of a game this one ran).",
            ["outcome"],
            registry=registry,
        )
        self._notices = {outcome: self.notices.labels(outcome) for outcome in NOTICE_OUTCOMES}
        #: Each metric's children by labels: prometheus_client's lookup of a child costs
        #: more than its update, and these are updated on every action.
        self._events: dict[tuple[str, ...], Counter] = {}
        self._latency: dict[tuple[str, ...], Histogram] = {}
        self._rejections: dict[tuple[str, ...], Counter] = {}

    def _flush(self) -> None:
        """Adds the pending counts to their counters."""
        events, paths = self._pending.take()
        for labels, count in events.items():
            _child(self._events, self.events, *labels).inc(count)
        for path, count in paths.items():
            if count:
                self._paths[path].inc(count)

    def committed(self, kind: str, source: str) -> None:
        """An event was committed (added to its counter at the next scrape: `_Pending`)."""
        events = self._pending.events
        key = (kind, source)
        events[key] = events.get(key, 0) + 1

    def answered(self, method: str, seconds: float) -> None:
        """A call or ActStream message was answered (accepted or not) in `seconds`."""
        _child(self._latency, self.latency, method).observe(seconds)

    def changed(self, path: str) -> None:
        """A change was made (or tried) by `path` (`CHANGE_PATHS`; added to its counter at
        the next scrape: `_Pending`)."""
        self._pending.paths[path] += 1

    def noticed(self, outcome: str) -> None:
        """A notice was received, with `outcome` (`NOTICE_OUTCOMES`)."""
        self._notices[outcome].inc()

    def rejected(self, method: str, reason: str) -> None:
        """A call or ActStream message was rejected with `reason` (a `REASONS` key)."""
        _child(self._rejections, self.rejections, method, reason).inc()

    def batch(self, size: int) -> None:
        """A store transaction committed `size` changes (thread-safe)."""
        self.batches.observe(size)

    def gauge(self, games: Callable[[], int], streams: Callable[[], int]) -> None:
        """Reads the games in memory and the open streams when scraped."""
        self.games.set_function(games)
        self.streams.set_function(streams)

    def app(self) -> Callable[[dict[str, Any], Any, Any], Awaitable[None]]:
        """The ASGI application answering a scrape."""
        return cast(
            Callable[[dict[str, Any], Any, Any], Awaitable[None]], make_asgi_app(self.registry)
        )
