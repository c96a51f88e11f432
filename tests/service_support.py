"""What the service tests share: a real `fenpai serve` process on a loopback port, gRPC
clients for it, and a player that plays a game to its end through the service."""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import grpc
from google.rpc import error_details_pb2
from grpc_status import rpc_status

import fenpai
from fenpai.rpc.v1 import game_service_pb2 as pb
from fenpai.rpc.v1 import game_service_pb2_grpc as pb_grpc

ROOT = Path(__file__).resolve().parent.parent
#: Channel options: reconnect quickly after a server restart.
CHANNEL_OPTIONS = [
    ("grpc.enable_http_proxy", 0),
    ("grpc.initial_reconnect_backoff_ms", 50),
    ("grpc.min_reconnect_backoff_ms", 50),
    ("grpc.max_reconnect_backoff_ms", 300),
]


#: `fenpai serve` flags for the web app on a free port (every test server has one).
WEB_ANY_PORT = ["--web-address", "127.0.0.1:0"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    """`fenpai serve` as a child process on 127.0.0.1, on the SQLite file `db` or else on
    the PostgreSQL database `url` (its log is next to `db` either way)."""

    def __init__(self, db: Path, *args: str, port: int | None = None, url: str | None = None):
        self.db = db
        self.url = url
        self.args = args
        self.port = port or free_port()
        self.proc: subprocess.Popen | None = None
        self.log = db.with_suffix(".log")

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        web = [] if any(a.startswith(("--web", "--no-web")) for a in self.args) else WEB_ANY_PORT
        with open(self.log, "a") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "fenpai.cli", "serve", "--address", self.address]
                + ["--db", self.url or str(self.db), *web, *self.args],
                stdout=subprocess.PIPE,
                stderr=log,
                text=True,
                cwd=self.db.parent,
            )
        assert self.proc.stdout is not None
        line = _read_line(self.proc.stdout, 60)
        assert "listening on" in line, f"server did not start: {line!r}; see {self.log}"
        web = re.search(r"web app on (http://\S+)", line)
        self.web_url = web.group(1) if web else None
        return self

    def kill(self) -> None:
        """kill -9."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> int:
        """SIGTERM, then the exit status."""
        assert self.proc is not None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise

    def channel(self) -> grpc.Channel:
        return grpc.insecure_channel(self.address, options=CHANNEL_OPTIONS)

    def stub(self) -> pb_grpc.GameServiceStub:
        return pb_grpc.GameServiceStub(self.channel())


def _read_line(stream, timeout: float) -> str:
    out: list[str] = []
    reader = threading.Thread(target=lambda: out.append(stream.readline()), daemon=True)
    reader.start()
    reader.join(timeout)
    return out[0] if out else ""


@contextlib.contextmanager
def running_server(tmp: Path, *args: str, db: str | None = None):
    """A server on SQLite in `tmp`, or on the PostgreSQL database `db`."""
    server = ServerProcess(tmp / "fenpai.db", *args, url=db).start()
    try:
        yield server
    finally:
        server.stop()


def code_of(call, *args, **kwargs) -> grpc.StatusCode:
    """The status code a call fails with (pytest.fail if it succeeds)."""
    try:
        call(*args, **kwargs)
    except grpc.RpcError as err:
        return err.code()
    raise AssertionError("the call succeeded")


def error_of(call, *args, **kwargs) -> grpc.RpcError:
    try:
        call(*args, **kwargs)
    except grpc.RpcError as err:
        return err
    raise AssertionError("the call succeeded")


def reason_of(err: grpc.RpcError) -> tuple[str, str | None]:
    """The (reason, rule) of a rejection's ErrorInfo detail (checking its domain)."""
    status = rpc_status.from_call(err)
    assert status is not None, f"{err.code()} {err.details()!r} has no status details"
    assert status.code == err.code().value[0] and status.message == err.details()
    [detail] = status.details
    info = error_details_pb2.ErrorInfo()
    assert detail.Unpack(info)
    assert info.domain == "fenpai" and set(info.metadata) <= {"rule"}
    return info.reason, info.metadata.get("rule")


def create(stub, variant: str, *args, **kwargs):
    """Creates a game (see `create_request`)."""
    return stub.CreateGame(create_request(variant, *args, **kwargs))


def create_request(
    variant: str,
    seed: int | None = None,
    bots=None,
    timers=None,
    match: pb.MatchSettings | None = None,
    access=pb.GAME_ACCESS_UNSPECIFIED,
    request_id: str = "",
    **options,
) -> pb.CreateGameRequest:
    """A CreateGame request, the options' values given as Python values."""
    request = pb.CreateGameRequest(
        variant=variant,
        options={k: json.dumps(v) for k, v in options.items()},
        bots=bots or {},
        timer_seconds=timers or {},
        access=access,
        request_id=request_id,
    )
    if seed is not None:
        request.seed = seed
    if match is not None:
        request.match.CopyFrom(match)
    return request


