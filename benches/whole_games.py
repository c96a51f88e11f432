"""Benchmark of whole games: fenpai's variants beside OpenSpiel 2.0.2 hearts and dou_dizhu,
the same work on both sides, in one process.

A script, not a test: it prints figures and asserts nothing about time.

    python benches/whole_games.py [--rounds 3] [--seconds 1] [--variants tractor,fifty_k]
    python benches/whole_games.py --json          # machine-readable
    python benches/whole_games.py --no-reference  # fenpai alone, no OpenSpiel

Every measurement runs once per round, fenpai's and OpenSpiel's side by side (rounds
interleave them), and the table gives the median of the rounds:

- decisions/s from Python, every phase: random whole games from `new_game` to the end
  through `num_legal` + `apply_legal`, beside OpenSpiel's `legal_actions` + `apply_action`
  (and fenpai's text API, `legal_actions` + `apply`, in the play phase). Both draw with
  `random.Random`; OpenSpiel's chance outcomes (uniform in both games) are drawn from the
  same list and not counted;
- `simulate` with random bots, 1 and 2 workers, decisions (its "actions") per second;
  OpenSpiel's `evaluate_bots` with uniform random bots: the C++ `pyspiel.evaluate_bots`
  (the bar of the issue) and the Python `open_spiel.python.algorithms.evaluate_bots`.
  2 workers against 1 is judged by the median of each round's ratio, from runs back to
  back in the order 1, 2, 2, 1 workers (so both meet the same machine: a shared virtual
  machine's speed drifts from second to second); beside it, measured the same way, what
  this machine gives two processes of the core alone (`core_alone.py`: the same random
  games in one `_core.play_outcomes` call each, nothing shared), the ceiling of any two
  workers of this work here;
- `Game.clone()` in the middle of the play, beside `State.clone()` in the middle of a game;
- `encode` (into a reused buffer with `out=` where the installed fenpai has it) beside
  hearts' `information_state_tensor()` and dou_dizhu's `observation_tensor()`.

Each cell shows the issue's threshold and whether it passes. OpenSpiel must be importable in
the same process as fenpai: unless it already is, the script reruns itself in
`benches/.venv-ref` (see refenv.py) with this fenpai on its path.
"""

from __future__ import annotations

import inspect
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from refenv import bench_arguments, with_reference

#: fenpai rows: name -> (variant, options).
ROWS: dict[str, tuple[str, dict[str, Any]]] = {
    "tractor": ("tractor", {}),
    "red_five_4p": ("red_five_4p", {}),
    "red_five_5p": ("red_five_5p", {}),
    "fifty_k": ("fifty_k", {}),
    "fifty_k_3p": ("fifty_k", {"players": 3}),
}
REFERENCES = ("hearts", "dou_dizhu")
#: The issue's bars: (measure, baseline row, baseline measure, "min"|"max", ratio); a
#: measure without a baseline is a ratio itself.
CHECKS = [
    ("decisions", "hearts", "decisions", "min", 1.0),
    ("simulate_1", "hearts", "evaluate_bots_cpp", "min", 0.5),
    ("scaling", None, None, "min", 1.8),
    ("clone_us", "hearts", "clone_us", "max", 10.0),
    ("encode_us", "hearts", "encode_us", "max", 1.0),
]
#: Mid-hand states per row that clone and encode cycle through.
STATES = 4


def rate(run: Callable[[], int], seconds: float) -> float:
    """Repeats `run` (which returns the decisions it made) for `seconds`; decisions/s."""
    decisions, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        decisions += run()
    return decisions / elapsed


def sized_rate(
    batch: Callable[[int], Callable[[], int]], seconds: float, sizes: dict, key: str
) -> float:
    """Decisions/s of one call `batch(n)` sized (from earlier calls) to last `seconds`;
    `batch` returns what counts its decisions, called once the clock has stopped."""
    n = sizes.get(key, 1)
    while key not in sizes:  # calibrate: grow n until a call lasts a fifth of the budget
        start = time.perf_counter()
        batch(n)
        if time.perf_counter() - start >= seconds / 5:
            sizes[key] = max(1, round(n * seconds / (time.perf_counter() - start)))
        n *= 2
    start = time.perf_counter()
    count = batch(sizes[key])
    elapsed = time.perf_counter() - start
    return count() / elapsed


