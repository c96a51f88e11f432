"""The game service over a real loopback connection: whole games of every variant played
by external clients, streams, spectators, bots, lobby calls, health and reflection."""

from __future__ import annotations

import json
import random
import threading

import grpc
import pytest
from google.protobuf import descriptor_pb2, descriptor_pool
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc
from service_support import (
    Lockstep,
    act,
    code_of,
    create,
    error_of,
    join_all,
    play_to_end,
    reason_of,
    replay_history,
    running_server,
    view,
)

from fenpai.games import VARIANTS
from fenpai.rpc.v1 import game_service_pb2 as pb


@pytest.fixture(scope="module")
def server(tmp_path_factory, db):
    with running_server(tmp_path_factory.mktemp("games"), "--no-timers", db=db) as server:
        yield server


@pytest.fixture(scope="module")
def stub(server):
    return server.stub()


def collect(stream, into: list) -> threading.Thread:
    thread = threading.Thread(target=lambda: into.extend(stream), daemon=True)
    thread.start()
    return thread


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_full_game_by_clients(stub, variant):
    """Every seat a client: joins, plays random legal actions to the end; the stored
    history replays to the same result; a seat's stream and a spectator see every event."""
    created = create(stub, variant, seed=11)
    game_id = created.game.game_id
    assert created.game.status == pb.GAME_STATUS_WAITING
    streamed, watched = [], []
    tokens = join_all(stub, created.game)
    seat0 = collect(
        stub.StreamEvents(pb.StreamEventsRequest(game_id=game_id, seat_token=tokens[0])),
        streamed,
    )
    spectator = collect(stub.Spectate(pb.SpectateRequest(game_id=game_id)), watched)
    acked = play_to_end(stub, game_id, tokens, random.Random(variant))
    seat0.join(30)
    spectator.join(30)

    history = stub.GetHistory(pb.GetHistoryRequest(game_id=game_id))
    assert history.complete and history.game.status == pb.GAME_STATUS_FINISHED
    versions = [e.version for e in history.events]
    assert versions == list(range(1, len(versions) + 1))
    actions = {e.version: (e.seat, e.action) for e in history.events}
    assert all(actions[v] == (s, a) for v, s, a in acked)
    replayed = replay_history(history)
    assert replayed.phase == "done"
    assert json.loads(history.result_json) == json.loads(json.dumps(replayed.result))

    for received in (streamed, watched):
        assert [r.event.version for r in received] == versions
        final = json.loads(received[-1].view.view_json)
        assert final["phase"] == "done" and final["result"] == json.loads(history.result_json)
        assert received[-1].view.status == pb.GAME_STATUS_FINISHED
    assert "hand" in json.loads(streamed[-1].view.view_json)
    assert all("hand" not in json.loads(r.view.view_json) for r in watched)
    assert all(not r.view.HasField("seat") for r in watched)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_bots_fill_seats(stub, variant):
    """One client against server bots (random and greedy): the bots act promptly and
    their actions are stored like any other."""
    num_players = create(stub, variant, seed=1).game.num_players
    bots = {s: ("greedy" if s % 2 else "random") for s in range(1, num_players)}
    created = create(stub, variant, seed=5, bots=bots)
    seats = created.game.seats
    assert [s.kind for s in seats][1:] == [pb.SEAT_KIND_BOT] * (num_players - 1)
    tokens = join_all(stub, created.game)
    assert list(tokens) == [0]
    play_to_end(stub, created.game.game_id, tokens, random.Random(2))
    history = stub.GetHistory(pb.GetHistoryRequest(game_id=created.game.game_id))
    by_bots = [e for e in history.events if e.bot]
    assert by_bots and all(e.seat != 0 for e in by_bots)
    assert all(not e.bot for e in history.events if e.seat == 0)
    assert replay_history(history).phase == "done"