def join_all(stub, game: pb.Game) -> dict[int, str]:
    """Joins every open seat; seat -> token."""
    tokens = {}
    for seat in game.seats:
        if seat.kind == pb.SEAT_KIND_OPEN:
            joined = stub.JoinGame(pb.JoinGameRequest(game_id=game.game_id, seat=seat.seat))
            tokens[joined.seat] = joined.seat_token
    return tokens


def view(stub, game_id: str, token: str) -> pb.View:
    return stub.GetView(pb.GetViewRequest(game_id=game_id, seat_token=token)).view


def act(game_id: str, token: str, action: str, seq: int | None = None) -> pb.ActRequest:
    request = pb.ActRequest(game_id=game_id, seat_token=token, action=action)
    if seq is not None:
        request.client_seq = seq
    return request


class Lockstep:
    """An ActStream driven one request, one answer at a time."""

    def __init__(self, stub, **kwargs):
        self._requests: queue.Queue[pb.ActStreamRequest | None] = queue.Queue()
        self._answers = stub.ActStream(iter(self._requests.get, None), **kwargs)

    def send(self, request: pb.ActRequest) -> pb.ActStreamResponse:
        """The answer to `request`; grpc.RpcError if the stream ended."""
        self._requests.put(pb.ActStreamRequest(act=request))
        return next(self._answers)

    def close(self) -> list[pb.ActStreamResponse]:
        """Ends the requests; returns the answers still to come (none: each was read)."""
        self.abandon()
        return list(self._answers)

    def abandon(self) -> None:
        """Ends the requests of a stream that broke, which frees gRPC's reader of them."""
        self._requests.put(None)


def state(stub, game_id: str, tokens: dict[int, str]) -> list[bytes]:
    """Everything a client can read about the game."""
    out = [stub.GetGame(pb.GetGameRequest(game_id=game_id)).SerializeToString()]
    for token in tokens.values():
        out.append(view(stub, game_id, token).SerializeToString())
        history = stub.GetHistory(pb.GetHistoryRequest(game_id=game_id, seat_token=token))
        out.append(history.SerializeToString())
    return out


def play_to_end(stub, game_id: str, tokens: dict[int, str], rng: random.Random, timeout=60.0):
    """Plays the clients' seats with random legal actions until the game is over (bots
    play theirs on the server); returns the acknowledged (version, seat, action)."""
    acked = []
    seqs = dict.fromkeys(tokens, 0)
    any_token = next(iter(tokens.values()))
    end = time.monotonic() + timeout
    current = view(stub, game_id, any_token)
    while current.status != pb.GAME_STATUS_FINISHED:
        assert time.monotonic() < end, "the game did not finish in time"
        mine = [s for s in current.to_act if s in tokens]
        if not mine:
            time.sleep(0.002)
            current = view(stub, game_id, any_token)
            continue
        seat = mine[0]
        seen = view(stub, game_id, tokens[seat])
        if seat not in seen.to_act:
            current = seen
            continue
        action = rng.choice(list(seen.legal_actions))
        seqs[seat] += 1
        done = stub.Act(
            pb.ActRequest(
                game_id=game_id, seat_token=tokens[seat], action=action, client_seq=seqs[seat]
            )
        )
        acked.append((done.version, seat, done.action))
        current = view(stub, game_id, tokens[seat])
    return acked


def replay_history(history: pb.GetHistoryResponse) -> fenpai.Game:
    """The game a complete history describes, replayed with the plain API."""
    config = json.loads(history.config_json)
    game = fenpai.new_game(
        config["variant"],
        seed=config["seed"],
        deck=config["deck"],
        first_seat=config["first_seat"],
        **config["options"],
    )
    for event in history.events:
        if event.kind == pb.EVENT_KIND_ACTION:
            game.apply(event.seat, event.action)
        elif event.kind == pb.EVENT_KIND_RESIGN:
            game.resign(event.seat)
    return game


#: What a client retries: the server (or replica) away, or stopping mid-call.
RETRY = {
    grpc.StatusCode.UNAVAILABLE,
    grpc.StatusCode.DEADLINE_EXCEEDED,
    grpc.StatusCode.UNKNOWN,
    grpc.StatusCode.INTERNAL,
    grpc.StatusCode.CANCELLED,
}
#: Seconds a `Client` keeps trying before it gives up (its test then fails).
GIVE_UP = 90