def micros(call: Callable[[Any], object], items: list, seconds: float) -> float:
    """Mean µs of `call(item)` over `items`, repeated for `seconds`."""
    calls, spent, rounds = 0, 0.0, 1
    while spent < seconds:
        start = time.perf_counter()
        for _ in range(rounds):
            for item in items:
                call(item)
        spent += time.perf_counter() - start
        calls += rounds * len(items)
        rounds *= 2
    return spent / calls * 1e6


def back_to_back(first: Callable[[], float], second: Callable[[], float]) -> float:
    """The ratio of `second`'s rate to `first`'s, run in the order first, second, second,
    first, so that a drift of the machine's speed meets both alike."""
    a1, b1, b2, a2 = first(), second(), second(), first()
    return (b1 + b2) / (a1 + a2)


class CoreAlone:
    """Two processes of `core_alone.py`: random whole games in the core alone, one
    process or both at once, sharing nothing; what this machine gives two workers of the
    core's work."""

    def __init__(self) -> None:
        script = str(Path(__file__).resolve().parent / "core_alone.py")
        self.kids = [
            subprocess.Popen(
                [sys.executable, script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
            )
            for _ in range(2)
        ]
        self.first_seed = 0

    def play(
        self, processes: int, variant: str, options: dict[str, Any], games: int
    ) -> Callable[[], int]:
        """`processes` processes playing `games` games each at once; returns what counts
        their decisions."""
        kids = self.kids[:processes]
        for kid in kids:
            assert kid.stdin is not None
            kid.stdin.write(json.dumps([variant, options, self.first_seed, games]) + "\n")
            kid.stdin.flush()
            self.first_seed += games
        decisions = sum(int(kid.stdout.readline()) for kid in kids if kid.stdout)
        return lambda: decisions

    def scaling(
        self, variant: str, options: dict[str, Any], seconds: float, sizes: dict, key: str
    ) -> float:
        """Two processes at once against one, back to back, each run about `seconds`."""

        def run(processes: int) -> float:
            return sized_rate(
                lambda n: self.play(processes, variant, options, n),
                seconds,
                sizes,
                f"{key} {processes}",
            )

        return back_to_back(lambda: run(1), lambda: run(2))

    def close(self) -> None:
        for kid in self.kids:
            assert kid.stdin is not None
            kid.stdin.close()
            kid.wait()


class Fenpai:
    """fenpai's side of one row: random whole games, simulate, clone, encode."""

    def __init__(self, variant: str, options: dict[str, Any], core_alone: CoreAlone | None = None):
        import fenpai

        self.fenpai = fenpai
        self.variant, self.options, self.core_alone = variant, options, core_alone
        self.mid = [self.mid_play(seed) for seed in range(STATES)]
        params = inspect.signature(fenpai.encode).parameters
        self.encode_out = "out" in params
        # The observation alone, as OpenSpiel's tensors are (the legal list is other work).
        self.encode_kwargs = {"legal": False} if "legal" in params else {}
        self.buffers = [self.observation(g).copy() for g in self.mid]
        self.seed = 0

    def observation(self, game):
        """`encode`'s array (whether it comes alone or with the legal actions)."""
        encoded = self.fenpai.encode(game, game.to_act[0])
        return encoded[0] if isinstance(encoded, tuple) else encoded

    def new_game(self, seed: int):
        return self.fenpai.new_game(self.variant, seed=seed, **self.options)

    def random_game(self) -> int:
        """One random game from `new_game` to the end; returns its decisions."""
        self.seed += 1
        game, rng = self.new_game(self.seed), random.Random(self.seed)
        decisions = 0
        while game.phase != "done":
            seat = game.to_act[0]
            game.apply_legal(seat, rng.randrange(game.num_legal(seat)))
            decisions += 1
        return decisions

    def text_play_rate(self, seconds: float) -> float:
        """Decisions/s of the play phase alone through the text API (`legal_actions` +
        `apply`); the phases before it, untimed, through `apply_legal` (an unlimited
        `legal_actions` lists every burial of a kitty)."""
        decisions, spent, seed = 0, 0.0, 0
        while spent < seconds:
            seed += 1
            game, rng = self.new_game(seed), random.Random(seed)
            while game.phase != "play":
                seat = game.to_act[0]
                game.apply_legal(seat, rng.randrange(game.num_legal(seat)))
            start = time.perf_counter()
            while game.phase == "play":
                seat = game.to_act[0]
                actions = game.legal_actions(seat)
                game.apply(seat, actions[rng.randrange(len(actions))])
                decisions += 1
            spent += time.perf_counter() - start
        return decisions / spent

    def mid_play(self, seed: int):
        """Game `seed` played at random to the middle of its play phase."""
        game, rng = self.new_game(seed), random.Random(seed)
        moves: list[tuple[int, int]] = []
        play_starts = None
        while game.phase != "done":
            if play_starts is None and game.phase == "play":
                play_starts = len(moves)
            seat = game.to_act[0]
            moves.append((seat, rng.randrange(game.num_legal(seat))))
            game.apply_legal(*moves[-1])
        game = self.new_game(seed)
        for seat, index in moves[: ((play_starts or 0) + len(moves)) // 2]:
            game.apply_legal(seat, index)
        return game

    def simulate(self, games: int, workers: int) -> Callable[[], int]:
        result = self.fenpai.simulate(
            self.variant, games, seed=0, bots="random", workers=workers, **self.options
        )
        return lambda: int(result["actions"].sum())

    def encode(self, i: int) -> object:
        game = self.mid[i]
        if self.encode_out:
            return self.fenpai.encode(
                game, game.to_act[0], out=self.buffers[i], **self.encode_kwargs
            )
        return self.fenpai.encode(game, game.to_act[0], **self.encode_kwargs)

    def simulate_both(self, seconds: float, sizes: dict, key: str) -> dict[str, float]:
        """`simulate`'s decisions/s on 1 worker and on 2, and their ratio, from runs of
        about `seconds` / 2 back to back (see `back_to_back`)."""
        rates: dict[int, list[float]] = {1: [], 2: []}

        def run(workers: int) -> float:
            figure = sized_rate(
                lambda n: self.simulate(n, workers), seconds / 2, sizes, f"{key} {workers}"
            )
            rates[workers].append(figure)
            return figure

        scaling = back_to_back(lambda: run(1), lambda: run(2))
        return {
            "simulate_1": statistics.mean(rates[1]),
            "simulate_2": statistics.mean(rates[2]),
            "scaling": scaling,
        }

    def measure(self, what: str, seconds: float, sizes: dict, key: str) -> float | dict:
        if what == "decisions":
            return rate(self.random_game, seconds)
        if what == "text_play":
            return self.text_play_rate(seconds)
        if what == "simulate":
            return self.simulate_both(seconds, sizes, key)
        if what == "machine_2":
            assert self.core_alone is not None, "machine_2 needs the processes of CoreAlone"
            return self.core_alone.scaling(self.variant, self.options, seconds / 2, sizes, key)
        if what == "clone_us":
            return micros(lambda g: g.clone(), self.mid, seconds)
        return micros(self.encode, list(range(STATES)), seconds)


class OpenSpiel:
    """OpenSpiel's side of one row, the same kinds of work as `Fenpai`."""

    def __init__(self, name: str):
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
        from open_spiel.python.bots.uniform_random import UniformRandomBot

        self.pyspiel, self.evaluate_bots = pyspiel, evaluate_bots
        self.game = pyspiel.load_game(name)
        players = self.game.num_players()
        self.np_rng = np.random.RandomState(0)
        self.py_bots = [UniformRandomBot(p, self.np_rng) for p in range(players)]
        self.cpp_bots = [pyspiel.make_uniform_random_bot(p, p + 1) for p in range(players)]
        self.mid = [self.mid_game(seed) for seed in range(STATES)]
        tensors = self.game.get_type().provides_information_state_tensor
        self.tensor = "information_state_tensor" if tensors else "observation_tensor"
        self.seed = 0

    def random_game(self) -> int:
        """One random game, chance drawn from the same list (its outcomes are uniform)."""
        self.seed += 1
        state, rng = self.game.new_initial_state(), random.Random(self.seed)
        decisions = 0
        while not state.is_terminal():
            actions = state.legal_actions()
            decisions += not state.is_chance_node()
            state.apply_action(actions[rng.randrange(len(actions))])
        return decisions

    def mid_game(self, seed: int):
        """Game `seed` played at random to the middle of its decisions (in its play)."""
        state, rng = self.game.new_initial_state(), random.Random(seed)
        actions: list[tuple[bool, int]] = []
        while not state.is_terminal():
            legal = state.legal_actions()
            actions.append((state.is_chance_node(), legal[rng.randrange(len(legal))]))
            state.apply_action(actions[-1][1])
        half, state = sum(not chance for chance, _ in actions) // 2, self.game.new_initial_state()
        for chance, action in actions:
            if not chance and half == 0:
                break
            half -= not chance
            state.apply_action(action)
        return state

    def evaluate(self, games: int, cpp: bool) -> Callable[[], int]:
        """`games` games of uniform random bots (played in place); returns what counts
        their decisions."""
        states = [self.game.new_initial_state() for _ in range(games)]
        for k, state in enumerate(states):
            if cpp:
                self.pyspiel.evaluate_bots(state, self.cpp_bots, k)
            else:
                self.evaluate_bots(state, self.py_bots, self.np_rng)
        return lambda: sum(step.player >= 0 for s in states for step in s.full_history())

    def measure(self, what: str, seconds: float, sizes: dict, key: str) -> float:
        if what == "decisions":
            return rate(self.random_game, seconds)
        if what in ("evaluate_bots_cpp", "evaluate_bots_py"):
            cpp = what.endswith("cpp")
            return sized_rate(lambda n: self.evaluate(n, cpp), seconds, sizes, key)
        if what == "clone_us":
            return micros(lambda s: s.clone(), self.mid, seconds)
        return micros(lambda s: getattr(s, self.tensor)(), self.mid, seconds)


FENPAI_MEASURES = ["decisions", "text_play", "simulate", "machine_2", "clone_us", "encode_us"]
SPIEL_MEASURES = ["decisions", "evaluate_bots_cpp", "evaluate_bots_py", "clone_us", "encode_us"]


def run(rows: list[str], reference: bool, rounds: int, seconds: float) -> dict[str, Any]:
    """Medians over `rounds` interleaved rounds: {row: {measure: figure}}."""
    core_alone = CoreAlone()
    sides: dict[str, Any] = {name: Fenpai(*ROWS[name], core_alone) for name in rows}
    if reference:
        sides.update({name: OpenSpiel(name) for name in REFERENCES})
    samples: dict[str, dict[str, list[float]]] = {name: {} for name in sides}
    sizes: dict[str, int] = {}
    kinds = list(dict.fromkeys(FENPAI_MEASURES + SPIEL_MEASURES))
    for _ in range(rounds):
        for what in kinds:  # one kind at a time, so both sides meet the same machine load
            for name, side in sides.items():
                mine = FENPAI_MEASURES if isinstance(side, Fenpai) else SPIEL_MEASURES
                if what in mine:
                    figure = side.measure(what, seconds, sizes, f"{name} {what}")
                    figures = figure if isinstance(figure, dict) else {what: figure}
                    for measure, value in figures.items():
                        samples[name].setdefault(measure, []).append(value)
    core_alone.close()
    medians = {n: {w: statistics.median(v) for w, v in m.items()} for n, m in samples.items()}
    encode_out = all(side.encode_out for side in sides.values() if isinstance(side, Fenpai))
    return {"rows": medians, "encode_out": encode_out}


def checks(figures: dict[str, dict[str, float]]) -> dict[str, dict[str, dict[str, Any]]]:
    """The issue's bars per fenpai row: {row: {measure: ratio, bar, pass}}."""
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for name in (n for n in figures if n in ROWS):
        for what, base_row, base, kind, bar in CHECKS:
            base_figures = figures.get(base_row or name)
            if base_figures is None:
                continue
            ratio = figures[name][what] / (base_figures[base] if base else 1.0)
            ok = ratio >= bar if kind == "min" else ratio <= bar
            out.setdefault(name, {})[what] = {"ratio": ratio, "bar": bar, "kind": kind, "pass": ok}
    return out


def cell(value: float, check: dict[str, Any] | None, micro: bool, extra: str = "") -> str:
    """A figure, with its ratio against the bar and pass or fail when it has one."""
    text = f"{value:,.1f}" if micro else f"{value:,.0f}"
    if check:
        sign = "≥" if check["kind"] == "min" else "≤"
        mark = "[green]pass[/]" if check["pass"] else "[red]fail[/]"
        text += f"\n{check['ratio']:.2f}× ({sign} {check['bar']:g}×) {mark}"
    return text + extra


def print_table(result: dict[str, Any], seconds: float, rounds: int) -> None:
    from rich.console import Console
    from rich.table import Table

    figures, judged = result["rows"], result["checks"]
    hearts = figures.get("hearts", {})
    encode_note = "" if result["encode_out"] else " (no out=: a new array per call)"
    table = Table(title=f"whole games, random play: medians of {rounds} rounds of {seconds:g} s")
    for head in (
        "row",
        "decisions/s, every phase\n(× hearts)",
        "text API\ndecisions/s, play",
        "simulate 1 worker\n(× hearts C++ evaluate_bots)",
        "simulate 2 workers\n(× 1 worker, paired)",
        "this machine: 2 processes\nof the core alone (× 1)",
        "clone µs mid-hand\n(× hearts)",
        f"encode µs{encode_note}\n(× hearts tensor)",
    ):
        table.add_column(head, justify="right")
    for name, row in figures.items():
        mine = judged.get(name, {})
        if name in ROWS:
            python_bots = hearts.get("evaluate_bots_py")
            extra = f"\n{row['simulate_1'] / python_bots:.1f}× Python's" if python_bots else ""
            table.add_row(
                name,
                cell(row["decisions"], mine.get("decisions"), False),
                cell(row["text_play"], None, False),
                cell(row["simulate_1"], mine.get("simulate_1"), False, extra),
                cell(row["simulate_2"], mine.get("scaling"), False),
                f"{row['machine_2']:.2f}×",
                cell(row["clone_us"], mine.get("clone_us"), True),
                cell(row["encode_us"], mine.get("encode_us"), True),
            )
        else:
            tensor = "information state" if name == "hearts" else "observation"
            table.add_row(
                f"OpenSpiel {name}",
                cell(row["decisions"], None, False),
                "—",
                f"{row['evaluate_bots_cpp']:,.0f} C++\n{row['evaluate_bots_py']:,.0f} Python",
                "—",
                "—",
                cell(row["clone_us"], None, True),
                cell(row["encode_us"], None, True, f"\n{tensor}"),
            )
    console = Console()
    (console if console.is_terminal else Console(width=160)).print(table)


RERUN = "FENPAI_WHOLE_GAMES_RERUN"


def main() -> None:
    args, rows = bench_arguments(__doc__ or "", ROWS, 3, 1.0, "measurement")
    with_reference(args, __file__, RERUN)
    result = run(rows, not args.no_reference, args.rounds, args.seconds)
    result["checks"] = checks(result["rows"])
    result["config"] = {"rounds": args.rounds, "seconds": args.seconds, "rows": rows}
    if args.json:
        json.dump(result, sys.stdout, indent=1)
        print()
    else:
        print_table(result, args.seconds, args.rounds)


if __name__ == "__main__":
    main()
