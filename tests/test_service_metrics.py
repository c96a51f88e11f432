"""Observability: the server's Prometheus metrics at `/metrics` on the web address move
with what the server does (actions, rejections by reason, latency per method, commit
batches, how changes were made, games in memory, open streams), and neither they nor
the server's JSON log lines (`--log-format json`) carry a card, a token or a game id.
On PostgreSQL, the changes of a game played through one replica are made on what it
knew (one round trip each)."""

from __future__ import annotations

import http.client
import json
import random
from urllib.parse import urlsplit

import pytest
from leak_support import CARD
from prometheus_client.parser import text_string_to_metric_families
from service_support import Lockstep, act, create, join_all, play_to_end, running_server, view


def scrape(server) -> tuple[str, dict[tuple[str, tuple[tuple[str, str], ...]], float]]:
    """The `/metrics` text, and its samples by (name, labels)."""
    where = urlsplit(server.web_url)
    conn = http.client.HTTPConnection(where.hostname, where.port, timeout=60)
    try:
        conn.request("GET", "/metrics")
        response = conn.getresponse()
        assert response.status == 200
        assert response.getheader("content-type", "").startswith("text/plain")
        text = response.read().decode()
    finally:
        conn.close()
    samples = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            samples[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return text, samples


def value(samples, name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


@pytest.fixture(scope="module")
def server(tmp_path_factory, db):
    tmp = tmp_path_factory.mktemp("metrics")
    with running_server(tmp, "--no-timers", "--log-format", "json", db=db) as server:
        yield server


def test_the_counters_move_with_actions_rejections_and_streams(server, db):
    stub = server.stub()
    _, before = scrape(server)
    created = create(stub, "red_five_4p", seed=7)
    game_id = created.game.game_id
    tokens = join_all(stub, created.game)
    seat = view(stub, game_id, tokens[0]).to_act[0]
    other = (seat + 1) % 4
    legal = list(view(stub, game_id, tokens[other]).legal_actions)
    with pytest.raises(Exception):  # noqa: B017 - any rejection: the reason is counted
        stub.Act(act(game_id, tokens[other], legal[0] if legal else "pass"))
    stream = Lockstep(stub)
    mine = view(stub, game_id, tokens[seat])
    answer = stream.send(act(game_id, tokens[seat], mine.legal_actions[0]))
    assert answer.HasField("accepted")
    rejected = stream.send(act(game_id, tokens[seat], "not an action"))
    assert rejected.HasField("rejected")
    text, during = scrape(server)
    assert value(during, "fenpai_open_streams") >= 1
    stream.close()
    play_to_end(stub, game_id, tokens, random.Random(1))
    text, after = scrape(server)

    actions = value(after, "fenpai_events_total", kind="action", source="client")
    assert actions - value(before, "fenpai_events_total", kind="action", source="client") > 50
    joins = value(after, "fenpai_events_total", kind="join", source="client")
    assert joins - value(before, "fenpai_events_total", kind="join", source="client") == 4
    assert value(after, "fenpai_rejections_total", method="Act", reason="NOT_YOUR_TURN") >= 1
    reason = rejected.rejected.reason
    assert value(after, "fenpai_rejections_total", method="ActStream", reason=reason) == 1
    count = "fenpai_request_duration_seconds_count"
    assert value(after, count, method="Act") - value(before, count, method="Act") > 50
    assert value(after, count, method="ActStream") - value(before, count, method="ActStream") == 2
    assert value(after, count, method="GetView") > 50
    batches = value(after, "fenpai_commit_batch_size_count")
    assert batches - value(before, "fenpai_commit_batch_size_count") > 50
    assert value(after, "fenpai_commit_batch_size_sum") >= batches
    assert value(after, "fenpai_games_in_memory") >= 1
    known = value(after, "fenpai_changes_total", path="known")
    caught_up = value(after, "fenpai_changes_total", path="caught_up")
    if db is None:  # SQLite: the one server's memory is the truth
        assert known == 0 and caught_up >= actions
    else:  # PostgreSQL: a game played through one replica commits on what it knew
        assert known > 50 and known > 5 * caught_up
    assert value(after, "fenpai_leases_taken_over_total") == 0  # SQLite: no leases

    assert CARD.findall(text) == []
    assert game_id not in text and all(t not in text for t in tokens.values())


def test_json_log_lines_parse_and_carry_no_card(server, tmp_path):
    stub = server.stub()
    created = create(stub, "tractor", seed=3, bots={1: "random", 2: "random", 3: "random"})
    tokens = join_all(stub, created.game)
    play_to_end(stub, created.game.game_id, tokens, random.Random(2))
    # a malformed request is logged (one line, its size)
    channel = server.channel()
    raw = channel.unary_unary("/fenpai.rpc.v1.GameService/Act")
    with pytest.raises(Exception):  # noqa: B017
        raw(b"\xff\xff\xff")
    lines = [line for line in server.log.read_text().splitlines() if line.strip()]
    assert lines
    for line in lines:
        record = json.loads(line)
        assert {"time", "level", "logger", "message"} <= set(record)
        assert CARD.findall(record["message"]) == []
    assert any("request bytes are not a" in json.loads(line)["message"] for line in lines)
