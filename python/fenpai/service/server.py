"""The gRPC server: `GameService` over the game host, health checking, reflection, and
an orderly shutdown on SIGTERM or SIGINT.

The server is `grpc.aio`: every call runs on one event loop with the host, which costs
far less per call than a thread per call (the work holds the GIL either way).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import logging
import signal
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_health.v1.health import aio as health_aio

from fenpai.rpc.v1 import game_service_pb2 as pb
from fenpai.rpc.v1 import game_service_pb2_grpc as pb_grpc
from fenpai.service import bots, convert, handlers, limits, paging, timers, typed, variants
from fenpai.service.creation import CreateRequest, MatchSettings
from fenpai.service.errors import ServiceError
from fenpai.service.handlers import SERVICE_NAME, BadRequest
from fenpai.service.host import GameHost, Outcome
from fenpai.service.logs import configure_logging
from fenpai.service.loopload import LoopLoad
from fenpai.service.metrics import Metrics
from fenpai.service.session import Verified
from fenpai.service.store import SqliteStore, Store, display, open_store
from fenpai.service.web import WebServer, bind

log = logging.getLogger("fenpai.service")

#: How long the event loop may keep the GIL from the store's writer thread (Python's
#: default, 5 ms, would add up to that to a call waiting for its commit).
GIL_SWITCH_SECONDS = 0.0005
#: Allocations between the cyclic garbage collector's young passes (Python's default,
#: 700, runs one every few actions; most of an action's objects are gone before this many).
GC_YOUNG_THRESHOLD = 10_000

R = TypeVar("R")
#: A stream's end, as the call's context reads it (and as ActStream's reader has it).
EOF = grpc.aio.EOF


@dataclass
class ServerConfig:
    """How a server runs; `fenpai serve` fills it from its flags."""

    address: str = "127.0.0.1:50051"
    #: A SQLite file, or a PostgreSQL URL (`postgresql://...`) that replicas share.
    db: str = "fenpai.db"
    #: HOST:PORT of the web app (the page, and GameService over Connect); None: none.
    web_address: str | None = None
    #: Seconds per phase (a phase left out has no timer).
    timers: dict[str, float] = field(default_factory=lambda: dict(timers.DEFAULT_SECONDS))
    #: Open streams (StreamEvents, Spectate, ActStream) at most; more are RESOURCE_EXHAUSTED.
    max_streams: int = 10_000
    #: SQLite `synchronous`: FULL survives a machine crash, NORMAL a process crash.
    synchronous: str = "FULL"
    #: PostgreSQL: seconds a game's lease lasts unless renewed (another replica takes
    #: over its bots and timers that long after this one died).
    lease: float = 5.0
    #: Seconds in-flight calls get to finish at shutdown.
    grace: float = 5.0
    #: Log lines as `text` or as `json` (one object per line).
    log_format: str = "text"
    #: Seconds without an event after which a game being played is closed (a client
    #: seat resigns for it); None: never.
    idle_close: float | None = 24 * 3600.0


#: What an unexpected failure answers (it is logged with its traceback).
INTERNAL = ServiceError("INTERNAL", "internal error; nothing was changed")


async def _abort(context: grpc.aio.ServicerContext[Any, Any], err: ServiceError) -> None:
    """Ends the call with `err`'s status and its ErrorInfo."""
    status = err.status()
    await context.abort(status.code, status.details, status.trailing_metadata)


def _parsed(request: Any, method: str) -> None:
    """MALFORMED_REQUEST (logged in one line) for request bytes that did not parse."""
    if isinstance(request, BadRequest):
        log.warning("%s: %d request bytes are not a %s", method, request.size, request.expected)
        raise ServiceError("MALFORMED_REQUEST", f"request is not a valid {request.expected}")


def _rpc(method: Callable[..., Awaitable[R]]) -> Callable[..., Awaitable[R]]:
    """Maps ServiceError to its status; anything unexpected to INTERNAL, logged."""

    @functools.wraps(method)
    async def wrapper(
        self: GameServicer, request: Any, context: grpc.aio.ServicerContext[Any, Any]
    ) -> R:
        name = method.__name__
        start = time.perf_counter()
        try:
            _parsed(request, name)
            return await method(self, request, context)
        except ServiceError as err:
            self.metrics.rejected(name, err.reason)
            await _abort(context, err)
        except Exception:
            log.exception("%s failed", name)
            self.metrics.rejected(name, INTERNAL.reason)
            await _abort(context, INTERNAL)
        finally:
            self.metrics.answered(name, time.perf_counter() - start)
        raise AssertionError("unreachable")  # context.abort raises

    return wrapper


