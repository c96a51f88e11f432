"""`benches/vector_env.py` runs: a smoke test on a tiny budget without OpenSpiel (the
figures are not checked; a benchmark never belongs in the test suite)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "benches" / "vector_env.py"
MEASURES = {
    "vector_env",
    "vector_env_all",
    "simulate_policy",
    "simulate_random",
    "vector_env_hands",
    "vector_env_hands_copy",
    "simulate_hands",
    "decisions_hands",
    "decisions_steps",
}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    budget = ["--no-reference", "--rounds", "1", "--seconds", "0.01", "--num-envs", "8"]
    return subprocess.run(
        [sys.executable, str(SCRIPT), *budget, *args], capture_output=True, text=True
    )


def test_vector_env_bench_runs_every_variant_without_the_reference():
    done = run("--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert set(result["rows"]) == {"tractor", "red_five_4p", "red_five_5p", "fifty_k"}
    for name, figures in result["rows"].items():
        assert set(figures) == MEASURES
        assert all(value > 0 for value in figures.values())
        assert set(result["ratios"][name]) == {
            "policy_vs_random",
            "hands_vs_simulate",
            "copy_vs_simulate",
            "decisions_vs_simulate",
            "decisions_vs_legal",
        }


def test_vector_env_bench_prints_a_table_and_rejects_an_unknown_variant():
    done = run("--variants", "fifty_k")
    assert done.returncode == 0, done.stderr
    assert "fifty_k" in done.stdout and "VectorEnv agent" in done.stdout
    assert "finished hands per CPU second" in done.stdout
    assert 'actions="decisions"' in done.stdout
    threaded = run("--variants", "fifty_k", "--threads", "2")
    assert threaded.returncode == 0, threaded.stderr
    assert "VectorEnv with threads=2" in threaded.stdout
    bad = run("--variants", "bridge")
    assert bad.returncode == 2 and "unknown variants ['bridge']" in bad.stderr
