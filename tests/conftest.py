"""Shared by every test module: the Ray clusters that tests start listen on the loopback
address only; the store a service test's server uses (SQLite, or a fresh database of
the tests' own PostgreSQL server); Hypothesis without a time limit per example."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings
from postgres_support import REQUIRED, PostgresCluster, binaries

# Read when Ray is imported: on Linux, "0" keeps a local cluster on 127.0.0.1 instead of
# the machine's network address.
os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")

# No test has a wall-clock limit: Hypothesis's deadline per example (200 ms by default)
# fails a correct property on a busy machine.
settings.register_profile("fenpai", deadline=None)
settings.load_profile("fenpai")

#: The stores a service test runs against.
STORES = ["sqlite", "postgres"]


@pytest.fixture(scope="session")
def postgres():
    """The tests' PostgreSQL server, started when a test first needs it."""
    found = binaries()
    if found is None:
        message = "PostgreSQL is not installed (Debian: apt-get install postgresql)"
        if REQUIRED:
            pytest.fail(message)
        pytest.skip(message)
    cluster = PostgresCluster(found).start()
    yield cluster
    cluster.stop()


def database(request: pytest.FixtureRequest, store: str) -> str | None:
    """`--db` for a server under test: None (SQLite, its default file) or a fresh
    PostgreSQL database's URL."""
    if store == "sqlite":
        return None
    return request.getfixturevalue("postgres").new_database()


@pytest.fixture(scope="module", params=STORES)
def db(request):
    """A module's store, each module's tests running once per store."""
    return database(request, request.param)


@pytest.fixture(params=STORES)
def fresh_db(request):
    """A test's own store, each test running once per store."""
    return database(request, request.param)
