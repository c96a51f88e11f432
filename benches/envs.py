"""Benchmark of the learning interfaces, per variant: `fenpai.spaces.legal` per phase
(median microseconds over every decision of random hands), the PettingZoo AEC
environment and the single-seat Gymnasium one (agent steps per second, random allowed
actions; the Gymnasium figure, the one the bar judges, includes the greedy bots' turns;
the Gymnasium rate against random bots and every seat's decisions per second are printed
beside it, not judged), and OpenSpiel (whole random
hands per second, chance nodes included), when the `rl` and `openspiel` extras are
installed. With OpenSpiel importable, the AEC and Gymnasium rates are also given over
OpenSpiel hearts' Python loop (`legal_actions`, a random one, `apply_action`, every
decision) in the same process, against the bar `STEPS_BAR` (marked pass or fail). Every
rate is per CPU second (`time.process_time`), the median of `--rounds` rounds, hearts
measured in each round beside them.

Both sides choose alike: hearts takes `actions[rng.randrange(len(actions))]` of its
legal list, the environments `ids[rng.randrange(len(ids))]` of the ids their mask
allows (`mask.view(bool).nonzero()[0]`: the mask made a list, the int8 mask seen as
bools, which numpy scans several times faster), so that neither pays for a numpy
`Generator.choice` the other does not.

    python benches/envs.py [--hands 5] [--rounds 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict

import numpy as np
import vector_env

import fenpai
from fenpai import spaces

VARIANTS = [("red_five_4p", {}), ("red_five_5p", {}), ("tractor", {}), ("fifty_k", {})]

#: The AEC and single-seat environments' steps/s over hearts' Python loop, at least.
STEPS_BAR = 0.3


def hearts_rate(seconds: float = 1.0) -> float | None:
    """OpenSpiel hearts' Python loop, random legal actions, decisions per CPU second
    (None without OpenSpiel)."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return None
    return vector_env.hearts_rate(seconds, time.process_time)


def versus(rate: float, hearts: float | None) -> str:
    """The rate over hearts' loop with its mark, or nothing without OpenSpiel."""
    if hearts is None:
        return ""
    ratio = rate / hearts
    return f" = {ratio:.3f} x hearts' loop ({'pass' if ratio >= STEPS_BAR else 'fail'})"


def legal_times(variant: str, options: dict[str, object], hands: int) -> dict[str, float]:
    """Median µs of `spaces.legal(game, seat)` per phase over random hands."""
    times: dict[str, list[float]] = defaultdict(list)
    for seed in range(hands):
        rng = random.Random(seed)
        game = fenpai.new_game(variant, seed=seed, **options)
        while game.phase != "done":
            seat = game.to_act[0]
            start = time.process_time()
            spaces.legal(game, seat)
            times[game.phase].append(time.process_time() - start)
            game.apply_legal(seat, rng.randrange(game.num_legal(seat)))
    return {phase: statistics.median(ts) * 1e6 for phase, ts in times.items()}


def aec_rate(variant: str, options: dict[str, object], hands: int) -> tuple[float, float]:
    """The AEC environment, every seat a random allowed id: its steps per CPU second (the
    figure the bar judges; a card pick of a trick play or burial is a step), and the
    whole game actions it applied per CPU second (every seat's, from the hand's record,
    counted outside the time): the same unit as hearts' decisions."""
    from fenpai.envs import pettingzoo_env

    env = pettingzoo_env(variant, **options)
    rng = random.Random(0)
    steps, actions, aside, start = 0, 0, 0.0, time.process_time()
    for seed in range(hands):
        env.reset(seed=seed)
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            ids = obs["action_mask"].view(np.bool_).nonzero()[0]
            env.step(ids[rng.randrange(len(ids))])
            steps += 1
        counting = time.process_time()
        actions += len(env.game.history)
        aside += time.process_time() - counting
    spent = time.process_time() - start - aside
    return steps / spent, actions / spent


def seat_rate(
    variant: str, options: dict[str, object], hands: int, bots: str = "greedy"
) -> tuple[float, float]:
    """`SeatEnv` (seat 0 against `bots`): the seat's steps per CPU second (the figure the
    bar judges; a card pick is a step), and the whole game actions of every seat (the
    seat's and the bots', as hearts' loop counts every seat's decisions) per CPU second.
    Counting them (from the hand's record) is left out of the time."""
    from fenpai.envs import SeatEnv

    env = SeatEnv(variant, bots=bots, **options)
    rng = random.Random(0)
    steps, actions, aside, start = 0, 0, 0.0, time.process_time()
    for seed in range(hands):
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            ids = obs["action_mask"].view(np.bool_).nonzero()[0]
            obs, _, done, _, _ = env.step(ids[rng.randrange(len(ids))])
            steps += 1
        counting = time.process_time()
        actions += len(env.game.history)
        aside += time.process_time() - counting
    spent = time.process_time() - start - aside
    return steps / spent, actions / spent


