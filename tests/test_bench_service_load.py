"""benches/service_load.py's report of the replicas' cost: each replica count's CPU per
action as a ratio of one replica's, on the runs the flatness bar holds (the load per
replica held, a game's calls routed to one replica), PASS within 1.2x of it either
way, else FAIL."""

from __future__ import annotations

import importlib.util
import sys
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


def row(replicas: int, server: float, db: float, load: str = "per replica", route: str = "game"):
    n = 100 * replicas if load == "per replica" else 100
    return {
        "store": "postgres",
        "replicas": replicas,
        "client": "stream",
        "n": n,
        "base": 100,
        "load": "" if replicas == 1 else load,
        "route": "" if replicas == 1 else route,
        "server_cpu_ms_per_action": server,
        "db_cpu_ms_per_action": db,
        "batch": 10.0,
        "actions_per_s": 900.0 * n / 100,
    }


def test_each_replica_count_is_compared_with_one_replica(load):
    rows = [
        {**row(1, 1.0, 1.0), "store": "sqlite"},
        row(1, 0.20, 0.10),
        row(2, 0.22, 0.13),
        row(2, 0.90, 0.90, load="total"),  # not the bar's runs: left out
        row(2, 0.90, 0.90, route="call"),
        row(3, 0.25, 0.11),
        row(4, 0.16, 0.10),  # cheaper by more than the bar allows: not flat either
    ]
    lines = load.replica_costs(rows, rate=1000.0)
    assert lines[0].strip().startswith("CPU per action vs 1 replica, stream N=100")
    one, two, three, four = lines[1:]
    assert "replicas 0.200 ms (1.00x);" in one and "PASS" not in one and "FAIL" not in one
    assert "replicas 0.220 ms (1.10x PASS)" in two
    assert "PostgreSQL 0.130 ms (1.30x FAIL)" in two
    assert "replicas 0.250 ms (1.25x FAIL)" in three
    assert "PostgreSQL 0.110 ms (1.10x PASS)" in three
    assert "0.90 of the offered 3000/s served" in three
    assert "batch 10.0 (2.50 ms of the replicas' CPU each)" in three
    assert "replicas 0.160 ms (0.80x FAIL)" in four
    assert "PostgreSQL 0.100 ms (1.00x PASS)" in four
    assert len(lines) == 5


def test_nothing_is_reported_without_one_replica_to_compare_with(load):
    assert load.replica_costs([row(2, 0.2, 0.1), row(3, 0.2, 0.1)]) == []
