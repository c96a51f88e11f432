"""The reference engines' own environment for benchmarks: `benches/.venv-ref`, with
OpenSpiel and RLCard, made on first use and never a dependency of fenpai."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REF_VENV = HERE / ".venv-ref"
REF_PACKAGES = ["open_spiel==2.0.2", "rlcard==1.2.0"]


def ensure_reference_venv() -> Path:
    """The reference environment's python, made (and the references installed) if missing."""
    python = REF_VENV / "bin" / "python"
    if not python.exists():
        print(f"making {REF_VENV} with {' '.join(REF_PACKAGES)} ...", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(REF_VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", *REF_PACKAGES], check=True)
    return python


def run_in_reference(script: str, *args: str) -> dict:
    """Runs `script` with `args` in the reference environment; reads its JSON output."""
    python = ensure_reference_venv()
    done = subprocess.run([str(python), script, *args], check=True, capture_output=True, text=True)
    return json.loads(done.stdout)
