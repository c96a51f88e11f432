"""Seats over a real loopback server: private games and tables that a stranger cannot
join (each seat needs its invite), ListGames listing only open games, and CreateGame
and JoinGame retried with the same request id answering as the first time."""

from __future__ import annotations

import json
import threading
import uuid

import grpc
import pytest
from service_support import create, error_of, reason_of, running_server, view

from fenpai.rpc.v1 import game_service_pb2 as pb

PRIVATE = pb.GAME_ACCESS_PRIVATE


@pytest.fixture(scope="module")
def stub(tmp_path_factory, db):
    with running_server(tmp_path_factory.mktemp("seats"), "--no-timers", db=db) as server:
        yield server.stub()


def join(stub, game_id: str, seat: int | None = None, invite: str = "", request_id: str = ""):
    request = pb.JoinGameRequest(game_id=game_id, invite=invite, request_id=request_id)
    if seat is not None:
        request.seat = seat
    return stub.JoinGame(request)


def listed(stub) -> set[str]:
    ids, token = set(), ""
    while True:
        page = stub.ListGames(pb.ListGamesRequest(page_size=500, page_token=token))
        ids |= {g.game_id for g in page.games}
        token = page.next_page_token
        if not token:
            return ids


def request_id() -> str:
    return str(uuid.uuid4())


def test_a_private_table_a_stranger_cannot_join(stub):
    """A private table's seats need the invites CreateGame returned (one per client
    seat): without one, with a made-up one, or with another seat's, JoinGame is
    PERMISSION_DENIED and changes nothing; ListGames never shows the table."""
    created = create(
        stub,
        "tractor",
        seed=1,
        bots={1: "random"},
        access=PRIVATE,
        match=pb.MatchSettings(hands=2),
    )
    game = created.game
    assert game.access == PRIVATE and game.match.hands == 2
    invites = {i.seat: i.invite for i in created.invites}
    assert sorted(invites) == [0, 2, 3] and len(set(invites.values())) == 3
    assert game.game_id not in listed(stub)
    for kwargs, reason in [
        ({}, "INVITE_REQUIRED"),
        ({"seat": 0}, "INVITE_REQUIRED"),
        ({"invite": "not-an-invite"}, "BAD_INVITE"),
        ({"seat": 0, "invite": invites[2]}, "BAD_INVITE"),
        ({"invite": created.admin_token}, "BAD_INVITE"),
    ]:
        err = error_of(join, stub, game.game_id, **kwargs)
        assert err.code() == grpc.StatusCode.PERMISSION_DENIED, kwargs
        assert reason_of(err) == (reason, None)
        assert "invite" in err.details() and invites[0] not in err.details()
    assert stub.GetGame(pb.GetGameRequest(game_id=game.game_id)).game.version == 0
    joined = join(stub, game.game_id, invite=invites[2])
    assert joined.seat == 2 and view(stub, game.game_id, joined.seat_token).seat == 2
    err = error_of(join, stub, game.game_id, invite=invites[2])
    assert reason_of(err) == ("SEAT_TAKEN", None)
    other = create(stub, "tractor", access=PRIVATE, match=pb.MatchSettings()).invites[0]
    err = error_of(join, stub, game.game_id, invite=other.invite)  # another table's
    assert reason_of(err) == ("BAD_INVITE", None)
    assert join(stub, game.game_id, seat=0, invite=invites[0]).seat == 0
    last = join(stub, game.game_id, invite=invites[3])
    assert last.game.status == pb.GAME_STATUS_PLAYING


def test_list_games_lists_open_games_only(stub):
    """An open game (as today: access not set, or OPEN) is listed and needs no invite;
    a private one is not listed, whatever the filter."""
    unset = create(stub, "red_five_4p").game
    opened = create(stub, "red_five_4p", access=pb.GAME_ACCESS_OPEN).game
    private = create(stub, "red_five_4p", access=PRIVATE).game
    assert unset.access == opened.access == pb.GAME_ACCESS_OPEN
    assert not create(stub, "red_five_4p").invites
    ids = listed(stub)
    assert {unset.game_id, opened.game_id} <= ids and private.game_id not in ids
    waiting = stub.ListGames(pb.ListGamesRequest(status=pb.GAME_STATUS_WAITING, page_size=500))
    assert private.game_id not in {g.game_id for g in waiting.games}
    assert join(stub, opened.game_id).seat == 0
    assert stub.GetGame(pb.GetGameRequest(game_id=private.game_id)).game.access == PRIVATE
    err = error_of(create, stub, "red_five_4p", access=7)
    assert reason_of(err) == ("BAD_ACCESS", None)


def test_a_retried_join_returns_the_same_seat_and_token(stub):
    """A JoinGame retried with its request id (its answer lost) returns the same seat
    and token and joins nothing more; the id cannot take another seat; another game's
    seat joined with the same id gets another token."""
    game = create(stub, "red_five_4p", seed=3).game
    rid = request_id()
    first = join(stub, game.game_id, request_id=rid)
    again = join(stub, game.game_id, request_id=rid)
    assert (again.seat, again.seat_token) == (first.seat, first.seat_token) == (0, first.seat_token)
    assert not first.replayed and again.replayed
    assert again.game == first.game and again.game.version == 1  # one join event, not two
    assert view(stub, game.game_id, again.seat_token).seat == 0
    assert join(stub, game.game_id, seat=0, request_id=rid).seat_token == first.seat_token
    err = error_of(join, stub, game.game_id, seat=1, request_id=rid)
    assert err.code() == grpc.StatusCode.ALREADY_EXISTS
    assert reason_of(err) == ("REQUEST_ID_REUSED", None)
    other = join(stub, game.game_id, request_id=request_id())
    assert other.seat == 1 and other.seat_token != first.seat_token
    assert join(stub, game.game_id, request_id=rid).game == first.game  # the first answer
    same_id_elsewhere = join(stub, create(stub, "red_five_4p").game.game_id, request_id=rid)
    assert same_id_elsewhere.seat_token != first.seat_token
    err = error_of(join, stub, game.game_id, request_id="short")
    assert err.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert reason_of(err) == ("BAD_REQUEST_ID", None)


