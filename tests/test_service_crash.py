"""Crash safety: the server is killed with SIGKILL at random moments while clients play,
restarted on the same database (SQLite, PostgreSQL), and every game is finished with the
same tokens.

Each client retries a failed call with the same client_seq until the server answers, and
records every acknowledged action; half of them act over ActStream, opening a new stream
after each crash. At the end no acknowledged action is lost, none is
applied twice, and every result equals a replay of the stored history.
"""

from __future__ import annotations

import json
import random
import sqlite3
import threading
import time

import grpc
import pytest
from service_support import (
    Lockstep,
    ServerProcess,
    create,
    join_all,
    play_to_end,
    reason_of,
    replay_history,
)

from fenpai.games import VARIANTS
from fenpai.rpc.v1 import game_service_pb2 as pb

RETRY = {
    grpc.StatusCode.UNAVAILABLE,
    grpc.StatusCode.DEADLINE_EXCEEDED,
    grpc.StatusCode.UNKNOWN,
    grpc.StatusCode.INTERNAL,
    grpc.StatusCode.CANCELLED,
}
GAMES = 8
KILLS = 4


def call(method, request):
    """`method(request)`, retried while the server is away."""
    give_up = time.monotonic() + 60
    while True:
        try:
            return method(request, timeout=5, wait_for_ready=True)
        except grpc.RpcError as err:
            if err.code() not in RETRY or time.monotonic() > give_up:
                raise
            time.sleep(0.02)


class Client(threading.Thread):
    """Plays the client seats of one game to its end, through any number of crashes."""

    def __init__(self, stub, game_id: str, tokens: dict[int, str], seed: int, streamed: bool):
        super().__init__(daemon=True)
        self.stub, self.game_id, self.tokens = stub, game_id, tokens
        self.rng = random.Random(seed)
        self.streamed = streamed
        self.stream: Lockstep | None = None
        #: Streams that broke under this client (the server killed mid-stream).
        self.broken_streams = 0
        #: (version, seat, client_seq, action, replayed) of every acknowledged action
        self.acked: list[tuple[int, int, int, str, bool]] = []
        self.error: BaseException | None = None
        self.finished = False

    def view(self, seat: int) -> pb.View:
        request = pb.GetViewRequest(game_id=self.game_id, seat_token=self.tokens[seat])
        return call(self.stub.GetView, request).view

    def run(self) -> None:
        try:
            self.play()
        except BaseException as err:  # reported by the test
            self.error = err

    def play(self) -> None:
        seqs = dict.fromkeys(self.tokens, 0)
        any_seat = next(iter(self.tokens))
        while True:
            current = self.view(any_seat)
            if current.status == pb.GAME_STATUS_FINISHED:
                self.finished = True
                return
            mine = [s for s in current.to_act if s in self.tokens]
            if not mine:
                time.sleep(0.005)
                continue
            seat = mine[0]
            legal = self.view(seat).legal_actions
            if not legal:
                continue
            action = self.rng.choice(list(legal))
            seqs[seat] += 1
            request = pb.ActRequest(
                game_id=self.game_id,
                seat_token=self.tokens[seat],
                action=action,
                client_seq=seqs[seat],
            )
            done = self.act(request)
            if done is not None:
                self.acked.append((done.version, seat, seqs[seat], done.action, done.replayed))

    def act(self, request: pb.ActRequest) -> pb.ActResponse | None:
        """The action's outcome, by Act or ActStream, retried while the server is away;
        None if the state moved on meanwhile (only a bot or this client can move it)."""
        if not self.streamed:
            try:
                return call(self.stub.Act, request)
            except grpc.RpcError as err:
                assert err.code() == grpc.StatusCode.FAILED_PRECONDITION, err
                return None
        give_up = time.monotonic() + 60
        while True:
            try:
                if self.stream is None:
                    self.stream = Lockstep(self.stub, wait_for_ready=True)
                answer = self.stream.send(request)
            except (grpc.RpcError, StopIteration) as err:
                if self.stream is not None:  # the server went away: a new stream, same request
                    self.stream.abandon()
                    self.stream = None
                    self.broken_streams += 1
                if time.monotonic() > give_up:
                    raise AssertionError(f"the server stayed away: {err}") from None
                time.sleep(0.02)
                continue
            if answer.WhichOneof("outcome") == "accepted":
                return answer.accepted
            assert answer.rejected.code == grpc.StatusCode.FAILED_PRECONDITION.value[0], answer
            return None


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
        clients.append(Client(stub, created.game.game_id, tokens, seed=i, streamed=i % 2 == 1))
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
            history = stub.GetHistory(pb.GetHistoryRequest(game_id=client.game_id))
            assert history.complete
            events = {e.version: e for e in history.events}
            assert sorted(events) == list(range(1, len(events) + 1))
            # every acknowledged action is stored, at its version, once
            versions = [v for v, *_ in client.acked]
            assert len(versions) == len(set(versions))
            for version, seat, _, action, _ in client.acked:
                assert (events[version].seat, events[version].action) == (seat, action)
            # and every stored client action was acknowledged: none applied twice
            stored = {v for v, e in events.items() if e.kind == pb.EVENT_KIND_ACTION and not e.bot}
            assert stored == set(versions)
            replayed = replay_history(history)
            assert json.loads(history.result_json) == json.loads(json.dumps(replayed.result))
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
            assert reason_of(err.value) == ("GAME_UNREADABLE", None)
        play_to_end(stub, good.game_id, good_tokens, random.Random(3))
    finally:
        server.stop()
