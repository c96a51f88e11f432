"""The reference engines' own environment for benchmarks: `benches/.venv-ref`, with
OpenSpiel and RLCard, made on first use and never a dependency of fenpai. It has this
interpreter's Python version, so that fenpai's native module loads in it too
(`whole_games.py` runs fenpai and OpenSpiel in one process there)."""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

HERE = Path(__file__).resolve().parent
REF_VENV = HERE / ".venv-ref"
REF_PACKAGES = ["open_spiel==2.0.2", "rlcard==1.2.0", "rich>=13"]
#: What the environment was made with: the Python version and the packages.
STAMP = REF_VENV / "fenpai-reference.txt"


def ensure_reference_venv() -> Path:
    """The reference environment's python, (re)made if missing or made with another Python
    version or other packages."""
    python = REF_VENV / "bin" / "python"
    made_with = " ".join([sys.version.split()[0], *REF_PACKAGES])
    if python.exists() and STAMP.exists() and STAMP.read_text() == made_with:
        return python
    print(f"making {REF_VENV} with {' '.join(REF_PACKAGES)} ...", file=sys.stderr)
    subprocess.run([sys.executable, "-m", "venv", "--clear", str(REF_VENV)], check=True)
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", *REF_PACKAGES], check=True)
    STAMP.write_text(made_with)
    return python


def run_in_reference(script: str, *args: str) -> dict:
    """Runs `script` with `args` in the reference environment; reads its JSON output."""
    python = ensure_reference_venv()
    done = subprocess.run([str(python), script, *args], check=True, capture_output=True, text=True)
    return json.loads(done.stdout)


def rerun_with_reference(script: str, marker: str) -> None:
    """Reruns `script` (with this process's arguments) in the reference environment with
    this fenpai first on its path, so that fenpai and OpenSpiel share one process; the
    environment variable `marker` tells the rerun it is one (and stops a second)."""
    spec = importlib.util.find_spec("fenpai")
    if spec is None or spec.origin is None:
        sys.exit("fenpai is not importable: install it or put its python/ on PYTHONPATH")
    if os.environ.get(marker):
        sys.exit(f"OpenSpiel is not importable in {sys.executable}")
    python = str(ensure_reference_venv())
    here = str(Path(spec.origin).resolve().parent.parent)
    path = os.pathsep.join(p for p in (here, os.environ.get("PYTHONPATH")) if p)
    env = {**os.environ, "PYTHONPATH": path, marker: "1"}
    os.execve(python, [python, script, *sys.argv[1:]], env)


def bench_arguments(
    doc: str, rows: Iterable[str], rounds: int, seconds: float, per: str
) -> tuple[argparse.Namespace, list[str]]:
    """The command line the benchmarks beside the reference engines share (`--rounds`,
    `--seconds` per `per`, `--variants`, `--no-reference`, `--json`), checked; the rows
    asked for."""
    known = list(rows)
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=rounds, help=f"interleaved rounds ({rounds})")
    parser.add_argument("--seconds", type=float, default=seconds, help=f"per {per} ({seconds:g})")
    parser.add_argument(
        "--variants", default=",".join(known), help=f"comma-separated rows of {', '.join(known)}"
    )
    parser.add_argument("--no-reference", action="store_true", help="fenpai only, no OpenSpiel")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    asked = [r for r in args.variants.split(",") if r]
    unknown = [r for r in asked if r not in known]
    if unknown or args.rounds < 1 or args.seconds <= 0:
        parser.error(f"unknown rows {unknown}" if unknown else "rounds and seconds must be > 0")
    return args, asked


def with_reference(args: argparse.Namespace, script: str, marker: str) -> None:
    """Unless `--no-reference`, makes sure OpenSpiel is importable here: else reruns
    `script` in the reference environment (`rerun_with_reference`)."""
    if not args.no_reference and importlib.util.find_spec("pyspiel") is None:
        rerun_with_reference(script, marker)
