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
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from fenpai._core import Driver
from fenpai.batch import Policy, answers, apply_answers, waiting_batch
from fenpai.games.base import Game


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
        try:
            return self._play(ids)
        except BaseException:
            self.stop.set()
            raise

    def _play(self, ids: Sequence[int]) -> list[tuple[int, Game]]:
        probe = self.probe
        slots_wanted = max(1, min(self.size, len(ids)))
        driver = Driver(probe.variant, self.players, slots_wanted, **probe.hands_options())
        driver.queue(list(ids), [self.seeds[i] for i in ids])
        buffer = np.empty((driver.num_slots, driver.obs_size), dtype=np.float32)
        done: list[tuple[int, Game]] = []
        while not self.stop.is_set():
            driver.advance()
            for gid, seed, objects in driver.take_finished():
                done.append((int(gid), probe.hand_from(int(seed), objects)))
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
    ids = list(range(len(seeds)))
    share = -(-len(ids) // workers) if ids else 1
    parts = [ids[i : i + share] for i in range(0, len(ids), share)]
    if len(parts) < 2:
        done = run.play(ids)
    else:
        pool = ThreadPoolExecutor(max_workers=len(parts))
        try:
            done = [g for part in pool.map(run.play, parts) for g in part]
        except BaseException:
            run.stop.set()
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown()
    done.sort(key=lambda pair: pair[0])
    return [game for _, game in done]
