"""Rejected calls over a real loopback connection: each gets its status code, a reason,
and an ErrorInfo detail with its reason code (and the rule it breaks), and changes
nothing (the game's summary, history and every seat's view are compared before and
after)."""

from __future__ import annotations

import random
import re
import time

import grpc
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from service_support import (
    ROOT,
    act,
    create,
    error_of,
    join_all,
    reason_of,
    running_server,
    state,
    view,
)

from fenpai.rpc.v1 import game_service_pb2 as pb
from fenpai.service.errors import REASONS

StatusCode = grpc.StatusCode


@pytest.fixture(scope="module")
def server(tmp_path_factory, db):
    with running_server(tmp_path_factory.mktemp("errors"), "--no-timers", db=db) as server:
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


def refused(call, request, code: StatusCode, reason: str, rule: str | None = None):
    """`call(request)` fails with `code` and the ErrorInfo `reason` (and `rule`)."""
    err = error_of(call, request)
    assert (err.code(), reason_of(err)) == (code, (reason, rule)), err.details()
    return err


def to_act(stub, game_id, tokens) -> int:
    return view(stub, game_id, tokens[0]).to_act[0]


def test_illegal_action_is_invalid_argument_with_the_reason(stub, game):
    game_id, tokens = game
    seat = to_act(stub, game_id, tokens)
    for action, reason, code, rule in [
        ("bid 61", "bid 61 is not allowed", "ILLEGAL_ACTION", "R4-10,R4-13"),
        ("bid 400", "is not allowed", "ILLEGAL_ACTION", "R4-10,R4-13"),
        ("trump h", "'bid N' or 'pass'", "ILLEGAL_ACTION", None),
        ("", "empty action", "MALFORMED_ACTION", None),
        ("dance", "dance", "MALFORMED_ACTION", None),
        ("play 5h 🂡", "U+1F0A1 '🂡'", "MALFORMED_ACTION", None),
    ]:
        err = rejected(stub, game_id, tokens, stub.Act, act(game_id, tokens[seat], action))
        assert err.code() == StatusCode.INVALID_ARGUMENT, action
        assert reason in err.details()
        assert reason_of(err) == (code, rule), action


@pytest.mark.parametrize(
    ("action", "named"),
    [
        ("bid ²", "U+00B2 '²'"),
        ("bid ①", "U+2460 '①'"),
        ("bid ٦٥", "U+0666 '٦'"),
        ("bid\u00a065", "U+00A0 (NO-BREAK SPACE)"),
        ("bid\u300065", "U+3000 (IDEOGRAPHIC SPACE)"),
        ("bid\v65", "U+000B"),
    ],
)
def test_text_outside_the_ascii_grammar_is_invalid_argument_naming_it(
    server, stub, game, action, named
):
    """On the seat's turn, where these once failed INTERNAL (rebuilding the game and
    logging a traceback) or were accepted as `bid 65`."""
    game_id, tokens = game
    seat = to_act(stub, game_id, tokens)
    err = rejected(stub, game_id, tokens, stub.Act, act(game_id, tokens[seat], action))
    assert err.code() == StatusCode.INVALID_ARGUMENT and named in err.details()
    assert reason_of(err) == ("MALFORMED_ACTION", None)
    assert "Traceback" not in server.log.read_text()


def test_out_of_turn_is_failed_precondition(stub, game):
    game_id, tokens = game
    seat = to_act(stub, game_id, tokens)
    other = (seat + 1) % 4
    err = rejected(stub, game_id, tokens, stub.Act, act(game_id, tokens[other], "pass"))
    assert err.code() == StatusCode.FAILED_PRECONDITION
    assert f"not seat {other}'s turn" in err.details()
    assert reason_of(err) == ("NOT_YOUR_TURN", None)