@contextlib.asynccontextmanager
async def _streaming(
    servicer: GameServicer, name: str, context: grpc.aio.ServicerContext[Any, Any]
) -> AsyncIterator[None]:
    """`_rpc`'s error mapping for a streaming method, with a bound on open streams."""
    if not servicer.open_stream():
        await _abort(
            context, ServiceError("TOO_MANY_STREAMS", "too many open streams; retry later")
        )
    try:
        yield
    except ServiceError as err:
        servicer.metrics.rejected(name, err.reason)
        await _abort(context, err)
    except Exception:
        log.exception("%s failed", name)
        servicer.metrics.rejected(name, INTERNAL.reason)
        await _abort(context, ServiceError("INTERNAL", "internal error"))
    finally:
        servicer.close_stream()


def _stopped() -> ServiceError:
    """What an ActStream is answered once the server stops."""
    return ServiceError("SHUTTING_DOWN", "the server is shutting down; open a new stream")


def _stream(method: Callable[..., AsyncIterator[R]]) -> Callable[..., AsyncIterator[R]]:
    """`_rpc` for streaming methods (`_streaming`)."""

    @functools.wraps(method)
    async def wrapper(
        self: GameServicer, request: Any, context: grpc.aio.ServicerContext[Any, Any]
    ) -> AsyncIterator[R]:
        async with _streaming(self, method.__name__, context):
            _parsed(request, method.__name__)
            async for item in method(self, request, context):
                yield item

    return wrapper


