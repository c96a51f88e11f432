"""`simulate`: many whole games between bots, fast and reproducible.

Each game's seed derives from the run's seed and the game's index, and each seat's bot
from the game's seed and the seat, so a game's result never depends on which worker
played it. Whole hands run in the core (`Game.play_batch`: every phase, the bots of
every phase, the GIL released), with the bots `fenpai.bots.Bot` would use step by step;
Python only scores the finished hands, a batch at a time. Workers are threads, each
playing a share of the games in the core while the others score; results come back in
game order.

A bot may also be a Python callable, a policy: it is handed every game waiting on it as
one `fenpai.batch.Batch` and answers one legal-action index each (see `fenpai.policies`,
which plays such games through the core's batch runner).
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

from fenpai.batch import Policy
from fenpai.bots import Bot, seed_for
from fenpai.games import new_game
from fenpai.games.base import Game, scored
from fenpai.policies import play_with_policies


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


def _chunk(probe: Game, seeds: list[int], names: list[str]) -> dict[str, np.ndarray]:
    """The results of the games of `seeds`, played in the core in one call."""
    return probe.play_batch(seeds, names)


def _in_threads(
    workers: int, probe: Game, parts: list[list[int]], names: list[str]
) -> list[dict[str, np.ndarray]]:
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
    bots: Sequence[str | Policy] | str = "random",
    workers: int = 1,
    batch_size: int = 256,
    **options: Any,
) -> dict[str, np.ndarray]:
    """Plays `games` whole games; returns per-game arrays: "game_points" and
    "card_points" (games x seats), "won" (games x seats: the seat is among the hand's
    `result["winners"]`), "actions" (games) and "seed" (each game's seed, to replay it
    through `new_game`).

    `bots[seat]` is a built-in bot's name or a policy: a callable given a
    `fenpai.batch.Batch` (the games waiting on it: `games`, `seats`, `obs`, `num_legal`,
    `legal_actions(row)`) that returns one legal-action index per game. Up to
    `batch_size` games per worker are in flight, so a policy sees batches of up to that
    many. A policy whose answer for a game depends only on that game's row gives the
    same results for any `workers` or `batch_size`, the results of the step API with the
    same policy; an answer out of range raises `IllegalAction` naming the game and seat."""
    probe = new_game(variant, seed=0, **options)
    n = probe.num_players
    names = [bots] * n if isinstance(bots, str) else list(bots)
    if len(names) != n:
        raise ValueError(f"{variant} has {n} seats; got {len(names)} bots")
    for name in names:
        if not callable(name):
            Bot(name, 0)  # an unknown name raises
    if games < 0 or workers < 1:
        raise ValueError("games must be >= 0 and workers >= 1")
    seeds = [seed_for(seed, i) for i in range(games)]
    size = max(1, min(64, -(-games // (workers * 4))))
    parts = [seeds[i : i + size] for i in range(0, games, size)]
    builtin = [name for name in names if isinstance(name, str)]
    if len(builtin) < n:
        chunks = [scored(play_with_policies(probe, seeds, names, workers, batch_size), n)]
    elif workers == 1 or len(parts) < 2:
        chunks = [_chunk(probe, part, builtin) for part in parts]
    else:
        chunks = _in_threads(workers, probe, parts, builtin)

    def joined(key: str, dtype: Any, shape: tuple[int, ...]) -> np.ndarray:
        return np.concatenate([c[key] for c in chunks] or [np.zeros(shape)]).astype(dtype)

    return {
        "game_points": joined("game_points", float, (0, n)),
        "card_points": joined("card_points", float, (0, n)),
        "won": joined("won", bool, (0, n)),
        "actions": joined("actions", np.int64, (0,)),
        "seed": np.array(seeds, dtype=np.uint64),
    }
