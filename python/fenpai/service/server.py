"""The gRPC server: `GameService` over the game host, health checking, reflection, and
an orderly shutdown on SIGTERM or SIGINT."""

from __future__ import annotations

import functools
import logging
import signal
import threading
from collections.abc import Callable, Iterator
from concurrent import futures
from dataclasses import dataclass, field
from typing import Any, TypeVar

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from fenpai.rpc.v1 import game_service_pb2 as pb
from fenpai.rpc.v1 import game_service_pb2_grpc as pb_grpc
from fenpai.service import convert, limits, timers
from fenpai.service.errors import ServiceError
from fenpai.service.host import GameHost
from fenpai.service.store import Store

log = logging.getLogger("fenpai.service")

SERVICE_NAME = pb.DESCRIPTOR.services_by_name["GameService"].full_name

R = TypeVar("R")


@dataclass
class ServerConfig:
    """How a server runs; `fenpai serve` fills it from its flags."""

    address: str = "127.0.0.1:50051"
    db: str = "fenpai.db"
    #: Seconds per phase (a phase left out has no timer).
    timers: dict[str, float] = field(default_factory=lambda: dict(timers.DEFAULT_SECONDS))
    #: gRPC handler threads; an open stream holds one.
    threads: int = 256
    #: Open streams at most (the rest of the threads stay free for calls).
    max_streams: int = 224
    #: Worker threads for bots and timers.
    bot_workers: int = 4
    #: SQLite `synchronous`: FULL survives a machine crash, NORMAL a process crash.
    synchronous: str = "FULL"
    #: Seconds in-flight calls get to finish at shutdown.
    grace: float = 5.0


def _rpc(method: Callable[..., R]) -> Callable[..., R]:
    """Maps ServiceError to its status; anything unexpected to INTERNAL, logged."""

    @functools.wraps(method)
    def wrapper(self: GameServicer, request: Any, context: grpc.ServicerContext) -> R:
        try:
            return method(self, request, context)
        except ServiceError as err:
            context.abort(err.code, err.message)
        except Exception:
            log.exception("%s failed", method.__name__)
            context.abort(grpc.StatusCode.INTERNAL, "internal error; nothing was changed")
        raise AssertionError("unreachable")  # context.abort raises

    return wrapper


def _stream(method: Callable[..., Iterator[R]]) -> Callable[..., Iterator[R]]:
    """`_rpc` for streaming methods, with a bound on open streams."""

    @functools.wraps(method)
    def wrapper(self: GameServicer, request: Any, context: grpc.ServicerContext) -> Iterator[R]:
        if not self.open_stream():
            context.abort(grpc.StatusCode.RESOURCE_EXHAUSTED, "too many open streams; retry later")
        try:
            yield from method(self, request, context)
        except ServiceError as err:
            context.abort(err.code, err.message)
        except Exception:
            log.exception("%s failed", method.__name__)
            context.abort(grpc.StatusCode.INTERNAL, "internal error")
        finally:
            self.close_stream()

    return wrapper


