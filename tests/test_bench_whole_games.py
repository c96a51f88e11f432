"""`benches/whole_games.py` runs: a smoke test on a tiny budget without OpenSpiel (the
figures are not checked; a benchmark never belongs in the test suite)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "benches" / "whole_games.py"
MEASURES = {
    "decisions",
    "text_play",
    "simulate_1",
    "simulate_2",
    "scaling",
    "machine_2",
    "clone_us",
    "encode_us",
}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            str(SCRIPT),
            "--no-reference",
            "--rounds",
            "1",
            "--seconds",
            "0.01",
            *args,
        ],
        capture_output=True,
        text=True,
    )


def test_whole_games_runs_every_row_without_the_reference():
    done = run("--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    rows = {"tractor", "red_five_4p", "red_five_5p", "fifty_k", "fifty_k_3p"}
    assert set(result["rows"]) == rows
    for figures in result["rows"].values():
        assert set(figures) == MEASURES
        assert all(value > 0 for value in figures.values())
    assert all(set(judged) == {"scaling"} for judged in result["checks"].values())


def test_whole_games_prints_a_table():
    done = run("--variants", "fifty_k")
    assert done.returncode == 0, done.stderr
    assert "fifty_k" in done.stdout and "simulate 2 workers" in done.stdout


def test_whole_games_rejects_an_unknown_row():
    done = run("--variants", "bridge")
    assert done.returncode == 2
    assert "unknown rows ['bridge']" in done.stderr
