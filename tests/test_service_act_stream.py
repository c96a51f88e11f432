"""ActStream: Act over one stream. Each request is answered in order exactly as Act
answers it; a rejected action is answered with Act's status code and reason, changes
nothing, and the stream goes on; a client gone mid-action leaves the game whole."""

from __future__ import annotations

import asyncio
import random
import threading

import grpc
import pytest
from service_support import (
    Lockstep,
    act,
    create,
    error_of,
    join_all,
    reason_of,
    running_server,
    state,
    view,
)

import fenpai
from fenpai.games import VARIANTS
from fenpai.rpc.v1 import game_service_pb2 as pb
from fenpai.service.connect import _CONTEXT
from fenpai.service.server import Server, ServerConfig

StatusCode = grpc.StatusCode


@pytest.fixture(scope="module")
def stub(tmp_path_factory, db):
    with running_server(tmp_path_factory.mktemp("act_stream"), "--no-timers", db=db) as server:
        yield server.stub()


def twin_games(stub, variant: str, seed: int):
    """Two games dealt alike, every seat joined: ((id, tokens), (id, tokens))."""
    out = []
    for _ in range(2):
        created = create(stub, variant, seed=seed)
        out.append((created.game.game_id, join_all(stub, created.game)))
    return out


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_game_over_act_stream_answers_as_act_does(stub, variant):
    """The same actions on twin games, one by Act, one by ActStream: the same answers,
    the same histories."""
    (unary_id, unary_tokens), (stream_id, stream_tokens) = twin_games(stub, variant, 17)
    rng = random.Random(17)
    stream = Lockstep(stub)
    count = 0
    while True:
        seen = view(stub, unary_id, unary_tokens[0])
        if seen.status == pb.GAME_STATUS_FINISHED:
            break
        seat = seen.to_act[0]
        action = rng.choice(view(stub, unary_id, unary_tokens[seat]).legal_actions)
        count += 1
        by_call = stub.Act(act(unary_id, unary_tokens[seat], action, seq=count))
        answer = stream.send(act(stream_id, stream_tokens[seat], action, seq=count))
        assert answer.WhichOneof("outcome") == "accepted", answer.rejected.message
        assert answer.accepted == by_call
    assert stream.close() == []
    assert count > 10
    histories = [
        stub.GetHistory(pb.GetHistoryRequest(game_id=game_id)) for game_id in (unary_id, stream_id)
    ]
    assert [(e.seat, e.action) for e in histories[0].events] == [
        (e.seat, e.action) for e in histories[1].events
    ]
    assert histories[0].result_json == histories[1].result_json


def test_rejections_carry_act_status_change_nothing_and_keep_the_stream(stub):
    game_id, tokens = twin_games(stub, "red_five_4p", 23)[0]
    seat = view(stub, game_id, tokens[0]).to_act[0]
    other = (seat + 1) % 4
    own = view(stub, game_id, tokens[seat])
    unheld = next(c for c in ("5h", "BJ", "Ks", "Td", "2c") if c not in own.view_json)
    stream = Lockstep(stub)
    legal = own.legal_actions[0]
    accepted = stream.send(act(game_id, tokens[seat], legal, seq=3))
    assert accepted.accepted.action == legal and not accepted.accepted.replayed
    seat_now = view(stub, game_id, tokens[0]).to_act[0]
    mover, waiter = tokens[seat_now], tokens[(seat_now + 1) % 4]
    cases = [
        (
            act(game_id, mover, "bid 61"),
            StatusCode.INVALID_ARGUMENT,
            "ILLEGAL_ACTION",
            "R4-10,R4-13",
        ),
        (act(game_id, mover, f"play {unheld}"), StatusCode.INVALID_ARGUMENT, "ILLEGAL_ACTION", ""),
        (act(game_id, mover, "bid ²"), StatusCode.INVALID_ARGUMENT, "MALFORMED_ACTION", ""),
        (act(game_id, waiter, "pass"), StatusCode.FAILED_PRECONDITION, "NOT_YOUR_TURN", ""),
        (act(game_id, "", "pass"), StatusCode.UNAUTHENTICATED, "TOKEN_REQUIRED", ""),
        (act(game_id, tokens[other][:-1], "pass"), StatusCode.PERMISSION_DENIED, "BAD_TOKEN", ""),
        (act("0123456789abcdef", tokens[seat], "pass"), StatusCode.NOT_FOUND, "UNKNOWN_GAME", ""),
        (act(game_id, mover, "play " + "5h " * 400), StatusCode.RESOURCE_EXHAUSTED, "TOO_LONG", ""),
        (
            act(game_id, tokens[seat], "pass", seq=3),
            StatusCode.ALREADY_EXISTS,
            "CLIENT_SEQ_REUSED",
            "",
        ),
        (pb.ActRequest(), StatusCode.INVALID_ARGUMENT, "GAME_ID_REQUIRED", ""),
    ]
    for request, code, reason, rule in cases:
        before = state(stub, game_id, tokens)
        answer = stream.send(request)
        assert answer.WhichOneof("outcome") == "rejected", request
        rejection = answer.rejected
        assert (rejection.code, rejection.reason, rejection.rule) == (code.value[0], reason, rule)
        by_call = error_of(stub.Act, request)  # the same status, reason and rule as Act's
        assert (rejection.message, (rejection.reason, rejection.rule or None)) == (
            by_call.details(),
            reason_of(by_call),
        )
        assert state(stub, game_id, tokens) == before
    retried = stream.send(act(game_id, tokens[seat], legal, seq=3))
    assert retried.accepted.replayed and retried.accepted.version == accepted.accepted.version
    nxt = view(stub, game_id, tokens[seat_now]).legal_actions[0]
    assert stream.send(act(game_id, tokens[seat_now], nxt)).accepted.action == nxt
    assert stream.close() == []


