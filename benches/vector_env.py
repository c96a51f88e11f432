"""Benchmark of `fenpai.envs.VectorEnv` beside OpenSpiel 2.0.2 hearts' Python loop and
beside `simulate`, and of `simulate` with a Python policy beside its built-in random bot,
in one run.

A script, not a test: it prints figures and asserts nothing about time.

    python benches/vector_env.py [--rounds 3] [--seconds 2] [--num-envs 256]
    python benches/vector_env.py --variants tractor,fifty_k --json
    python benches/vector_env.py --no-reference   # fenpai alone
    python benches/vector_env.py --threads 2      # and VectorEnv(threads=2) besides

Every measurement runs once per round, the kinds interleaved, and the table gives the
median of the rounds:

- `VectorEnv` agent decisions/s (`actions="legal"`): `num_envs` hands, one seat the
  agent's (a random legal index drawn with numpy for every env at once), the other seats
  random bots in the core; a decision is an action the agent applied (the step after a
  hand ended, which only deals the next, is not one); and every decision of the hands
  (the agent's and the bots'), from the agent's rate times the hands' actions per agent
  decision (counted in an untimed run of the same env);
- OpenSpiel hearts, its Python loop: `legal_actions()`, a random one, `apply_action`,
  every decision of every player (chance outcomes drawn from the same list, not
  counted), in `benches/.venv-ref` (refenv.py), a process of its own each round;
- `simulate` decisions/s (its "actions") with every seat a Python policy (random legal
  indices in numpy, called once per batch), beside every seat the built-in `random`;
- finished hands per CPU second (`time.process_time`): `VectorEnv` as above (with
  `copy=False`, its observations written in place, the throughput setting; beside it
  the default `copy=True`, new arrays each step, not judged), from its steady state on
  (stepped until as many hands ended as it has envs before the clock starts), beside
  `simulate` with the built-in random bots on one thread, the bar being
  `VectorEnv` ≥ `HANDS_BAR` × `simulate` (marked pass or fail): both on one thread,
  like for like; and beside them `VectorEnv` in its default space
  (`actions="decisions"`, the environments' one: a random allowed id per env drawn with
  numpy from the mask, one id per step, a card-by-card play one step per card), its
  hands per CPU second over `simulate`'s and over the legal space's, and its steps (ids
  taken) per CPU second. With `--threads N` (N > 1) the same legal-space `VectorEnv`
  with `threads=N` is measured besides, per CPU second (every thread's) and per wall
  second, in a table of its own: threads change how much a second of the machine does,
  not the one-thread bar.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from refenv import run_in_reference

#: VectorEnv's finished hands per CPU second over simulate's, at least.
HANDS_BAR = 0.6

VARIANTS = {
    "tractor": ("tractor", {}),
    "red_five_4p": ("red_five_4p", {}),
    "red_five_5p": ("red_five_5p", {}),
    "fifty_k": ("fifty_k", {}),
}


def vector_env_rate(variant: str, options: dict, num_envs: int, seconds: float) -> float:
    """Agent decisions/s of a `VectorEnv` against random bots, random legal actions."""
    import numpy as np

    from fenpai.envs import VectorEnv

    env = VectorEnv(
        variant, num_envs, opponents="random", seed=1, actions="legal", copy=False, **options
    )
    rng = np.random.default_rng(0)
    info, ended = warmed_up(env, rng)
    decisions, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        _, _, terminated, _, info = env.step(random_indices(info, rng))
        decisions += num_envs - int(ended.sum())
        ended = terminated.copy()
    return decisions / elapsed


def random_indices(info: dict, rng: Any) -> Any:
    """A random legal index per env, drawn with numpy for every env at once."""
    import numpy as np

    return (rng.random(len(info["num_legal"])) * np.maximum(info["num_legal"], 1)).astype(np.int64)


def warmed_up(env: Any, rng: Any) -> tuple[dict, Any]:
    """Resets `env` and steps it (random legal indices) until as many hands have ended
    as it has envs: from then on hands end at the steady rate (just after a reset every
    hand is at its start and none ends for a while, which a short timing would count
    against the env). Returns the last infos and which hands the last step ended."""
    _, info = env.reset()
    ended, terminated = 0, None
    while ended < env.num_envs:
        _, _, terminated, _, info = env.step(random_indices(info, rng))
        ended += int(terminated.sum())
    return info, terminated.copy()


def vector_env_hands(
    variant: str,
    options: dict,
    num_envs: int,
    seconds: float,
    threads: int = 1,
    copy: bool = False,
) -> tuple[float, float]:
    """Finished hands per CPU second and per wall second of a `VectorEnv` (on `threads`
    threads, `copy` as given) against random bots, the agent's random legal indices drawn
    with numpy, from its steady state on."""
    import numpy as np

    from fenpai.envs import VectorEnv

    env = VectorEnv(
        variant,
        num_envs,
        opponents="random",
        seed=3,
        threads=threads,
        actions="legal",
        copy=copy,
        **options,
    )
    rng = np.random.default_rng(0)
    info, _ = warmed_up(env, rng)
    hands, start, wall = 0, time.process_time(), time.perf_counter()
    while (elapsed := time.process_time() - start) < seconds:
        _, _, terminated, _, info = env.step(random_indices(info, rng))
        hands += int(terminated.sum())
    return hands / elapsed, hands / (time.perf_counter() - wall)


def random_allowed(mask: Any, rng: Any) -> Any:
    """A random allowed id per row of an int8 mask, drawn in numpy for every row at once
    (0 for a row that allows none: a hand that just ended, whose action is ignored)."""
    import numpy as np

    flat = np.flatnonzero(mask.view(bool).ravel())  # one flat scan: far faster than 2-d
    rows, ids = np.divmod(flat, mask.shape[1])
    counts = np.bincount(rows, minlength=len(mask))
    first = np.cumsum(counts) - counts
    pick = first + (rng.random(len(mask)) * counts).astype(np.int64)
    return np.where(counts > 0, ids[np.minimum(pick, len(ids) - 1)], 0)


def decisions_hands(
    variant: str, options: dict, num_envs: int, seconds: float
) -> tuple[float, float]:
    """Finished hands and steps (ids taken) per CPU second of a `VectorEnv` in the one
    action space (its default, `copy=False`) against random bots, random allowed ids,
    from its steady state on."""
    import numpy as np

    from fenpai.envs import VectorEnv

    env = VectorEnv(variant, num_envs, opponents="random", seed=3, copy=False, **options)
    rng = np.random.default_rng(0)
    obs, _ = env.reset()
    done, ended = 0, np.zeros(num_envs, dtype=bool)
    while done < num_envs:  # to the steady state, as `warmed_up`
        obs, _, ended, _, _ = env.step(random_allowed(obs["action_mask"], rng))
        done += int(ended.sum())
    hands = steps = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        obs, _, terminated, _, _ = env.step(random_allowed(obs["action_mask"], rng))
        hands += int(terminated.sum())
        steps += num_envs - int(ended.sum())
        ended = terminated
    return hands / elapsed, steps / elapsed


def simulate_hands(variant: str, options: dict, seconds: float) -> float:
    """Finished hands per CPU second of `simulate`, every seat the built-in random."""
    import fenpai

    hands, games, start = 0, 64, time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        fenpai.simulate(variant, games, seed=hands, bots="random", **options)
        hands += games
        games = min(games * 2, 4096)
    return hands / elapsed


def actions_per_decision(variant: str, options: dict, num_envs: int = 64) -> float:
    """Every action of the finished hands per agent decision, in an untimed run."""
    import numpy as np

    from fenpai.envs import VectorEnv

    env = VectorEnv(variant, num_envs, opponents="random", seed=2, actions="legal", **options)
    rng = np.random.default_rng(1)
    _, info = env.reset()
    mine = np.zeros(num_envs, dtype=np.int64)
    ended = np.zeros(num_envs, dtype=bool)
    agent = actions = 0
    while agent < 20 * num_envs:
        actions_now = (rng.random(num_envs) * np.maximum(info["num_legal"], 1)).astype(np.int64)
        _, _, terminated, _, info = env.step(actions_now)
        mine[~ended] += 1
        for i in np.flatnonzero(terminated):
            agent, actions = agent + int(mine[i]), actions + env.game(int(i)).num_actions
        mine[ended] = 0
        mine[terminated] = 0
        ended = terminated
    return actions / agent


def simulate_rate(variant: str, options: dict, policy: bool, seconds: float) -> float:
    """`simulate` decisions/s, every seat a numpy random policy or the built-in random."""
    import numpy as np

    import fenpai

    rng = np.random.default_rng(0)

    def random_policy(batch: Any) -> np.ndarray:
        return (rng.random(len(batch)) * batch.num_legal).astype(np.int64)

    n = fenpai.new_game(variant, **options).num_players
    bots = [random_policy] * n if policy else "random"
    games, decisions, start = 32, 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        out = fenpai.simulate(variant, games, seed=decisions, bots=bots, **options)
        decisions += int(out["actions"].sum())
        games = min(games * 2, 4096)
    return decisions / elapsed


def hearts_rate(seconds: float, clock: Callable[[], float] = time.perf_counter) -> float:
    """OpenSpiel hearts' Python loop, random legal actions, decisions per second of
    `clock` (run in the reference env here; benches/envs.py runs it per CPU second)."""
    import random

    import pyspiel

    game = pyspiel.load_game("hearts")
    decisions, seed, start = 0, 0, clock()
    while (elapsed := clock() - start) < seconds:
        seed += 1
        state, rng = game.new_initial_state(), random.Random(seed)
        while not state.is_terminal():
            actions = state.legal_actions()
            decisions += not state.is_chance_node()
            state.apply_action(actions[rng.randrange(len(actions))])
    return decisions / elapsed


def run(
    variants: list[str], reference: bool, rounds: int, seconds: float, envs: int, threads: int = 1
) -> dict:
    """Medians over the rounds: {row: {measure: decisions/s}}."""
    samples: dict[str, dict[str, list[float]]] = {}

    def add(row: str, what: str, figure: float) -> None:
        samples.setdefault(row, {}).setdefault(what, []).append(figure)

    per_decision = {n: actions_per_decision(*VARIANTS[n], min(64, envs)) for n in variants}
    for _ in range(rounds):
        for name in variants:
            variant, options = VARIANTS[name]
            agent = vector_env_rate(variant, options, envs, seconds)
            add(name, "vector_env", agent)
            add(name, "vector_env_all", agent * per_decision[name])
        if reference:
            figure = run_in_reference(__file__, "--hearts", str(seconds))["hearts"]
            add("hearts", "python_loop", figure)
        for name in variants:
            variant, options = VARIANTS[name]
            add(name, "simulate_policy", simulate_rate(variant, options, True, seconds))
            add(name, "simulate_random", simulate_rate(variant, options, False, seconds))
            add(name, "vector_env_hands", vector_env_hands(variant, options, envs, seconds)[0])
            copied = vector_env_hands(variant, options, envs, seconds, copy=True)[0]
            add(name, "vector_env_hands_copy", copied)
            hands, steps = decisions_hands(variant, options, envs, seconds)
            add(name, "decisions_hands", hands)
            add(name, "decisions_steps", steps)
            add(name, "simulate_hands", simulate_hands(variant, options, seconds))
            if threads > 1:
                cpu, wall = vector_env_hands(variant, options, envs, seconds, threads)
                add(name, "threaded_hands", cpu)
                add(name, "threaded_hands_wall", wall)
    return {
        row: {what: statistics.median(values) for what, values in measures.items()}
        for row, measures in samples.items()
    }


def ratios(rows: dict) -> dict[str, dict[str, float]]:
    """VectorEnv over hearts' Python loop; simulate with a policy over built-in random."""
    hearts = rows.get("hearts", {}).get("python_loop")
    out: dict[str, dict[str, float]] = {}
    for name, row in rows.items():
        if name == "hearts":
            continue
        out[name] = {
            "policy_vs_random": row["simulate_policy"] / row["simulate_random"],
            "hands_vs_simulate": row["vector_env_hands"] / row["simulate_hands"],
            "copy_vs_simulate": row["vector_env_hands_copy"] / row["simulate_hands"],
            "decisions_vs_simulate": row["decisions_hands"] / row["simulate_hands"],
            "decisions_vs_legal": row["decisions_hands"] / row["vector_env_hands"],
        }
        if hearts:
            out[name]["vector_env_vs_hearts"] = row["vector_env"] / hearts
            out[name]["vector_env_all_vs_hearts"] = row["vector_env_all"] / hearts
    return out