class Client(threading.Thread):
    """Plays the client seats of one game to its end through servers that crash: each
    failed call is retried with the same client_seq, on the same server (one stub: it
    waits for the server to be back) or else on the next of `stubs` (replicas); it
    acts by Act, or with `streamed` over ActStream, a new stream after each failure."""

    #: Seconds the game may take, and a call may be retried, before the client gives up.
    give_up = GIVE_UP

    def __init__(self, stubs, game_id: str, tokens: dict[int, str], seed: int, streamed: bool):
        super().__init__(daemon=True)
        self.stubs, self.at = stubs, seed % len(stubs)
        self.game_id, self.tokens = game_id, tokens
        self.rng = random.Random(seed)
        self.streamed = streamed
        self.stream: Lockstep | None = None
        #: Calls and streams that failed under this client (and were tried again).
        self.failures = 0
        #: Streams among them.
        self.broken_streams = 0
        #: (version, seat, client_seq, action, replayed) of every acknowledged action
        self.acked: list[tuple[int, int, int, str, bool]] = []
        self.error: BaseException | None = None
        self.finished = False

    def run(self) -> None:
        try:
            self.play()
        except BaseException as err:  # reported by the test
            self.error = err

    def failed(self) -> None:
        """A call or the stream failed: the next server (or the same, if only one)."""
        self.failures += 1
        self.at = (self.at + 1) % len(self.stubs)
        if self.stream is not None:
            self.stream.abandon()
            self.stream = None
            self.broken_streams += 1
        time.sleep(0.02)

    def call(self, method: str, request):
        """`method(request)`, retried while the server is away."""
        give_up = time.monotonic() + self.give_up
        while True:
            stub = self.stubs[self.at]
            try:
                return getattr(stub, method)(request, timeout=5, wait_for_ready=self.waits)
            except grpc.RpcError as err:
                if err.code() not in RETRY or time.monotonic() > give_up:
                    raise
                self.failed()

    @property
    def waits(self) -> bool:
        """Whether a call waits for its server to be back (there is no other)."""
        return len(self.stubs) == 1

    def view(self, seat: int) -> pb.View:
        request = pb.GetViewRequest(game_id=self.game_id, seat_token=self.tokens[seat])
        return self.call("GetView", request).view

    def play(self) -> None:
        seqs = dict.fromkeys(self.tokens, 0)
        any_seat = next(iter(self.tokens))
        give_up = time.monotonic() + self.give_up
        while (current := self.view(any_seat)).status != pb.GAME_STATUS_FINISHED:
            assert time.monotonic() < give_up, "the game did not finish"
            mine = [s for s in current.to_act if s in self.tokens]
            if not mine:
                time.sleep(0.005)
                continue
            seat = mine[0]
            legal = self.view(seat).legal_actions
            if not legal:
                continue
            seqs[seat] += 1
            request = pb.ActRequest(
                game_id=self.game_id,
                seat_token=self.tokens[seat],
                action=self.rng.choice(list(legal)),
                client_seq=seqs[seat],
            )
            done = self.act(request)
            if done is not None:
                self.acked.append((done.version, seat, seqs[seat], done.action, done.replayed))
        self.finished = True
        if self.stream is not None:
            # every answer was read: a server gone since breaks nothing of the game's
            with contextlib.suppress(grpc.RpcError):
                self.stream.close()

    def act(self, request: pb.ActRequest) -> pb.ActResponse | None:
        """The action's outcome, by Act or ActStream, retried while the server is away;
        None if the state moved on meanwhile (only a bot or this client can move it)."""
        if not self.streamed:
            try:
                return self.call("Act", request)
            except grpc.RpcError as err:
                assert err.code() == grpc.StatusCode.FAILED_PRECONDITION, err
                return None
        give_up = time.monotonic() + self.give_up
        while True:
            try:
                if self.stream is None:
                    self.stream = Lockstep(self.stubs[self.at], wait_for_ready=self.waits)
                answer = self.stream.send(request)
            except (grpc.RpcError, StopIteration) as err:
                if time.monotonic() > give_up:
                    raise AssertionError(f"the server stayed away: {err}") from None
                self.failed()
                continue
            if answer.WhichOneof("outcome") == "accepted":
                return answer.accepted
            assert answer.rejected.code == grpc.StatusCode.FAILED_PRECONDITION.value[0], answer
            return None