def vector_rate(variant: str, options: dict[str, object], hands: int, envs: int = 64) -> float:
    """`VectorEnv` (its default space, the same action space: `envs` hands per step
    against greedy bots) agent steps per CPU second, one random allowed id per env and
    step chosen as the others choose, for `hands` hands per env."""
    from fenpai.envs import VectorEnv

    env = VectorEnv(variant, envs, **options)
    rng = random.Random(0)
    obs, _ = env.reset(seed=0)
    decisions, ended, start = 0, 0, time.process_time()
    actions = np.zeros(envs, dtype=np.int64)
    while ended < hands * envs:
        for i, mask in enumerate(obs["action_mask"]):
            ids = mask.view(np.bool_).nonzero()[0]
            actions[i] = ids[rng.randrange(len(ids))] if len(ids) else 0
            decisions += len(ids) > 0
        obs, _, terminated, _, _ = env.step(actions)
        ended += int(terminated.sum())
    return decisions / (time.process_time() - start)


def openspiel_rate(variant: str, hands: int) -> float:
    import pyspiel

    import fenpai.openspiel

    fenpai.openspiel.register()
    game = pyspiel.load_game(f"python_fenpai_{variant}")
    rng = np.random.default_rng(0)
    start = time.process_time()
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
    return hands / (time.process_time() - start)


def env_rates(
    variant: str, options: dict[str, object], hands: int, rounds: int
) -> dict[str, float | None]:
    """Medians over `rounds` of the AEC and one-seat rates (`seat_rate`, against greedy
    and random bots) and of hearts' loop, each round measuring them all."""
    rates: dict[str, list[float]] = defaultdict(list)
    for _ in range(rounds):
        steps, actions = aec_rate(variant, options, hands)
        rates["aec"].append(steps)
        rates["aec actions"].append(actions)
        for bots in ("greedy", "random"):
            steps, decisions = seat_rate(variant, options, hands, bots)
            rates[f"seat {bots}"].append(steps)
            rates[f"seat {bots} decisions"].append(decisions)
        found = hearts_rate()
        if found is not None:
            rates["hearts"].append(found)
    out: dict[str, float | None] = {k: statistics.median(v) for k, v in rates.items()}
    out.setdefault("hearts", None)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(f"bar {STEPS_BAR} x OpenSpiel hearts' Python loop; medians of {args.rounds} rounds")
    for variant, options in VARIANTS:
        phases = legal_times(variant, options, args.hands)
        said = ", ".join(f"{p} {us:.1f} µs" for p, us in phases.items())
        print(f"{variant}: spaces.legal median {said}")
        try:
            rates = env_rates(variant, options, args.hands, args.rounds)
            hearts, aec, seat = rates["hearts"], rates["aec"], rates["seat greedy"]
            assert aec is not None and seat is not None
            if hearts is not None:
                print(f"  OpenSpiel hearts, Python loop: {hearts:,.0f} decisions/s")
            print(f"  PettingZoo AEC {aec:,.0f} steps/s{versus(aec, hearts)}")
            actions = rates["aec actions"]
            assert actions is not None
            same = "" if hearts is None else f" = {actions / hearts:.3f} x hearts' decisions"
            print(f"    (not judged) whole game actions {actions:,.0f}/s{same}")
            print(f"  SeatEnv (vs greedy) {seat:,.0f} steps/s{versus(seat, hearts)}")
            print(
                f"    (not judged) every seat's whole game actions"
                f" {rates['seat greedy decisions']:,.0f}/s;"
                f" vs random bots {rates['seat random']:,.0f} steps/s,"
                f" {rates['seat random decisions']:,.0f} game actions/s"
            )
            vector = vector_rate(variant, options, args.hands)
            print(f"  VectorEnv (64 envs vs greedy) {vector:,.0f} steps/s")
        except ImportError:
            print("  (no rl extra: pip install 'fenpai[rl]')")
        try:
            print(f"  OpenSpiel {openspiel_rate(variant, args.hands):.2f} random hands/s")
        except ImportError:
            print("  (no openspiel extra: pip install 'fenpai[openspiel]')")


if __name__ == "__main__":
    main()
