"""Self-play on a Ray cluster: the `ray` backend of `fenpai.simulate`.

The driver plays the first few games itself to measure what a game costs, then splits
the rest into Ray tasks of at least `TASK_SECONDS` of play each (Ray's guidance: tasks
under about ten milliseconds cost more in overhead than they gain), keeps `workers` of
them running (`in_flight`) and puts their results back in game order. A game's result
depends only on its seed, so the results are those of `workers=1` on one machine. Ray
is an optional extra: `pip install 'fenpai[ray]'`.
"""

from __future__ import annotations

import functools
import logging
import math
import socket
import time
from itertools import islice
from types import ModuleType
from typing import Any

from fenpai.simulation import Chunk, Progress, chunk_size, games_in, play_chunk, split

#: The least play (seconds, as measured) in one Ray task: twice Ray's ~10 ms floor, so
#: that a task stays above it when the measure was optimistic.
TASK_SECONDS = 0.02
#: The most play in one task, so that progress shows and Ctrl-C or a lost node costs
#: little.
MOST_TASK_SECONDS = 1.0
#: How long the driver plays games itself to measure their cost.
PROBE_SECONDS = 0.01
#: How long to wait for a cluster's head to accept a connection (Ray itself retries for
#: minutes).
CONNECT_SECONDS = 5.0
INSTALL = "pip install 'fenpai[ray]'"


class RayUnavailable(RuntimeError):
    """Ray is not installed, or no Ray cluster answers at the address given."""


def _ray() -> ModuleType:
    try:
        import ray
    except ImportError:
        raise RayUnavailable(f"Ray is not installed: {INSTALL}") from None
    return ray


def connect(address: str | None = None) -> None:
    """Connects this process to the Ray cluster whose head is at `address` (HOST:PORT,
    ray://HOST:PORT for Ray Client, or auto), or with none to the cluster RAY_ADDRESS
    names, else a new local one; Ray's own messages here are errors only. Connected
    already, it only checks the address."""
    ray = _ray()
    if address:
        _reachable(address)
    if ray.is_initialized():
        return
    try:
        ray.init(address=address or None, logging_level=logging.ERROR, include_dashboard=False)
    except (ConnectionError, ValueError) as err:
        where = f" at {address}" if address else ""
        raise RayUnavailable(f"cannot connect to a Ray cluster{where}: {err}") from None


def _reachable(address: str) -> None:
    """Fails at once when nothing listens at `address`, where Ray would retry for
    minutes."""
    if address in ("auto", "local"):
        return
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not host or not port.isdigit():
        raise RayUnavailable(
            f"{address!r} is not a Ray cluster's address: expected HOST:PORT of its head, "
            "ray://HOST:PORT or auto"
        )
    try:
        socket.create_connection((host.strip("[]"), int(port)), CONNECT_SECONDS).close()
    except OSError as err:
        raise RayUnavailable(f"no Ray cluster at {address}: {err.strerror or err}") from None


def cluster_cpus() -> int:
    """The CPUs of the connected cluster: how many tasks it runs at once."""
    return max(1, int(_ray().cluster_resources().get("CPU", 1)))


def task_size(games: int, workers: int, seconds_per_game: float) -> int:
    """Games per Ray task: `simulate`'s chunking, within TASK_SECONDS..MOST_TASK_SECONDS
    of play at `seconds_per_game`."""
    least = math.ceil(TASK_SECONDS / seconds_per_game)
    most = max(least, int(MOST_TASK_SECONDS / seconds_per_game))
    return chunk_size(games, workers, least, most)


def play(
    variant: str,
    options: dict[str, Any],
    names: list[str],
    seeds: list[int],
    workers: int,
    progress: Progress,
) -> list[Chunk]:
    """The games of `seeds` in chunks in order: a few played here to measure them, the
    rest in Ray tasks, `workers` at a time."""
    ray = _ray()
    connect()
    first, seconds_per_game = _probe(variant, options, names, seeds)
    done = sum(map(games_in, first))
    progress(done)
    rest = seeds[done:]
    parts = split(rest, task_size(len(rest), workers, seconds_per_game))
    game = (variant, options, names)
    ahead = in_flight(workers, cluster_cpus())
    return first + _in_tasks(ray, _remote_chunk(), game, parts, ahead, done, progress)


def in_flight(workers: int, cpus: int) -> int:
    """Tasks submitted at a time: `workers`, or twice that when they cover the cluster's
    CPUs, so that a task waits queued on the cluster behind each running one and no CPU
    waits for this driver between tasks (Ray still runs no more tasks than CPUs)."""
    return 2 * workers if workers >= cpus else workers


def _probe(
    variant: str, options: dict[str, Any], names: list[str], seeds: list[int]
) -> tuple[list[Chunk], float]:
    """The first games, played here in chunks of 1, 2, 4, … until PROBE_SECONDS have
    passed, and the seconds a game took."""
    chunks: list[Chunk] = []
    done = 0
    start = time.perf_counter()
    size = 1
    while done < len(seeds) and time.perf_counter() - start < PROBE_SECONDS:
        chunks.append(play_chunk(variant, options, names, seeds[done : done + size]))
        done += games_in(chunks[-1])
        size *= 2
    return chunks, max(time.perf_counter() - start, 1e-9) / max(1, done)


@functools.cache
def _remote_chunk() -> Any:
    """`play_chunk` as a Ray remote function, defined once (Ray's guidance)."""
    return _ray().remote(play_chunk)


def _in_tasks(
    ray: ModuleType,
    remote: Any,
    game: tuple[str, dict[str, Any], list[str]],
    parts: list[list[int]],
    ahead: int,
    done: int,
    progress: Progress,
) -> list[Chunk]:
    """The parts' chunks in order, from tasks of `remote` (`play_chunk` in Ray), `ahead`
    submitted at a time, whatever order they finish in; on an error or an interrupt
    (Ctrl-C) the tasks under way are cancelled."""
    results: list[Chunk] = [{} for _ in parts]
    todo = enumerate(parts)
    pending: dict[Any, int] = {}
    try:
        for i, part in islice(todo, ahead):
            pending[remote.remote(*game, part)] = i
        while pending:
            [ready], _ = ray.wait(list(pending), num_returns=1)
            i = pending.pop(ready)
            results[i] = ray.get(ready)
            done += games_in(results[i])
            progress(done)
            for j, part in islice(todo, 1):
                pending[remote.remote(*game, part)] = j
    except BaseException:
        for ref in pending:
            ray.cancel(ref)
        raise
    return results
