"""Every example runs as a user would run it: the Python scripts of examples/python (the
service client against a real server on loopback) and the TypeScript client's command
line (examples/node-client)."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys

import pytest
from service_support import ROOT, running_server

from fenpai.games import VARIANTS

PYTHON_EXAMPLES = ROOT / "examples" / "python"
NODE_SCRIPT = ROOT / "examples" / "node-client" / "dist" / "play.js"
#: The scripts the tests below run; a new example must be added here and run.
RUN_BY_TESTS = {"random_rollouts.py", "heuristic_bot.py", "service_client.py"}


def run_example(name: str, *args: str, cwd=None) -> str:
    """Runs examples/python/NAME from another folder; its output (it must succeed)."""
    done = subprocess.run(
        [sys.executable, str(PYTHON_EXAMPLES / name), *args],
        capture_output=True,
        text=True,
        cwd=cwd,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_every_example_is_run_and_says_what_it_shows() -> None:
    scripts = {p.name for p in PYTHON_EXAMPLES.glob("*.py")}
    assert scripts == RUN_BY_TESTS
    for name in scripts:
        tree = ast.parse((PYTHON_EXAMPLES / name).read_text(encoding="utf-8"))
        doc = ast.get_docstring(tree)
        assert doc and "Shows" in doc, f"{name} needs a docstring saying what it shows"


def test_random_rollouts_play_every_variant(tmp_path) -> None:
    out = run_example("random_rollouts.py", "--games", "2", "--seed", "3", cwd=tmp_path)
    for variant in VARIANTS:
        assert f"\n{variant} " in "\n" + out
    assert out.count(" 2 games, ") == 10


def test_heuristic_bot_plays_every_variant(tmp_path) -> None:
    out = run_example("heuristic_bot.py", "--games", "3", cwd=tmp_path)
    for variant in VARIANTS:
        assert f"{variant} " in out and "heuristic" in out


def test_service_client_plays_every_variant_against_a_real_server(tmp_path) -> None:
    with running_server(tmp_path, "--no-timers") as server:
        out = run_example("service_client.py", server.address, "--seed", "2", cwd=tmp_path)
    for variant in VARIANTS:
        assert f"{variant} game " in out
    assert out.count("game points: [") == len(VARIANTS)
    assert out.count("'bid 1' is refused: INVALID_ARGUMENT") == len(VARIANTS)


def test_service_client_reports_a_missing_server(tmp_path) -> None:
    from service_support import free_port

    done = subprocess.run(
        [sys.executable, str(PYTHON_EXAMPLES / "service_client.py"), f"127.0.0.1:{free_port()}"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert done.returncode == 1
    assert done.stderr.startswith("no fenpai server answers at 127.0.0.1:")


needs_node_client = pytest.mark.skipif(
    shutil.which("node") is None or not NODE_SCRIPT.exists(),
    reason="the TypeScript client is not built (scripts/test.sh builds it)",
)


def node(*args: str, cwd) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["node", str(NODE_SCRIPT), *args], capture_output=True, text=True, cwd=cwd
    )


@needs_node_client
def test_node_client_help_from_any_folder(tmp_path) -> None:
    for flag in ("--help", "-h"):
        done = node(flag, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith("usage: ") and "--address HOST:PORT" in done.stdout


@needs_node_client
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seed"], "--seed needs a value"),
        (["--seed", "x"], "--seed needs a whole number, not x"),
        (["--colour", "red"], "unknown argument --colour"),
        (["--protos", "."], "is not under"),
        (["--hands", "two"], "--hands needs a whole number, not two"),
        (["--clock", "60"], "--clock needs --hands"),
        (["--hands", "1", "--clock", "-1"], "--clock needs a number, not -1"),
        (["--option", "levels"], "--option needs NAME=JSON, not levels"),
    ],
)
def test_node_client_refuses_bad_arguments(tmp_path, args, message) -> None:
    done = node(*args, cwd=tmp_path)
    assert done.returncode == 2
    assert message in done.stderr and "--help" in done.stderr
    assert "at " not in done.stderr  # a one-line reason, no stack trace
