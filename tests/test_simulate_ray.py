"""`simulate(backend="ray")` and `fenpai selfplay --ray` on a local Ray cluster of two
CPUs that this module starts: the results of `workers=1` in game order, tasks of at
least Ray's ~10 ms, the progress, clear errors and Ctrl-C."""

import importlib.util
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pexpect
import pytest
from cli_support import spawn

import fenpai
from fenpai import ray_backend
from fenpai.cli import main
from fenpai.simulation import chunk_size, joined, play_chunk

ray = pytest.importorskip("ray")  # the ray extra (scripts/test.sh installs it)

CASES = [
    ("red_five_4p", {}, ["greedy", "random", "random", "random"]),
    ("red_five_4p", {"decks": 3}, "random"),
    ("red_five_5p", {}, ["greedy", "random", "greedy", "random", "random"]),
    ("tractor", {}, ["greedy", "random", "greedy", "random"]),
    ("fifty_k", {}, ["greedy", "random", "greedy", "random"]),
    ("fifty_k", {"players": 3}, ["greedy", "random", "random"]),
    ("red_five_4p", {}, ["ismcts:4", "greedy", "random", "greedy"]),
]
KEYS = ("game_points", "card_points", "won", "actions", "seed")


#: Attempts at starting the local cluster: Ray gives its raylet a fixed 30 s to register
#: with its GCS, and its GCS a fixed time to write its port file, which a loaded 2-core
#: machine can miss; a second start then succeeds.
STARTS = 3
#: What Ray says when its processes were too slow to start (a bare Exception for the
#: raylet, a RuntimeError for the GCS's port file).
SLOW_START = ("timed out during startup", "Timed out waiting for file")


def start_cluster() -> None:
    """`ray.init` of two CPUs and a small object store (these tests move kilobytes),
    started anew when Ray reports that its processes were too slow to start."""
    for attempt in range(1, STARTS + 1):
        try:
            ray.init(
                num_cpus=2,
                object_store_memory=80 * 1024 * 1024,
                include_dashboard=False,
                logging_level=logging.ERROR,
            )
            return
        except Exception as error:
            ray.shutdown()
            if not any(s in str(error) for s in SLOW_START) or attempt == STARTS:
                raise


@pytest.fixture(scope="module")
def cluster():
    """A local Ray cluster of two CPUs for this module; its head's address."""
    start_cluster()
    yield ray.get_runtime_context().gcs_address
    ray.shutdown()


def same(one, other):
    return all(np.array_equal(one[k], other[k]) for k in KEYS)


@pytest.mark.parametrize(("variant", "options", "bots"), CASES)
def test_ray_gives_the_results_of_one_worker_in_game_order(
    cluster, monkeypatch, variant, options, bots
):
    """Every game in a Ray task here (no probe), in eight tasks that may finish in any
    order: the same rows per game."""
    monkeypatch.setattr(ray_backend, "TASK_SECONDS", 0.0)
    monkeypatch.setattr(ray_backend, "PROBE_SECONDS", 0.0)
    done = []
    one = fenpai.simulate(variant, 60, seed=9, bots=bots, **options)
    out = fenpai.simulate(
        variant, 60, seed=9, bots=bots, workers=2, backend="ray", progress=done.append, **options
    )
    assert same(one, out)
    assert done[0] == 0 and len(done) == 1 + 8 and done == sorted(done) and done[-1] == 60


