"""`benches/bots.py` runs: a smoke test on a tiny budget (the figures are not checked;
a benchmark never belongs in the test suite)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "benches" / "bots.py"


def test_bots_bench_runs_every_row_on_a_tiny_budget():
    args = ["--bot", "ismcts:4", "--games", "8", "--random-games", "4", "--timing-hands", "1"]
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *args, "--workers", "1", "--json"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    rows = {
        "tractor",
        "fifty_k",
        "fifty_k_3p",
        "red_five_4p_declarer",
        "red_five_4p_opponent",
        "red_five_5p",
        "finding_friends",
    }
    assert set(result["rows"]) == rows
    for figures in result["rows"].values():
        assert set(figures) == {"greedy", "greedy_in_its_place", "random", "ms"}
        assert figures["greedy"]["games"] == 8 and 0 <= figures["greedy"]["n"] <= 8
        assert figures["ms"]["decisions"] > 0


def test_bots_bench_refuses_a_bad_row_or_bot():
    for args in (["--rows", "chess"], ["--bot", "ismcts:0"]):
        done = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True)
        assert done.returncode != 0 and "Traceback" not in done.stderr, done.stderr
