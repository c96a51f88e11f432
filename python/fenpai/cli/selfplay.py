"""`fenpai selfplay`: bot-vs-bot games with a progress bar, then win rates and throughput."""

from __future__ import annotations

import argparse
import math
import time

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from fenpai.batch import Policy
from fenpai.cli.common import UsageError, check_bots, make_game, named_policy, parse_options
from fenpai.named import is_spec

#: The default bots, alternating round the table (cut to the game's seat count).
DEFAULT_PATTERN = ("greedy", "random")


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def seat_bots(pattern: str | None, seats: int) -> list[str]:
    """One bot per seat: the names given (a bot, or a policy as NAME=module:callable),
    or a pattern repeated round the table; by default greedy and random alternate,
    which fits any number of seats."""
    if pattern is None:
        return [DEFAULT_PATTERN[s % len(DEFAULT_PATTERN)] for s in range(seats)]
    names = [n.strip() for n in pattern.split(",")]
    check_bots([n for n in names if not is_spec(n)])
    if seats % len(names):
        raise UsageError(
            f"the game has {seats} seats: give {seats} bots or a pattern that divides them, "
            f"not {len(names)}"
        )
    return names * (seats // len(names))


def players(names: list[str]) -> tuple[list[str], list[str | Policy]]:
    """Each seat's name in the table, and what `simulate` plays there: a bot's name,
    or the policy a NAME=module:callable loads (once per spec)."""
    loaded = {spec: named_policy(spec) for spec in set(names) if is_spec(spec)}
    shown = [loaded[n][0] if n in loaded else n for n in names]
    return shown, [loaded[n][1] if n in loaded else n for n in names]


def backend(args: argparse.Namespace, console: Console) -> tuple[str, int]:
    """The backend and the workers: threads here, or Ray tasks on the cluster that
    `--ray` names (connected now, so that a bad address stops the command at once)."""
    if args.ray is None:
        return "threads", args.workers or 1
    from fenpai import ray_backend

    try:
        with console.status("connecting to Ray"):
            ray_backend.connect(args.ray or None)
    except ray_backend.RayUnavailable as err:
        raise UsageError(str(err)) from None
    return "ray", args.workers or ray_backend.cluster_cpus()


def cmd_selfplay(args: argparse.Namespace, console: Console) -> int:
    """Plays the games under a progress bar, then prints a table per seat."""
    from fenpai import simulate

    options = parse_options(args.option)
    seats = make_game(args.variant, 0, options).num_players
    names, bots = players(seat_bots(args.bots, seats))
    if args.ray is not None and not all(isinstance(b, str) for b in bots):
        raise UsageError("--ray plays built-in bots only: a policy plays here, on threads")
    kind, workers = backend(args, console)
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total}"),
        TimeRemainingColumn(),
    )
    start = time.perf_counter()
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(f"{args.variant} self-play", total=args.games)
        try:
            out = simulate(
                args.variant,
                args.games,
                seed=args.seed,
                bots=bots,
                workers=workers,
                backend=kind,
                progress=lambda done: progress.update(task, completed=done),
                **options,
            )
        except ValueError as err:  # a policy that cannot play this game, or answers wrong
            raise UsageError(str(err)) from None
    elapsed = time.perf_counter() - start
    won, gp, cp = out["won"], out["game_points"], out["card_points"]
    title = f"{args.variant}: {args.games} games, {args.games / elapsed:,.0f} games/s"
    table = Table(title=f"{title} ({kind}, {workers} at a time)")
    for col in ("seat", "bot", "win rate (95% CI)", "mean game points", "mean card points"):
        table.add_column(col, justify="right")
    for seat, name in enumerate(names):
        wins = float(won[:, seat].sum())
        lo, hi = wilson(wins, len(won))
        table.add_row(
            str(seat),
            name,
            f"{wins / len(won):.3f} ({lo:.3f}–{hi:.3f})",
            f"{gp[:, seat].mean():+.2f}",
            f"{cp[:, seat].mean():.1f}",
        )
    console.print(table)
    return 0
