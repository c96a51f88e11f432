"""`simulate`: many whole games between bots, fast and reproducible.

Each game's seed derives from the run's seed and the game's index, and each seat's bot
from the game's seed and the seat, so a game's result never depends on which worker
played it. Whole hands run in the core (`_core.play_hands`: every phase, the bots of
every phase, the GIL released), with the bots `fenpai.bots.Bot` would use step by step;
Python only scores each finished hand. Workers are threads, each playing a share of the
games in the core while the others score; results come back in game order.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

from fenpai._core import play_hands
from fenpai.bots import Bot, seed_for
from fenpai.games import new_game
from fenpai.games.base import Game


def make_bots(names: Sequence[str], game_seed: int) -> list[Bot]:
    return [Bot(name, seed_for(game_seed, seat)) for seat, name in enumerate(names)]


def play_game(game: Game, bots: list[Bot], in_core: bool = True) -> Game:
    """Plays `game` to its end: in the core a phase at a time (`in_core`), else a
    decision at a time through `Bot.act`; the two give the same hand."""
    if in_core:
        game.play_out(bots)
        return game
    while game.phase != "done":
        seat = game.to_act[0]
        bots[seat].act(game, seat)
    return game


#: One game's row: game points, card points, won (per seat) and the number of actions.
Row = tuple[list[float], list[float], list[bool], int]


def row(game: Game) -> Row:
    """A finished game's row of the results."""
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


def _chunk(probe: Game, seeds: list[int], names: list[str]) -> list[Row]:
    """The rows of the games of `seeds`, played in the core in one call."""
    hands = play_hands(probe.variant, seeds, names, **probe.hands_options())
    return [row(probe.hand_from(s, h)) for s, h in zip(seeds, hands, strict=True)]


def _in_threads(workers: int, probe: Game, parts: list[list[int]], names: list[str]) -> list[Row]:
    """The chunks' rows in order, from `workers` threads (each chunk in the core without
    the GIL); on an interrupt (Ctrl-C) the chunks not started are cancelled and the error
    goes on at once."""
    pool = ThreadPoolExecutor(max_workers=workers)
    try:
        rows = [r for part in pool.map(lambda p: _chunk(probe, p, names), parts) for r in part]
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
    size = max(1, min(64, -(-games // (workers * 4))))
    parts = [seeds[i : i + size] for i in range(0, games, size)]
    if workers == 1 or len(parts) < 2:
        rows = [r for part in parts for r in _chunk(probe, part, names)]
    else:
        rows = _in_threads(workers, probe, parts, names)
    return {
        "game_points": np.array([r[0] for r in rows], dtype=float).reshape(games, n),
        "card_points": np.array([r[1] for r in rows], dtype=float).reshape(games, n),
        "won": np.array([r[2] for r in rows], dtype=bool).reshape(games, n),
        "actions": np.array([r[3] for r in rows], dtype=np.int64),
        "seed": np.array(seeds, dtype=np.uint64),
    }