def test_all_bot_game_plays_itself_and_is_deterministic(stub):
    """A game of bots only runs to its end on the server; bots are seeded from the game
    seed, so two games with the same seed have the same history."""
    histories = []
    for _ in range(2):
        created = create(stub, "red_five_4p", seed=77, bots=dict.fromkeys(range(4), "greedy"))
        game_id = created.game.game_id
        events = list(stub.Spectate(pb.SpectateRequest(game_id=game_id)))
        assert events[-1].view.status == pb.GAME_STATUS_FINISHED
        history = stub.GetHistory(pb.GetHistoryRequest(game_id=game_id))
        histories.append([(e.seat, e.action) for e in history.events])
    assert histories[0] == histories[1]


def test_ismcts_bots_play_a_game_on_the_server_deterministically(stub):
    """The search bot is a server-side bot like the others: a game of
    `ismcts:8` seats plays itself to its end, the same for the same seed."""
    histories = []
    for _ in range(2):
        bots = dict.fromkeys(range(4), "ismcts:8")
        created = create(stub, "tractor", seed=31, bots=bots)
        events = list(stub.Spectate(pb.SpectateRequest(game_id=created.game.game_id)))
        assert events[-1].view.status == pb.GAME_STATUS_FINISHED
        history = stub.GetHistory(pb.GetHistoryRequest(game_id=created.game.game_id))
        assert all(e.bot for e in history.events if e.seat >= 0)
        histories.append([(e.seat, e.action) for e in history.events])
    assert histories[0] == histories[1]


def test_resume_stream_from_a_version(stub):
    """A client that reconnects with the last version it saw gets exactly the events
    after it, each with its view after it."""
    created = create(stub, "red_five_4p", seed=3)
    game_id = created.game.game_id
    tokens = join_all(stub, created.game)
    play_to_end(stub, game_id, tokens, random.Random(4))
    whole = list(stub.StreamEvents(pb.StreamEventsRequest(game_id=game_id, seat_token=tokens[1])))
    for start in (0, 1, 4, 17, len(whole) - 1, len(whole)):
        rest = list(
            stub.StreamEvents(
                pb.StreamEventsRequest(game_id=game_id, seat_token=tokens[1], from_version=start)
            )
        )
        assert [r.SerializeToString() for r in rest] == [
            r.SerializeToString() for r in whole[start:]
        ]


def test_view_fields(stub):
    created = create(stub, "red_five_4p", seed=8, decks=3)
    assert created.game.options["decks"] == "3"
    tokens = join_all(stub, created.game)
    seen = view(stub, created.game.game_id, tokens[0])
    data = json.loads(seen.view_json)
    assert seen.seat == 0 and seen.version == 4 and seen.phase == "bid"
    assert list(seen.to_act) == data["to_act"]
    assert len(data["hand"].split()) == 39
    assert list(seen.legal_actions) == data["legal_actions"]
    assert seen.num_legal == data["num_legal"]
    assert not seen.HasField("deadline")  # this server runs without timers


def test_lobby_calls(stub):
    created = create(stub, "red_five_4p", bots={2: "random"})
    game_id = created.game.game_id
    assert created.admin_token
    got = stub.GetGame(pb.GetGameRequest(game_id=game_id)).game
    assert got.status == pb.GAME_STATUS_WAITING and got.version == 0 and not got.to_act
    first = stub.JoinGame(pb.JoinGameRequest(game_id=game_id))
    assert first.seat == 0
    assert code_of(stub.JoinGame, pb.JoinGameRequest(game_id=game_id, seat=0)) == (
        grpc.StatusCode.ALREADY_EXISTS
    )
    assert code_of(stub.JoinGame, pb.JoinGameRequest(game_id=game_id, seat=2)) == (
        grpc.StatusCode.FAILED_PRECONDITION
    )
    assert code_of(stub.JoinGame, pb.JoinGameRequest(game_id=game_id, seat=9)) == (
        grpc.StatusCode.INVALID_ARGUMENT
    )
    stub.JoinGame(pb.JoinGameRequest(game_id=game_id))
    last = stub.JoinGame(pb.JoinGameRequest(game_id=game_id))
    assert last.seat == 3 and last.game.status == pb.GAME_STATUS_PLAYING
    assert code_of(stub.JoinGame, pb.JoinGameRequest(game_id=game_id)) == (
        grpc.StatusCode.FAILED_PRECONDITION
    )
    page = stub.ListGames(pb.ListGamesRequest(page_size=500))
    assert game_id in [g.game_id for g in page.games]
    playing = stub.ListGames(pb.ListGamesRequest(status=pb.GAME_STATUS_PLAYING, page_size=500))
    assert all(g.status == pb.GAME_STATUS_PLAYING for g in playing.games)
    assert game_id in [g.game_id for g in playing.games]