def test_tasks_of_at_least_ray_guidance(cluster, monkeypatch):
    """With the real sizes: the first games played and measured here, the rest in equal
    Ray tasks of at least TASK_SECONDS of play each, the results unchanged."""
    measured = []
    probe = ray_backend._probe

    def measuring(*args):
        measured.append(probe(*args))
        return measured[-1]

    monkeypatch.setattr(ray_backend, "_probe", measuring)
    done, games, bots = [], 400, ["greedy", "random"] * 2
    one = fenpai.simulate("tractor", games, seed=2, bots=bots)
    out = fenpai.simulate(
        "tractor", games, seed=2, bots=bots, workers=2, backend="ray", progress=done.append
    )
    assert same(one, out)
    [(first, seconds)] = measured
    probed = sum(len(c["actions"]) for c in first)
    size = ray_backend.task_size(games - probed, 2, seconds)
    tasks = sorted(np.diff(done), reverse=True)  # finished in any order, the last one short
    assert done[0] == probed > 0 and len(tasks) == -(-(games - probed) // size)
    assert all(t == size for t in tasks[:-1]) and 0 < tasks[-1] <= size
    assert size * seconds >= ray_backend.TASK_SECONDS * (1 - 1e-9)


@pytest.mark.parametrize("seconds", [1e-6, 4e-5, 1e-3, 0.03, 5.0])
@pytest.mark.parametrize("games", [1, 50, 10_000, 1_000_000])
@pytest.mark.parametrize("workers", [1, 2, 64])
def test_task_size_keeps_tasks_within_bounds(seconds, games, workers):
    """At least TASK_SECONDS of play a task, at most MOST_TASK_SECONDS unless one game is
    more, and in between about four tasks per worker."""
    size = ray_backend.task_size(games, workers, seconds)
    assert size >= 1 and size * seconds >= ray_backend.TASK_SECONDS * (1 - 1e-9)
    assert (size - 1) * seconds < max(ray_backend.MOST_TASK_SECONDS, ray_backend.TASK_SECONDS)
    target = -(-games // (4 * workers))
    if ray_backend.TASK_SECONDS <= target * seconds <= ray_backend.MOST_TASK_SECONDS:
        assert size == target


def test_chunk_size_for_threads():
    """The threads' chunks: about four per worker, from 1 to 256 games."""
    assert chunk_size(1000, 2) == 125 and chunk_size(80, 2) == 10 and chunk_size(3, 4) == 1
    assert chunk_size(10**5, 2) == 256
    assert chunk_size(0, 1) == 1 and chunk_size(10, 1, least=7) == 7
    assert chunk_size(10**6, 1, least=100, most=50) == 100


def holds(chunks, chunk) -> bool:
    """The chunks, one after another, hold the games of `chunk`."""
    seats = chunk["won"].shape[1]
    whole = joined([chunk], seats)
    return all(np.array_equal(v, whole[k]) for k, v in joined(chunks, seats).items())


def test_probe_plays_the_first_games_and_measures_them():
    seeds = list(range(500))
    chunks, seconds = ray_backend._probe("fifty_k", {}, ["random"] * 4, seeds)
    played = sum(len(c["actions"]) for c in chunks)
    assert 0 < played <= len(seeds) and seconds > 0
    assert holds(chunks, play_chunk("fifty_k", {}, ["random"] * 4, seeds[:played]))


class Finishing:
    """A stand-in for Ray and its remote `play_chunk`: runs a chunk at once and reports
    the task submitted last as the first finished; Ctrl-C in wait number `interrupt_at`."""

    def __init__(self, interrupt_at=None):
        self.rows, self.cancelled, self.waits, self.interrupt_at = {}, [], 0, interrupt_at
        self.most = 0  # tasks under way at once

    def remote(self, variant, options, names, seeds):
        self.rows[tuple(seeds)] = play_chunk(variant, options, names, seeds)
        return tuple(seeds)

    def wait(self, refs, num_returns):
        self.waits += 1
        self.most = max(self.most, len(refs))
        if self.waits == self.interrupt_at:
            raise KeyboardInterrupt
        return [refs[-1]], refs[:-1]

    def get(self, ref):
        return self.rows[ref]

    def cancel(self, ref):
        self.cancelled.append(ref)


def test_rows_come_back_in_game_order_whatever_order_tasks_finish():
    names = ["greedy", "random"] * 2
    seeds = list(range(100, 130))
    parts = [seeds[i : i + 4] for i in range(0, 30, 4)]
    fake, done = Finishing(), []
    chunks = ray_backend._in_tasks(fake, fake, ("tractor", {}, names), parts, 3, 5, done.append)
    assert holds(chunks, play_chunk("tractor", {}, names, seeds))
    assert not holds(chunks[::-1], play_chunk("tractor", {}, names, seeds))
    assert done == [9, 13, 17, 21, 25, 27, 31, 35]  # 5 done before; parts 2 to 7, 1, 0
    assert fake.most == 3


def test_tasks_in_flight():
    """`workers` tasks at a time; twice that queued when they cover the cluster's CPUs
    (Ray runs no more than its CPUs), so that no CPU waits for the driver."""
    assert ray_backend.in_flight(1, 2) == 1 and ray_backend.in_flight(3, 64) == 3
    assert ray_backend.in_flight(2, 2) == 4 and ray_backend.in_flight(64, 16) == 128


def test_an_interrupt_cancels_the_tasks_under_way():
    fake = Finishing(interrupt_at=2)
    parts = [[s] for s in range(10)]
    with pytest.raises(KeyboardInterrupt):
        ray_backend._in_tasks(
            fake, fake, ("fifty_k", {}, ["random"] * 4), parts, 3, 0, lambda done: None
        )
    assert sorted(fake.cancelled) == [(0,), (1,), (3,)]  # 2 finished, 3 took its place


def table(out: str) -> list[list[str]]:
    """The rows of selfplay's table: seat, bot, win rate, mean points."""
    return [line.split("│")[1:-1] for line in out.splitlines() if line.count("│") == 6]


def test_selfplay_ray_workers_and_local_cluster(cluster, capsys):
    """`--ray` alone uses the cluster this process has (here the module's), `--workers`
    caps the tasks at once."""
    assert main(["selfplay", "tractor", "-n", "40", "--ray", "--workers", "1"]) == 0
    assert "(ray, 1 at a time)" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("address", "message"),
    [
        ("nowhere", "'nowhere' is not a Ray cluster's address: expected HOST:PORT"),
        ("127.0.0.1:x", "is not a Ray cluster's address"),
        ("127.0.0.1:1", "no Ray cluster at 127.0.0.1:1: Connection refused"),
        ("ray://127.0.0.1:1", "no Ray cluster at ray://127.0.0.1:1: Connection refused"),
    ],
)
def test_a_bad_address_is_one_line_and_status_2(capsys, address, message):
    assert main(["selfplay", "tractor", "-n", "5", "--ray", address]) == 2
    err = capsys.readouterr().err
    assert err.startswith("fenpai selfplay: error: ") and message in err
    assert err.count("\n") == 1


def test_without_ray_installed(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` fails as if not installed
    assert main(["selfplay", "tractor", "-n", "5", "--ray"]) == 2
    err = capsys.readouterr().err
    assert err == "fenpai selfplay: error: Ray is not installed: pip install 'fenpai[ray]'\n"
    with pytest.raises(ray_backend.RayUnavailable, match="fenpai\\[ray\\]"):
        fenpai.simulate("tractor", 5, backend="ray")


def test_an_unknown_backend_and_a_policy_on_ray():
    with pytest.raises(
        ValueError, match="unknown backend 'dask': expected one of threads, processes, ray"
    ):
        fenpai.simulate("tractor", 5, backend="dask")
    with pytest.raises(ValueError, match="built-in bots only: a policy plays here"):
        fenpai.simulate(
            "tractor", 5, bots=["random", lambda batch: [0] * len(batch)] * 2, backend="ray"
        )


def test_the_benchmark_runs(cluster, capsys, monkeypatch):
    """`benches/ray_selfplay.py` on this cluster, on a tiny budget (figures unchecked)."""
    benches = Path(__file__).resolve().parent.parent / "benches"
    monkeypatch.syspath_prepend(str(benches))  # as a script has its folder on its path
    spec = importlib.util.spec_from_file_location("ray_selfplay", benches / "ray_selfplay.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    args = ["--variants", "fifty_k_3p", "--rounds", "1", "--seconds", "0.01", "--address"]
    assert bench.main([*args, cluster, "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert set(result["rows"]["fifty_k_3p"]) == {"local_1", "threads_2", "ray_1", "ray_2", "games"}
    assert set(result["ratios"]["fifty_k_3p"]) == {
        "ray_2/ray_1",
        "ray_2/threads_2",
        "ray_1/local_1",
    }
    assert bench.main([*args, cluster]) == 0
    assert "ray_2/threads_2" in capsys.readouterr().out


# Another driver on the cluster last: Ray then starts this process's workers anew.


def test_selfplay_on_the_cluster_at_an_address(cluster, capsys):
    """`--ray ADDRESS` from another process: the table of the same games played here."""
    args = ["selfplay", "red_five_4p", "-n", "200", "--seed", "4"]
    assert main(args) == 0
    here = table(capsys.readouterr().out)
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "200"}
    run = subprocess.run(
        [sys.executable, "-m", "fenpai.cli", *args, "--ray", cluster],
        capture_output=True,
        text=True,
        env=env,
    )
    assert run.returncode == 0, run.stderr
    assert table(run.stdout) == here and len(here) == 4
    assert "(ray, 2 at a time)" in run.stdout and run.stderr == ""


def test_ctrl_c_cancels_selfplay_on_ray(cluster):
    child = spawn(
        "selfplay", "tractor", "-n", "1000000", "--ray", cluster, term="xterm", env=dict(os.environ)
    )
    child.expect("self-play")
    child.expect(r"[1-9]\d*/1000000")  # games are being played
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert "Traceback" not in child.before and "interrupted" in child.before
    assert child.exitstatus == 130
    again = fenpai.simulate("tractor", 20, workers=2, backend="ray")  # the cluster goes on
    assert same(again, fenpai.simulate("tractor", 20))
