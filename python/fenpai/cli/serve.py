"""`fenpai serve`: the gRPC game service and its web app, after checking that their
addresses are free."""

from __future__ import annotations

import argparse
import errno
import socket
import sys
from typing import Any

from rich.console import Console

from fenpai.cli.common import UsageError

#: Where `fenpai serve` serves the web app unless told otherwise.
DEFAULT_WEB_ADDRESS = "127.0.0.1:50080"


def _timer(text: str) -> tuple[str, float]:
    """`PHASE=SECONDS` of `--timer`."""
    phase, sep, seconds = text.partition("=")
    try:
        if not sep:
            raise ValueError
        return phase.strip(), float(seconds)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected PHASE=SECONDS, not {text!r}") from None


def _register_bots(specs: list[str]) -> None:
    """Loads each `--bot NAME=module:callable` and registers it with the service."""
    from fenpai.cli.common import named_policy
    from fenpai.service import bots

    for spec in specs:
        name, policy = named_policy(spec)
        try:
            bots.register(name, policy)
        except ValueError as err:
            raise UsageError(f"--bot {spec}: {err}") from None


def add_serve(sub: Any) -> None:
    from fenpai.service.timers import DEFAULT_SECONDS

    defaults = ", ".join(f"{p} {s:g}" for p, s in DEFAULT_SECONDS.items())
    serve = sub.add_parser(
        "serve",
        help="run the gRPC game service and its web app",
        description=(
            "Runs the gRPC game service (protos/fenpai/rpc/v1) and the web app (play, "
            "watch and replay in a browser) until SIGTERM or Ctrl-C."
        ),
        epilog="examples: fenpai serve --address 127.0.0.1:50051 --db fenpai.db --timer play=30;"
        " replicas sharing PostgreSQL: fenpai serve --db postgresql://user@host/fenpai",
    )
    serve.add_argument("--address", default="127.0.0.1:50051", help="HOST:PORT to listen on")
    serve.add_argument(
        "--web-address",
        default=DEFAULT_WEB_ADDRESS,
        help=f"HOST:PORT of the web app (default {DEFAULT_WEB_ADDRESS}; port 0: any free port)",
    )
    serve.add_argument("--no-web", action="store_true", help="serve no web app, only gRPC")
    serve.add_argument(
        "--db",
        default="fenpai.db",
        help="SQLite database file, or postgresql://... (a database that replicas share)",
    )
    serve.add_argument(
        "--timer",
        action="append",
        type=_timer,
        default=[],
        metavar="PHASE=SECONDS",
        help=f"a phase's decision timer, 0 for none (defaults, seconds: {defaults})",
    )
    serve.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="NAME=module:callable",
        help="seat a policy of your own as the bot NAME (CreateGame bots, the web lobby)",
    )
    serve.add_argument("--no-timers", action="store_true", help="no decision timers by default")
    serve.add_argument(
        "--max-streams",
        type=int,
        default=10_000,
        help="open streams at most (StreamEvents, Spectate, ActStream); more are refused",
    )
    serve.add_argument(
        "--sync",
        choices=("full", "normal"),
        default="full",
        help="SQLite synchronous: full survives a machine crash, normal a process crash",
    )
    serve.add_argument(
        "--lease-seconds",
        type=float,
        default=5.0,
        metavar="SECONDS",
        help="PostgreSQL: how long a replica's hold on a game's bots and timers lasts unless"
        " renewed; another replica takes them over that long after it stops (default 5)",
    )
    serve.add_argument(
        "--log-format",
        choices=("text", "json"),
        default="text",
        help="log lines as text, or as JSON objects one a line (time, level, logger, message)",
    )
    serve.add_argument(
        "--idle-close-seconds",
        type=float,
        default=24 * 3600.0,
        metavar="SECONDS",
        help="close a game being played that has had no event this long (its players left;"
        " a client seat resigns for it); 0: never (default 86400, a day)",
    )
    serve.set_defaults(run=cmd_serve)


def check_address(address: str, flag: str = "--address") -> None:
    """Fails with the system's reason when no socket can listen on HOST:PORT (before the
    database is opened, so a busy port changes nothing)."""
    if address.startswith("unix:") and flag == "--address":
        return
    host, sep, port = address.rpartition(":")
    if not sep or not port.isdigit():
        raise UsageError(f"{flag} must be HOST:PORT, not {address!r}")
    try:
        found = socket.getaddrinfo(
            host.strip("[]") or None, int(port), type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
    except socket.gaierror as err:
        raise UsageError(f"cannot listen on {address}: {err.strerror}") from None
    errors = []
    for family, kind, proto, _, where in found:
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as gRPC does
            try:
                probe.bind(where)
                probe.listen()
            except OSError as err:
                errors.append(err)
    in_use = [e for e in errors if e.errno == errno.EADDRINUSE]
    if in_use or len(errors) == len(found):
        reason = (in_use or errors)[0].strerror
        hint = " (another server is listening there)" if in_use else ""
        raise UsageError(f"cannot listen on {address}: {reason}{hint}")


def cmd_serve(args: argparse.Namespace, console: Console) -> int:
    """Runs the gRPC game service until SIGTERM or Ctrl-C."""
    from fenpai.service.errors import ServiceError
    from fenpai.service.server import ServerConfig, serve
    from fenpai.service.store import StoreError
    from fenpai.service.timers import DEFAULT_SECONDS, check_timers

    try:
        chosen = check_timers(dict(args.timer), "--timer")
    except ServiceError as err:
        raise UsageError(err.message) from None
    timers = {} if args.no_timers else dict(DEFAULT_SECONDS)
    timers = {p: s for p, s in {**timers, **chosen}.items() if s > 0}
    if args.max_streams < 1:
        raise UsageError("--max-streams must be at least 1")
    if not 0.1 <= args.lease_seconds <= 3600:
        raise UsageError(f"--lease-seconds must be 0.1..3600, not {args.lease_seconds:g}")
    _register_bots(args.bot)
    if args.idle_close_seconds < 0:
        raise UsageError(f"--idle-close-seconds must be 0 or more, not {args.idle_close_seconds:g}")
    check_address(args.address)
    web_address = None if args.no_web else args.web_address
    if web_address is not None:
        if web_address == args.address and not web_address.endswith(":0"):
            raise UsageError("--web-address must differ from --address")
        check_address(web_address, "--web-address")
    config = ServerConfig(
        address=args.address,
        web_address=web_address,
        db=args.db,
        timers=timers,
        max_streams=args.max_streams,
        synchronous=args.sync.upper(),
        lease=args.lease_seconds,
        log_format=args.log_format,
        idle_close=args.idle_close_seconds or None,
    )
    try:
        return serve(config, announce=lambda line: print(line, flush=True))
    except (StoreError, RuntimeError, OSError) as err:  # one line on stderr, as a usage mistake
        print(f"fenpai serve: {err}", file=sys.stderr)
        return 1
