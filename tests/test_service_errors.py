"""Rejected calls over a real loopback connection: each gets its status code and a reason,
and changes nothing (the game's summary, history and every seat's view are compared
before and after)."""

from __future__ import annotations

import random
import time

import grpc
import pytest
from service_support import (
    act,
    code_of,
    create,
    error_of,
    join_all,
    running_server,
    state,
    view,
)

from fenpai.rpc.v1 import game_service_pb2 as pb

StatusCode = grpc.StatusCode


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running_server(tmp_path_factory.mktemp("errors"), "--no-timers") as server:
        yield server


@pytest.fixture(scope="module")
def stub(server):
    return server.stub()


@pytest.fixture()
def game(stub):
    """A red_five_4p game with every seat joined: (game_id, tokens)."""
    created = create(stub, "red_five_4p", seed=21)
    return created.game.game_id, join_all(stub, created.game)


def rejected(stub, game_id, tokens, call, request) -> grpc.RpcError:
    before = state(stub, game_id, tokens)
    err = error_of(call, request)
    assert state(stub, game_id, tokens) == before, f"{err.code()} changed the game"
    return err


def to_act(stub, game_id, tokens) -> int:
    return view(stub, game_id, tokens[0]).to_act[0]


def test_illegal_action_is_invalid_argument_with_the_reason(stub, game):
    game_id, tokens = game
    seat = to_act(stub, game_id, tokens)
    for action, reason in [
        ("bid 61", "bid 61 is not allowed"),
        ("bid 400", "is not allowed"),
        ("trump h", "'bid N' or 'pass'"),
        ("", "empty action"),
        ("dance", "dance"),
        ("play 5h 🂡", ""),
    ]:
        err = rejected(stub, game_id, tokens, stub.Act, act(game_id, tokens[seat], action))
        assert err.code() == StatusCode.INVALID_ARGUMENT, action
        assert reason in err.details()


def test_out_of_turn_is_failed_precondition(stub, game):
    game_id, tokens = game
    seat = to_act(stub, game_id, tokens)
    other = (seat + 1) % 4
    err = rejected(stub, game_id, tokens, stub.Act, act(game_id, tokens[other], "pass"))
    assert err.code() == StatusCode.FAILED_PRECONDITION
    assert f"not seat {other}'s turn" in err.details()


def test_acting_before_every_seat_is_taken(stub):
    created = create(stub, "red_five_4p", seed=1)
    game_id = created.game.game_id
    joined = stub.JoinGame(pb.JoinGameRequest(game_id=game_id))
    tokens = {joined.seat: joined.seat_token}
    seen = view(stub, game_id, joined.seat_token)
    assert not seen.to_act and not seen.legal_actions
    err = rejected(stub, game_id, tokens, stub.Act, act(game_id, joined.seat_token, "pass"))
    assert err.code() == StatusCode.FAILED_PRECONDITION and "not started" in err.details()


def test_tokens(stub, game):
    game_id, tokens = game
    seat = to_act(stub, game_id, tokens)
    other_game = create(stub, "red_five_4p", seed=2).game
    other_tokens = join_all(stub, other_game)
    cases = [
        ("", StatusCode.UNAUTHENTICATED),
        ("not-a-token", StatusCode.PERMISSION_DENIED),
        (tokens[seat][:-1], StatusCode.PERMISSION_DENIED),
        (other_tokens[seat], StatusCode.PERMISSION_DENIED),
    ]
    for token, code in cases:
        for call, request in [
            (stub.Act, act(game_id, token, "pass")),
            (stub.GetView, pb.GetViewRequest(game_id=game_id, seat_token=token)),
            (stub.Resign, pb.ResignRequest(game_id=game_id, seat_token=token)),
        ]:
            assert rejected(stub, game_id, tokens, call, request).code() == code
        stream = stub.StreamEvents(pb.StreamEventsRequest(game_id=game_id, seat_token=token))
        assert code_of(list, stream) == code
    history = pb.GetHistoryRequest(game_id=game_id, seat_token="wrong")
    assert code_of(stub.GetHistory, history) == StatusCode.PERMISSION_DENIED


def test_unknown_game_is_not_found(stub, game):
    _, tokens = game
    for call, request in [
        (stub.GetGame, pb.GetGameRequest(game_id="0123456789abcdef")),
        (stub.JoinGame, pb.JoinGameRequest(game_id="nope")),
        (stub.Act, act("nope", tokens[0], "pass")),
        (stub.GetView, pb.GetViewRequest(game_id="nope", seat_token=tokens[0])),
        (stub.GetHistory, pb.GetHistoryRequest(game_id="nope")),
        (stub.Resign, pb.ResignRequest(game_id="nope", seat_token=tokens[0])),
    ]:
        assert code_of(call, request) == StatusCode.NOT_FOUND
    assert code_of(list, stub.Spectate(pb.SpectateRequest(game_id="nope"))) == (
        StatusCode.NOT_FOUND
    )
    assert code_of(stub.GetGame, pb.GetGameRequest()) == StatusCode.INVALID_ARGUMENT


def test_oversized_input_is_resource_exhausted(stub, game):
    game_id, tokens = game
    seat = to_act(stub, game_id, tokens)
    for request in [
        act(game_id, tokens[seat], "play " + "5h " * 400),
        act(game_id, "t" * 500, "pass"),
        act("g" * 100, tokens[seat], "pass"),
        act(game_id, tokens[seat], "pass " * 20_000),  # past the 64 KiB message limit
    ]:
        err = rejected(stub, game_id, tokens, stub.Act, request)
        assert err.code() == StatusCode.RESOURCE_EXHAUSTED
    long_option = pb.CreateGameRequest(variant="red_five_4p", options={"decks": "2" * 2000})
    assert code_of(stub.CreateGame, long_option) == StatusCode.RESOURCE_EXHAUSTED
    many = pb.CreateGameRequest(variant="red_five_4p", options={f"o{i}": "1" for i in range(40)})
    assert code_of(stub.CreateGame, many) == StatusCode.RESOURCE_EXHAUSTED