def test_list_games_pages(stub):
    ids = {create(stub, "red_five_4p").game.game_id for _ in range(5)}
    seen, token = [], ""
    while True:
        page = stub.ListGames(pb.ListGamesRequest(page_size=2, page_token=token))
        assert len(page.games) <= 2
        seen += [g.game_id for g in page.games]
        token = page.next_page_token
        if not token:
            break
    assert len(seen) == len(set(seen)) and ids <= set(seen)
    err = error_of(stub.ListGames, pb.ListGamesRequest(page_token="garbage!"))
    assert err.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert reason_of(err) == ("BAD_PAGE_TOKEN", None)


def test_reissue_seat_token(stub):
    """A lost token is replaced with the admin token; the old one stops working."""
    created = create(stub, "red_five_4p")
    game_id = created.game.game_id
    tokens = join_all(stub, created.game)
    fresh = stub.ReissueSeatToken(
        pb.ReissueSeatTokenRequest(game_id=game_id, admin_token=created.admin_token, seat=2)
    ).seat_token
    assert view(stub, game_id, fresh).seat == 2
    assert code_of(view, stub, game_id, tokens[2]) == grpc.StatusCode.PERMISSION_DENIED
    bad = pb.ReissueSeatTokenRequest(game_id=game_id, admin_token=tokens[0], seat=2)
    assert code_of(stub.ReissueSeatToken, bad) == grpc.StatusCode.PERMISSION_DENIED
    bad = pb.ReissueSeatTokenRequest(game_id=game_id, seat=2)
    assert code_of(stub.ReissueSeatToken, bad) == grpc.StatusCode.UNAUTHENTICATED


def test_resign(stub):
    """Resigning (leaving) ends the game for every variant: a RESIGN event, the result
    naming the seat that escaped (R5-43 scores it in Red Five 5p)."""
    for variant in sorted(VARIANTS):
        created = create(stub, variant, seed=2)
        game_id = created.game.game_id
        tokens = join_all(stub, created.game)
        before = stub.GetGame(pb.GetGameRequest(game_id=game_id)).game
        done = stub.Resign(pb.ResignRequest(game_id=game_id, seat_token=tokens[1]))
        assert done.version == before.version + 1
        assert json.loads(done.result_json)["escaped"] == 1
        history = stub.GetHistory(pb.GetHistoryRequest(game_id=game_id))
        assert history.events[-1].kind == pb.EVENT_KIND_RESIGN
        assert history.events[-1].seat == 1 and history.complete
        assert history.game.status == pb.GAME_STATUS_FINISHED
        again = pb.ResignRequest(game_id=game_id, seat_token=tokens[0])
        assert code_of(stub.Resign, again) == grpc.StatusCode.FAILED_PRECONDITION


def test_health_and_reflection(server):
    channel = server.channel()
    health = health_pb2_grpc.HealthStub(channel)
    for service in ("", "fenpai.rpc.v1.GameService"):
        reply = health.Check(health_pb2.HealthCheckRequest(service=service))
        assert reply.status == health_pb2.HealthCheckResponse.SERVING
    reflection = reflection_pb2_grpc.ServerReflectionStub(channel)
    request = reflection_pb2.ServerReflectionRequest(list_services="")
    reply = next(reflection.ServerReflectionInfo(iter([request])))
    names = {s.name for s in reply.list_services_response.service}
    assert {"fenpai.rpc.v1.GameService", "grpc.health.v1.Health"} <= names
    request = reflection_pb2.ServerReflectionRequest(
        file_containing_symbol="fenpai.rpc.v1.GameService"
    )
    reply = next(reflection.ServerReflectionInfo(iter([request])))
    assert reply.file_descriptor_response.file_descriptor_proto


