"""`benches/finding_friends.py` runs: a smoke test on a tiny budget (the figures are not
checked; a benchmark never belongs in the test suite)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "benches" / "finding_friends.py"


def test_the_bench_prints_both_rows_and_their_ratio():
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--rounds", "2", "--games", "2", "--bots", "greedy"],
        capture_output=True,
        text=True,
        check=True,
    )
    lines = done.stdout.splitlines()
    assert lines[0].startswith("simulate, greedy bots, 1 worker, 2 games a run, 2 rounds")
    assert [line.split()[0] for line in lines[2:4]] == ["tractor", "finding_friends_6p"]
    assert lines[4].startswith("finding_friends_6p / tractor: ")