def test_bad_create_requests_name_the_problem(stub):
    before = len(stub.ListGames(pb.ListGamesRequest(page_size=500)).games)
    cases = [
        (pb.CreateGameRequest(variant="poker"), "unknown variant"),
        (pb.CreateGameRequest(variant="red_five_4p", options={"decks": "4"}), "decks"),
        (pb.CreateGameRequest(variant="red_five_4p", options={"colour": "1"}), "colour"),
        (pb.CreateGameRequest(variant="red_five_4p", options={"seed": "1"}), "seed"),
        (pb.CreateGameRequest(variant="red_five_4p", options={"deck": "5h"}), "deck"),
        (pb.CreateGameRequest(variant="red_five_4p", bots={7: "random"}), "no seat 7"),
        (pb.CreateGameRequest(variant="red_five_4p", bots={1: "genius"}), "genius"),
        (pb.CreateGameRequest(variant="red_five_4p", timer_seconds={"nap": 1}), "nap"),
        (pb.CreateGameRequest(variant="red_five_4p", timer_seconds={"play": -1}), "play"),
        (pb.CreateGameRequest(variant="red_five_4p", timer_seconds={"play": float("nan")}), ""),
    ]
    for request, words in cases:
        err = error_of(stub.CreateGame, request)
        assert err.code() == StatusCode.INVALID_ARGUMENT, request
        assert words in err.details()
    assert len(stub.ListGames(pb.ListGamesRequest(page_size=500)).games) == before


def test_options_accept_json_or_plain_text(stub):
    plain = pb.CreateGameRequest(variant="red_five_4p", options={"opening_bid": "minimum"})
    assert stub.CreateGame(plain).game.options["opening_bid"] == '"minimum"'
    quoted = pb.CreateGameRequest(variant="red_five_4p", options={"opening_bid": '"minimum"'})
    assert stub.CreateGame(quoted).game.options["opening_bid"] == '"minimum"'


def test_client_seq_makes_a_retry_idempotent(stub, game):
    game_id, tokens = game
    seat = to_act(stub, game_id, tokens)
    legal = view(stub, game_id, tokens[seat]).legal_actions
    first = stub.Act(act(game_id, tokens[seat], legal[0], seq=7))
    assert not first.replayed
    after = state(stub, game_id, tokens)
    again = stub.Act(act(game_id, tokens[seat], legal[0], seq=7))
    assert again.replayed and again.version == first.version and again.action == first.action
    assert state(stub, game_id, tokens) == after
    err = rejected(stub, game_id, tokens, stub.Act, act(game_id, tokens[seat], "pass", seq=7))
    assert err.code() == StatusCode.ALREADY_EXISTS and "client_seq 7" in err.details()
    # the same number is free for another seat, and a rejected action uses no number
    nxt = view(stub, game_id, tokens[0]).to_act[0]
    bad = rejected(stub, game_id, tokens, stub.Act, act(game_id, tokens[nxt], "bid 1", seq=7))
    assert bad.code() == StatusCode.INVALID_ARGUMENT
    stub.Act(act(game_id, tokens[nxt], "pass", seq=7))


def test_streams_reject_a_version_ahead(stub, game):
    game_id, tokens = game
    ahead = pb.StreamEventsRequest(game_id=game_id, seat_token=tokens[0], from_version=99)
    assert code_of(list, stub.StreamEvents(ahead)) == StatusCode.INVALID_ARGUMENT
    ahead = pb.SpectateRequest(game_id=game_id, from_version=99)
    assert code_of(list, stub.Spectate(ahead)) == StatusCode.INVALID_ARGUMENT


def test_random_junk_never_breaks_the_server(stub, game):
    """Random action texts: each is accepted or rejected with INVALID_ARGUMENT /
    FAILED_PRECONDITION, and the server keeps serving."""
    game_id, tokens = game
    rng = random.Random(5)
    words = ["play", "bid", "bury", "trump", "pass", "call", "declare", "as", "5h", "BJ", "x"]
    for _ in range(200):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(0, 5)))
        seat = rng.randrange(4)
        try:
            stub.Act(act(game_id, tokens[seat], text))
        except grpc.RpcError as err:
            assert err.code() in (StatusCode.INVALID_ARGUMENT, StatusCode.FAILED_PRECONDITION)
    assert stub.GetGame(pb.GetGameRequest(game_id=game_id)).game.game_id == game_id


def test_streams_beyond_the_limit_are_resource_exhausted(tmp_path):
    """Past --max-streams open streams a new stream is refused, and unary calls still get
    through."""
    with running_server(tmp_path, "--no-timers", "--max-streams", "4") as server:
        stub = server.stub()
        game_id = create(stub, "red_five_4p").game.game_id
        streams = [stub.Spectate(pb.SpectateRequest(game_id=game_id)) for _ in range(4)]
        time.sleep(0.5)  # let the four streams start
        extra = stub.Spectate(pb.SpectateRequest(game_id=game_id))
        assert code_of(list, extra) == StatusCode.RESOURCE_EXHAUSTED
        assert stub.GetGame(pb.GetGameRequest(game_id=game_id)).game.game_id == game_id
        for stream in streams:
            stream.cancel()
