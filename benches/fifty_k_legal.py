"""Benchmark: Fifty-K legal plays against OpenSpiel's and RLCard's Dou Dizhu legal actions.

A script, not a test: it prints medians and asserts nothing about time. From the
repository root, with fenpai installed (`bash scripts/test.sh` makes `.venv`):

    .venv/bin/python benches/fifty_k_legal.py            # fenpai and the references
    .venv/bin/python benches/fifty_k_legal.py --no-reference

The reference engines live only in their own environment, `benches/.venv-ref`
(git-ignored, never a dependency of fenpai), which the script makes on first use:

    python3 -m venv benches/.venv-ref
    benches/.venv-ref/bin/pip install open_spiel==2.0.2 rlcard==1.2.0

What is timed, per state (the mean of `--repeat` calls), reported as the median over
`--states` states per case, in µs per call:

- fenpai: `fifty_k.legal_plays(hand, top)` (a list of Combo objects, suits included),
  `legal_play_ids` (their play ids), `legal_play_types` (their type ids: plays with
  suits forgotten, like Dou Dizhu's rank-only actions) and `count_legal_plays`, for
  13-card hands (4 players) and 18-card hands (3 players), leading and following a
  top: a play of a random kind from another player's hand.
- OpenSpiel `dou_dizhu` (C++ from Python): `state.legal_actions()`.
- RLCard `doudizhu`: `player.available_actions(greater_player, judger)`, the legal
  actions the environment computes each step (a lead reads a per-hand cache that
  RLCard updates after each play), and the same from scratch
  (`DoudizhuJudger.playable_cards_from_hand` for a lead; a follow is always fresh).

Reference states come from random games played until the player to move holds 13 or
18 cards. Dou Dizhu plays are ranks only, so their lists are shorter than Fifty-K's,
where each suit choice is its own play.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import time
from collections.abc import Callable
from functools import partial

from refenv import run_in_reference

CASES = [(13, "lead"), (13, "follow"), (18, "lead"), (18, "follow")]


def per_call_us(call: Callable[[], object], repeat: int) -> float:
    """Mean wall time of one call over `repeat` calls, in µs."""
    start = time.perf_counter_ns()
    for _ in range(repeat):
        call()
    return (time.perf_counter_ns() - start) / repeat / 1000


def listed(call: Callable[..., object], *args: object) -> list:
    """`list(call(*args))`, as RLCard's environment makes its legal actions."""
    return list(call(*args))  # type: ignore[call-overload]


def samples(times: list[float], sizes: list[int]) -> dict:
    """Per-state times (µs per call) and numbers of legal actions of one call."""
    return {"us": times, "actions": sizes}


def merge(into: dict, more: dict) -> dict:
    """Appends the samples of `more` to those of `into` (same layout), in place."""
    for key, value in more.items():
        if key not in into:
            into[key] = value
        elif "us" in value:
            into[key]["us"] += value["us"]
            into[key]["actions"] += value["actions"]
        else:
            merge(into[key], value)
    return into


def summarise(tree: dict) -> dict:
    """The same layout with each sample list replaced by its medians."""
    if "us" in tree:
        return {
            "median_us": statistics.median(tree["us"]),
            "states": len(tree["us"]),
            "median_actions": statistics.median(tree["actions"]),
        }
    return {key: summarise(value) for key, value in tree.items()}


def fenpai_results(states: int, repeat: int, seed: int) -> dict:
    """fenpai's calls on dealt Fifty-K hands, leading and following."""
    import fenpai
    from fenpai import fifty_k as fk

    calls = {
        "legal_plays": fk.legal_plays,
        "legal_play_ids": fk.legal_play_ids,
        "legal_play_types": fk.legal_play_types,
        "count": fk.count_legal_plays,
    }
    rng = random.Random(seed)
    deck = fenpai.cards(" ".join(r + s for r in "23456789TJQKA" for s in "shcd"))
    out = {}
    for size, situation in CASES:
        players = 4 if size == 13 else 3
        timed: dict[str, list[float]] = {name: [] for name in calls}
        sizes: dict[str, list[int]] = {name: [] for name in calls}
        while len(timed["count"]) < states:
            rng.shuffle(deck)
            hands = [deck[i::players] for i in range(players)]
            hand = next(h for h in hands if len(h) == size)
            top = None
            if situation == "follow":
                other = next(h for h in hands if h is not hand)
                leads = fk.legal_plays(other)
                kind = rng.choice(sorted({p.kind for p in leads}))
                top = rng.choice([p for p in leads if p.kind == kind])
            plays, types = fk.count_legal_plays(hand, top), len(fk.legal_play_types(hand, top))
            for name, call in calls.items():
                timed[name].append(per_call_us(partial(call, hand, top), repeat))
                sizes[name].append(types if name == "legal_play_types" else plays)
        out[f"{size} {situation}"] = {name: samples(timed[name], sizes[name]) for name in calls}
    return out


def open_spiel_results(states: int, repeat: int, seed: int) -> dict:
    """OpenSpiel dou_dizhu `legal_actions()` at random-play states (runs in .venv-ref)."""
    import pyspiel

    game = pyspiel.load_game("dou_dizhu")
    rng = random.Random(seed)
    timed: dict[str, list[float]] = {f"{s} {w}": [] for s, w in CASES}
    sizes: dict[str, list[int]] = {key: [] for key in timed}
    while any(len(t) < states for t in timed.values()):
        state = game.new_initial_state()
        held = [17, 17, 17]
        playing = False
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
                continue
            player = state.current_player()
            actions = state.legal_actions()
            if not playing and not state.action_to_string(player, actions[-1]).startswith("Bid"):
                playing = True  # the bidding is over: the landlord leads, with the kitty
                held[player] += 3
            key = f"{held[player]} {'follow' if 0 in actions else 'lead'}"
            if playing and key in timed and len(timed[key]) < states:
                timed[key].append(per_call_us(state.legal_actions, repeat))
                sizes[key].append(len(actions))
            action = rng.choice(actions)
            if playing:
                text = state.action_to_string(player, action)
                held[player] -= len(re.findall(r"\(\w+\)|[2-9TJQKA]", text))  # e.g. 555666-3(BWJ)
            state.apply_action(action)
    return {key: samples(timed[key], sizes[key]) for key in timed}