def test_a_client_gone_mid_action_leaves_the_game_whole(stub):
    """Streams cancelled right after sending an action: each action is applied whole or
    not at all, and a retry with its client_seq settles which."""
    game_id, tokens = twin_games(stub, "tractor", 29)[0]
    for seq in range(1, 30):
        seen = view(stub, game_id, tokens[0])
        seat = seen.to_act[0]
        action = view(stub, game_id, tokens[seat]).legal_actions[0]
        request = act(game_id, tokens[seat], action, seq=seq)
        requests = iter([pb.ActStreamRequest(act=request)])
        answers = stub.ActStream(requests)
        answers.cancel()
        retried = stub.Act(request)
        assert retried.version == seen.version + 1
        history = stub.GetHistory(pb.GetHistoryRequest(game_id=game_id, seat_token=tokens[0]))
        assert [e.version for e in history.events] == list(range(1, retried.version + 1))


class SeatClient(threading.Thread):
    """A player's client that knows only its seat: it follows its turns
    (StreamEvents with turns_only) and acts on each over its ActStream."""

    def __init__(self, stub, game_id: str, seat: int, token: str):
        super().__init__(daemon=True)
        self.stub, self.game_id, self.seat, self.token = stub, game_id, seat, token
        self.received: list[pb.StreamEventsResponse] = []
        self.accepted = 0

    def run(self) -> None:
        rng = random.Random(self.seat)
        acting = Lockstep(self.stub)
        request = pb.StreamEventsRequest(game_id=self.game_id, seat_token=self.token)
        request.turns_only = True
        for item in self.stub.StreamEvents(request):
            self.received.append(item)
            if self.seat in item.view.to_act:
                action = rng.choice(list(item.view.legal_actions))
                answer = acting.send(act(self.game_id, self.token, action))
                self.accepted += answer.WhichOneof("outcome") == "accepted"
        acting.close()


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_seat_clients_play_a_game_from_their_turns_alone(stub, variant):
    """Each seat's turns stream sends only views in which the seat is to act, as the
    full stream has them at those versions, then the game's end; acting on them alone
    plays the game to its end."""
    created = create(stub, variant, seed=13)
    game_id = created.game.game_id
    tokens = join_all(stub, created.game)
    clients = [SeatClient(stub, game_id, seat, token) for seat, token in tokens.items()]
    for client in clients:
        client.start()
    for client in clients:
        client.join(60)
        assert not client.is_alive(), "a seat client did not finish"
    history = stub.GetHistory(pb.GetHistoryRequest(game_id=game_id))
    assert history.complete
    assert sum(c.accepted for c in clients) == sum(
        e.kind == pb.EVENT_KIND_ACTION for e in history.events
    )
    for client in clients:
        request = pb.StreamEventsRequest(game_id=game_id, seat_token=client.token)
        full = list(stub.StreamEvents(request))
        versions = [m.event.version for m in client.received]
        assert versions == sorted(set(versions)) and versions[-1] == len(full)
        for message in client.received[:-1]:
            assert client.seat in message.view.to_act
        assert client.received[-1].view.status == pb.GAME_STATUS_FINISHED
        assert [m.SerializeToString() for m in client.received] == [
            full[v - 1].SerializeToString() for v in versions
        ]
        request.turns_only = True
        assert list(stub.StreamEvents(request)) == [full[-1]]  # over: its end at once
        request.from_version = len(full)
        assert list(stub.StreamEvents(request)) == []