def test_acting_or_resigning_before_every_seat_is_taken(stub):
    """Nobody may act, nor resign (which would end the game), while a seat is open."""
    created = create(stub, "red_five_4p", seed=1)
    game_id = created.game.game_id
    joined = stub.JoinGame(pb.JoinGameRequest(game_id=game_id))
    tokens = {joined.seat: joined.seat_token}
    seen = view(stub, game_id, joined.seat_token)
    assert not seen.to_act and not seen.legal_actions
    for call, request in [
        (stub.Act, act(game_id, joined.seat_token, "pass")),
        (stub.Resign, pb.ResignRequest(game_id=game_id, seat_token=joined.seat_token)),
    ]:
        err = rejected(stub, game_id, tokens, call, request)
        assert err.code() == StatusCode.FAILED_PRECONDITION and "not started" in err.details()
        assert reason_of(err) == ("GAME_NOT_STARTED", None)
    summary = stub.GetGame(pb.GetGameRequest(game_id=game_id)).game
    assert summary.status == pb.GAME_STATUS_WAITING


def test_resigning_or_joining_a_finished_game_is_game_over(stub, game):
    game_id, tokens = game
    stub.Resign(pb.ResignRequest(game_id=game_id, seat_token=tokens[0]))
    for seat in (0, 1):
        resign = pb.ResignRequest(game_id=game_id, seat_token=tokens[seat])
        refused(stub.Resign, resign, StatusCode.FAILED_PRECONDITION, "GAME_OVER")
        refused(
            stub.Act,
            act(game_id, tokens[seat], "pass"),
            StatusCode.FAILED_PRECONDITION,
            "GAME_OVER",
        )
    join = pb.JoinGameRequest(game_id=game_id)
    refused(stub.JoinGame, join, StatusCode.FAILED_PRECONDITION, "GAME_OVER")


def test_seats_that_cannot_be_joined_or_reissued(stub):
    created = create(stub, "red_five_4p", seed=3, bots={1: "random"})
    game_id, admin = created.game.game_id, created.admin_token
    stub.JoinGame(pb.JoinGameRequest(game_id=game_id, seat=0))
    cases = [
        (pb.JoinGameRequest(game_id=game_id, seat=9), StatusCode.INVALID_ARGUMENT, "NO_SUCH_SEAT"),
        (pb.JoinGameRequest(game_id=game_id, seat=1), StatusCode.FAILED_PRECONDITION, "BOT_SEAT"),
        (pb.JoinGameRequest(game_id=game_id, seat=0), StatusCode.ALREADY_EXISTS, "SEAT_TAKEN"),
    ]
    for request, code, reason in cases:
        refused(stub.JoinGame, request, code, reason)
    reissue = pb.ReissueSeatTokenRequest
    cases = [
        (reissue(game_id=game_id, seat=0), StatusCode.UNAUTHENTICATED, "ADMIN_TOKEN_REQUIRED"),
        (
            reissue(game_id=game_id, admin_token="x", seat=0),
            StatusCode.PERMISSION_DENIED,
            "BAD_ADMIN_TOKEN",
        ),
        (
            reissue(game_id=game_id, admin_token=admin, seat=9),
            StatusCode.INVALID_ARGUMENT,
            "NO_SUCH_SEAT",
        ),
        (
            reissue(game_id=game_id, admin_token=admin, seat=2),
            StatusCode.FAILED_PRECONDITION,
            "SEAT_NOT_JOINED",
        ),
    ]
    for request, code, reason in cases:
        refused(stub.ReissueSeatToken, request, code, reason)
    for seat in (2, 3):
        stub.JoinGame(pb.JoinGameRequest(game_id=game_id, seat=seat))
    join = pb.JoinGameRequest(game_id=game_id)
    refused(stub.JoinGame, join, StatusCode.FAILED_PRECONDITION, "NO_OPEN_SEAT")


