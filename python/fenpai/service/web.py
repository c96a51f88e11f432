"""The web app's HTTP server, in the game server's process and event loop: the page and
its assets (built from `web/` into `fenpai/service/webapp/`) and GameService over the
Connect protocol (`connect.py`) on one origin, so the page needs no CORS, and the
server's Prometheus metrics at `/metrics`, served by Hypercorn on a socket bound when
the server is made.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import socket
from collections.abc import Awaitable, Callable, MutableMapping
from typing import TYPE_CHECKING, Any, cast

from hypercorn.asyncio import serve
from hypercorn.config import Config
from hypercorn.typing import ASGIFramework
from starlette.applications import Starlette
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

from fenpai.service.connect import PATH, GameServiceConnect

if TYPE_CHECKING:
    from fenpai.service.server import GameServicer

log = logging.getLogger("fenpai.web")

#: The package folder holding the built page (`web/`'s `npm run build`).
ASSETS = ("fenpai.service", "webapp")

#: Sent with every page and asset: only this origin's scripts, styles and calls.
SECURITY_HEADERS = [
    (b"content-security-policy", b"default-src 'self'; img-src 'self' data:"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]

Scope = dict[str, Any]
Receive = Any
Send = Any
#: An ASGI application.
ASGI = Callable[[Scope, Receive, Send], Awaitable[None]]

#: Where the server's Prometheus metrics are scraped.
METRICS_PATH = "/metrics"


#: The host names a loopback-bound web app answers to (a page of another site that
#: rebinds its own name to 127.0.0.1 sends that name, and is refused).
LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "[::1]", "::1"})


def _host_name(scope: Scope) -> str:
    """The request's Host header without its port."""
    headers: list[tuple[bytes, bytes]] = scope.get("headers", [])
    for key, value in headers:
        if key == b"host":
            host = value.decode("latin-1")
            return host if host.endswith("]") else host.rsplit(":", 1)[0]
    return ""


class WebApp:
    """ASGI: GameService's paths to Connect, everything else to the page's files; on a
    loopback address, only requests to a loopback name."""

    def __init__(
        self, servicer: GameServicer, loopback_only: bool = False, metrics: ASGI | None = None
    ):
        self.connect = GameServiceConnect(servicer)
        #: The Prometheus scrape at `/metrics`, if any.
        self.metrics = metrics
        # In an application, so that a missing file is a 404 answer.
        self.files = Starlette(routes=[Mount("/", StaticFiles(packages=[ASSETS], html=True))])
        self.loopback_only = loopback_only

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self.connect(scope, receive, send)
            return
        if self.loopback_only and _host_name(scope) not in LOOPBACK_NAMES:
            await _refuse(send)
            return
        if scope["path"].startswith(PATH + "/"):
            await self.connect(scope, receive, send)
            return
        if scope["path"] == METRICS_PATH and self.metrics is not None:
            await self.metrics(scope, receive, send)
            return

        async def send_secured(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.files(scope, receive, send_secured)


async def _refuse(send: Send) -> None:
    """403: a request to a name this loopback web app is not served under."""
    body = b"this web app answers to 127.0.0.1 and localhost only\n"
    headers = [(b"content-type", b"text/plain; charset=utf-8"), *SECURITY_HEADERS]
    await send({"type": "http.response.start", "status": 403, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def bind(address: str) -> socket.socket:
    """A listening TCP socket on HOST:PORT (port 0: any free port)."""
    host, _, port = address.rpartition(":")
    host = host.strip("[]")
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, int(port)))
        sock.listen()
    except BaseException:
        sock.close()
        raise
    return sock


class WebServer:
    """The web app served on `address` (on `sock` if it is bound already) until `stop`."""

    def __init__(
        self,
        servicer: GameServicer,
        address: str,
        sock: socket.socket | None = None,
        metrics: ASGI | None = None,
    ):
        sock = sock or bind(address)
        self._app = WebApp(
            servicer,
            loopback_only=ipaddress.ip_address(sock.getsockname()[0]).is_loopback,
            metrics=metrics,
        )
        self.host = address.rpartition(":")[0]
        self.port: int = sock.getsockname()[1]
        self._fd = sock.detach()  # Hypercorn owns the socket from here on
        self._stopping = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/"

    async def start(self) -> None:
        config = Config()
        config.bind = [f"fd://{self._fd}"]
        config.accesslog = None
        config.errorlog = log
        self._task = asyncio.get_running_loop().create_task(
            serve(
                cast(ASGIFramework, self._app),
                config,
                shutdown_trigger=self._stopping.wait,
                mode="asgi",
            )
        )

    async def stop(self) -> None:
        """Stops accepting; lets open requests end (streams end as the host closes)."""
        self._stopping.set()
        if self._task is not None:
            try:
                await self._task
            except Exception:
                log.exception("the web app's server failed")
        else:
            socket.socket(fileno=self._fd).close()