def test_a_retried_join_of_a_private_seat_needs_its_invite_and_a_reissue_ends_it(stub):
    """Repeating the request id alone does not get a private seat's token; once the
    admin reissued the token, the retry gets none."""
    created = create(stub, "red_five_4p", seed=5, access=PRIVATE)
    game_id = created.game.game_id
    invite = created.invites[1].invite
    rid = request_id()
    first = join(stub, game_id, invite=invite, request_id=rid)
    assert first.seat == 1
    err = error_of(join, stub, game_id, request_id=rid)  # the id alone is not enough
    assert reason_of(err) == ("INVITE_REQUIRED", None)
    assert join(stub, game_id, invite=invite, request_id=rid).seat_token == first.seat_token
    fresh = stub.ReissueSeatToken(
        pb.ReissueSeatTokenRequest(game_id=game_id, admin_token=created.admin_token, seat=1)
    ).seat_token
    err = error_of(join, stub, game_id, invite=invite, request_id=rid)
    assert err.code() == grpc.StatusCode.ALREADY_EXISTS
    assert reason_of(err) == ("SEAT_TAKEN", None) and "reissued" in err.details()
    assert view(stub, game_id, fresh).seat == 1


def test_a_retried_create_returns_the_same_game(stub):
    """A CreateGame retried with its request id returns the first answer again (the same
    game as it was then, admin token, invites and watch token), even when the retries
    race and after the game moved on; the id with another request is ALREADY_EXISTS."""
    rid = request_id()

    def make(**kwargs):
        return create(
            stub,
            "tractor",
            access=PRIVATE,
            request_id=rid,
            match=pb.MatchSettings(hands=3),
            bots={3: "random"},
            **kwargs,
        )

    first = make()
    assert not first.replayed and len(first.invites) == 3
    answers: list[pb.CreateGameResponse] = []
    racers = [threading.Thread(target=lambda: answers.append(make())) for _ in range(4)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join(30)
    assert len(answers) == 4
    for again in answers:
        assert again.replayed and again.game.game_id == first.game.game_id
        assert again.admin_token == first.admin_token
        assert list(again.invites) == list(first.invites)
        assert again.watch_token == first.watch_token != ""
    joined = join(stub, first.game.game_id, invite=first.invites[0].invite)
    late = make()
    assert late.game == first.game and late.game.version == 0  # the first answer's
    now = stub.GetGame(pb.GetGameRequest(game_id=first.game.game_id)).game
    assert now.version == 1 and now.seats[0].kind == pb.SEAT_KIND_CLIENT
    fresh = stub.ReissueSeatToken(
        pb.ReissueSeatTokenRequest(game_id=first.game.game_id, admin_token=late.admin_token, seat=0)
    ).seat_token
    assert fresh != joined.seat_token
    for changed in ({"seed": 5}, {"timers": {"play": 5}}, {"follow_format": "full"}):
        err = error_of(make, **changed)
        assert err.code() == grpc.StatusCode.ALREADY_EXISTS, changed
        assert reason_of(err) == ("REQUEST_ID_REUSED", None)
    racing = request_id()
    racers = [
        threading.Thread(
            target=lambda: answers.append(create(stub, "fifty_k", seed=1, request_id=racing))
        )
        for _ in range(6)
    ]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join(30)
    made = {a.game.game_id for a in answers[4:]}
    assert len(answers) == 10 and len(made) == 1
    assert sum(not a.replayed for a in answers[4:]) == 1


def test_a_retried_create_survives_a_restart(tmp_path, fresh_db):
    """The retry of a CreateGame whose answer was lost when the server stopped gets the
    same game and tokens from the restarted server."""
    rid = request_id()
    with running_server(tmp_path, "--no-timers", db=fresh_db) as server:
        first = create(server.stub(), "red_five_5p", access=PRIVATE, request_id=rid)
    with running_server(tmp_path, "--no-timers", db=fresh_db) as server:
        again = create(server.stub(), "red_five_5p", access=PRIVATE, request_id=rid)
    assert again.replayed and again.game.game_id == first.game.game_id
    assert (again.admin_token, list(again.invites)) == (first.admin_token, list(first.invites))


def test_seeds_in_config_json_are_strings(stub):
    """A 64-bit seed survives a JavaScript client: config_json writes it as a string,
    and `fenpai.new_game` takes it as it is."""
    created = create(stub, "red_five_4p", seed=2**64 - 1, bots=dict.fromkeys(range(4), "random"))
    game_id = created.game.game_id
    list(stub.Spectate(pb.SpectateRequest(game_id=game_id)))
    history = stub.GetHistory(pb.GetHistoryRequest(game_id=game_id))
    config = json.loads(history.config_json)
    assert config["seed"] == str(2**64 - 1)
    assert f'"seed":"{2**64 - 1}"' in history.config_json
    assert history.result.HasField("red_five_4p")
    assert list(history.result.game_points) == json.loads(history.result_json)["game_points"]
