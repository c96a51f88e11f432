"""Where a `VectorEnv` hand's CPU time goes, beside a whole `simulate` hand (built-in
random bots) in the same run: the CPU microseconds per finished hand of each call into
the core's batch runner (`Driver.step`, one per step: the agent's actions, the bots'
moves, the deals, the observations and masks; `outcomes`: the ended hands' facts) and
of the Python around them (the rest of the step, the hands' scoring included), the
agent a random legal index drawn with numpy for every env at once, the opponents random
bots, the observations written in place (`copy=False`, as `benches/vector_env.py`
judges the env).

A script, not a test: it prints figures and asserts nothing about time.

    python benches/vector_env_parts.py [--seconds 2] [--rounds 3] [--num-envs 256]
    python benches/vector_env_parts.py --variants fifty_k

Medians of interleaved rounds. Most of `step` is work `simulate` also does (the deals,
every seat's moves); the observations and masks are the environment's own; the Python
share is what a step costs beyond the core (the scoring, which `simulate` pays too,
included).
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import numpy as np

import fenpai
from fenpai.envs import VectorEnv
from fenpai.envs.vector_legal import LegalHands

VARIANTS = ("tractor", "red_five_4p", "red_five_5p", "fifty_k")


class Timed:
    """The env's core runner with each method call's CPU time added up by name."""

    def __init__(self, driver: Any, spent: dict[str, float]):
        self._driver, self._spent = driver, spent

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._driver, name)
        if not callable(found):
            return found
        spent = self._spent

        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.process_time()
            try:
                return found(*args, **kwargs)
            finally:
                spent[name] = spent.get(name, 0.0) + time.process_time() - start

        return timed


def vector_env_parts(variant: str, num_envs: int, seconds: float) -> dict[str, float]:
    """CPU microseconds per finished hand: each core call's, "python" and "total"."""
    env = VectorEnv(variant, num_envs, opponents="random", seed=3, actions="legal", copy=False)
    spent: dict[str, float] = {}
    hands = env._hands
    assert isinstance(hands, LegalHands)
    hands._driver = Timed(hands._driver, spent)  # type: ignore[assignment]
    rng = np.random.default_rng(0)
    _, info = env.reset()
    spent.clear()
    hands, start = 0, time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        actions = (rng.random(num_envs) * np.maximum(info["num_legal"], 1)).astype(np.int64)
        _, _, terminated, _, info = env.step(actions)
        hands += int(terminated.sum())
    parts = {name: value / hands * 1e6 for name, value in spent.items()}
    parts["python"] = (elapsed - sum(spent.values())) / hands * 1e6
    parts["total"] = elapsed / hands * 1e6
    return parts


def simulate_hand(variant: str, seconds: float) -> float:
    """CPU microseconds per finished hand of `simulate`, every seat the built-in random."""
    hands, games, start = 0, 64, time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        fenpai.simulate(variant, games, seed=hands, bots="random")
        hands += games
        games = min(games * 2, 4096)
    return elapsed / hands * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (3)")
    parser.add_argument("--seconds", type=float, default=2.0, help="per measurement (2)")
    parser.add_argument("--num-envs", type=int, default=256, help="VectorEnv's envs (256)")
    parser.add_argument("--variants", default=",".join(VARIANTS), help="comma-separated")
    args = parser.parse_args()
    variants = [v for v in args.variants.split(",") if v]
    unknown = [v for v in variants if v not in VARIANTS]
    if unknown or args.rounds < 1 or args.seconds <= 0 or args.num_envs < 1:
        parser.error(f"unknown variants {unknown}" if unknown else "bad rounds/seconds/num-envs")
    samples: dict[str, dict[str, list[float]]] = {v: {} for v in variants}
    for _ in range(args.rounds):
        for variant in variants:
            row = samples[variant]
            for name, value in vector_env_parts(variant, args.num_envs, args.seconds).items():
                row.setdefault(name, []).append(value)
            row.setdefault("simulate", []).append(simulate_hand(variant, args.seconds))
    print(
        f"CPU µs per finished hand, median of {args.rounds} rounds of {args.seconds} s; "
        f"VectorEnv with {args.num_envs} envs; simulate: a whole hand, random bots"
    )
    for variant, row in samples.items():
        medians = {name: statistics.median(values) for name, values in row.items()}
        total, simulate = medians.pop("total"), medians.pop("simulate")
        python = medians.pop("python")
        core = sorted(medians.items(), key=lambda item: -item[1])
        cells = " ".join(f"{name} {value:.1f}" for name, value in core)
        print(
            f"{variant:<12} VectorEnv {total:.1f} (core: {cells}; python {python:.1f}) "
            f"simulate {simulate:.1f}  ratio of hands/s {simulate / total:.2f}"
        )


if __name__ == "__main__":
    main()