def test_tokens(stub, game):
    game_id, tokens = game
    seat = to_act(stub, game_id, tokens)
    other_game = create(stub, "red_five_4p", seed=2).game
    other_tokens = join_all(stub, other_game)
    cases = [
        ("", StatusCode.UNAUTHENTICATED, "TOKEN_REQUIRED"),
        ("not-a-token", StatusCode.PERMISSION_DENIED, "BAD_TOKEN"),
        (tokens[seat][:-1], StatusCode.PERMISSION_DENIED, "BAD_TOKEN"),
        (other_tokens[seat], StatusCode.PERMISSION_DENIED, "BAD_TOKEN"),
    ]
    for token, code, reason in cases:
        for call, request in [
            (stub.Act, act(game_id, token, "pass")),
            (stub.GetView, pb.GetViewRequest(game_id=game_id, seat_token=token)),
            (stub.Resign, pb.ResignRequest(game_id=game_id, seat_token=token)),
        ]:
            err = rejected(stub, game_id, tokens, call, request)
            assert (err.code(), reason_of(err)) == (code, (reason, None))
        stream = stub.StreamEvents(pb.StreamEventsRequest(game_id=game_id, seat_token=token))
        assert reason_of(error_of(list, stream)) == (reason, None)
    history = pb.GetHistoryRequest(game_id=game_id, seat_token="wrong")
    refused(stub.GetHistory, history, StatusCode.PERMISSION_DENIED, "BAD_TOKEN")


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
        refused(call, request, StatusCode.NOT_FOUND, "UNKNOWN_GAME")
    spectate = stub.Spectate(pb.SpectateRequest(game_id="nope"))
    err = error_of(list, spectate)
    assert (err.code(), reason_of(err)) == (StatusCode.NOT_FOUND, ("UNKNOWN_GAME", None))
    refused(stub.GetGame, pb.GetGameRequest(), StatusCode.INVALID_ARGUMENT, "GAME_ID_REQUIRED")


def test_oversized_input_is_resource_exhausted(stub, game):
    game_id, tokens = game
    seat = to_act(stub, game_id, tokens)
    for request in [
        act(game_id, tokens[seat], "play " + "5h " * 400),
        act(game_id, "t" * 500, "pass"),
        act("g" * 100, tokens[seat], "pass"),
    ]:
        err = rejected(stub, game_id, tokens, stub.Act, request)
        assert err.code() == StatusCode.RESOURCE_EXHAUSTED
        assert reason_of(err) == ("TOO_LONG", None)
    # past the 64 KiB message limit, which gRPC itself enforces (no details)
    huge = act(game_id, tokens[seat], "pass " * 20_000)
    assert rejected(stub, game_id, tokens, stub.Act, huge).code() == StatusCode.RESOURCE_EXHAUSTED
    long_option = pb.CreateGameRequest(variant="red_five_4p", options={"decks": "2" * 2000})
    refused(stub.CreateGame, long_option, StatusCode.RESOURCE_EXHAUSTED, "TOO_LONG")
    many = pb.CreateGameRequest(variant="red_five_4p", options={f"o{i}": "1" for i in range(40)})
    refused(stub.CreateGame, many, StatusCode.RESOURCE_EXHAUSTED, "TOO_MANY_ENTRIES")


