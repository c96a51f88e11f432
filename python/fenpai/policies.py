"""Whole games where some seats are played by Python policies (see `fenpai.batch`):
the core's batch runner (`_core.Driver`) keeps up to `batch_size` games in flight per
worker, plays the built-in bots inside the core with the GIL released, and stops each
game where it waits on a policy's seat; each policy is then called once with every game
waiting on it, and the runner goes on.

Each game's course depends only on its seed and the answers it gets, so a policy whose
answer for a row depends only on that row gives the same games whatever `workers` or
`batch_size`. With more than one worker, each worker thread runs its own runner over its
share of the games; the policies are never called concurrently.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import numpy as np

from fenpai._core import Driver
from fenpai.batch import Policy, answers, apply_answers, waiting_batch
from fenpai.games.base import Game

#: Finished games' ids and their facts, as `Driver.take_outcomes` gives them.
Facts = tuple[np.ndarray, dict[str, Any]]

Done = TypeVar("Done")

#: Moves a runner's finished games into the list of what it collected.
Collect = Callable[[Driver, list[Done]], None]


def _groups(bots: Sequence[str | Policy]) -> list[tuple[Policy, np.ndarray]]:
    """Each policy with its seats, in the order of their first seat (one object playing
    several seats gets them in one batch)."""
    seats: dict[int, tuple[Policy, list[int]]] = {}
    for seat, bot in enumerate(bots):
        if not isinstance(bot, str):
            seats.setdefault(id(bot), (bot, []))[1].append(seat)
    return [(policy, np.array(own, dtype=np.int64)) for policy, own in seats.values()]


class _Run:
    """One run's shared configuration, and the stop flag its workers watch."""

    def __init__(self, probe: Game, seeds: Sequence[int], bots: Sequence[str | Policy], size: int):
        self.probe = probe
        self.seeds = seeds
        self.players = [b if isinstance(b, str) else None for b in bots]
        self.groups = _groups(bots)
        self.size = size
        self.lock = threading.Lock()
        self.stop = threading.Event()

    def play(self, ids: Sequence[int]) -> list[tuple[int, Game]]:
        """The finished games of `ids`, played by one runner; an error stops the others."""
        probe = self.probe

        def collect(driver: Driver, done: list[tuple[int, Game]]) -> None:
            for gid, seed, objects in driver.take_finished():
                done.append((int(gid), probe.hand_from(int(seed), objects)))

        return self._guarded(ids, collect)

    def outcomes(self, ids: Sequence[int]) -> list[Facts]:
        """The facts of the finished games of `ids` (`Driver.take_outcomes`), played by
        one runner, with no Python object per game."""

        def collect(driver: Driver, done: list[Facts]) -> None:
            found, facts = driver.take_outcomes()
            if len(found):
                done.append((found.astype(np.int64), facts))

        return self._guarded(ids, collect)

    def _guarded(self, ids: Sequence[int], collect: Collect[Done]) -> list[Done]:
        """`_play`; an error stops the other runners."""
        try:
            return self._play(ids, collect)
        except BaseException:
            self.stop.set()
            raise

    def _play(self, ids: Sequence[int], collect: Collect[Done]) -> list[Done]:
        probe = self.probe
        slots_wanted = max(1, min(self.size, len(ids)))
        driver = Driver(probe.variant, self.players, slots_wanted, **probe.hands_options())
        driver.queue(list(ids), [self.seeds[i] for i in ids])
        buffer = np.empty((driver.num_slots, driver.obs_size), dtype=np.float32)
        done: list[Done] = []
        while not self.stop.is_set():
            driver.advance()
            collect(driver, done)
            if driver.idle:
                break
            slots, games, seats = driver.waiting()
            for policy, own in self.groups:
                pick = np.isin(seats, own)
                if not pick.any():
                    continue
                batch = waiting_batch(
                    driver, probe.variant, slots[pick], games[pick], seats[pick], buffer
                )
                with self.lock:
                    answer = policy(batch)
                apply_answers(driver, policy, slots[pick], answers(policy, batch, answer))
        return done


def _parts(
    run: _Run, play: Callable[[Sequence[int]], list[Done]], games: int, workers: int
) -> list[Done]:
    """`play` over the games' ids, split between `workers` threads."""
    ids = list(range(games))
    share = -(-len(ids) // workers) if ids else 1
    parts = [ids[i : i + share] for i in range(0, len(ids), share)]
    if len(parts) < 2:
        return play(ids)
    pool = ThreadPoolExecutor(max_workers=len(parts))
    try:
        done = [g for part in pool.map(play, parts) for g in part]
    except BaseException:
        run.stop.set()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return done


def play_with_policies(
    probe: Game,
    seeds: Sequence[int],
    bots: Sequence[str | Policy],
    workers: int = 1,
    batch_size: int = 256,
) -> list[Game]:
    """The games of `seeds` (in order) played to their end, `bots[seat]` a built-in
    bot's name or a policy; `probe` gives the variant and its options."""
    if batch_size < 1:
        raise ValueError(f"batch_size must be >= 1, not {batch_size!r}")
    run = _Run(probe, seeds, bots, batch_size)
    done = _parts(run, run.play, len(seeds), workers)
    done.sort(key=lambda pair: pair[0])
    return [game for _, game in done]


def scored_with_policies(
    probe: Game,
    seeds: Sequence[int],
    bots: Sequence[str | Policy],
    workers: int = 1,
    batch_size: int = 256,
) -> dict[str, np.ndarray]:
    """`play_with_policies`' games scored in one batch (`Game.score_facts`), in order,
    without a `Game` per game."""
    if batch_size < 1:
        raise ValueError(f"batch_size must be >= 1, not {batch_size!r}")
    run = _Run(probe, seeds, bots, batch_size)
    found = _parts(run, run.outcomes, len(seeds), workers)
    if not found:
        return probe.play_batch([], ["random"] * probe.num_players)  # no games, scored
    ids = np.concatenate([i for i, _ in found])
    order = np.argsort(ids, kind="stable")
    facts: dict[str, Any] = {}
    for key, first in found[0][1].items():
        if isinstance(first, np.ndarray):
            facts[key] = np.concatenate([f[key] for _, f in found])[order]
        else:
            joined = [v for _, f in found for v in f[key]]
            facts[key] = [joined[i] for i in order.tolist()]
    return probe.score_facts(facts)