class GameServicer(pb_grpc.GameServiceServicer):
    """`fenpai.rpc.v1.GameService`: requests to host calls, results to messages."""

    def __init__(self, host: GameHost, max_streams: int):
        self._host = host
        self.metrics = host.metrics
        self._max_streams = max_streams
        self._streams = 0
        #: ActStreams waiting for their next request, ended at once when the server stops.
        self._idle_streams: set[asyncio.Task[Any]] = set()
        self._stopping = False
        #: Replay pages built at once (the rest wait their turn, not the players).
        self._replays = asyncio.Semaphore(paging.REPLAYS_AT_ONCE)

    def open_stream(self) -> bool:
        if self._streams >= self._max_streams:
            return False
        self._streams += 1
        return True

    def close_stream(self) -> None:
        self._streams -= 1

    def open_streams(self) -> int:
        """How many streams are open now."""
        return self._streams

    def stop_streams(self) -> None:
        """Ends the ActStreams waiting for a request with UNAVAILABLE (the server stops);
        one that is acting ends after its answer."""
        self._stopping = True
        for task in self._idle_streams:
            task.cancel()

    @_rpc
    async def CreateGame(
        self, request: pb.CreateGameRequest, context: Any
    ) -> pb.CreateGameResponse:
        match = None
        if request.HasField("match"):
            settings = request.match
            match = MatchSettings(
                hands=settings.hands,
                clock=settings.clock_seconds if settings.HasField("clock_seconds") else None,
            )
        created = await self._host.create(
            CreateRequest(
                variant=request.variant,
                options=dict(request.options),
                seed=request.seed if request.HasField("seed") else None,
                bots=dict(request.bots),
                timers=dict(request.timer_seconds),
                access=convert.access_name(request.access),
                request_id=request.request_id,
                match=match,
            )
        )
        return pb.CreateGameResponse(
            game=convert.game(created.summary),
            admin_token=created.admin_token,
            invites=[
                pb.Invite(seat=seat, invite=invite)
                for seat, invite in sorted(created.invites.items())
            ],
            replayed=created.replayed,
            watch_token=created.watch_token,
        )

    @_rpc
    async def GetGame(self, request: pb.GetGameRequest, context: Any) -> pb.GetGameResponse:
        return pb.GetGameResponse(game=convert.game(await self._host.summary(request.game_id)))

    @_rpc
    async def ListGames(self, request: pb.ListGamesRequest, context: Any) -> pb.ListGamesResponse:
        summaries, token = await self._host.list(
            convert.STATUS_NAMES.get(request.status),
            request.variant,
            request.page_size,
            request.page_token,
        )
        return pb.ListGamesResponse(
            games=[convert.game(s) for s in summaries], next_page_token=token
        )

    @_rpc
    async def ListBots(self, request: pb.ListBotsRequest, context: Any) -> pb.ListBotsResponse:
        return pb.ListBotsResponse(names=bots.names())

    @_rpc
    async def ListVariants(
        self, request: pb.ListVariantsRequest, context: Any
    ) -> pb.ListVariantsResponse:
        return variants.list_variants()

    @_rpc
    async def JoinGame(self, request: pb.JoinGameRequest, context: Any) -> pb.JoinGameResponse:
        joined = await self._host.join(
            request.game_id,
            request.seat if request.HasField("seat") else None,
            request.invite,
            request.request_id,
            request.name,
        )
        return pb.JoinGameResponse(
            seat=joined.seat,
            seat_token=joined.token,
            game=convert.game(joined.summary),
            replayed=joined.replayed,
        )

    @_rpc
    async def ReissueSeatToken(
        self, request: pb.ReissueSeatTokenRequest, context: Any
    ) -> pb.ReissueSeatTokenResponse:
        token = await self._host.reissue(request.game_id, request.admin_token, request.seat)
        return pb.ReissueSeatTokenResponse(seat_token=token)

    async def _act(self, request: pb.ActRequest, verified: Verified | None = None) -> Outcome:
        return await self._host.act(
            request.game_id,
            request.seat_token,
            request.action,
            request.client_seq if request.HasField("client_seq") else None,
            request.expected_version if request.HasField("expected_version") else None,
            verified,
        )

    @_rpc
    async def Act(self, request: pb.ActRequest, context: Any) -> pb.ActResponse:
        return convert.act_response(await self._act(request))

    @_stream
    async def ActStream(
        self, requests: AsyncIterator[pb.ActStreamRequest], context: Any
    ) -> AsyncIterator[pb.ActStreamResponse]:
        """ActStream as an iterator of answers (over Connect; gRPC's is `act_stream`)."""
        task = asyncio.current_task()
        assert task is not None
        reader = aiter(requests)
        verified: Verified = {}  # each seat's token is verified once per stream
        while (request := await self._next_request(task, lambda: anext(reader, EOF))) is not EOF:
            yield await self._answer(request, verified)

    async def act_stream(
        self,
        requests: AsyncIterator[pb.ActStreamRequest],
        context: grpc.aio.ServicerContext[pb.ActStreamRequest, pb.ActStreamResponse],
    ) -> None:
        """ActStream over gRPC: read and written through the call's context rather than
        iterators, which spares gRPC's asynchronous generator machinery (and a loop
        turn) on every message."""
        async with _streaming(self, "ActStream", context):
            task = asyncio.current_task()
            assert task is not None
            verified: Verified = {}
            while (request := await self._next_request(task, context.read)) is not EOF:
                await context.write(await self._answer(request, verified))

    async def _next_request(
        self, task: asyncio.Task[Any], read: Callable[[], Awaitable[Any]]
    ) -> Any:
        """An ActStream's next request (EOF once the client ended the stream), read by
        `read`; SHUTTING_DOWN once the server stops, at once if the stream (its `task`)
        is waiting for a request."""
        if self._stopping:
            raise _stopped()
        self._idle_streams.add(task)
        try:
            return await read()
        except asyncio.CancelledError:
            if not self._stopping:  # the client went away
                raise
            task.uncancel()
            raise _stopped() from None
        finally:
            self._idle_streams.discard(task)

    async def _answer(self, request: Any, verified: Verified) -> pb.ActStreamResponse:
        """An ActStream request's answer: the action's outcome as Act answers it, or its
        rejection as data (the stream goes on)."""
        start = time.perf_counter()
        try:
            _parsed(request, "ActStream")
            accepted = await self._act(request.act, verified)
        except ServiceError as err:
            self.metrics.rejected("ActStream", err.reason)
            answer = convert.rejected(err)
        except Exception:
            log.exception("ActStream failed")
            self.metrics.rejected("ActStream", INTERNAL.reason)
            answer = convert.rejected(INTERNAL)
        else:
            answer = convert.accepted(accepted)
        self.metrics.answered("ActStream", time.perf_counter() - start)
        return answer

    @_rpc
    async def GetView(self, request: pb.GetViewRequest, context: Any) -> pb.GetViewResponse:
        snap = await self._host.view(request.game_id, request.seat_token, request.observation)
        return pb.GetViewResponse(view=convert.view(snap))

    @_stream
    async def StreamEvents(
        self, request: pb.StreamEventsRequest, context: Any
    ) -> AsyncIterator[pb.StreamEventsResponse]:
        seen = await self._host.events(
            request.game_id,
            request.seat_token,
            request.from_version,
            request.turns_only,
            request.observation,
        )
        async for item in seen:
            assert item.snapshot is not None
            yield pb.StreamEventsResponse(
                event=convert.event(item), view=convert.view(item.snapshot)
            )

    @_stream
    async def Spectate(
        self, request: pb.SpectateRequest, context: Any
    ) -> AsyncIterator[pb.SpectateResponse]:
        await self._host.check_watcher(request.game_id, request.watch_token)
        async for item in await self._host.events(request.game_id, None, request.from_version):
            assert item.snapshot is not None
            yield pb.SpectateResponse(event=convert.event(item), view=convert.view(item.snapshot))

    @_rpc
    async def GetHistory(
        self, request: pb.GetHistoryRequest, context: Any
    ) -> pb.GetHistoryResponse:
        hand = request.hand if request.HasField("hand") else None
        of = paging.scope(request.game_id, hand)
        after = paging.decode("GetHistory", of, request.page_token)
        size = paging.size(request.page_size, paging.HISTORY_PAGE, paging.MAX_HISTORY_PAGE)
        if not request.seat_token:
            await self._host.check_watcher(request.game_id, request.watch_token)
        history = await self._host.history(
            request.game_id,
            request.seat_token,
            hand,
            after,
            size + 1,  # one more than the page: whether another page follows
        )
        events = list(history.events)
        more = len(events) > size
        events = events[:size]
        following = paging.encode("GetHistory", of, events[-1].event.version) if more else ""
        variant = history.summary.variant
        out = pb.GetHistoryResponse(
            game=convert.game(history.summary),
            events=[convert.event(e) for e in events],
            next_page_token=following,
            complete=history.complete,
            config_json=convert.config_json(history.config) if history.config else "",
            result_json=convert.to_json(history.result) if history.result else "",
            hands=[convert.hand(h, variant) for h in history.hands],
        )
        if history.result and history.summary.match is None:
            out.result.CopyFrom(typed.hand_result(variant, history.result))
        return out

    @_rpc
    async def Resign(self, request: pb.ResignRequest, context: Any) -> pb.ResignResponse:
        event, result, variant = await self._host.resign(request.game_id, request.seat_token)
        out = pb.ResignResponse(
            version=event.version, result_json=convert.to_json(result) if result else ""
        )
        if result:
            out.result.CopyFrom(typed.hand_result(variant, result))
        return out

    @_rpc
    async def SendChat(self, request: pb.SendChatRequest, context: Any) -> pb.SendChatResponse:
        line = await self._host.send_chat(request.game_id, request.seat_token, request.text)
        return pb.SendChatResponse(message=convert.chat_message(line))

    @_rpc
    async def GetChat(self, request: pb.GetChatRequest, context: Any) -> pb.GetChatResponse:
        await self._host.check_watcher(request.game_id, request.watch_token)
        lines = await self._host.chat_after(request.game_id, request.after_seq)
        return pb.GetChatResponse(messages=[convert.chat_message(line) for line in lines])

    @_rpc
    async def SuggestActions(
        self, request: pb.SuggestActionsRequest, context: Any
    ) -> pb.SuggestActionsResponse:
        version, actions = await self._host.suggestions(request.game_id, request.seat_token)
        return pb.SuggestActionsResponse(version=version, actions=actions)

    @_stream
    async def ReplayGame(
        self, request: pb.ReplayGameRequest, context: Any
    ) -> AsyncIterator[pb.ReplayGameResponse]:
        hand = request.hand if request.HasField("hand") else None
        of = paging.scope(request.game_id, hand)
        after = paging.decode("ReplayGame", of, request.page_token)
        size = paging.size(request.page_size, paging.REPLAY_PAGE, paging.MAX_REPLAY_PAGE)
        await self._host.check_watcher(request.game_id, request.watch_token)
        replayed, last = await self._host.replay(
            request.game_id,
            request.seat if request.HasField("seat") else None,
            hand,
            after,
            size,
        )
        if after > last:
            raise ServiceError("BAD_PAGE_TOKEN", "page_token is not one of this replay's")
        async with self._replays:  # one page built at a time: replays queue, players don't
            page = [
                pb.ReplayGameResponse(event=convert.event(item), view=convert.view(item.snapshot))
                async for item in replayed
                if item.snapshot is not None
            ]
        if len(page) == size and page[-1].event.version < last:  # more to come
            page[-1].next_page_token = paging.encode("ReplayGame", of, page[-1].event.version)
        pacer = paging.Pacer()  # sending is paced too: each message costs the loop a write
        for message in page:
            yield message
            await pacer.pause()


