"""Replicas: three servers on one PostgreSQL database, any of which accepts any call for
any game. Clients spread across them play whole games; a stream on one replica gets
what is done on the others; a replica killed with SIGKILL, again and again, loses no
acknowledged action and applies none twice, its clients going on through the others;
the bots and timers of a replica that died resume on another (its leases lapse); a
client's change takes its game's lease, and a commit notifies only the replicas
following its game.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import random
import threading
import time
import urllib.request
import uuid

import grpc
import pytest
from prometheus_client.parser import text_string_to_metric_families
from service_support import (
    GIVE_UP,
    Client,
    ServerProcess,
    check_acknowledged,
    create,
    join_all,
    replay_history,
    replay_table,
    view,
)

from fenpai.games import VARIANTS
from fenpai.rpc.v1 import game_service_pb2 as pb

#: Seconds a replica's leases last in these tests (the takeover waits that long).
LEASE = "1"
FINISHED = pb.GAME_STATUS_FINISHED
#: What a client that lost a race to act gets: not its turn, or an action gone stale.
LOST_RACE = {grpc.StatusCode.FAILED_PRECONDITION, grpc.StatusCode.INVALID_ARGUMENT}


@pytest.fixture()
def replicas(tmp_path, postgres):
    """Three replicas on one fresh database, with short leases."""
    url = postgres.new_database()
    servers = [
        ServerProcess(tmp_path / f"replica{i}.db", "--no-timers", "--lease-seconds", LEASE, url=url)
        for i in range(3)
    ]
    for server in servers:
        server.start()
    yield servers
    for server in servers:
        server.stop()


def join_spread(stubs, game: pb.Game) -> dict[int, str]:
    """Joins every open seat, seat s through replica s (mod their number)."""
    tokens = {}
    for seat in game.seats:
        if seat.kind == pb.SEAT_KIND_OPEN:
            request = pb.JoinGameRequest(game_id=game.game_id, seat=seat.seat)
            tokens[seat.seat] = stubs[seat.seat % len(stubs)].JoinGame(request).seat_token
    return tokens


def play_spread(stubs, game_id: str, tokens: dict[int, str], rng: random.Random) -> list:
    """Plays the clients' seats to the end, seat s through replica s, each reading its
    view from its own replica right after another replica took an action; returns the
    acknowledged (version, seat, action)."""
    acked = []
    seqs = dict.fromkeys(tokens, 0)
    end = time.monotonic() + GIVE_UP
    current = view(stubs[0], game_id, next(iter(tokens.values())))
    while current.status != FINISHED:
        assert time.monotonic() < end, "the game did not finish"
        mine = [s for s in current.to_act if s in tokens]
        if not mine:  # a bot's turn, taken on the replica that holds the lease
            time.sleep(0.005)
            current = view(stubs[len(acked) % len(stubs)], game_id, next(iter(tokens.values())))
            continue
        seat = mine[0]
        stub = stubs[seat % len(stubs)]
        seen = view(stub, game_id, tokens[seat])
        assert seat in seen.to_act, "a replica answered with an old view"
        seqs[seat] += 1
        request = pb.ActRequest(
            game_id=game_id,
            seat_token=tokens[seat],
            action=rng.choice(list(seen.legal_actions)),
            client_seq=seqs[seat],
        )
        done = stub.Act(request)
        acked.append((done.version, seat, done.action))
        current = view(stubs[(seat + 1) % len(stubs)], game_id, tokens[seat])
    return acked


def test_three_replicas_play_whole_games_of_every_variant(replicas):
    stubs = [r.stub() for r in replicas]
    for i, variant in enumerate(sorted(VARIANTS)):
        bots = {1: "random"} if i % 2 else {}
        created = create(stubs[i % 3], variant, seed=40 + i, bots=bots)
        game_id = created.game.game_id
        tokens = join_spread(stubs, created.game)
        acked = play_spread(stubs, game_id, tokens, random.Random(i))
        histories = [stub.GetHistory(pb.GetHistoryRequest(game_id=game_id)) for stub in stubs]
        assert histories[0] == histories[1] == histories[2]  # as messages: maps unordered
        history = histories[0]
        assert history.complete
        events = {e.version: e for e in history.events}
        for version, seat, action in acked:
            assert (events[version].seat, events[version].action) == (seat, action)
        if bots:
            assert any(e.bot for e in history.events)
        replayed = replay_history(history)
        assert json.loads(history.result_json) == json.loads(json.dumps(replayed.result))


def test_a_stream_on_one_replica_gets_every_action_made_on_the_others(replicas):
    stubs = [r.stub() for r in replicas]
    created = create(stubs[0], "red_five_4p", seed=7)
    game_id = created.game.game_id
    tokens = join_spread(stubs[1:], created.game)
    spectated: list[pb.SpectateResponse] = []
    followed: list[pb.StreamEventsResponse] = []
    streams = [
        (stubs[0].Spectate(pb.SpectateRequest(game_id=game_id)), spectated),
        (
            stubs[0].StreamEvents(pb.StreamEventsRequest(game_id=game_id, seat_token=tokens[0])),
            followed,
        ),
    ]
    readers = [threading.Thread(target=into.extend, args=(s,), daemon=True) for s, into in streams]
    for reader in readers:
        reader.start()
    play_spread(stubs[1:], game_id, tokens, random.Random(3))
    for reader in readers:
        reader.join(GIVE_UP)
        assert not reader.is_alive(), "a stream did not end with the game"
    history = stubs[2].GetHistory(pb.GetHistoryRequest(game_id=game_id))
    versions = list(range(1, len(history.events) + 1))
    for items in (spectated, followed):
        assert [item.event.version for item in items] == versions
        assert [item.view.version for item in items] == versions
        assert [(i.event.seat, i.event.kind) for i in items] == [
            (e.seat, e.kind) for e in history.events
        ]
    assert [i.event.action for i in followed] == [
        e.action if e.seat == 0 or not e.action.startswith("bury") else "bury"
        for e in history.events
    ]
    assert followed[-1].view.status == FINISHED


GAMES = 8
KILLS = 4


def at(event: pb.Event) -> float:
    """When (Unix seconds) the event was committed."""
    return event.create_time.ToNanoseconds() / 1e9


def test_kill_9_of_replicas_mid_game_loses_nothing(replicas):
    """Replicas are killed and restarted at random moments; each client moves to the
    next replica when its own is away."""
    rng = random.Random(14)
    stubs = [r.stub() for r in replicas]
    variants = sorted(VARIANTS)
    clients = []
    for i in range(GAMES):
        bots = {1: "random"} if i % 3 == 0 else {}
        created = create(stubs[i % 3], variants[i % len(variants)], seed=200 + i, bots=bots)
        tokens = join_spread(stubs, created.game)
        stubs_of_client = [r.stub() for r in replicas]
        clients.append(
            Client(stubs_of_client, created.game.game_id, tokens, seed=i, streamed=i % 2 == 1)
        )
    for client in clients:
        client.start()
    unfinished_at_kill = []
    for _ in range(KILLS):
        time.sleep(rng.uniform(0.3, 0.8))
        unfinished_at_kill.append(sum(not c.finished for c in clients))
        victim = replicas[rng.randrange(3)]
        victim.kill()
        time.sleep(rng.uniform(0.2, 0.6))
        victim.start()
    for client in clients:
        client.join(GIVE_UP)
        assert not client.is_alive(), "a client did not finish"
        assert client.error is None, client.error
    assert unfinished_at_kill[0] > 0, "the first kill should hit games in progress"
    assert sum(c.failures for c in clients) > 0, "a kill should move clients to another replica"
    for client in clients:
        check_acknowledged(stubs[0], client)


def test_a_dead_replicas_bots_and_timers_resume_on_another(replicas):
    """Replica 0 creates (and so runs) a game with bots and a game with a bid timer,
    then dies; the others take over both: the bots answer the client, the timer acts."""
    stubs = [r.stub() for r in replicas]
    with_bots = create(stubs[0], "red_five_4p", seed=3, bots={1: "random", 2: "random"}).game
    bot_tokens = join_spread(stubs, with_bots)
    timed = create(stubs[0], "red_five_4p", seed=4, timers={"bid": 1.5}).game
    join_spread(stubs[1:], timed)
    replicas[0].kill()
    killed_at = time.time()
    others = stubs[1:]
    play_spread(others, with_bots.game_id, bot_tokens, random.Random(5))
    bot_events = others[0].GetHistory(pb.GetHistoryRequest(game_id=with_bots.game_id)).events
    assert any(e.bot and at(e) > killed_at for e in bot_events)
    give_up = time.monotonic() + GIVE_UP
    while True:
        history = others[1].GetHistory(pb.GetHistoryRequest(game_id=timed.game_id))
        if any(e.timeout and at(e) > killed_at for e in history.events):
            break
        assert time.monotonic() < give_up, "the timer did not resume on another replica"
        time.sleep(0.1)


def test_changes_racing_on_several_replicas_take_turns(replicas):
    """Six clients, two on each replica, race to act for whichever seat is to act: the
    game's row lock makes the changes take turns, each replica catching up on the one
    that went first (a rejection for the loser), and no version is lost or doubled."""
    stubs = [r.stub() for r in replicas]
    created = create(stubs[0], "red_five_4p", seed=12)
    game_id = created.game.game_id
    tokens = join_spread(stubs, created.game)
    accepted: list[tuple[int, int, str]] = []
    errors: list[BaseException] = []

    def race(racer: int) -> None:
        stub = stubs[racer % 3]
        try:
            for k in itertools.count():
                current = view(stub, game_id, tokens[0])
                if current.status == FINISHED:
                    return
                seat = current.to_act[0]
                legal = view(stub, game_id, tokens[seat]).legal_actions
                if not legal:
                    continue
                request = pb.ActRequest(
                    game_id=game_id,
                    seat_token=tokens[seat],
                    action=legal[0],
                    client_seq=racer * 1_000_000 + k,
                )
                try:
                    done = stub.Act(request)
                except grpc.RpcError as err:  # another racer acted first
                    assert err.code() in LOST_RACE, err
                    continue
                accepted.append((done.version, seat, done.action))
        except BaseException as err:  # reported by the test
            errors.append(err)

    racers = [threading.Thread(target=race, args=(i,), daemon=True) for i in range(6)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join(GIVE_UP)
        assert not racer.is_alive(), "a racer did not finish"
    assert errors == []
    history = stubs[1].GetHistory(pb.GetHistoryRequest(game_id=game_id))
    actions = {
        e.version: (e.seat, e.action) for e in history.events if e.kind == pb.EVENT_KIND_ACTION
    }
    assert sorted(v for v, _, _ in accepted) == sorted(actions)
    for version, seat, action in accepted:
        assert actions[version] == (seat, action)
    replayed = replay_history(history)
    assert json.loads(history.result_json) == json.loads(json.dumps(replayed.result))


def test_retries_private_seats_and_tables_across_replicas(replicas):
    """A retried CreateGame or JoinGame gets the same game, seat and tokens from another
    replica (one secret, the join's request id followed); a private table's seats are
    joined through different replicas with their invites, and its hands are dealt by the
    replica that holds its lease while clients on the others play them."""
    stubs = [r.stub() for r in replicas]
    match = pb.MatchSettings(hands=2)
    rid = str(uuid.uuid4())
    access = pb.GAME_ACCESS_PRIVATE
    asked = {"seed": 9, "bots": {1: "random"}, "match": match, "access": access, "request_id": rid}
    first = create(stubs[0], "red_five_4p", **asked)
    again = create(stubs[1], "red_five_4p", **asked)
    assert again.replayed and again.game.game_id == first.game.game_id
    assert (again.admin_token, list(again.invites)) == (first.admin_token, list(first.invites))
    assert again.watch_token == first.watch_token  # every replica derives the same
    game_id = first.game.game_id
    tokens = {}
    for invite in first.invites:
        rid = str(uuid.uuid4())
        request = pb.JoinGameRequest(game_id=game_id, invite=invite.invite, request_id=rid)
        joined = stubs[invite.seat % 3].JoinGame(request)
        retried = stubs[(invite.seat + 1) % 3].JoinGame(request)
        assert retried.replayed and (retried.seat, retried.seat_token) == (
            joined.seat,
            joined.seat_token,
        )
        tokens[joined.seat] = joined.seat_token
    play_spread(stubs, game_id, tokens, random.Random(10))
    watched = pb.GetHistoryRequest(game_id=game_id, watch_token=first.watch_token)
    history = stubs[2].GetHistory(watched)
    assert history.complete and history.game.match.over and len(history.hands) == 2
    assert [e.kind for e in history.events].count(pb.EVENT_KIND_HAND_START) == 1
    assert replay_table(history).totals == list(history.game.match.totals)


def test_a_change_made_on_what_a_replica_knew_is_made_again_when_stale(replicas):
    """A replica commits a change on what it knows (one round trip) only if nobody else
    changed the game or its seats meanwhile; a stale one is made again after catching
    up: an action another replica's move made due is accepted, not refused as out of
    turn, and a token another replica reissued is refused."""
    a, b = replicas[0].stub(), replicas[1].stub()
    created = create(b, "red_five_4p", seed=9)  # b holds the game's lease: a follows nothing
    game_id = created.game.game_id
    tokens = {}
    for seat in range(4):
        joined = b.JoinGame(pb.JoinGameRequest(game_id=game_id, seat=seat))
        tokens[seat] = joined.seat_token

    def due(stub) -> tuple[int, str]:
        seat = view(b, game_id, tokens[0]).to_act[0]
        return seat, view(b, game_id, tokens[seat]).legal_actions[0]

    for stub in (a, a, b, a):  # the last on `a` after `b` moved the game on
        seat, action = due(b)
        done = stub.Act(pb.ActRequest(game_id=game_id, seat_token=tokens[seat], action=action))
        assert done.version > 4
    seat, action = due(b)
    old = tokens[seat]
    request = pb.ReissueSeatTokenRequest(
        game_id=game_id, admin_token=created.admin_token, seat=seat
    )
    tokens[seat] = b.ReissueSeatToken(request).seat_token
    with pytest.raises(grpc.RpcError) as refused:
        a.Act(pb.ActRequest(game_id=game_id, seat_token=old, action=action))
    assert refused.value.code() == grpc.StatusCode.PERMISSION_DENIED
    a.Act(pb.ActRequest(game_id=game_id, seat_token=tokens[seat], action=action))
    history = b.GetHistory(pb.GetHistoryRequest(game_id=game_id, seat_token=tokens[0]))
    assert [e.version for e in history.events] == list(range(1, 10))


def notices(server) -> dict[str, float]:
    """The notices of other replicas' commits a replica received, by outcome."""
    with urllib.request.urlopen(server.web_url + "metrics", timeout=60) as answer:
        text = answer.read().decode()
    return {
        sample.labels["outcome"]: sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
        if sample.name == "fenpai_notices_total"
    }


def open_streams(server) -> float:
    """The streams a replica has open, as its metrics say."""
    with urllib.request.urlopen(server.web_url + "metrics", timeout=60) as answer:
        text = answer.read().decode()
    return sum(
        sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
        if sample.name == "fenpai_open_streams"
    )


def bot_actions(server) -> float:
    """The actions a replica's bots committed."""
    with urllib.request.urlopen(server.web_url + "metrics", timeout=60) as answer:
        text = answer.read().decode()
    return sum(
        sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
        if sample.name == "fenpai_events_total" and sample.labels == BOT_ACTION
    )


BOT_ACTION = {"kind": "action", "source": "bot"}


def play_through(stub, game_id: str, tokens: dict[int, str], rng: random.Random, count: int):
    """`count` actions of the clients' seats through one replica (waiting for the bots)."""
    end = time.monotonic() + GIVE_UP
    while count:
        assert time.monotonic() < end, "the game did not move on"
        current = view(stub, game_id, next(iter(tokens.values())))
        mine = [s for s in current.to_act if s in tokens]
        if not mine:  # a bot's turn
            time.sleep(0.005)
            continue
        legal = list(view(stub, game_id, tokens[mine[0]]).legal_actions)
        request = pb.ActRequest(game_id=game_id, seat_token=tokens[mine[0]])
        request.action = rng.choice(legal)
        stub.Act(request)
        count -= 1


def test_notices_reach_only_the_replicas_following_the_game(replicas):
    """A commit notifies only the replicas where a stream follows its game (their number
    never grows with the replicas'): of a game played through replica 1, the creating
    replica receives only that a client's change took its lease, an idle one nothing; a
    replica streaming the game receives its commits while the stream is open and at
    most one after it closed, and is then no longer asked (the game's row lists no
    watcher)."""
    stubs = [r.stub() for r in replicas]
    created = create(stubs[0], "red_five_4p", seed=11)
    game_id = created.game.game_id
    tokens = join_all(stubs[1], created.game)
    rng = random.Random(5)
    play_through(stubs[1], game_id, tokens, rng, 10)
    creator = {"lease_moved": 1}  # replica 1's first change took the lease: nothing more
    assert {k: v for k, v in notices(replicas[0]).items() if v} == creator
    assert sum(notices(replicas[2]).values()) == 0

    stream = stubs[2].StreamEvents(pb.StreamEventsRequest(game_id=game_id, seat_token=tokens[0]))
    seen: list[int] = []

    def read() -> None:
        try:
            seen.extend(item.event.version for item in stream)
        except grpc.RpcError as err:  # closed by the test
            assert err.code() == grpc.StatusCode.CANCELLED, err

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    end = time.monotonic() + GIVE_UP
    while not seen:  # the stream follows the game
        assert time.monotonic() < end, "the stream sent nothing"
        time.sleep(0.01)
    play_through(stubs[1], game_id, tokens, rng, 10)
    version = view(stubs[1], game_id, tokens[0]).version
    while not seen or seen[-1] < version:
        assert time.monotonic() < end, "the stream missed actions made on another replica"
        time.sleep(0.01)
    assert seen == list(range(1, version + 1))
    assert notices(replicas[2]).get("applied", 0) > 0
    assert {k: v for k, v in notices(replicas[0]).items() if v} == creator

    stream.cancel()
    reader.join(GIVE_UP)
    end = time.monotonic() + GIVE_UP
    while open_streams(replicas[2]):  # the server sees the stream gone
        assert time.monotonic() < end, "the server never saw the stream closed"
        time.sleep(0.01)
    import psycopg

    def watchers() -> object:
        with psycopg.connect(replicas[0].url) as conn:
            query = "SELECT watchers FROM games WHERE game_id = %s"
            return conn.execute(query, (game_id,)).fetchone()

    before = sum(notices(replicas[2]).values())
    play_through(stubs[1], game_id, tokens, rng, 1)  # its notice: the game is unfollowed
    while watchers() != ([],):
        assert time.monotonic() < end, "the replica never stopped asking for the notices"
        time.sleep(0.01)
    after = sum(notices(replicas[2]).values())
    assert after - before <= 1
    play_through(stubs[1], game_id, tokens, rng, 10)
    assert sum(notices(replicas[2]).values()) == after
    assert {k: v for k, v in notices(replicas[0]).items() if v} == creator


def test_the_bots_run_where_the_clients_play(replicas):
    """A client's change takes its game's lease: the bots of a game created on replica 0
    and played through replica 1 act on replica 1."""
    stubs = [r.stub() for r in replicas]
    created = create(stubs[0], "red_five_4p", seed=12, bots={1: "random"})
    tokens = join_all(stubs[1], created.game)
    play_through(stubs[1], created.game.game_id, tokens, random.Random(6), 30)
    assert bot_actions(replicas[0]) == 0
    assert bot_actions(replicas[1]) > 0


def test_a_version_1_database_is_migrated(postgres):
    """A database of schema version 1 (one channel for every notice) gets the games'
    watchers and version 2 when a replica of this version opens it."""
    import asyncio

    import psycopg

    from fenpai.service.store.postgres import SCHEMA_VERSION, PostgresStore

    url = postgres.new_database()

    async def open_close() -> None:
        store = PostgresStore(url)
        await store.open()
        await store.close()

    asyncio.run(open_close())
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("ALTER TABLE games DROP COLUMN watchers")
        conn.execute("UPDATE fenpai_schema SET version = 1")
    asyncio.run(open_close())
    with psycopg.connect(url) as conn:
        assert conn.execute("SELECT version FROM fenpai_schema").fetchall() == [(SCHEMA_VERSION,)]
        conn.execute("SELECT watchers FROM games")
    assert SCHEMA_VERSION == 2


class Following(threading.Thread):
    """A seat's StreamEvents on one replica: the versions it received, until it fails."""

    def __init__(self, stub, game_id: str, token: str):
        super().__init__(daemon=True)
        self.stream = stub.StreamEvents(pb.StreamEventsRequest(game_id=game_id, seat_token=token))
        self.seen: list[int] = []
        self.start()

    def run(self) -> None:
        with contextlib.suppress(grpc.RpcError):  # its replica killed, or closed by the test
            self.seen.extend(item.event.version for item in self.stream)

    def reaches(self, version: int) -> None:
        end = time.monotonic() + GIVE_UP
        while not self.seen or self.seen[-1] < version:
            assert time.monotonic() < end, f"the stream stopped at {self.seen[-1:]}"
            time.sleep(0.01)


def watchers(url: str, game_id: str) -> list[str]:
    """The replicas a game's commits are notified to."""
    import psycopg

    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT watchers FROM games WHERE game_id = %s", (game_id,)).fetchone()
    assert row is not None
    return row[0]


def until(check, what: str) -> None:
    end = time.monotonic() + GIVE_UP
    while not check():
        assert time.monotonic() < end, what
        time.sleep(0.05)


def test_a_dead_replicas_watch_is_dropped_when_its_leases_are_taken_over(replicas):
    """Replicas 0 and 1 stream a game replica 0 runs (both watch its notices); replica
    0 is killed, and the replica that takes over its lapsed lease drops it from the
    game's watchers (its listening session and so its ALIVE_LOCK are gone) but keeps
    replica 1, whose stream goes on getting what is done on replica 2."""
    stubs = [r.stub() for r in replicas]
    url = replicas[0].url
    created = create(stubs[0], "red_five_4p", seed=21)
    game_id = created.game.game_id
    tokens = join_all(stubs[0], created.game)
    streams = [Following(stubs[i], game_id, tokens[i]) for i in (0, 1)]
    for stream in streams:
        stream.reaches(4)  # the joins: each replica follows the game
    until(lambda: len(watchers(url, game_id)) == 2, "both replicas should watch the game")
    alive = set(watchers(url, game_id))
    replicas[0].kill()
    until(lambda: len(watchers(url, game_id)) == 1, "the dead replica's watch was not dropped")
    assert set(watchers(url, game_id)) < alive
    play_through(stubs[2], game_id, tokens, random.Random(8), 10)
    streams[1].reaches(view(stubs[2], game_id, tokens[0]).version)
    replicas[0].start()


def test_a_replica_whose_listener_came_back_asks_again_for_its_games(replicas):
    """Replica 1's listening session ends while replica 1 lives; dropped as dead by a
    prune meanwhile (the test holds its ALIVE_LOCK so that it cannot come back first),
    it asks again for the game it streams once listening again: its stream misses no
    action made on replica 2."""
    import psycopg

    from fenpai.service.store.postgres import ALIVE_LOCK, PRUNE_WATCHERS

    stubs = [r.stub() for r in replicas]
    url = replicas[0].url
    created = create(stubs[2], "red_five_4p", seed=22)
    game_id = created.game.game_id
    tokens = join_all(stubs[2], created.game)
    stream = Following(stubs[1], game_id, tokens[1])
    stream.reaches(4)
    until(lambda: len(watchers(url, game_id)) == 1, "replica 1 should watch the game")
    [name] = watchers(url, game_id)
    with psycopg.connect(url, autocommit=True) as conn:
        [(pid,)] = conn.execute(
            "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = %s"
            " AND objid = hashtext(%s)::oid",
            (ALIVE_LOCK, name),
        ).fetchall()
        conn.execute("SELECT pg_terminate_backend(%s)", (pid,))
        conn.execute("SELECT pg_advisory_lock(%s, hashtext(%s))", (ALIVE_LOCK, name))
        assert conn.execute(PRUNE_WATCHERS).fetchall() == [(game_id,)]
        assert watchers(url, game_id) == []
        play_through(stubs[2], game_id, tokens, random.Random(9), 5)
        conn.execute("SELECT pg_advisory_unlock(%s, hashtext(%s))", (ALIVE_LOCK, name))
    until(lambda: watchers(url, game_id) == [name], "replica 1 did not ask again")
    play_through(stubs[2], game_id, tokens, random.Random(10), 5)
    stream.reaches(view(stubs[2], game_id, tokens[0]).version)
    assert stream.seen == list(range(1, stream.seen[-1] + 1))
