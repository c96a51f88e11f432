"""Benchmark: one bench script under two builds of fenpai, alternating, with ratios.

A script, not a test: it prints figures and asserts nothing about time.

    python benches/ab_installs.py --before DIR [--rounds 4] -- \\
        benches/whole_games.py --no-reference --variants fifty_k --rounds 1 --json

`DIR` holds another build of the `fenpai` package (a wheel of an earlier commit unpacked
there: `python -m maturin build --release` in a checkout of it, then `unzip`); it goes
first on PYTHONPATH for the "before" side, while the "after" side is the fenpai this
Python imports. The script after `--` must print JSON whose numbers are under "rows"
(`whole_games.py --json`). The sides run back to back in the order before, after, after,
before, … so that both meet the same machine (a shared machine's speed drifts), and each
figure is given for both sides with the median of each round's after/before ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from typing import Any


def leaves(value: Any, prefix: str = "") -> dict[str, float]:
    """The numbers of a JSON value, by their dotted path."""
    if isinstance(value, bool):
        return {}
    if isinstance(value, int | float):
        return {prefix: float(value)}
    if isinstance(value, dict):
        out: dict[str, float] = {}
        for key, inner in value.items():
            out.update(leaves(inner, f"{prefix}.{key}" if prefix else str(key)))
        return out
    return {}


def environment(before: str | None) -> dict[str, str]:
    """This process's environment, with the build in `before` first on PYTHONPATH."""
    env = dict(os.environ)
    if before is not None:
        env["PYTHONPATH"] = os.pathsep.join(p for p in (before, env.get("PYTHONPATH")) if p)
    return env


def origin(before: str | None) -> str:
    """Where the side's `import fenpai` finds the package."""
    code = "import fenpai; print(fenpai.__file__)"
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=environment(before),
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


def run(script: list[str], before: str | None) -> dict[str, float]:
    """The numbers under "rows" of one run of `script`, under the build in `before`."""
    done = subprocess.run(
        [sys.executable, *script],
        env=environment(before),
        capture_output=True,
        text=True,
        check=True,
    )
    return leaves(json.loads(done.stdout)["rows"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="a directory holding the other build")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("script", nargs=argparse.REMAINDER, help="-- SCRIPT ARGS")
    args = parser.parse_args()
    script = args.script[1:] if args.script[:1] == ["--"] else args.script
    for side, where in (("before", args.before), ("after", None)):
        print(f"{side}: fenpai from {origin(where)}")
    sides: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
    for round_ in range(args.rounds):
        order = ("before", "after") if round_ % 2 == 0 else ("after", "before")
        for side in order:
            sides[side].append(run(script, args.before if side == "before" else None))
    print(f"{args.rounds} rounds of: {' '.join(script)}")
    print(f"{'figure':34} {'before':>14} {'after':>14} {'after/before':>13}")
    for key in sides["after"][0]:
        b = [r[key] for r in sides["before"] if key in r]
        a = [r[key] for r in sides["after"]]
        if len(b) != len(a):
            continue
        ratios = [x / y for x, y in zip(a, b, strict=True) if y]
        ratio = statistics.median(ratios) if ratios else float("nan")
        print(f"{key:34} {statistics.median(b):14.4g} {statistics.median(a):14.4g} {ratio:13.3f}")


if __name__ == "__main__":
    main()
