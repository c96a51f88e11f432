"""`benches/sample_world.py` runs: a smoke test on a tiny budget without OpenSpiel (the
figures are not checked; a benchmark never belongs in the test suite)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "benches" / "sample_world.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, str(SCRIPT), "--no-reference", "--rounds", "1", "--seconds", "0.01"]
    return subprocess.run([*command, *args], capture_output=True, text=True)


def test_sample_world_bench_runs_every_row_without_the_reference():
    done = run("--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert set(result["rows"]) == {"tractor", "red_five_4p", "red_five_5p", "fifty_k", "fifty_k_3p"}
    for figures in result["rows"].values():
        assert figures["calls"] > 0 and figures["median_us"] > 0 and "pass" in figures


def test_sample_world_bench_prints_a_table():
    done = run("--variants", "fifty_k")
    assert done.returncode == 0, done.stderr
    assert "fenpai fifty_k" in done.stdout and "median µs" in done.stdout
