"""The `fenpai` command line."""

from __future__ import annotations

import argparse
import sys

from rich.console import Console


def _demo(console: Console) -> int:
    """A short tour of the rules API."""
    import fenpai

    console.print("[bold]fenpai[/bold]: cards and the trick-taking core")
    hand = fenpai.cards("5h 5h BJ Ts 10d")
    console.print(f"cards('5h 5h BJ Ts 10d') -> {fenpai.format_cards(hand)}")
    return 0


def _timer(text: str) -> tuple[str, float]:
    """`PHASE=SECONDS` of `--timer`."""
    phase, sep, seconds = text.partition("=")
    try:
        if not sep:
            raise ValueError
        return phase.strip(), float(seconds)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected PHASE=SECONDS, not {text!r}") from None


def _add_serve(sub: argparse._SubParsersAction) -> None:
    from fenpai.service.timers import DEFAULT_SECONDS

    defaults = ", ".join(f"{p} {s:g}" for p, s in DEFAULT_SECONDS.items())
    serve = sub.add_parser(
        "serve",
        help="run the gRPC game service",
        description="Runs the gRPC game service (protos/fenpai/rpc/v1) until SIGTERM or Ctrl-C.",
    )
    serve.add_argument("--address", default="127.0.0.1:50051", help="HOST:PORT to listen on")
    serve.add_argument("--db", default="fenpai.db", help="SQLite database file")
    serve.add_argument(
        "--timer",
        action="append",
        type=_timer,
        default=[],
        metavar="PHASE=SECONDS",
        help=f"a phase's decision timer, 0 for none (defaults, seconds: {defaults})",
    )
    serve.add_argument("--no-timers", action="store_true", help="no decision timers by default")
    serve.add_argument("--threads", type=int, default=256, help="gRPC handler threads")
    serve.add_argument(
        "--sync",
        choices=("full", "normal"),
        default="full",
        help="SQLite synchronous: full survives a machine crash, normal a process crash",
    )


def _serve(args: argparse.Namespace, console: Console) -> int:
    from fenpai.service.errors import ServiceError
    from fenpai.service.server import ServerConfig, serve
    from fenpai.service.store import StoreError
    from fenpai.service.timers import DEFAULT_SECONDS, check_timers

    try:
        chosen = check_timers(dict(args.timer), "--timer")
    except ServiceError as err:
        console.print(f"fenpai serve: {err.message}", style="red", highlight=False)
        return 2
    timers = {} if args.no_timers else dict(DEFAULT_SECONDS)
    timers = {p: s for p, s in {**timers, **chosen}.items() if s > 0}
    if args.threads < 8:
        console.print("fenpai serve: --threads must be at least 8", style="red")
        return 2
    config = ServerConfig(
        address=args.address,
        db=args.db,
        timers=timers,
        threads=args.threads,
        max_streams=args.threads - max(4, args.threads // 8),
        synchronous=args.sync.upper(),
    )
    try:
        return serve(config, announce=lambda line: print(line, flush=True))
    except (StoreError, RuntimeError) as err:
        console.print(f"fenpai serve: {err}", style="red", highlight=False)
        return 1


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `fenpai` program."""
    parser = argparse.ArgumentParser(
        prog="fenpai", description="Engine for Chinese point-card games."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("demo", help="a short tour of the rules API")
    _add_serve(sub)
    args = parser.parse_args(argv)
    console = Console(stderr=args.command == "serve")
    if args.command == "demo":
        return _demo(console)
    if args.command == "serve":
        return _serve(args, console)
    return 2


if __name__ == "__main__":
    sys.exit(main())
