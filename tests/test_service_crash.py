"""Crash safety: the server is killed with SIGKILL at random moments while clients play,
restarted on the same database (SQLite, PostgreSQL), and every game is finished with the
same tokens.

Each client retries a failed call with the same client_seq until the server answers, and
records every acknowledged action; half of them act over ActStream, opening a new stream
after each crash. At the end no acknowledged action is lost, none is
applied twice, and every result equals a replay of the stored history.
"""

from __future__ import annotations

import random
import sqlite3
import time
import urllib.request

import grpc
import pytest
from prometheus_client.parser import text_string_to_metric_families
from service_support import (
    Client,
    ServerProcess,
    check_acknowledged,
    create,
    join_all,
    play_to_end,
    reason_of,
)

from fenpai.games import VARIANTS
from fenpai.rpc.v1 import game_service_pb2 as pb

GAMES = 8
KILLS = 4
#: Games played at once while the server is killed mid-batch.
BATCHED_GAMES = 24


def test_kill_9_at_random_moments_loses_nothing(tmp_path, fresh_db):
    rng = random.Random(2024)
    # on PostgreSQL the restarted server takes over the killed one's leases: short ones
    args = ("--no-timers", "--lease-seconds", "1")
    server = ServerProcess(tmp_path / "fenpai.db", *args, url=fresh_db).start()
    stub = server.stub()
    variants = sorted(VARIANTS)
    clients = []
    for i in range(GAMES):
        variant = variants[i % len(variants)]
        bots = {1: "random"} if i % 3 == 0 else {}
        created = create(stub, variant, seed=100 + i, bots=bots)
        tokens = join_all(stub, created.game)
        clients.append(Client([stub], created.game.game_id, tokens, seed=i, streamed=i % 2 == 1))
    for client in clients:
        client.start()
    unfinished_at_kill = []
    try:
        for _ in range(KILLS):
            time.sleep(rng.uniform(0.1, 0.6))
            unfinished_at_kill.append(sum(not c.finished for c in clients))
            server.kill()
            time.sleep(rng.uniform(0.0, 0.3))
            server.start()
        for client in clients:
            client.join(90)
            assert not client.is_alive(), "a client did not finish"
            assert client.error is None, client.error
    finally:
        server.stop()
    assert unfinished_at_kill[0] > 0, "the first kill should hit games in progress"
    assert sum(c.broken_streams for c in clients) > 0, "a kill should break an ActStream"

    server.start()
    stub = server.stub()
    try:
        for client in clients:
            check_acknowledged(stub, client)
    finally:
        server.stop()


def test_a_stored_game_that_no_longer_replays_is_isolated(tmp_path):
    """A game whose stored events no longer apply (a tampered database) is refused with
    INTERNAL on every call; the server and the other games carry on."""
    db = tmp_path / "fenpai.db"
    server = ServerProcess(db, "--no-timers").start()
    stub = server.stub()
    good, bad = (create(stub, "red_five_4p", seed=s).game for s in (1, 2))
    good_tokens, bad_tokens = join_all(stub, good), join_all(stub, bad)
    seat = stub.GetView(pb.GetViewRequest(game_id=bad.game_id, seat_token=bad_tokens[0]))
    seat = seat.view.to_act[0]
    stub.Act(pb.ActRequest(game_id=bad.game_id, seat_token=bad_tokens[seat], action="pass"))
    server.stop()
    with sqlite3.connect(db) as conn:
        conn.execute(
            "UPDATE events SET action = 'bid 999' WHERE game_id = ? AND kind = 'action'",
            (bad.game_id,),
        )
    server.start()
    stub = server.stub()
    try:
        for call, request in [
            (stub.GetGame, pb.GetGameRequest(game_id=bad.game_id)),
            (stub.GetView, pb.GetViewRequest(game_id=bad.game_id, seat_token=bad_tokens[0])),
        ]:
            with pytest.raises(grpc.RpcError) as err:
                call(request)
            assert err.value.code() == grpc.StatusCode.INTERNAL
            assert "cannot be replayed" in err.value.details()
            assert reason_of(err.value) == ("GAME_UNREADABLE", "R4-10,R4-13")  # as cited
        play_to_end(stub, good.game_id, good_tokens, random.Random(3))
    finally:
        server.stop()


def committed_batches(server: ServerProcess) -> tuple[float, float]:
    """(changes, transactions) the server committed since it started (its /metrics)."""
    assert server.web_url is not None
    with urllib.request.urlopen(server.web_url + "metrics", timeout=30) as answer:
        text = answer.read().decode()
    found = dict.fromkeys(("sum", "count"), 0.0)
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name.startswith("fenpai_commit_batch_size_"):
                found[sample.name.rpartition("_")[2]] = sample.value
    return found["sum"], found["count"]


def test_kill_9_while_commits_are_grouped_loses_nothing(tmp_path, fresh_db):
    """Many games acting at once share transactions (the metrics show batches of more
    than one change just before each kill), and a kill -9 then loses no acknowledged
    action of any game in the batch under way (SQLite, PostgreSQL)."""
    rng = random.Random(77)
    args = ("--no-timers", "--lease-seconds", "1")
    server = ServerProcess(tmp_path / "fenpai.db", *args, url=fresh_db).start()
    stub = server.stub()
    clients = []
    for i in range(BATCHED_GAMES):
        created = create(stub, "red_five_4p", seed=500 + i)
        tokens = join_all(stub, created.game)
        clients.append(Client([stub], created.game.game_id, tokens, seed=i, streamed=i % 4 != 0))
    for client in clients:
        client.start()
    grouped = []
    try:
        for _ in range(KILLS):
            time.sleep(rng.uniform(0.5, 1.0))
            changes, transactions = committed_batches(server)
            grouped.append(changes / max(1.0, transactions))
            server.kill()
            time.sleep(rng.uniform(0.0, 0.2))
            server.start()
        for client in clients:
            client.join(90)
            assert not client.is_alive(), "a client did not finish"
            assert client.error is None, client.error
    finally:
        server.stop()
    # some transaction held changes of several games before a kill (how many depends on
    # the machine's load: a mean above 1 is at least one group)
    assert max(grouped) > 1.0, f"the commits were not grouped before the kills: {grouped}"
    server.start()
    stub = server.stub()
    try:
        for client in clients:
            check_acknowledged(stub, client)
    finally:
        server.stop()