def print_rows(head: list[str], rows: dict, cells: Callable[[str, dict], list[str]]) -> None:
    """A table: `head`, then one line per variant (hearts' row left out)."""
    print(f"{head[0]:<12}" + "".join(f"{h:>16}" for h in head[1:]))
    for name, row in rows.items():
        if name != "hearts":
            print(f"{name:<12}" + "".join(f"{c:>16}" for c in cells(name, row)))


def print_table(result: dict) -> None:
    rows, ratio = result["rows"], result["ratios"]
    config = result["config"]
    print(
        f"decisions/s, median of {config['rounds']} rounds of {config['seconds']} s; "
        f"VectorEnv with {config['num_envs']} envs"
    )

    def decisions(name: str, row: dict) -> list[str]:
        r = ratio[name]
        return [
            f"{row['vector_env']:,.0f}",
            f"{r['vector_env_vs_hearts']:.2f}" if "vector_env_vs_hearts" in r else "—",
            f"{row['vector_env_all']:,.0f}",
            f"{r['vector_env_all_vs_hearts']:.2f}" if "vector_env_vs_hearts" in r else "—",
            f"{row['simulate_policy']:,.0f}",
            f"{row['simulate_random']:,.0f}",
            f"{r['policy_vs_random']:.2f}",
        ]

    head = ["", "VectorEnv agent", "÷ hearts", "VectorEnv all", "÷ hearts"]
    print_rows([*head, "simulate policy", "simulate random", "policy ÷ random"], rows, decisions)
    if "hearts" in rows:
        loop = rows["hearts"]["python_loop"]
        print(f"{'hearts':<12}{loop:>16,.0f}  (OpenSpiel 2.0.2, Python loop, every decision)")
    print()
    print(f"finished hands per CPU second; bar: VectorEnv >= {HANDS_BAR} x simulate (random bots)")

    def hands(name: str, row: dict) -> list[str]:
        r = ratio[name]["hands_vs_simulate"]
        figures = [f"{row['vector_env_hands']:,.0f}", f"{row['simulate_hands']:,.0f}"]
        copied = [f"{row['vector_env_hands_copy']:,.0f}", f"{ratio[name]['copy_vs_simulate']:.2f}"]
        return [*figures, f"{r:.2f}", "pass" if r >= HANDS_BAR else "fail", *copied]

    head = ["", "VectorEnv", "simulate", "ratio", "bar", "copy=True", "ratio"]
    print_rows(head, rows, hands)
    print()
    print('VectorEnv in its default space, actions="decisions": per CPU second (same run)')

    def ids(name: str, row: dict) -> list[str]:
        r = ratio[name]
        return [
            f"{row['decisions_hands']:,.0f}",
            f"{r['decisions_vs_simulate']:.2f}",
            f"{r['decisions_vs_legal']:.2f}",
            f"{row['decisions_steps']:,.0f}",
        ]

    print_rows(["", "hands", "÷ simulate", "÷ legal", "steps (ids)"], rows, ids)
    if any("threaded_hands" in row for row in rows.values()):
        print()
        print(f"VectorEnv with threads={config['threads']}: finished hands per second")

        def threaded(name: str, row: dict) -> list[str]:
            cpu, wall, sim = (
                row["threaded_hands"],
                row["threaded_hands_wall"],
                row["simulate_hands"],
            )
            return [f"{cpu:,.0f}", f"{cpu / sim:.2f}", f"{wall:,.0f}", f"{wall / sim:.2f}"]

        with_threads = {name: row for name, row in rows.items() if "threaded_hands" in row}
        print_rows(
            ["", "per CPU s", "÷ simulate", "per wall s", "÷ simulate"], with_threads, threaded
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (3)")
    parser.add_argument("--seconds", type=float, default=2.0, help="per measurement (2)")
    parser.add_argument("--num-envs", type=int, default=256, help="VectorEnv's envs (256)")
    parser.add_argument("--variants", default=",".join(VARIANTS), help="comma-separated")
    parser.add_argument("--no-reference", action="store_true", help="fenpai only")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--threads", type=int, default=1, help="also VectorEnv(threads=N)")
    parser.add_argument("--hearts", type=float, help=argparse.SUPPRESS)  # the reference side
    args = parser.parse_args()
    if args.hearts is not None:
        json.dump({"hearts": hearts_rate(args.hearts)}, sys.stdout)
        return
    variants = [v for v in args.variants.split(",") if v]
    unknown = [v for v in variants if v not in VARIANTS]
    bad = args.rounds < 1 or args.seconds <= 0 or args.num_envs < 1 or args.threads < 1
    if unknown or bad:
        parser.error(f"unknown variants {unknown}" if unknown else "bad rounds/seconds/num-envs")
    reference = not args.no_reference
    rows = run(variants, reference, args.rounds, args.seconds, args.num_envs, args.threads)
    config = {"rounds": args.rounds, "seconds": args.seconds, "num_envs": args.num_envs}
    config["threads"] = args.threads
    result = {"rows": rows, "ratios": ratios(rows), "config": config}
    if args.json:
        json.dump(result, sys.stdout, indent=1)
        print()
    else:
        print_table(result)


if __name__ == "__main__":
    main()