def test_bad_create_requests_name_the_problem(stub):
    before = len(stub.ListGames(pb.ListGamesRequest(page_size=500)).games)
    new = pb.CreateGameRequest
    cases = [
        (new(variant="poker"), "unknown variant", "UNKNOWN_VARIANT"),
        (new(variant="red_five_4p", options={"decks": "4"}), "decks", "BAD_OPTION"),
        (new(variant="red_five_4p", options={"colour": "1"}), "colour", "BAD_OPTION"),
        (new(variant="red_five_4p", options={"seed": "1"}), "seed", "SEED_IN_OPTIONS"),
        (new(variant="red_five_4p", options={"deck": "5h"}), "deck", "BAD_OPTION"),
        (new(variant="red_five_4p", bots={7: "random"}), "no seat 7", "NO_SUCH_SEAT"),
        (new(variant="red_five_4p", bots={1: "genius"}), "genius", "UNKNOWN_BOT"),
        (new(variant="red_five_4p", bots={1: "ismcts:0"}), "budget '0'", "UNKNOWN_BOT"),
        (new(variant="red_five_4p", timer_seconds={"nap": 1}), "nap", "BAD_TIMER"),
        (new(variant="red_five_4p", timer_seconds={"play": -1}), "play", "BAD_TIMER"),
        (new(variant="red_five_4p", timer_seconds={"play": float("nan")}), "", "BAD_TIMER"),
    ]
    for request, words, reason in cases:
        err = refused(stub.CreateGame, request, StatusCode.INVALID_ARGUMENT, reason)
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
    assert reason_of(err) == ("CLIENT_SEQ_REUSED", None)
    # the same number is free for another seat, and a rejected action uses no number
    nxt = view(stub, game_id, tokens[0]).to_act[0]
    bad = rejected(stub, game_id, tokens, stub.Act, act(game_id, tokens[nxt], "bid 1", seq=7))
    assert bad.code() == StatusCode.INVALID_ARGUMENT
    assert reason_of(bad) == ("ILLEGAL_ACTION", "R4-10,R4-13")
    stub.Act(act(game_id, tokens[nxt], "pass", seq=7))


def test_streams_reject_a_version_ahead(stub, game):
    game_id, tokens = game
    ahead = pb.StreamEventsRequest(game_id=game_id, seat_token=tokens[0], from_version=99)
    err = error_of(list, stub.StreamEvents(ahead))
    assert (err.code(), reason_of(err)) == (StatusCode.INVALID_ARGUMENT, ("VERSION_AHEAD", None))
    ahead = pb.SpectateRequest(game_id=game_id, from_version=99)
    err = error_of(list, stub.Spectate(ahead))
    assert (err.code(), reason_of(err)) == (StatusCode.INVALID_ARGUMENT, ("VERSION_AHEAD", None))


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
            assert reason_of(err)[0] in ("ILLEGAL_ACTION", "MALFORMED_ACTION", "NOT_YOUR_TURN")
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
        err = error_of(list, extra)
        assert err.code() == StatusCode.RESOURCE_EXHAUSTED
        assert reason_of(err) == ("TOO_MANY_STREAMS", None)
        assert stub.GetGame(pb.GetGameRequest(game_id=game_id)).game.game_id == game_id
        for stream in streams:
            stream.cancel()


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=st.text(max_size=40), prefixed=st.booleans())
def test_any_unicode_action_is_answered_without_internal_errors(stub, game, text, prefixed):
    """Arbitrary unicode text, on the seat's turn: accepted, or rejected as the game's
    rejection, never INTERNAL or UNKNOWN."""
    game_id, tokens = game
    seat = to_act(stub, game_id, tokens)
    try:
        stub.Act(act(game_id, tokens[seat], f"bid {text}" if prefixed else text))
    except grpc.RpcError as err:
        assert err.code() in (StatusCode.INVALID_ARGUMENT, StatusCode.FAILED_PRECONDITION)
        assert reason_of(err)[0] in ("ILLEGAL_ACTION", "MALFORMED_ACTION", "NOT_YOUR_TURN")


#: Bytes no request message parses from: a corrupt tag, a field cut short.
GARBAGE = [b"\xff\xff\xff\xff", b"\x0a\x05ab"]
#: A game_id of bad UTF-8 (for the requests whose field 1 is a string).
BAD_UTF8 = b"\x0a\x02\xff\xfe"