def test_a_turn_stream_resumed_from_an_unplayed_turn_sends_it_again(stub):
    """A player whose action was lost (say the server died before it was stored)
    resumes from the turn it saw and gets that turn again; once it has acted, a stream
    resumed from that turn waits for the next one."""
    created = create(stub, "red_five_4p", seed=41)
    game_id = created.game.game_id
    tokens = join_all(stub, created.game)
    seat = view(stub, game_id, tokens[0]).to_act[0]
    request = pb.StreamEventsRequest(game_id=game_id, seat_token=tokens[seat], turns_only=True)
    first = stub.StreamEvents(request)
    turn = next(first)
    first.cancel()
    assert seat in turn.view.to_act
    request.from_version = turn.event.version
    again = stub.StreamEvents(request)
    assert next(again) == turn
    again.cancel()
    stub.Act(act(game_id, tokens[seat], turn.view.legal_actions[0]))
    after = stub.StreamEvents(request, timeout=0.5)
    with pytest.raises(grpc.RpcError) as waited:
        next(after)
    assert waited.value.code() == StatusCode.DEADLINE_EXCEEDED  # no turn of this seat yet


def test_a_token_reissued_mid_stream_stops_working_on_that_stream(stub):
    """A stream verifies a seat's token once, and again after ReissueSeatToken: the old
    token is refused on the very stream that used it, the new one accepted."""
    created = create(stub, "red_five_4p", seed=41)
    game_id = created.game.game_id
    tokens = join_all(stub, created.game)
    seat = view(stub, game_id, tokens[0]).to_act[0]
    other = (seat + 1) % 4
    stream = Lockstep(stub)
    try:
        early = stream.send(act(game_id, tokens[other], "pass"))  # verified, then refused
        assert early.rejected.reason == "NOT_YOUR_TURN"
        action = view(stub, game_id, tokens[seat]).legal_actions[0]
        assert stream.send(act(game_id, tokens[seat], action)).HasField("accepted")
        request = pb.ReissueSeatTokenRequest(
            game_id=game_id, admin_token=created.admin_token, seat=other
        )
        fresh = stub.ReissueSeatToken(request).seat_token
        action = view(stub, game_id, fresh).legal_actions[0]
        old = stream.send(act(game_id, tokens[other], action))
        assert old.HasField("rejected") and old.rejected.reason == "BAD_TOKEN"
        assert stream.send(act(game_id, fresh, action)).HasField("accepted")
    finally:
        stream.close()


def test_act_stream_as_connect_serves_it_answers_in_order(tmp_path):
    """Over Connect, ActStream is the servicer's iterator of answers (gRPC's reads and
    writes through the call's context): each request answered in order, a rejection as
    data, the stream going on to its end."""

    async def run() -> list[pb.ActStreamResponse]:
        server = Server(ServerConfig("127.0.0.1:0", str(tmp_path / "f.db"), web_address=None))
        await server.start()
        try:
            servicer = server._servicer
            request = pb.CreateGameRequest(variant="red_five_4p", seed=7)
            game_id = (await servicer.CreateGame(request, _CONTEXT)).game.game_id
            tokens = [
                (await servicer.JoinGame(pb.JoinGameRequest(game_id=game_id, seat=s), _CONTEXT))
                for s in range(4)
            ]
            game = fenpai.new_game("red_five_4p", seed=7)
            requests = []
            for seq in range(1, 6):
                seat = game.to_act[0]
                action = game.legal_actions(seat)[0]
                game.apply(seat, action)
                token = tokens[seat].seat_token
                requests.append(pb.ActStreamRequest(act=act(game_id, token, action, seq=seq)))
            waiting = tokens[(game.to_act[0] + 1) % 4].seat_token
            requests.append(pb.ActStreamRequest(act=act(game_id, waiting, "pass")))

            async def sent():
                for request in requests:
                    yield request

            return [answer async for answer in servicer.ActStream(sent(), _CONTEXT)]
        finally:
            await server.stop()

    answers = asyncio.run(run())
    assert [a.WhichOneof("outcome") for a in answers] == ["accepted"] * 5 + ["rejected"]
    assert [a.accepted.version for a in answers[:5]] == [5, 6, 7, 8, 9]
    assert answers[-1].rejected.reason == "NOT_YOUR_TURN"
