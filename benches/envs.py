"""Benchmark of the learning interfaces, per variant: `fenpai.spaces.legal` per phase
(median microseconds over every decision of random hands), the PettingZoo AEC
environment and the single-seat Gymnasium one (`SeatEnv`, against greedy bots), random
allowed actions, and OpenSpiel (whole random hands per second, chance nodes included),
when the `rl` and `openspiel` extras are installed. With OpenSpiel importable, the
environments' rates are also given over OpenSpiel hearts' Python loop (`legal_actions`,
a random one, `apply_action`, every decision of every seat) in the same process,
against the bar `STEPS_BAR` (marked pass or fail), in two units:

- steps: every seat's steps, as hearts counts every seat's decisions. The AEC
  environment steps every seat. A `SeatEnv` step is the learning seat's step and the
  bots' turns up to its next decision, so its seats' steps are the learning seat's
  steps and the bots' decisions (each a whole game action, played in the core). The
  learning seat's steps alone are printed beside them, not judged: that figure sets one
  seat's steps against hearts' four seats' decisions, so it charges the environment
  for the bots' work and credits it none of their decisions.
- whole game actions of every seat (from the hand's record), hearts' unit: a card pick
  of a trick play or burial is a step (C-4), not a decision.

Every rate is per CPU second (`time.process_time`), the median of `--rounds` rounds,
hearts measured in each round beside them. `SeatEnv` against random bots is printed
beside, not judged (greedy bots cost more than hearts' random choice).

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


def versus(rate: float, hearts: float | None, judged: bool = True) -> str:
    """The rate over hearts' loop, with its mark when `judged`, or nothing without
    OpenSpiel."""
    if hearts is None:
        return ""
    ratio = rate / hearts
    mark = f" ({'pass' if ratio >= STEPS_BAR else 'fail'})" if judged else ""
    return f" = {ratio:.3f} x hearts' loop{mark}"


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
) -> tuple[float, float, float]:
    """`SeatEnv` (seat 0 against `bots`), per CPU second: every seat's steps (seat 0's
    steps, a card pick a step, and the bots' decisions it played between them), the
    whole game actions of every seat, and seat 0's steps alone. Counting the bots'
    decisions and the actions (from the hand's record) is left out of the time."""
    from fenpai.envs import SeatEnv

    env = SeatEnv(variant, bots=bots, **options)
    rng = random.Random(0)
    steps, bot_steps, actions, aside, start = 0, 0, 0, 0.0, time.process_time()
    for seed in range(hands):
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            ids = obs["action_mask"].view(np.bool_).nonzero()[0]
            obs, _, done, _, _ = env.step(ids[rng.randrange(len(ids))])
            steps += 1
        counting = time.process_time()
        history = env.game.history
        actions += len(history)
        bot_steps += sum(seat != env.seat for seat, _ in history)
        aside += time.process_time() - counting
    spent = time.process_time() - start - aside
    return (steps + bot_steps) / spent, actions / spent, steps / spent


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
            steps, decisions, own = seat_rate(variant, options, hands, bots)
            rates[f"seat {bots}"].append(steps)
            rates[f"seat {bots} decisions"].append(decisions)
            rates[f"seat {bots} own"].append(own)
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
            hearts = rates["hearts"]
            figures = {k: v for k, v in rates.items() if v is not None}
            if hearts is not None:
                print(f"  OpenSpiel hearts, Python loop: {hearts:,.0f} decisions/s")
            aec, actions = figures["aec"], figures["aec actions"]
            print(f"  PettingZoo AEC {aec:,.0f} steps/s{versus(aec, hearts)}")
            print(f"    whole game actions {actions:,.0f}/s{versus(actions, hearts)}")
            seat, actions = figures["seat greedy"], figures["seat greedy decisions"]
            own = figures["seat greedy own"]
            print(f"  SeatEnv (vs greedy) every seat's {seat:,.0f} steps/s{versus(seat, hearts)}")
            print(f"    whole game actions {actions:,.0f}/s{versus(actions, hearts)}")
            print(
                f"    (not judged) the learning seat's own {own:,.0f} steps/s"
                f"{versus(own, hearts, judged=False)}; vs random bots every seat's"
                f" {figures['seat random']:,.0f} steps/s, {figures['seat random decisions']:,.0f}"
                f" game actions/s, the seat's own {figures['seat random own']:,.0f} steps/s"
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
