"""`simulate`: many whole games between bots, fast and reproducible.

Each game's seed derives from the run's seed and the game's index, and each seat's bot
from the game's seed and the seat, so a game's result never depends on which worker
played it. Whole hands run in the core (`Game.play_batch`: every phase, the bots of
every phase, the GIL released), with the bots `fenpai.bots.Bot` would use step by step;
Python only scores the finished hands, a chunk at a time from the facts the core gives
(no Python object per hand, so a worker holds the GIL briefly). The games are split into
chunks of consecutive games (`chunk_size`, smaller toward the end on several threads:
`tapered`); a backend plays the chunks: threads on this machine, each playing a chunk in
the core while the others score, or Ray tasks on a cluster (`fenpai.ray_backend`).
Results come back in game order.

A bot may also be a Python callable, a policy: it is handed every game waiting on it as
one `fenpai.batch.Batch` and answers one legal-action index each (see `fenpai.policies`,
which plays such games through the core's batch runner), or with `actions="decisions"`
one id of the environments' action space each (`fenpai.envs.decisions`), as
`VectorEnv`'s policies do, through its hands (`fenpai.envs.vector_decisions`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import numpy as np

from fenpai.batch import Policy
from fenpai.bots import Bot, game_seeds, seed_for
from fenpai.envs.payoffs import DEFAULT_REWARD, check_reward, rewards
from fenpai.games import new_game
from fenpai.games.base import Game
from fenpai.policies import scored_with_policies


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


#: The results of consecutive games, as `Game.play_batch` gives them: "game_points",
#: "card_points", "won" (games x seats) and "actions" (games). Chunks stay arrays, so that
#: no Python object is made per game.
Chunk = dict[str, np.ndarray]

#: A chunk's arrays, with the type `simulate` returns each in.
COLUMNS = {"game_points": float, "card_points": float, "won": bool, "actions": np.int64}


def joined(chunks: list[Chunk], seats: int) -> Chunk:
    """The chunks' results one after another, in `simulate`'s types."""
    if not chunks:
        return {k: np.zeros((0, seats) if k != "actions" else 0, t) for k, t in COLUMNS.items()}
    return {k: np.concatenate([c[k] for c in chunks]).astype(t) for k, t in COLUMNS.items()}


def games_in(chunk: Chunk) -> int:
    """How many games `chunk` holds."""
    return len(chunk["actions"])


#: Told the number of games finished so far, after each chunk.
Progress = Callable[[int], None]

#: "processes" is the API contract's name for the local backend, which plays on threads:
#: the core releases the GIL, so one process uses every core without pickling games.
BACKENDS = ("threads", "processes", "ray")


def chunk_size(games: int, workers: int, least: int = 1, most: int = 256) -> int:
    """Games per chunk: about four chunks per worker, so that the workers finish together
    and progress shows, but from `least` to `most` games (`most` gives way to `least`).
    The default `most` keeps a chunk's fixed cost in Python (scoring it in numpy) small
    beside its games even when they take only 20 µs each (random Fifty-K)."""
    return max(least, min(most, -(-games // (workers * 4))))


#: Seeds in order: a list, or an array of uint64 (`game_seeds`).
Seeds = TypeVar("Seeds", list[int], np.ndarray)


def split(seeds: Seeds, size: int) -> list[Seeds]:
    """The seeds in chunks of `size` consecutive games (the last one may be short)."""
    return [seeds[i : i + size] for i in range(0, len(seeds), size)]


#: The action spaces a policy may answer in: legal-action indices, or the environments'
#: ids (`fenpai.envs.decisions`).
ACTIONS = ("legal", "decisions")


def scored_with_decisions(
    probe: Game, seeds: list[int], bots: Sequence[str | Policy], batch_size: int
) -> list[Chunk]:
    """The games of `seeds` in chunks of `batch_size`, played through `VectorEnv`'s hands
    in the one action space (`DecisionHands`: the built-in bots in the core, each policy
    asked once per round with every game waiting on it, answering ids from
    `Batch.action_mask`, a card-by-card play one round per pick), scored in order."""
    from fenpai.envs.vector_decisions import DecisionHands  # the rl extra's gymnasium

    if batch_size < 1:
        raise ValueError(f"batch_size must be >= 1, not {batch_size!r}")
    chunks: list[Chunk] = []
    for first in range(0, len(seeds), batch_size):
        part = seeds[first : first + batch_size]
        hands = DecisionHands(probe, list(bots), len(part), first=first)
        chunks.append(probe.score_facts(hands.play_out(part)))
    return chunks


#: The fewest games of a chunk at the tapered end of a run on several threads (`tapered`).
TAIL_LEAST = 16


def tapered(seeds: np.ndarray, workers: int) -> list[np.ndarray]:
    """The seeds in chunks of consecutive games for `workers` threads: of `chunk_size`
    games while plenty are left, then, on more than one thread, each at most half of what
    is left per worker (but `TAIL_LEAST` games), so that the workers finish nearly
    together rather than one waiting out the other's last whole chunk."""
    size, parts, start = chunk_size(len(seeds), workers), [], 0
    while start < len(seeds):
        left = len(seeds) - start
        take = size if workers == 1 else min(size, max(left // (2 * workers), TAIL_LEAST))
        parts.append(seeds[start : start + take])
        start += take
    return parts


def _chunk(probe: Game, seeds: np.ndarray, names: list[str]) -> Chunk:
    """The games of `seeds`, played and scored in the core in one call."""
    return probe.play_batch(seeds.tolist(), names)


def play_chunk(variant: str, options: dict[str, Any], names: list[str], seeds: list[int]) -> Chunk:
    """The games of `seeds`, from plain arguments: a chunk for another process or machine
    (a Ray task)."""
    return new_game(variant, seed=0, **options).play_batch(seeds, names)


def _in_threads(
    workers: int, probe: Game, parts: list[np.ndarray], names: list[str], progress: Progress
) -> list[Chunk]:
    """The chunks in order, from `workers` threads (each chunk in the core without the
    GIL); on an interrupt (Ctrl-C) the chunks not started are cancelled and the error goes
    on at once."""
    pool = ThreadPoolExecutor(max_workers=workers)
    chunks: list[Chunk] = []
    done = 0
    try:
        for chunk in pool.map(lambda p: _chunk(probe, p, names), parts):
            chunks.append(chunk)
            done += games_in(chunk)
            progress(done)
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return chunks


def _nothing(done: int) -> None:
    """No progress report."""


def _locally(
    probe: Game, names: list[str], seeds: np.ndarray, workers: int, progress: Progress
) -> list[Chunk]:
    """The games' chunks in order, played here: on `workers` threads, or in this thread."""
    parts = tapered(seeds, workers)
    if workers > 1 and len(parts) > 1:
        return _in_threads(workers, probe, parts, names, progress)
    chunks: list[Chunk] = []
    done = 0
    for part in parts:
        chunks.append(_chunk(probe, part, names))
        done += len(part)
        progress(done)
    return chunks


def simulate(
    variant: str,
    games: int,
    seed: int = 0,
    bots: Sequence[str | Policy] | str = "random",
    workers: int = 1,
    batch_size: int = 256,
    backend: str = "threads",
    progress: Progress | None = None,
    reward: str = DEFAULT_REWARD,
    actions: str = "legal",
    **options: Any,
) -> dict[str, np.ndarray]:
    """Plays `games` whole games; returns per-game arrays: "game_points" and
    "card_points" (games x seats), "won" (games x seats: the seat is among the hand's
    `result["winners"]`), "reward" (games x seats: each seat's in mode `reward`, as the
    environments pay it, `fenpai.envs.payoffs`), "actions" (games) and "seed" (each
    game's seed, to replay it through `new_game`).

    `bots[seat]` is a built-in bot's name or a policy: a callable given a
    `fenpai.batch.Batch` (the games waiting on it: `games`, `seats`, `obs`, `num_legal`,
    `legal_actions(row)`) that returns one legal-action index per game. Up to
    `batch_size` games per worker are in flight, so a policy sees batches of up to that
    many. A policy whose answer for a game depends only on that game's row gives the
    same results for any `workers` or `batch_size`, the results of the step API with the
    same policy; an answer out of range raises `IllegalAction` naming the game and seat.
    With `actions="decisions"` a policy answers instead one id of the environments' one
    action space per game (`fenpai.envs.decisions`: fixed ids, then card by card), an id
    `batch.action_mask` allows, exactly as `VectorEnv`'s policies do (needs the `rl`
    extra; played on one thread, `batch_size` games at a time): the games are those of
    the AEC and single-seat environments given the same ids; an id the mask does not
    allow raises `IllegalAction` naming the policy, game and seat. Fifty-K of several
    decks (FKO-20) is played in both, its decision ids `fenpai.spaces`' several-deck
    table.

    `backend="threads"` (or `"processes"`, the same local backend) plays on `workers`
    threads here; `backend="ray"` runs `workers`
    Ray tasks at a time on the Ray cluster `ray.init` connected to (or, if none, on the
    one `ray.init()` finds or starts), built-in bots only, see `fenpai.ray_backend`. The
    results are the same whatever `workers` and `backend`. `progress`, if given, is told
    the number of games finished so far as the chunks finish."""
    check_reward(reward)
    if actions not in ACTIONS:
        raise ValueError(f"actions must be one of {', '.join(map(repr, ACTIONS))}, not {actions!r}")
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
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}: expected one of {', '.join(BACKENDS)}")
    builtin = [name for name in names if isinstance(name, str)]
    probe.check_bots(builtin)  # a bot that cannot play these tables, by name
    if backend == "ray" and len(builtin) < n:
        raise ValueError("backend='ray' plays built-in bots only: a policy plays here, on threads")
    report = progress or _nothing
    seeds = game_seeds(seed, games)
    if len(builtin) < n and actions == "decisions":
        chunks = scored_with_decisions(probe, seeds.tolist(), names, batch_size)
        report(games)
    elif len(builtin) < n:
        chunks = [scored_with_policies(probe, seeds.tolist(), names, workers, batch_size)]
        report(games)
    elif backend == "ray":
        from fenpai import ray_backend

        chunks = ray_backend.play(variant, options, builtin, seeds.tolist(), workers, report)
    else:
        chunks = _locally(probe, builtin, seeds, workers, report)
    out = joined(chunks, n)
    return {**out, "reward": rewards(reward, out["game_points"], out["won"]), "seed": seeds}
