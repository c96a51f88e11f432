"""A table's chat: messages of seated players, read by anyone, kept across a restart;
a message that is empty, too long, of control characters or naming a card is refused
(BAD_CHAT) and a seat that sends too fast is slowed (CHAT_TOO_FAST), nothing stored."""

from __future__ import annotations

import pytest
from grpc import StatusCode
from hypothesis import given
from hypothesis import strategies as st
from leak_support import cards_in
from service_support import create, error_of, join_all, reason_of, running_server

from fenpai.rpc.v1 import game_service_pb2 as pb
from fenpai.service import chat
from fenpai.service.errors import ServiceError


@given(st.text(max_size=60))
def test_an_accepted_message_never_names_a_card(text):
    try:
        message = chat.check_message(text)
    except ServiceError as err:
        assert err.reason == "BAD_CHAT"
        return
    assert 1 <= len(message) <= chat.MAX_CHAT
    assert cards_in(message) == []


@pytest.mark.parametrize("text", [" ", "x" * 201, "I hold 5h", "BJ!", "A♠", "a\x00b", "ten 10s"])
def test_a_bad_message_is_refused(text):
    with pytest.raises(ServiceError) as err:
        chat.check_message(text)
    assert err.value.reason == "BAD_CHAT"


@pytest.mark.parametrize("text", ["as good as it gets", "ah ok", "nice ad", "10 points", "K, bye"])
def test_words_that_are_no_card_pass(text):
    assert chat.check_message(text) == text


def test_the_rate_limit_forgets_quiet_seats():
    limit = chat.RateLimit()
    for seat in range(chat.RateLimit.SWEEP - 1):
        limit.check("old", seat, now=0.0)
    limit.check("new", 0, now=chat.WINDOW + 1)
    assert limit.tracked() == 1


def test_the_rate_limit_lets_a_burst_through_then_waits():
    limit = chat.RateLimit()
    for i in range(chat.BURST):
        limit.check("g", 0, now=100.0 + i)
    with pytest.raises(ServiceError) as err:
        limit.check("g", 0, now=100.0 + chat.BURST)
    assert err.value.reason == "CHAT_TOO_FAST"
    limit.check("g", 1, now=100.0 + chat.BURST)  # another seat is not slowed
    limit.check("g", 0, now=100.0 + chat.WINDOW)  # the first message has aged out


def refused(call, request, code, reason):
    err = error_of(call, request)
    assert (err.code(), reason_of(err)) == (code, (reason, None)), err.details()


def test_chat_reaches_every_reader_and_survives_a_restart(tmp_path, fresh_db):
    with running_server(tmp_path, "--no-timers", db=fresh_db) as server:
        stub = server.stub()
        game = create(stub, "fifty_k", seed=1, bots={2: "greedy", 3: "greedy"}).game
        gid = game.game_id
        tokens = join_all(stub, game)
        sent = stub.SendChat(pb.SendChatRequest(game_id=gid, seat_token=tokens[0], text=" hi! "))
        assert (sent.message.seq, sent.message.seat, sent.message.text) == (1, 0, "hi!")
        bad = pb.SendChatRequest(game_id=gid, seat_token=tokens[1], text="my 3h is out")
        refused(stub.SendChat, bad, StatusCode.INVALID_ARGUMENT, "BAD_CHAT")
        nobody = pb.SendChatRequest(game_id=gid, seat_token="x" * 30, text="hello")
        assert error_of(stub.SendChat, nobody).code() == StatusCode.PERMISSION_DENIED
        stub.SendChat(pb.SendChatRequest(game_id=gid, seat_token=tokens[1], text="good luck"))
        for i in range(chat.BURST - 1):
            stub.SendChat(pb.SendChatRequest(game_id=gid, seat_token=tokens[0], text=f"m{i}"))
        fast = pb.SendChatRequest(game_id=gid, seat_token=tokens[0], text="again")
        refused(stub.SendChat, fast, StatusCode.RESOURCE_EXHAUSTED, "CHAT_TOO_FAST")
        texts = [m.text for m in stub.GetChat(pb.GetChatRequest(game_id=gid)).messages]
        assert texts == ["hi!", "good luck", "m0", "m1", "m2", "m3"]
        refused(
            stub.GetChat,
            pb.GetChatRequest(game_id="nope"),
            StatusCode.NOT_FOUND,
            "UNKNOWN_GAME",
        )
    with running_server(tmp_path, "--no-timers", db=fresh_db) as server:
        stub = server.stub()
        later = stub.GetChat(pb.GetChatRequest(game_id=gid, after_seq=4)).messages
        assert [(m.seq, m.seat, m.text) for m in later] == [(5, 0, "m2"), (6, 0, "m3")]


def test_a_private_tables_chat_is_read_only_with_a_watch_credential(tmp_path):
    with running_server(tmp_path, "--no-timers") as server:
        stub = server.stub()
        created = create(
            stub,
            "fifty_k",
            seed=2,
            bots={1: "greedy", 2: "greedy", 3: "greedy"},
            access=pb.GAME_ACCESS_PRIVATE,
        )
        gid = created.game.game_id
        token = stub.JoinGame(
            pb.JoinGameRequest(game_id=gid, seat=0, invite=created.invites[0].invite)
        ).seat_token
        stub.SendChat(pb.SendChatRequest(game_id=gid, seat_token=token, text="just us"))
        refused(
            stub.GetChat,
            pb.GetChatRequest(game_id=gid),
            StatusCode.PERMISSION_DENIED,
            "WATCH_TOKEN_REQUIRED",
        )
        refused(
            stub.GetChat,
            pb.GetChatRequest(game_id=gid, watch_token="w" * 40),
            StatusCode.PERMISSION_DENIED,
            "BAD_WATCH_TOKEN",
        )
        for credential in (created.watch_token, token, created.invites[0].invite):
            got = stub.GetChat(pb.GetChatRequest(game_id=gid, watch_token=credential))
            assert [m.text for m in got.messages] == ["just us"]
