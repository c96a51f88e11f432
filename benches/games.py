"""Benchmark of whole games: fenpai's four variants beside OpenSpiel and RLCard.

A script, not a test: it prints figures and asserts nothing about time. From the
repository root, with fenpai installed (`bash scripts/test.sh` makes `.venv`):

    .venv/bin/python benches/games.py [--seconds 3] [--games 2000]

It measures, in one run on one machine:

- decisions/s of random play-phase steps through the fast path `num_legal` +
  `apply_legal` from Python, and through `legal_actions` + `apply` with text, for every
  variant (issue 4), beside OpenSpiel `dou_dizhu` and `hearts` (`legal_actions` +
  `apply_action` from Python, every decision of a random game);
- complete random games/s through `fenpai.simulate` (the play phase in the core) and
  through the Python `Game` API (a random bot applying text actions), beside OpenSpiel
  `dou_dizhu`, `hearts` and `bridge` and RLCard `doudizhu` random games through their
  Python APIs (issue 6); and cards played per second where it compares trick games.

The references run in their own environment, `benches/.venv-ref` (see refenv.py).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from refenv import run_in_reference

VARIANTS = [
    ("red_five_4p", {}),
    ("red_five_5p", {}),
    ("tractor", {}),
    ("fifty_k", {}),
    ("fifty_k", {"players": 3}),
]


def label(variant: str, options: dict) -> str:
    return variant + "".join(f" {k}={v}" for k, v in options.items())


def play_phase_steps(variant: str, options: dict, seconds: float, text: bool) -> float:
    """Random play-phase decisions per second (the phases before it are not timed)."""
    import fenpai

    rng = random.Random(1)
    steps, spent, seed = 0, 0.0, 0
    while spent < seconds:
        game = fenpai.new_game(variant, seed=seed, **options)
        seed += 1
        while game.phase != "play":
            s = game.to_act[0]
            game.apply_legal(s, rng.randrange(game.num_legal(s)))
        start = time.perf_counter()
        while game.phase == "play":
            s = game.to_act[0]
            if text:
                actions = game.legal_actions(s)
                game.apply(s, actions[rng.randrange(len(actions))])
            else:
                game.apply_legal(s, rng.randrange(game.num_legal(s)))
            steps += 1
        spent += time.perf_counter() - start
    return steps / spent


def games_per_second(variant: str, options: dict, games: int, core: bool) -> tuple[float, float]:
    """Complete random games/s, and cards played per game."""
    import fenpai
    from fenpai.bots import Bot
    from fenpai.simulate import play_game

    start = time.perf_counter()
    if core:
        fenpai.simulate(variant, games, seed=1, bots="random", **options)
        per_game = 0.0
    else:
        cards = 0
        for seed in range(games):
            game = fenpai.new_game(variant, seed=seed, **options)
            play_game(game, [Bot("random", seed * 8 + s) for s in range(game.num_players)], False)
            cards += sum(len(a.split()) - 1 for _, a in game.history if a.startswith("play"))
        per_game = cards / games
    return games / (time.perf_counter() - start), per_game


def random_playout(state, rng: random.Random) -> int:
    """Plays an OpenSpiel state to its end at random; returns the player decisions made."""
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
            continue
        actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])
        decisions += 1
    return decisions


def reference(seconds: float, games: int) -> dict:
    """OpenSpiel and RLCard figures (runs in .venv-ref)."""
    import pyspiel

    out: dict = {}
    rng = random.Random(1)
    for name in ("dou_dizhu", "hearts"):
        game = pyspiel.load_game(name)
        steps, spent = 0, 0.0
        while spent < seconds:
            state = game.new_initial_state()
            start = time.perf_counter()
            steps += random_playout(state, rng)
            spent += time.perf_counter() - start
        out[f"open_spiel {name} decisions/s"] = steps / spent
    for name, cards in (("dou_dizhu", None), ("hearts", 52), ("bridge", 52)):
        # Bridge is scored by playing the cards, not by a double-dummy solver.
        spec = "bridge(use_double_dummy_result=false)" if name == "bridge" else name
        game = pyspiel.load_game(spec)
        start = time.perf_counter()
        for _ in range(games):
            random_playout(game.new_initial_state(), rng)
        out[f"open_spiel {name} games/s"] = games / (time.perf_counter() - start)
        if cards:
            out[f"open_spiel {name} cards/s"] = out[f"open_spiel {name} games/s"] * cards
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("doudizhu", config={"seed": 1})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    start = time.perf_counter()
    n = max(1, games // 4)
    for _ in range(n):
        env.run(is_training=False)
    out["rlcard doudizhu games/s"] = n / (time.perf_counter() - start)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--reference-only", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if args.reference_only:
        json.dump(reference(args.seconds, args.games // 4), sys.stdout)
        return
    ref = run_in_reference(
        __file__, "--reference-only", f"--seconds={args.seconds}", f"--games={args.games}"
    )
    from fenpai.games import VARIANTS as AVAILABLE

    figures: dict = {}
    for variant, options in VARIANTS:
        if variant not in AVAILABLE:
            continue
        key = label(variant, options)
        figures[key] = {
            "decisions/s num_legal+apply_legal": play_phase_steps(
                variant, options, args.seconds, text=False
            ),
            "decisions/s legal_actions+apply (text)": play_phase_steps(
                variant, options, args.seconds, text=True
            ),
            "games/s simulate": games_per_second(variant, options, args.games, core=True)[0],
        }
        api, cards = games_per_second(variant, options, max(20, args.games // 10), core=False)
        figures[key]["games/s Python Game API"] = api
        figures[key]["cards played per game"] = cards
    ratios = {
        "fifty_k decisions/s ÷ OpenSpiel dou_dizhu": figures["fifty_k"][
            "decisions/s num_legal+apply_legal"
        ]
        / ref["open_spiel dou_dizhu decisions/s"],
        "tractor decisions/s ÷ OpenSpiel hearts": figures["tractor"][
            "decisions/s num_legal+apply_legal"
        ]
        / ref["open_spiel hearts decisions/s"],
        "fifty_k simulate games/s ÷ RLCard doudizhu": figures["fifty_k"]["games/s simulate"]
        / ref["rlcard doudizhu games/s"],
        "fifty_k simulate games/s ÷ OpenSpiel dou_dizhu": figures["fifty_k"]["games/s simulate"]
        / ref["open_spiel dou_dizhu games/s"],
        "tractor simulate cards/s ÷ OpenSpiel hearts cards/s": figures["tractor"][
            "games/s simulate"
        ]
        * figures["tractor"]["cards played per game"]
        / ref["open_spiel hearts cards/s"],
    }
    if args.json:
        json.dump({"fenpai": figures, "reference": ref, "ratios": ratios}, sys.stdout, indent=1)
        return
    from rich.console import Console
    from rich.table import Table

    console = Console()
    table = Table(title="fenpai whole games (random play)")
    cols = list(next(iter(figures.values())))
    table.add_column("variant")
    for c in cols:
        table.add_column(c, justify="right")
    for key, row in figures.items():
        table.add_row(key, *(f"{row[c]:,.0f}" for c in cols))
    console.print(table)
    ref_table = Table(title="references (same machine, same run)")
    ref_table.add_column("measure")
    ref_table.add_column("value", justify="right")
    for k, v in ref.items():
        ref_table.add_row(k, f"{v:,.0f}")
    console.print(ref_table)
    ratio_table = Table(title="ratios")
    ratio_table.add_column("ratio")
    ratio_table.add_column("value", justify="right")
    for k, v in ratios.items():
        ratio_table.add_row(k, f"{v:.2f}×")
    console.print(ratio_table)


if __name__ == "__main__":
    main()
