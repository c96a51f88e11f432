"""The `fenpai` command line: selfplay, play, replay, serve, demo."""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

EXAMPLES = """examples:
  fenpai selfplay tractor -n 2000 --bots greedy,random,greedy,random
  fenpai selfplay red_five_4p -n 500 -o decks=3 --workers 2
  fenpai play red_five_5p --seat 0 --seed 7
  fenpai replay game.json
  fenpai serve
"""


def parse_options(items: list[str]) -> dict[str, Any]:
    """`-o name=value` options: integers and true/false are converted, a,b becomes a list."""
    out: dict[str, Any] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise SystemExit(f"option {item!r} is not name=value")
        out[name] = _value(value)
    return out


def _value(text: str) -> Any:
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    if "," in text:
        return [_value(t) for t in text.split(",")]
    return int(text) if text.lstrip("-").isdigit() else text


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def cmd_selfplay(args: argparse.Namespace, console: Console) -> int:
    """Bot-vs-bot games with a progress bar, then win rates and throughput."""
    import numpy as np

    from fenpai import new_game, simulate

    options = parse_options(args.option)
    n_seats = new_game(args.variant, **options).num_players
    names = args.bots.split(",")
    if n_seats % len(names) == 0:
        names *= n_seats // len(names)  # a pattern repeats round the table
    if len(names) != n_seats:
        console.print(
            f"[red]{args.variant} has {n_seats} seats; give {n_seats} bots "
            "or a pattern that divides them[/red]"
        )
        return 2
    batch = max(1, min(500, args.games // 20 or 1))
    parts = []
    start = time.perf_counter()
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total}"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(f"{args.variant} self-play", total=args.games)
        done = 0
        while done < args.games:
            size = min(batch, args.games - done)
            parts.append(
                simulate(
                    args.variant,
                    size,
                    seed=args.seed + done,
                    bots=names,
                    workers=args.workers,
                    **options,
                )
            )
            done += size
            progress.update(task, completed=done)
    elapsed = time.perf_counter() - start
    won = np.concatenate([p["won"] for p in parts])
    gp = np.concatenate([p["game_points"] for p in parts])
    cp = np.concatenate([p["card_points"] for p in parts])
    table = Table(title=f"{args.variant}: {args.games} games, {args.games / elapsed:,.0f} games/s")
    for col in ("seat", "bot", "win rate (95% CI)", "mean game points", "mean card points"):
        table.add_column(col, justify="right")
    for seat, name in enumerate(names):
        wins = float(won[:, seat].sum())
        lo, hi = wilson(wins, len(won))
        table.add_row(
            str(seat),
            name,
            f"{wins / max(1, len(won)):.3f} ({lo:.3f}–{hi:.3f})",
            f"{gp[:, seat].mean():+.2f}",
            f"{cp[:, seat].mean():.1f}",
        )
    console.print(table)
    return 0


def _show(console: Console, game: Any, seat: int) -> None:
    v = game.view(seat)
    console.rule(f"[bold]{game.variant}[/bold] — phase {v['phase']}")
    facts = {k: v[k] for k in ("trump", "level", "declarer", "bid", "call", "friend") if k in v}
    if facts:
        console.print("  ".join(f"{k}: [cyan]{val}[/cyan]" for k, val in facts.items()))
    if v.get("trick"):
        console.print("trick: " + "   ".join(f"seat {s}: {c}" for s, c in v["trick"]))
    if v.get("last_trick") and not v.get("trick"):
        lt = v["last_trick"]
        console.print(f"last trick won by seat {lt['winner']} ({lt['points']} points)")
    console.print(f"points: {v.get('points')}")
    console.print(f"your hand (seat {seat}): [bold]{v.get('hand', '')}[/bold]")


def cmd_play(args: argparse.Namespace, console: Console) -> int:
    """You against bots in the terminal."""
    from fenpai import IllegalAction, new_game
    from fenpai.bots import Bot, seed_for

    options = parse_options(args.option)
    game = new_game(args.variant, seed=args.seed, **options)
    me = args.seat
    bots = {s: Bot(args.bots, seed_for(args.seed, s)) for s in range(game.num_players) if s != me}
    while game.phase != "done":
        seat = game.to_act[0]
        if seat != me:
            action = bots[seat].choose(game, seat)
            game.apply(seat, action)
            if game.phase == "play" or action.startswith(("play", "declare", "call", "bid")):
                console.print(f"seat {seat}: {action}")
            continue
        _show(console, game, me)
        hints = game.legal_actions(me, 8)
        more = game.num_legal(me) - len(hints)
        console.print("legal: " + " | ".join(hints) + (f" | … {more} more" if more > 0 else ""))
        try:
            typed = console.input("[bold green]your action> [/bold green]").strip()
        except EOFError:
            return 1
        if typed in ("quit", "exit"):
            return 1
        if game.phase == "play" and typed and typed.split()[0].lower() not in ("play", "pass"):
            typed = "play " + typed
        try:
            game.apply(me, typed)
        except IllegalAction as err:
            console.print(f"[red]not allowed:[/red] {err}")
    _show(console, game, me)
    console.print_json(json.dumps(game.result))
    if args.save:
        Path(args.save).write_text(game.to_json())
        console.print(f"saved to {args.save}")
    return 0


def cmd_replay(args: argparse.Namespace, console: Console) -> int:
    """A saved game, action by action and trick by trick."""
    from fenpai import Game

    game = Game.from_json(Path(args.file).read_text())
    console.rule(f"[bold]{game.variant}[/bold] replay")
    for seat, action in game.history:
        if not action.startswith("play"):
            console.print(f"seat {seat}: {action}")
    play = getattr(game, "play", None)
    if play is not None:
        for i, (_, plays, attempted, winner, points) in enumerate(play.tricks(), 1):
            shown = "   ".join(f"{s}: {' '.join(map(str, cs))}" for s, cs in plays)
            note = f" (failed throw: {' '.join(map(str, attempted))})" if attempted else ""
            console.print(f"trick {i:2}: {shown}{note} → seat {winner} +{points}")
    console.print_json(json.dumps(game.result))
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


def _add_serve(sub: Any) -> None:
    from fenpai.service.timers import DEFAULT_SECONDS

    defaults = ", ".join(f"{p} {s:g}" for p, s in DEFAULT_SECONDS.items())
    serve = sub.add_parser(
        "serve",
        help="run the gRPC game service",
        description="Runs the gRPC game service (protos/fenpai/rpc/v1) until SIGTERM or Ctrl-C.",
        epilog="example: fenpai serve --address 127.0.0.1:50051 --db fenpai.db --timer play=30",
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
    serve.set_defaults(run=cmd_serve)


def cmd_serve(args: argparse.Namespace, console: Console) -> int:
    """Runs the gRPC game service until SIGTERM or Ctrl-C."""
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
    if args.max_streams < 1:
        console.print("fenpai serve: --max-streams must be at least 1", style="red")
        return 2
    config = ServerConfig(
        address=args.address,
        db=args.db,
        timers=timers,
        max_streams=args.max_streams,
        synchronous=args.sync.upper(),
    )
    try:
        return serve(config, announce=lambda line: print(line, flush=True))
    except (StoreError, RuntimeError) as err:
        console.print(f"fenpai serve: {err}", style="red", highlight=False)
        return 1


def cmd_demo(args: argparse.Namespace, console: Console) -> int:
    """A short tour of the rules API and a bot game."""
    import fenpai

    r = fenpai.TrickRules("tractor", trump="h", level="2")
    console.print("[bold]fenpai[/bold]: the trick-taking core")
    console.print(f"classify('4h 4h 5h 5h') -> {r.classify('4h 4h 5h 5h')}")
    console.print(f"follow_error -> {r.follow_error('7s 7s 9s Kd', '6s 6s', '7s 9s')!r}")
    result = fenpai.simulate(
        "red_five_4p", 200, seed=1, bots=["greedy", "random", "random", "random"]
    )
    console.print(f"200 Red Five games, greedy seat 0 wins {result['won'][:, 0].mean():.0%}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `fenpai` program."""
    parser = argparse.ArgumentParser(
        prog="fenpai",
        description="Engine for Chinese point-card games: Red Five, Fifty-K, Tractor.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", required=True)
    variants = ("red_five_4p", "red_five_5p", "fifty_k", "tractor")

    p = sub.add_parser(
        "selfplay",
        help="bot-vs-bot games and a throughput report",
        epilog="example: fenpai selfplay tractor -n 2000 --bots greedy,random",
    )
    p.add_argument("variant", choices=variants)
    p.add_argument("-n", "--games", type=int, default=1000)
    p.add_argument(
        "--bots",
        default="greedy,random",
        help="one bot per seat, or a pattern repeated round the table (greedy,random)",
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("-o", "--option", action="append", default=[], help="variant option k=v")
    p.set_defaults(run=cmd_selfplay)

    p = sub.add_parser(
        "play",
        help="play against bots in the terminal",
        epilog="example: fenpai play tractor --seat 0 --seed 3",
    )
    p.add_argument("variant", choices=variants)
    p.add_argument("--seat", type=int, default=0)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--bots", default="greedy", choices=("greedy", "random"))
    p.add_argument("--save", help="write the finished game's JSON here")
    p.add_argument("-o", "--option", action="append", default=[], help="variant option k=v")
    p.set_defaults(run=cmd_play)

    p = sub.add_parser(
        "replay", help="show a saved game trick by trick", epilog="example: fenpai replay game.json"
    )
    p.add_argument("file")
    p.set_defaults(run=cmd_replay)

    _add_serve(sub)

    p = sub.add_parser("demo", help="a short tour of the rules API")
    p.set_defaults(run=cmd_demo)

    args = parser.parse_args(argv)
    return int(args.run(args, Console()))


if __name__ == "__main__":
    sys.exit(main())