class GameServicer(pb_grpc.GameServiceServicer):
    """`fenpai.rpc.v1.GameService`: requests to host calls, results to messages."""

    def __init__(self, host: GameHost, max_streams: int):
        self._host = host
        self._streams = threading.BoundedSemaphore(max_streams)

    def open_stream(self) -> bool:
        return self._streams.acquire(blocking=False)

    def close_stream(self) -> None:
        self._streams.release()

    @_rpc
    def CreateGame(self, request: pb.CreateGameRequest, context: Any) -> pb.CreateGameResponse:
        summary, admin = self._host.create(
            request.variant,
            dict(request.options),
            request.seed if request.HasField("seed") else None,
            dict(request.bots),
            dict(request.timer_seconds),
        )
        return pb.CreateGameResponse(game=convert.game(summary), admin_token=admin)

    @_rpc
    def GetGame(self, request: pb.GetGameRequest, context: Any) -> pb.GetGameResponse:
        return pb.GetGameResponse(game=convert.game(self._host.summary(request.game_id)))

    @_rpc
    def ListGames(self, request: pb.ListGamesRequest, context: Any) -> pb.ListGamesResponse:
        summaries, token = self._host.list(
            convert.STATUS_NAMES.get(request.status),
            request.variant,
            request.page_size,
            request.page_token,
        )
        return pb.ListGamesResponse(
            games=[convert.game(s) for s in summaries], next_page_token=token
        )

    @_rpc
    def JoinGame(self, request: pb.JoinGameRequest, context: Any) -> pb.JoinGameResponse:
        seat, token, summary = self._host.join(
            request.game_id, request.seat if request.HasField("seat") else None
        )
        return pb.JoinGameResponse(seat=seat, seat_token=token, game=convert.game(summary))

    @_rpc
    def ReissueSeatToken(
        self, request: pb.ReissueSeatTokenRequest, context: Any
    ) -> pb.ReissueSeatTokenResponse:
        token = self._host.reissue(request.game_id, request.admin_token, request.seat)
        return pb.ReissueSeatTokenResponse(seat_token=token)

    @_rpc
    def Act(self, request: pb.ActRequest, context: Any) -> pb.ActResponse:
        outcome = self._host.act(
            request.game_id,
            request.seat_token,
            request.action,
            request.client_seq if request.HasField("client_seq") else None,
        )
        return convert.act_response(outcome)

    @_rpc
    def GetView(self, request: pb.GetViewRequest, context: Any) -> pb.GetViewResponse:
        snap = self._host.view(request.game_id, request.seat_token)
        return pb.GetViewResponse(view=convert.view(snap))

    @_stream
    def StreamEvents(
        self, request: pb.StreamEventsRequest, context: grpc.ServicerContext
    ) -> Iterator[pb.StreamEventsResponse]:
        seen = self._follow(request.game_id, request.seat_token, request.from_version, context)
        for item in seen:
            assert item.snapshot is not None
            yield pb.StreamEventsResponse(
                event=convert.event(item), view=convert.view(item.snapshot)
            )

    @_stream
    def Spectate(
        self, request: pb.SpectateRequest, context: grpc.ServicerContext
    ) -> Iterator[pb.SpectateResponse]:
        for item in self._follow(request.game_id, None, request.from_version, context):
            assert item.snapshot is not None
            yield pb.SpectateResponse(event=convert.event(item), view=convert.view(item.snapshot))

    def _follow(
        self, game_id: str, token: str | None, from_version: int, context: grpc.ServicerContext
    ) -> Iterator[Any]:
        seen = self._host.events(game_id, token, from_version, context.is_active)
        context.add_callback(lambda: self._host.wake(game_id))
        return seen

    @_rpc
    def GetHistory(self, request: pb.GetHistoryRequest, context: Any) -> pb.GetHistoryResponse:
        history = self._host.history(request.game_id, request.seat_token)
        return pb.GetHistoryResponse(
            game=convert.game(history.summary),
            events=[convert.event(e) for e in history.events],
            complete=history.complete,
            config_json=convert.to_json(history.config) if history.config else "",
            result_json=convert.to_json(history.result) if history.result else "",
        )

    @_rpc
    def Resign(self, request: pb.ResignRequest, context: Any) -> pb.ResignResponse:
        event, result = self._host.resign(request.game_id, request.seat_token)
        return pb.ResignResponse(
            version=event.version, result_json=convert.to_json(result) if result else ""
        )


class Server:
    """A running server: store, host, gRPC with health checking and reflection."""

    def __init__(self, config: ServerConfig):
        self.config = config
        self.store = Store(config.db, config.synchronous)
        self.host = GameHost(self.store, config.timers, config.bot_workers)
        try:
            self._grpc = grpc.server(
                futures.ThreadPoolExecutor(config.threads, thread_name_prefix="fenpai-rpc"),
                options=[
                    ("grpc.max_receive_message_length", limits.MAX_MESSAGE),
                    ("grpc.keepalive_time_ms", 60_000),
                    ("grpc.keepalive_timeout_ms", 20_000),
                    ("grpc.so_reuseport", 0),
                ],
            )
            pb_grpc.add_GameServiceServicer_to_server(
                GameServicer(self.host, config.max_streams), self._grpc
            )
            self._health = health.HealthServicer(experimental_non_blocking=True)
            health_pb2_grpc.add_HealthServicer_to_server(self._health, self._grpc)
            reflection.enable_server_reflection(
                (SERVICE_NAME, health.SERVICE_NAME, reflection.SERVICE_NAME), self._grpc
            )
            self.port = self._grpc.add_insecure_port(config.address)
            # Only once the address is ours: restored games' bots and timers may act.
            self.restored = self.host.restore()
        except BaseException:
            self.host.close()
            self.store.close()
            raise

    def start(self) -> None:
        self._grpc.start()
        for name in ("", SERVICE_NAME):
            self._health.set(name, health_pb2.HealthCheckResponse.SERVING)

    def stop(self) -> None:
        """Stops accepting calls, lets in-flight ones finish, then closes the database."""
        self._health.enter_graceful_shutdown()
        self.host.close()
        self._grpc.stop(self.config.grace).wait()
        self.store.close()


def serve(config: ServerConfig, announce: Callable[[str], None] = print) -> int:
    """Runs a server until SIGTERM or SIGINT; returns the exit status."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    server = Server(config)
    server.start()
    host = config.address.rsplit(":", 1)[0]
    announce(
        f"fenpai serve: listening on {host}:{server.port} (database {config.db}, "
        f"{server.restored} unfinished games restored)"
    )
    while not stop.wait(1.0):
        pass
    log.info("shutting down")
    server.stop()
    log.info("stopped")
    return 0
