"""ReplayGame: a finished game's events, each with one seat's view right after it as
that seat saw it then (or the public view), for the browser's replay; refused while the
game runs, and for a seat or hand the game does not have."""

from __future__ import annotations

import json

import grpc
import pytest
from leak_support import check_public, check_view, hidden_actions, truth_by_version
from service_support import bot_game, create, error_of, join_all, reason_of, running_server

from fenpai.games import VARIANTS
from fenpai.rpc.v1 import game_service_pb2 as pb


@pytest.fixture(scope="module")
def stub(tmp_path_factory):
    with running_server(tmp_path_factory.mktemp("replay"), "--no-timers") as server:
        yield server.stub()


def replay(stub, game_id: str, seat: int | None = None, hand: int | None = None):
    request = pb.ReplayGameRequest(game_id=game_id)
    if seat is not None:
        request.seat = seat
    if hand is not None:
        request.hand = hand
    return list(stub.ReplayGame(request))


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_step_is_what_the_seat_saw_then(stub, variant):
    history = bot_game(stub, variant, seed=12)
    truth = truth_by_version(history)
    hidden = hidden_actions(history)
    game_id = history.game.game_id
    for seat in [None, *range(len(history.game.seats))]:
        steps = replay(stub, game_id, seat)
        assert [s.event.version for s in steps] == [e.version for e in history.events]
        for step in steps:
            version = step.event.version
            received = json.loads(step.view.view_json)
            assert step.view.version == version and not step.view.HasField("deadline")
            if seat is None:
                check_public(received, step.view.hand_view, truth[version])
            else:
                assert step.view.seat == seat
                check_view(seat, received, step.view.hand_view, truth[version])
            burial = hidden.get(version)
            if burial is not None and burial.seat != seat:  # not even once the hand is over
                assert step.event.action == "bury" and step.event.redacted
            else:
                assert step.event.action == history.events[version - 1].action
        assert steps[-1].view.status == pb.GAME_STATUS_FINISHED
        assert steps[0].view.status != pb.GAME_STATUS_FINISHED


def test_a_tables_hand_is_replayed_from_its_deal_to_its_end(stub):
    history = bot_game(stub, "red_five_4p", seed=4, match=pb.MatchSettings(hands=2))
    game_id = history.game.game_id
    first, second = history.hands
    one = replay(stub, game_id, 0, hand=1)
    two = replay(stub, game_id, 0, hand=2)
    assert [s.event.version for s in one] == list(range(1, first.end_version + 1))
    assert two[0].event.kind == pb.EVENT_KIND_HAND_START
    assert two[0].event.version == second.start_version
    assert [s.event.version for s in two] == list(
        range(second.start_version, history.game.version + 1)
    )
    assert {s.event.hand for s in one} == {1} and {s.event.hand for s in two} == {2}
    assert one[-1].event.kind == pb.EVENT_KIND_HAND_END
    assert two[-1].event.kind == pb.EVENT_KIND_MATCH_END
    assert two[0].view.match.hand == 2 and two[-1].view.match.over
    whole = replay(stub, game_id, 0)
    assert [s.event.version for s in whole] == [s.event.version for s in one + two]


def test_a_running_game_is_not_replayed(stub):
    created = create(stub, "tractor", seed=3)
    join_all(stub, created.game)
    err = error_of(lambda: replay(stub, created.game.game_id))
    assert err.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert reason_of(err) == ("GAME_NOT_OVER", None)


@pytest.mark.parametrize(
    ("seat", "hand", "reason"),
    [(4, None, "NO_SUCH_SEAT"), (None, 2, "NO_SUCH_HAND"), (None, 0, "NO_SUCH_HAND")],
)
def test_a_seat_or_hand_the_game_does_not_have_is_refused(stub, seat, hand, reason):
    history = bot_game(stub, "fifty_k", seed=2)
    err = error_of(lambda: replay(stub, history.game.game_id, seat, hand))
    assert err.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert reason_of(err)[0] == reason


def test_an_unknown_game_is_not_found(stub):
    err = error_of(lambda: replay(stub, "0123456789abcdef"))
    assert reason_of(err) == ("UNKNOWN_GAME", None)
