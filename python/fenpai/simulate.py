"""`simulate`: many whole games between bots, fast and reproducible.

Each game's seed derives from the run's seed and the game's index, and each seat's bot
from the game's seed and the seat, so a game's result never depends on which worker
played it. The play phase runs inside the core with the GIL released; the phases around
it are the bots' Python decisions. Workers are processes (the phases around the play
hold the GIL), and results come back in game order.
"""

from __future__ import annotations

import signal
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

from fenpai.bots import Bot, seed_for
from fenpai.games import new_game
from fenpai.games.base import Game


def make_bots(names: Sequence[str], game_seed: int) -> list[Bot]:
    return [Bot(name, seed_for(game_seed, seat)) for seat, name in enumerate(names)]


def play_game(game: Game, bots: list[Bot], in_core: bool = True) -> Game:
    """Plays `game` to its end; with `in_core` the play phase runs in the core at once."""
    while game.phase != "done":
        if in_core and game.phase == "play":
            game.run_in_core(bots)
            continue
        seat = game.to_act[0]
        bots[seat].act(game, seat)
    return game


#: One game's row: game points, card points, won (per seat) and the number of actions.
Row = tuple[list[float], list[float], list[bool], int]
#: One worker's share: the variant, the games' seeds, the bots' names, the options.
Chunk = tuple[str, list[int], Sequence[str], dict[str, Any]]


def _one(variant: str, game_seed: int, names: Sequence[str], options: dict[str, Any]) -> Row:
    game = new_game(variant, seed=game_seed, **options)
    play_game(game, make_bots(names, game_seed))
    result = game.result or {}
    n = game.num_players
    points = result.get("game_points", [0] * n)
    winners = result.get("winners", [s for s in range(n) if points[s] > 0])
    return (
        points,
        result.get("card_points", [0] * n),
        [s in winners for s in range(n)],
        game.num_actions,
    )


def _chunk(args: Chunk) -> list[Row]:
    variant, seeds, names, options = args
    return [_one(variant, s, names, options) for s in seeds]


def _ignore_interrupts() -> None:
    """A worker leaves Ctrl-C to the parent, which cancels the work (no pool left hung)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _in_processes(workers: int, parts: Sequence[Chunk]) -> list[Row]:
    """The chunks' rows in order, from `workers` processes; on an interrupt (Ctrl-C) the
    chunks not started are cancelled and the error goes on at once."""
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts)
    try:
        rows = [row for part in pool.map(_chunk, parts) for row in part]
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return rows


def simulate(
    variant: str,
    games: int,
    seed: int = 0,
    bots: Sequence[str] | str = "random",
    workers: int = 1,
    **options: Any,
) -> dict[str, np.ndarray]:
    """Plays `games` whole games; returns per-game arrays: "game_points" and
    "card_points" (games x seats), "won" (games x seats: the seat is among the hand's
    `result["winners"]`), "actions" (games) and "seed" (each game's seed, to replay it
    through `new_game`)."""
    probe = new_game(variant, seed=0, **options)
    n = probe.num_players
    names = [bots] * n if isinstance(bots, str) else list(bots)
    if len(names) != n:
        raise ValueError(f"{variant} has {n} seats; got {len(names)} bots")
    for name in names:
        Bot(name, 0)
    if games < 0 or workers < 1:
        raise ValueError("games must be >= 0 and workers >= 1")
    seeds = [seed_for(seed, i) for i in range(games)]
    if workers == 1 or games < 2:
        rows = _chunk((variant, seeds, names, options))
    else:
        size = -(-games // (workers * 4))
        parts = [(variant, seeds[i : i + size], names, options) for i in range(0, games, size)]
        rows = _in_processes(workers, parts)
    return {
        "game_points": np.array([r[0] for r in rows], dtype=float).reshape(games, n),
        "card_points": np.array([r[1] for r in rows], dtype=float).reshape(games, n),
        "won": np.array([r[2] for r in rows], dtype=bool).reshape(games, n),
        "actions": np.array([r[3] for r in rows], dtype=np.int64),
        "seed": np.array(seeds, dtype=np.uint64),
    }
