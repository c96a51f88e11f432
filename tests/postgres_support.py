"""A real PostgreSQL server for the tests: Debian's `postgresql` binaries (`initdb`,
`pg_ctl`), a cluster in a temporary folder on a free loopback port, started once and
stopped after the last test; each server under test gets a fresh database.

The cluster runs as the user running the tests, or as `nobody` when that is root
(PostgreSQL refuses to run as root). It runs with `fsync=off`: the tests kill servers
of the service, never the database, so nothing they check depends on the disk.
"""

from __future__ import annotations

import itertools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from service_support import free_port

#: Where Debian puts the server binaries (the newest version first).
DEBIAN_BINARIES = "/usr/lib/postgresql/*/bin"
#: Set to `required` (scripts/test.sh does) to fail rather than skip without PostgreSQL.
REQUIRED = os.environ.get("FENPAI_POSTGRES") == "required"


def binaries() -> Path | None:
    """The folder holding `initdb` and `pg_ctl`, or None."""
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).parent
    versions = sorted(Path("/").glob(DEBIAN_BINARIES.lstrip("/")), key=_version, reverse=True)
    return next((v for v in versions if (v / "initdb").exists()), None)


def _version(path: Path) -> int:
    name = path.parent.name
    return int(name) if name.isdigit() else 0


class PostgresCluster:
    """A PostgreSQL cluster of the tests' own, on 127.0.0.1; `durable`: with fsync (for
    a benchmark, where durability is what a commit costs); `settings`: more `name=value`
    server settings (a benchmark's `shared_preload_libraries=pg_stat_statements`)."""

    def __init__(self, bin_dir: Path, durable: bool = False, settings: tuple[str, ...] = ()):
        self.bin = bin_dir
        self.durable = durable
        self.settings = settings
        self.port = free_port()
        self.root = Path(tempfile.mkdtemp(prefix="fenpai-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "postgres.log"
        self._names = itertools.count()
        self._as: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.root, "nobody")
            self._as = ["runuser", "-u", "nobody", "--"]

    def _run(self, tool: str, *args: str) -> None:
        command = [*self._as, str(self.bin / tool), *args]
        done = subprocess.run(command, capture_output=True, text=True, cwd=self.root)
        if done.returncode:
            raise RuntimeError(f"{tool} failed: {done.stderr or done.stdout}; see {self.log}")

    def start(self) -> PostgresCluster:
        self._run("initdb", "-D", str(self.data), "-U", "fenpai", "--auth=trust", "-E", "UTF8")
        options = [
            f"-p {self.port}",
            "-c listen_addresses=127.0.0.1",
            "-c unix_socket_directories=''",
            "-c max_connections=200",
        ]
        if not self.durable:
            options += ["-c fsync=off", "-c full_page_writes=off"]
        options += [f"-c {setting}" for setting in self.settings]
        command = ["-D", str(self.data), "-l", str(self.log), "-w", "-o", " ".join(options)]
        self._run("pg_ctl", *command, "start")
        return self

    def url(self, name: str = "postgres") -> str:
        return f"postgresql://fenpai@127.0.0.1:{self.port}/{name}"

    def new_database(self) -> str:
        """A fresh, empty database: its URL."""
        import psycopg

        name = f"fenpai_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def pids(self) -> list[int]:
        """The server's processes now: the postmaster and its children."""
        main = int((self.data / "postmaster.pid").read_text().split()[0])
        children = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):  # gone meanwhile
                continue
            if parent == main:
                children.append(int(stat.parent.name))
        return [main, *children]

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
