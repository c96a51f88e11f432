"""benches/service_load.py's split of a server's CPU by thread: the main thread (the
event loop), the other Python threads (the SQLite writer), the threads gRPC's core
named; each thread's time goes to its own kind, none to another's."""

from __future__ import annotations

import importlib.util
import os
import sys
import threading
import time
from pathlib import Path

import pytest

BENCHES = Path(__file__).resolve().parent.parent / "benches"
SCRIPT = BENCHES / "service_load.py"


@pytest.fixture(scope="module")
def load():
    """The bench as a module (it finds grpc_reference.py beside it)."""
    sys.path.insert(0, str(BENCHES))
    spec = importlib.util.spec_from_file_location("service_load", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["service_load"] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    yield module
    del sys.modules["service_load"]
    sys.path.remove(str(BENCHES))


def spin(seconds: float, stop: threading.Event | None = None) -> None:
    """Spends `seconds` of this thread's CPU, and then until `stop` is set, if given."""
    end = time.thread_time() + seconds
    while time.thread_time() < end or (stop is not None and not stop.is_set()):
        pass


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux's /proc")
def test_a_python_threads_time_is_its_own_kind_and_the_main_threads_the_loops(load):
    pid = os.getpid()
    before = load.thread_cpu([pid])
    stop = threading.Event()  # a thread's time counts while it runs: it stops after
    worker = threading.Thread(target=spin, args=(0.2, stop))
    worker.start()
    spin(0.3)  # the main thread, meanwhile
    others = "other Python threads"
    for _ in range(200):  # at most 2 s more of the main thread's CPU
        if load.thread_cpu([pid])[others] - before[others] >= 0.1:
            break
        spin(0.01)  # the worker waits for the GIL: give it a turn
    after = load.thread_cpu([pid])
    stop.set()
    worker.join()
    spent = {kind: after[kind] - before[kind] for kind in load.THREAD_KINDS}
    assert spent["event loop"] >= 0.25
    assert spent[others] >= 0.1
    assert spent["gRPC's threads"] < 0.1


def test_each_run_with_a_split_prints_it(load):
    split = {"event loop": 0.15, "other Python threads": 0.05, "gRPC's threads": 0.02}
    rows = [
        {
            "deployment": "SQLite, 1 server",
            "load": "",
            "client": "stream",
            "n": 100,
            "thread_cpu_ms_per_action": split,
        },
        {"deployment": "SQLite, 1 server", "load": "", "client": "mirror", "n": 100},
    ]
    assert load.thread_lines(rows) == [
        "server CPU per action by thread (SQLite, 1 server, stream N=100): event loop"
        " 0.150 ms, other Python threads 0.050 ms, gRPC's threads 0.020 ms"
    ]
