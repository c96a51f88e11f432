"""`simulate`: many whole games between bots, fast and reproducible.

Each game's seed derives from the run's seed and the game's index, and each seat's bot
from the game's seed and the seat, so a game's result never depends on which worker
played it. Whole hands run in the core (`Game.play_batch`: every phase, the bots of
every phase, the GIL released), with the bots `fenpai.bots.Bot` would use step by step;
Python only scores the finished hands, a batch at a time. Workers are threads, each
playing a share of the games in the core while the others score; results come back in
game order.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

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


#: A batch's results: game points, card points, won (games x seats), actions (games).
Rows = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def _chunk(probe: Game, seeds: list[int], names: list[str]) -> Rows:
    """The results of the games of `seeds`, played in the core in one call."""
    batch = probe.play_batch(seeds, names)
    return (batch["game_points"], batch["card_points"], batch["won"], batch["actions"])


def _in_threads(workers: int, probe: Game, parts: list[list[int]], names: list[str]) -> list[Rows]:
    """The chunks' results in order, from `workers` threads (each chunk in the core without
    the GIL); on an interrupt (Ctrl-C) the chunks not started are cancelled and the error
    goes on at once."""
    pool = ThreadPoolExecutor(max_workers=workers)
    try:
        chunks = list(pool.map(lambda p: _chunk(probe, p, names), parts))
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return chunks


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
        chunks = [_chunk(probe, part, names) for part in parts]
    else:
        chunks = _in_threads(workers, probe, parts, names)

    def joined(i: int, dtype: Any, shape: tuple[int, ...]) -> np.ndarray:
        return np.concatenate([c[i] for c in chunks] or [np.zeros(shape)]).astype(dtype)

    return {
        "game_points": joined(0, float, (0, n)),
        "card_points": joined(1, float, (0, n)),
        "won": joined(2, bool, (0, n)),
        "actions": joined(3, np.int64, (0,)),
        "seed": np.array(seeds, dtype=np.uint64),
    }