def test_reflection_v1_describes_the_service(server):
    """A reflection v1 client (grpc.reflection.v1's method; its messages are v1alpha's,
    wire for wire) lists GameService and gets the files that describe it."""
    ask = server.channel().stream_stream(
        "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo",
        request_serializer=reflection_pb2.ServerReflectionRequest.SerializeToString,
        response_deserializer=reflection_pb2.ServerReflectionResponse.FromString,
    )
    requests = [
        reflection_pb2.ServerReflectionRequest(list_services=""),
        reflection_pb2.ServerReflectionRequest(file_containing_symbol="fenpai.rpc.v1.GameService"),
        reflection_pb2.ServerReflectionRequest(
            file_containing_symbol="grpc.reflection.v1.ServerReflection"
        ),
    ]
    listed, game_files, own_file = list(ask(iter(requests)))
    names = {s.name for s in listed.list_services_response.service}
    assert {
        "fenpai.rpc.v1.GameService",
        "grpc.health.v1.Health",
        "grpc.reflection.v1.ServerReflection",
        "grpc.reflection.v1alpha.ServerReflection",
    } <= names
    pool = descriptor_pool.DescriptorPool()
    for raw in reversed(game_files.file_descriptor_response.file_descriptor_proto):
        pool.Add(descriptor_pb2.FileDescriptorProto.FromString(raw))
    methods = pool.FindServiceByName("fenpai.rpc.v1.GameService").methods_by_name
    assert methods["Act"].input_type.fields_by_name["client_seq"].number == 4
    [raw] = own_file.file_descriptor_response.file_descriptor_proto
    assert descriptor_pb2.FileDescriptorProto.FromString(raw).package == "grpc.reflection.v1"


def test_sigterm_stops_cleanly(tmp_path, fresh_db):
    """Streams, an idle ActStream among them, end with UNAVAILABLE and a reason, rather
    than being cut when the grace period runs out."""
    with running_server(tmp_path, db=fresh_db) as server:
        stub = server.stub()
        created = create(stub, "red_five_4p")
        stream = stub.Spectate(pb.SpectateRequest(game_id=created.game.game_id))
        acting = Lockstep(stub)
        assert (
            acting.send(act(created.game.game_id, "", "pass")).rejected.code
            == (grpc.StatusCode.UNAUTHENTICATED.value[0])
        )
        assert server.stop() == 0
        with pytest.raises(grpc.RpcError) as spectating:
            list(stream)
        with pytest.raises(grpc.RpcError) as streaming_actions:
            acting.close()
        for ended in (spectating.value, streaming_actions.value):
            assert ended.code() == grpc.StatusCode.UNAVAILABLE
            assert "shutting down" in ended.details()
            assert reason_of(ended) == ("SHUTTING_DOWN", None)


def test_a_game_left_idle_is_closed_by_the_server(tmp_path):
    """With `--idle-close-seconds`, a game being played whose players left (no event
    for that long, no timers) ends: its waiting client seat resigns, as the server."""
    with running_server(tmp_path, "--no-timers", "--idle-close-seconds", "0.5") as server:
        stub = server.stub()
        game = create(stub, "tractor", seed=4, bots={1: "greedy", 2: "greedy", 3: "greedy"}).game
        join_all(stub, game)
        for _ in stub.Spectate(pb.SpectateRequest(game_id=game.game_id)):
            pass  # ends with the game's last event
        history = stub.GetHistory(pb.GetHistoryRequest(game_id=game.game_id))
        assert history.game.status == pb.GAME_STATUS_FINISHED
        resign = [e for e in history.events if e.kind == pb.EVENT_KIND_RESIGN]
        assert [e.seat for e in resign] == [0]