def test_request_bytes_that_do_not_parse_are_invalid_argument(server):
    """Garbage sent to every method on a raw channel: INVALID_ARGUMENT naming the message
    expected, MALFORMED_REQUEST, one log line each and no traceback."""
    channel = server.channel()
    service = pb.DESCRIPTOR.services_by_name["GameService"]
    for method in service.methods:
        path = f"/{service.full_name}/{method.name}"
        expected = f"request is not a valid {method.input_type.full_name}"
        first = method.input_type.fields_by_number.get(1)
        strings = [BAD_UTF8] if first and first.type == first.TYPE_STRING else []
        for garbage in GARBAGE + strings:
            if method.client_streaming:
                continue
            if method.server_streaming:
                call = channel.unary_stream(path)
                err = error_of(lambda request, call=call: list(call(request)), garbage)
            else:
                err = error_of(channel.unary_unary(path), garbage)
            assert err.code() == StatusCode.INVALID_ARGUMENT, (path, err.details())
            assert err.details() == expected
            assert reason_of(err) == ("MALFORMED_REQUEST", None)
    log = server.log.read_text()
    assert "Traceback" not in log
    assert log.count("request bytes are not a fenpai.rpc.v1.ActRequest") >= len(GARBAGE)


def test_an_act_stream_message_that_does_not_parse_is_rejected_and_the_stream_goes_on(
    server, stub, game
):
    game_id, tokens = game
    seat = to_act(stub, game_id, tokens)
    action = view(stub, game_id, tokens[seat]).legal_actions[0]
    good = pb.ActStreamRequest(act=act(game_id, tokens[seat], action)).SerializeToString()
    path = "/fenpai.rpc.v1.GameService/ActStream"
    bad_utf8 = bytes([0x0A, len(BAD_UTF8)]) + BAD_UTF8  # an ActRequest with a bad game_id
    answers = list(server.channel().stream_stream(path)(iter([*GARBAGE, bad_utf8, good])))
    parsed = [pb.ActStreamResponse.FromString(a) for a in answers]
    assert len(parsed) == len(GARBAGE) + 2
    for answer in parsed[:-1]:
        assert answer.rejected.code == StatusCode.INVALID_ARGUMENT.value[0]
        assert answer.rejected.reason == "MALFORMED_REQUEST" and answer.rejected.rule == ""
        assert answer.rejected.message == "request is not a valid fenpai.rpc.v1.ActStreamRequest"
    assert parsed[-1].accepted.action == action
    assert "Traceback" not in server.log.read_text()


@pytest.mark.parametrize("seq", [0, 2**63 - 1, 2**63, 2**64 - 1])
def test_client_seq_takes_the_whole_uint64_range(tmp_path, fresh_db, seq):
    """Every client_seq is accepted, stored, and recognised in a retry, also after a
    restart (the databases' integers are signed 64-bit)."""
    with running_server(tmp_path, "--no-timers", db=fresh_db) as server:
        stub = server.stub()
        created = create(stub, "red_five_4p", seed=8)
        game_id = created.game.game_id
        tokens = join_all(stub, created.game)
        seat = to_act(stub, game_id, tokens)
        action = view(stub, game_id, tokens[seat]).legal_actions[0]
        first = stub.Act(act(game_id, tokens[seat], action, seq=seq))
        assert stub.Act(act(game_id, tokens[seat], action, seq=seq)).replayed
    with running_server(tmp_path, "--no-timers", db=fresh_db) as server:
        stub = server.stub()
        again = stub.Act(act(game_id, tokens[seat], action, seq=seq))
        assert again.replayed and again.version == first.version
        other = act(game_id, tokens[seat], "pass", seq=seq)
        refused(stub.Act, other, StatusCode.ALREADY_EXISTS, "CLIENT_SEQ_REUSED")
        assert f"client_seq {seq} " in error_of(stub.Act, other).details()


def test_every_reason_code_is_in_the_readme_with_its_status():
    """service/README.md's table lists exactly the reasons the service answers with."""
    rows = re.findall(
        r"^\| `([A-Z_]+)` \| ([A-Z_]+) \|", (ROOT / "service" / "README.md").read_text(), re.M
    )
    assert dict(rows) == {reason: code.name for reason, code in REASONS.items()}
    assert len(rows) == len(REASONS)
