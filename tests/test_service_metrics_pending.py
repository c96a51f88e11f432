"""The counts made on every action (events committed, changes by path) are kept as
plain numbers until their counters are collected: every scrape must read them exactly,
none counted twice nor lost, whatever the order of counting and scraping, and whether
it asks for every metric or for some by name (`?name[]=...`)."""

from __future__ import annotations

import collections

from hypothesis import given
from hypothesis import strategies as st
from prometheus_client import generate_latest
from prometheus_client.parser import text_string_to_metric_families

from fenpai.service.metrics import CHANGE_PATHS, Metrics

KINDS = ("action", "join", "resign", "hand_end")
#: What a scrape asks for: every metric (None), or these names only.
SCRAPES = (None, ("fenpai_events_total",), ("fenpai_changes_total",), ("fenpai_open_streams",))
SOURCES = ("client", "bot", "timeout", "server")

steps = st.lists(
    st.one_of(
        st.tuples(st.just("committed"), st.sampled_from(KINDS), st.sampled_from(SOURCES)),
        st.tuples(st.just("changed"), st.sampled_from(CHANGE_PATHS)),
        st.tuples(st.just("scrape"), st.sampled_from(SCRAPES)),
    ),
    max_size=60,
)


def scrape(
    metrics: Metrics, names: tuple[str, ...] | None = None
) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    registry = metrics.registry
    text = generate_latest(registry if names is None else registry.restricted_registry(names))
    text = text.decode()
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


@given(steps)
def test_every_scrape_reads_every_count_so_far(script: list[tuple[str, ...]]) -> None:
    metrics = Metrics()
    events: collections.Counter[tuple[str, str]] = collections.Counter()
    paths: collections.Counter[str] = collections.Counter()
    for step in [*script, ("scrape", None)]:
        if step[0] == "committed":
            metrics.committed(step[1], step[2])
            events[(step[1], step[2])] += 1
        elif step[0] == "changed":
            metrics.changed(step[1])
            paths[step[1]] += 1
        else:
            names = step[1]
            samples = scrape(metrics, names)
            if names is None or "fenpai_events_total" in names:
                for (kind, source), count in events.items():
                    labels = (("kind", kind), ("source", source))
                    assert samples[("fenpai_events_total", labels)] == count
                total = "fenpai_events_total"
                counted = sum(v for (name, _), v in samples.items() if name == total)
                assert counted == sum(events.values())
            if names is None or "fenpai_changes_total" in names:
                for path in CHANGE_PATHS:
                    assert samples[("fenpai_changes_total", (("path", path),))] == paths[path]