def rlcard_results(states: int, repeat: int, seed: int) -> dict:
    """RLCard doudizhu legal actions at random-play states (runs in .venv-ref)."""
    from rlcard.games.doudizhu.game import DoudizhuGame
    from rlcard.games.doudizhu.judger import DoudizhuJudger
    from rlcard.games.doudizhu.utils import cards2str

    rng = random.Random(seed)
    timed: dict[str, dict[str, list[float]]] = {
        f"{s} {w}": {"available_actions": [], "from_scratch": []} for s, w in CASES
    }
    sizes: dict[str, list[int]] = {key: [] for key in timed}
    while any(len(t["available_actions"]) < states for t in timed.values()):
        game = DoudizhuGame()
        game.np_random.seed(rng.randrange(2**31))
        game.init_game()
        while not game.is_over():
            pid = game.round.current_player
            player, greater = game.players[pid], game.round.greater_player
            leading = greater is None or greater.player_id == pid
            key = f"{len(player.current_hand)} {'lead' if leading else 'follow'}"
            actions = game.state["actions"]
            if key in timed and len(timed[key]["available_actions"]) < states:
                env_path = partial(listed, player.available_actions, greater, game.judger)
                timed[key]["available_actions"].append(per_call_us(env_path, repeat))
                fresh = (
                    partial(DoudizhuJudger.playable_cards_from_hand, cards2str(player.current_hand))
                    if leading
                    else partial(player.available_actions, greater, game.judger)
                )
                timed[key]["from_scratch"].append(per_call_us(fresh, repeat))
                sizes[key].append(len(actions))
            game.step(rng.choice(actions))
    return {
        key: {name: samples(t, sizes[key]) for name, t in calls.items()}
        for key, calls in timed.items()
    }


def reference_results(states: int, repeat: int, seed: int) -> dict:
    """Runs this script in the reference environment and reads back its JSON."""
    return run_in_reference(
        __file__, "--reference-only", f"--states={states}", f"--repeat={repeat}", f"--seed={seed}"
    )


FENPAI_CALLS = ("legal_plays", "legal_play_ids", "legal_play_types", "count")


def columns(results: dict, key: str) -> dict[str, dict]:
    """Name → summary for every timed call of one case."""
    out = {f"fenpai {call}": results["fenpai"][key][call] for call in FENPAI_CALLS}
    if "open_spiel" in results:
        out["OpenSpiel legal_actions"] = results["open_spiel"][key]
        out["RLCard env"] = results["rlcard"][key]["available_actions"]
        out["RLCard fresh"] = results["rlcard"][key]["from_scratch"]
    return out


def report(results: dict) -> None:
    """Medians per case, then fenpai's speed-up over each reference."""
    for key in results["fenpai"]:
        print(f"{key} ({results['fenpai'][key]['count']['states']} states)")
        print(f"  {'call':<26} {'median µs':>10} {'median actions':>15}")
        for name, row in columns(results, key).items():
            print(f"  {name:<26} {row['median_us']:>10.2f} {row['median_actions']:>15g}")
    if "open_spiel" not in results:
        return
    print("\nspeed-up, reference median µs / fenpai median µs (above 1: fenpai is faster)")
    references = ("OpenSpiel legal_actions", "RLCard env", "RLCard fresh")
    print(f"  {'case':<10} {'fenpai call':<18}" + "".join(f"{r:>25}" for r in references))
    for key in results["fenpai"]:
        row = columns(results, key)
        for call in FENPAI_CALLS:
            mine = row[f"fenpai {call}"]["median_us"]
            ratios = "".join(f"{row[r]['median_us'] / mine:>24.2f}x" for r in references)
            print(f"  {key:<10} {call:<18}{ratios}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=300, help="states per case")
    parser.add_argument("--repeat", type=int, default=20, help="calls timed per state")
    parser.add_argument("--rounds", type=int, default=3, help="alternate fenpai and references")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-reference", action="store_true", help="time fenpai only")
    parser.add_argument("--reference-only", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true", help="print the medians as JSON")
    args = parser.parse_args()
    if args.reference_only:
        results = {
            "open_spiel": open_spiel_results(args.states, args.repeat, args.seed),
            "rlcard": rlcard_results(args.states, args.repeat, args.seed),
        }
        print(json.dumps(results))
        return
    # Rounds alternate between fenpai and the references, so that a change in the
    # machine's load (it may be shared) falls on both alike.
    load = [os.getloadavg()[0]]
    per_round = -(-args.states // args.rounds)
    raw: dict = {}
    for r in range(args.rounds):
        seed = args.seed + r
        merge(raw, {"fenpai": fenpai_results(per_round, args.repeat, seed)})
        if not args.no_reference:
            merge(raw, reference_results(per_round, args.repeat, seed))
        load.append(os.getloadavg()[0])
    results = summarise(raw)
    if args.json:
        print(json.dumps(results | {"load_average": load}, indent=1))
    else:
        print(f"1-minute load average before and after each round: {load}")
        report(results)


if __name__ == "__main__":
    main()
