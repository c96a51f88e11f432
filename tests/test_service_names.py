"""Players' names: chosen on JoinGame, shown with the seat in every game summary, kept
across a restart, and refused (BAD_NAME, nothing changed) when empty, too long, of
other characters, or reading as a card."""

from __future__ import annotations

import pytest
from grpc import StatusCode
from hypothesis import given
from hypothesis import strategies as st
from leak_support import cards_in
from service_support import create, error_of, reason_of, running_server

from fenpai.rpc.v1 import game_service_pb2 as pb
from fenpai.service import names
from fenpai.service.errors import ServiceError


@given(st.text(max_size=30))
def test_an_accepted_name_never_holds_a_card(text):
    try:
        name = names.check_name(text)
    except ServiceError as err:
        assert err.reason == "BAD_NAME"
        return
    assert 1 <= len(name) <= names.MAX_NAME
    assert cards_in(name) == []
    assert names.name_of(names.join_action(name)) == name


@pytest.mark.parametrize(
    "name",
    ["   ", "x" * 21, "5h", "Mr BJ", "10s here", "A♠ce", "<b>", "Ace Kd"],
)
def test_a_bad_name_is_refused(name):
    with pytest.raises(ServiceError) as err:
        names.check_name(name)
    assert err.value.reason == "BAD_NAME"


def test_names_reach_everyone_and_survive_a_restart(tmp_path, fresh_db):
    with running_server(tmp_path, "--no-timers", db=fresh_db) as server:
        stub = server.stub()
        game = create(stub, "fifty_k", seed=1, bots={2: "greedy"}).game
        gid = game.game_id
        err = error_of(stub.JoinGame, pb.JoinGameRequest(game_id=gid, seat=0, name="K♠ 5h"))
        assert (err.code(), reason_of(err)) == (StatusCode.INVALID_ARGUMENT, ("BAD_NAME", None))
        seats = stub.GetGame(pb.GetGameRequest(game_id=gid)).game.seats
        assert seats[0].kind == pb.SEAT_KIND_OPEN, "a refused join changes nothing"
        stub.JoinGame(pb.JoinGameRequest(game_id=gid, seat=0, name="  Mei  Lin "))
        stub.JoinGame(pb.JoinGameRequest(game_id=gid, seat=1, name="李雷"))
        stub.JoinGame(pb.JoinGameRequest(game_id=gid, seat=3))
        seats = stub.GetGame(pb.GetGameRequest(game_id=gid)).game.seats
        assert [s.name for s in seats] == ["Mei Lin", "李雷", "", ""]
        joins = [
            e
            for e in stub.GetHistory(pb.GetHistoryRequest(game_id=gid)).events
            if e.kind == pb.EVENT_KIND_JOIN
        ]
        assert [e.action for e in joins] == ["join"] * 3
    with running_server(tmp_path, "--no-timers", db=fresh_db) as server:
        stub = server.stub()
        seats = stub.GetGame(pb.GetGameRequest(game_id=gid)).game.seats
        assert [s.name for s in seats] == ["Mei Lin", "李雷", "", ""]
        if fresh_db is None:  # ListGames reads names from a game in memory only
            listed = {g.game_id: g for g in stub.ListGames(pb.ListGamesRequest()).games}
            assert [s.name for s in listed[gid].seats] == ["Mei Lin", "李雷", "", ""]


@pytest.mark.parametrize("name", ["Jo as", "ah lee", "ad", "Kate", "as"])
def test_names_that_are_no_card_pass(name):
    assert names.check_name(name) == name
