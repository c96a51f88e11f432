"""`Metrics`: what a server counts for its operators, in Prometheus' format at `/metrics`
on the web address (`prometheus_client`, one registry per server).

Labels are bounded and public: a method's name, a rejection's reason code (`REASONS`),
an event's kind and source. No label, and so no sample, ever holds a game id, a token,
an action or a card.
"""

from __future__ import annotations

import bisect
import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from typing import Any, cast

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.asgi import make_asgi_app
from prometheus_client.core import CounterMetricFamily, HistogramMetricFamily, Metric

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


Labels = tuple[str, ...]


class LoopCounter:
    """A labelled counter that only the event loop updates (and reads, when scraped):
    a dictionary's increment, where `prometheus_client.Counter` costs a child's lookup
    and a lock on every update. Exposed as that Counter would expose it."""

    def __init__(
        self,
        name: str,
        documentation: str,
        labels: Sequence[str],
        registry: CollectorRegistry,
        initial: Sequence[Labels] = (),
    ):
        self._name, self._documentation, self._labels = name, documentation, list(labels)
        self._counts: dict[Labels, float] = {}
        self._created: dict[Labels, float] = {}
        for values in initial:
            self.inc(values, 0)
        registry.register(self)

    def inc(self, labels: Labels, amount: float = 1) -> None:
        count = self._counts.get(labels)
        if count is None:
            self._created[labels] = time.time()
            count = 0
        self._counts[labels] = count + amount

    def collect(self) -> Iterator[Metric]:
        family = CounterMetricFamily(self._name, self._documentation, labels=self._labels)
        for labels, count in list(self._counts.items()):
            family.add_metric(labels, count, created=self._created[labels])
        yield family


class LoopHistogram:
    """A labelled histogram that only the event loop updates (and reads, when scraped):
    a bisection and two increments, where `prometheus_client.Histogram` costs a child's
    lookup, a lock and a walk over the buckets on every observation. Exposed as that
    Histogram would expose it."""

    def __init__(
        self,
        name: str,
        documentation: str,
        labels: Sequence[str],
        buckets: Sequence[float],
        registry: CollectorRegistry,
    ):
        self._name, self._documentation, self._labels = name, documentation, list(labels)
        self._bounds = list(buckets)
        #: By labels: the count in each bucket (not cumulative; the last one +Inf's),
        #: the sum of the observations, and when the labels were first observed.
        self._counts: dict[Labels, list[int]] = {}
        self._sums: dict[Labels, float] = {}
        self._created: dict[Labels, float] = {}
        registry.register(self)

    def observe(self, labels: Labels, value: float) -> None:
        counts = self._counts.get(labels)
        if counts is None:
            counts = self._counts[labels] = [0] * (len(self._bounds) + 1)
            self._sums[labels] = 0.0
            self._created[labels] = time.time()
        counts[bisect.bisect_left(self._bounds, value)] += 1  # `le`: a bound holds its value
        self._sums[labels] += value

    def collect(self) -> Iterator[Metric]:
        name = self._name
        family = HistogramMetricFamily(name, self._documentation, labels=self._labels)
        edges = [*map(_float_text, self._bounds), "+Inf"]
        for labels, counts in list(self._counts.items()):
            cumulative, total = [], 0
            for edge, count in zip(edges, counts, strict=True):
                total += count
                cumulative.append((edge, float(total)))
            family.add_metric(list(labels), cumulative, self._sums[labels])
            named = dict(zip(self._labels, labels, strict=True))
            family.add_sample(f"{name}_created", named, self._created[labels])
        yield family


def _float_text(bound: float) -> str:
    """A bucket's bound as prometheus_client writes its `le` label."""
    return repr(float(bound))


class Metrics:
    """A server's counters, histograms and gauges, on a registry of its own."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        registry = self.registry
        # The metrics updated on every action are the loop's own (`LoopCounter`).
        self.events = LoopCounter(
            "fenpai_events",
            "Events committed, by kind (action, join, resign, hand_end, ...) and source"
            " (client, bot, timeout, server).",
            ["kind", "source"],
            registry,
        )
        self.rejections = LoopCounter(
            "fenpai_rejections",
            "Calls and ActStream messages rejected, by method and reason code.",
            ["method", "reason"],
            registry,
        )
        self.latency = LoopHistogram(
            "fenpai_request_duration_seconds",
            "Seconds to answer a unary call or an ActStream message, by method.",
            ["method"],
            LATENCY_BUCKETS,
            registry,
        )
        self.batches = Histogram(
            "fenpai_commit_batch_size",
            "Changes (of any games) committed together in one store transaction.",
            buckets=BATCH_BUCKETS,
            registry=registry,
        )
        self.changes = LoopCounter(
            "fenpai_changes",
            "Changes to a game by how they were made: `known` on what the server knew"
            " (a shared store's one round trip), `caught_up` after catching up, `stale`"
            " tried on what the server knew and made again after catching up.",
            ["path"],
            registry,
            initial=[(path,) for path in CHANGE_PATHS],
        )
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

    def committed(self, kind: str, source: str) -> None:
        """An event was committed (on the event loop)."""
        self.events.inc((kind, source))

    def answered(self, method: str, seconds: float) -> None:
        """A call or ActStream message was answered (accepted or not) in `seconds` (on
        the event loop)."""
        self.latency.observe((method,), seconds)

    def changed(self, path: str) -> None:
        """A change was made (or tried) by `path` (`CHANGE_PATHS`; on the event loop)."""
        self.changes.inc((path,))

    def noticed(self, outcome: str) -> None:
        """A notice was received, with `outcome` (`NOTICE_OUTCOMES`)."""
        self._notices[outcome].inc()

    def rejected(self, method: str, reason: str) -> None:
        """A call or ActStream message was rejected with `reason` (a `REASONS` key; on
        the event loop)."""
        self.rejections.inc((method, reason))

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