class Server:
    """A running server: store, host, gRPC with health checking and reflection. Made,
    started and stopped on the event loop that serves it."""

    def __init__(self, config: ServerConfig, load: LoopLoad | None = None):
        """`load`: how busy the loop serving it is, when measured (`serve`)."""
        self.config = config
        self._grpc = grpc.aio.server(
            options=[
                ("grpc.max_receive_message_length", limits.MAX_MESSAGE),
                ("grpc.keepalive_time_ms", 60_000),
                ("grpc.keepalive_timeout_ms", 20_000),
                ("grpc.so_reuseport", 0),
            ],
        )
        self.port = self._grpc.add_insecure_port(config.address)
        # Both addresses are ours before the store is opened: a busy one changes nothing.
        web_address = config.web_address
        web_socket = bind(web_address) if web_address else None
        self.store: Store = open_store(config.db, config.synchronous, config.lease)
        self.metrics = Metrics()
        self.store.batches = self.metrics.batch
        if load is not None and isinstance(self.store, SqliteStore):
            self.store.busy = load.busy
        self.host = GameHost(self.store, config.timers, self.metrics)
        self.restored = 0
        self._servicer = GameServicer(self.host, config.max_streams)
        self.metrics.gauge(
            games=lambda: len(self.host.in_memory()), streams=self._servicer.open_streams
        )
        handlers.add_game_service(
            self._servicer, self._grpc, {"ActStream": self._servicer.act_stream}
        )
        self._health = health_aio.HealthServicer()
        health_pb2_grpc.add_HealthServicer_to_server(self._health, self._grpc)
        handlers.add_reflection(self._grpc, (SERVICE_NAME, health.SERVICE_NAME))
        self.web = (
            WebServer(self._servicer, web_address, web_socket, self.metrics.app())
            if web_address
            else None
        )

    async def start(self) -> None:
        """Opens the store and restores the unfinished games (only once the address is
        ours: their bots and timers may act), then serves."""
        try:
            await self.store.open()
            self.restored = await self.host.restore()
            if self.config.idle_close:
                self.host.close_idle_after(self.config.idle_close)
            await self._grpc.start()
            if self.web is not None:
                await self.web.start()
        except BaseException:
            await self.host.close()
            await self.store.close()
            raise
        for name in ("", SERVICE_NAME):
            await self._health.set(name, health_pb2.HealthCheckResponse.SERVING)
        # What exists now (modules, restored games) lives as long as the server: leave
        # it out of the cyclic garbage collector's full passes, which would otherwise
        # stop every call for a tenth of a second at a time.
        gc.freeze()

    async def stop(self) -> None:
        """Stops accepting calls, lets in-flight ones finish, then closes the database."""
        await self._health.enter_graceful_shutdown()
        await self.host.close()
        self._servicer.stop_streams()
        if self.web is not None:
            await self.web.stop()
        await self._grpc.stop(self.config.grace)
        await self.host.settle()  # changes begun meanwhile, whose callers may be gone
        await self.store.close()


async def _serve(
    config: ServerConfig, announce: Callable[[str], None], load: LoopLoad | None
) -> int:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    server = Server(config, load)
    await server.start()
    host = config.address.rsplit(":", 1)[0]
    web = f"; web app on {server.web.url}" if server.web is not None else ""
    announce(
        f"fenpai serve: listening on {host}:{server.port} (database {display(config.db)}, "
        f"{server.restored} unfinished games {'taken over' if server.store.shared else 'restored'})"
        f"{web}"
    )
    await stop.wait()
    log.info("shutting down")
    await server.stop()
    log.info("stopped")
    return 0


def serve(config: ServerConfig, announce: Callable[[str], None] = print) -> int:
    """Runs a server until SIGTERM or SIGINT; returns the exit status."""
    configure_logging(config.log_format)
    sys.setswitchinterval(GIL_SWITCH_SECONDS)
    gc.set_threshold(GC_YOUNG_THRESHOLD, *gc.get_threshold()[1:])
    if sys.version_info < (3, 11):  # no loop factory: the writer never puts a commit off
        return asyncio.run(_serve(config, announce, None))
    load = LoopLoad()
    with asyncio.Runner(loop_factory=load.new_loop) as runner:
        return runner.run(_serve(config, announce, load))