def check_acknowledged(stub, client: Client) -> None:
    """Every action the client had acknowledged is stored at its version, once, and every
    stored client action was acknowledged: none lost, none applied twice; the result is
    the replay's (a table's totals, the match's)."""
    history = stub.GetHistory(pb.GetHistoryRequest(game_id=client.game_id))
    assert history.complete
    events = {e.version: e for e in history.events}
    assert sorted(events) == list(range(1, len(events) + 1))
    versions = [v for v, *_ in client.acked]
    assert len(versions) == len(set(versions))
    for version, seat, _, action, _ in client.acked:
        assert (events[version].seat, events[version].action) == (seat, action)
    stored = {v for v, e in events.items() if e.kind == pb.EVENT_KIND_ACTION and not e.bot}
    assert stored == set(versions)
    if "hands" in json.loads(history.config_json):
        assert replay_table(history).totals == list(history.game.match.totals)
        return
    replayed = replay_history(history)
    assert json.loads(history.result_json) == json.loads(json.dumps(replayed.result))


def seconds(stamp) -> float:
    return stamp.ToNanoseconds() / 1e9


def replay_table(history: pb.GetHistoryResponse) -> fenpai.Match:
    """The match a table's complete history describes, replayed with `fenpai.new_match`:
    the clock read at each hand's end from the events' times (TR-31), as the server does."""
    config = json.loads(history.config_json)
    assert isinstance(config["seed"], str)  # JavaScript would round a number
    match = fenpai.new_match(
        config["variant"],
        seed=config["seed"],
        hands=config["hands"],
        clock=config["clock"],
        **config["options"],
    )
    started = seconds(history.game.create_time)
    for event in history.events:
        if event.kind == pb.EVENT_KIND_JOIN:
            started = seconds(event.create_time)  # the last join starts the clock
        elif event.kind == pb.EVENT_KIND_ACTION:
            match.game.apply(event.seat, event.action)
        elif event.kind == pb.EVENT_KIND_RESIGN:
            match.game.resign(event.seat)
        elif event.kind == pb.EVENT_KIND_HAND_END:
            assert match.game.phase == "done"
            match.elapsed = max(0.0, seconds(event.create_time) - started)
        elif event.kind == pb.EVENT_KIND_HAND_START:
            match.next_hand()
        else:
            assert event.kind == pb.EVENT_KIND_MATCH_END and match.done
    return match


def bot_game(stub, variant: str, seed: int, match: pb.MatchSettings | None = None, **options):
    """A game (or table) every seat of which a server-side bot plays, once it is over:
    its GetHistory."""
    n = fenpai.new_game(variant, seed=seed, **options).num_players
    bots = {s: ("greedy" if s % 2 else "random") for s in range(n)}
    created = create(stub, variant, seed=seed, bots=bots, match=match, **options)
    game_id = created.game.game_id
    for _ in stub.Spectate(pb.SpectateRequest(game_id=game_id)):
        pass  # the stream ends after the game's last event
    return stub.GetHistory(pb.GetHistoryRequest(game_id=game_id))


@contextlib.asynccontextmanager
async def hosted(folder: Path):
    """A `GameHost` over a fresh SQLite store in `folder`, in this process (no timers),
    closed after."""
    from fenpai.service.host import GameHost
    from fenpai.service.store import SqliteStore

    store = SqliteStore(str(folder / "fenpai.db"), "NORMAL")
    host = GameHost(store, {})
    try:
        await store.open()
        yield store, host
    finally:
        await host.close()
        await store.close()


async def let_go(session) -> None:
    """Waits until the change to the session's game whose caller went away ended (its
    commit's callback let go of the game's lock)."""
    for _ in range(1000):
        if not session.lock.locked():
            break
        await asyncio.sleep(0.01)
    assert not session.lock.locked(), "the change ended though its caller went away"


async def retried(host, store, session, token: str, action: str) -> dict[str, object]:
    """Sends the action (client_seq 1) of a caller that went away again: the game's
    version before, the answer and the stored events (version, seat, client_seq)."""
    after = session.version
    answer = await host.act(session.game_id, token, action, client_seq=1)
    stored = await store.load(session.game_id)
    assert stored is not None
    return {
        "after": after,
        "retried": answer,
        "stored": [(e.version, e.seat, e.client_seq) for e in stored.events],
    }


def check_committed_once(out: dict[str, object]) -> None:
    """`retried`'s findings (and the version `before`, the acting `seat`), for an action
    committed though its caller went away."""
    before, stored = out["before"], out["stored"]
    assert out["after"] == before + 1, "committed though nobody waited for it"
    retried = out["retried"]
    assert retried.replayed and retried.event.version == before + 1  # the first answer
    assert stored[-1] == (before + 1, out["seat"], 1)
    assert [v for v, _, _ in stored] == list(range(1, before + 2)), "stored once"
