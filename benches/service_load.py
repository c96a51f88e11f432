"""Load benchmark of the gRPC game service (not a test).

For each N, starts `fenpai serve` on a loopback port with a fresh database (every run
on fresh servers and a fresh database: the games a run leaves unfinished would time out
during the next, their timeouts charged to its actions), then keeps N games in play at
once for a while: client processes (grpc.aio), each playing its share of the N games,
every game from creation through joining to its end and then the next. Reports Act
throughput and latency, the server's CPU time per action and its memory.

Four kinds of client (`--client`):

- `view` (default): the acting seat's GetView, then Act with a random legal action from
  it — two calls per action, what a client that knows only its own seat does.
- `mirror`: the client created the game with a seed it chose, so it replays the game
  locally (a self-play farm) and only calls Act — one call per action.
- `stream`: `mirror` over ActStream, one stream per game slot — one stream message per
  action instead of a call.
- `seat`: a client per seat that knows only its seat, as a player's would: it follows
  its turns (StreamEvents with turns_only, whose views list its legal actions) and acts
  on them over its own ActStream.

The clients are Python (grpc.aio) by default; `--lang node` runs `node-load/load.mjs`
instead (@grpc/grpc-js, installed with npm on first use), which plays games recorded
beforehand and so spends next to no CPU of its own: on a 2-core machine, where the
clients share the cores with the server, it measures the server rather than the clients.

The store is SQLite by default; `--store postgres` starts a PostgreSQL server of the
bench's own (Debian's binaries, fsync on, pg_stat_statements loaded, in a temporary
folder) and `--replicas R` servers on it, the clients routing their calls over the
replicas (`--route`, both by default, each in turn):

- `game`: a game's CreateGame is balanced round-robin, and every later call of the
  game goes to the replica its id hashes to (`replica_of`), as a balancer hashing a
  header the clients set to the game's id does (docs/service.md, Envoy's `ring_hash`);
  with `stream`, a slot keeps an ActStream per replica. The flatness bar holds here.
- `call`: every call and stream balanced round-robin (a balancer without affinity), so
  that a game's calls spread over the replicas: printed for information.

`--compare [R]` runs SQLite on one server, then PostgreSQL with 1, 2, ..., R replicas
(default 2), and reports each one's throughput as a ratio of SQLite's; CPU per action
is the servers' (all replicas) and PostgreSQL's. `batch` is the mean number of changes per store
transaction (the servers' `/metrics`); `notices`, `stmts` and `xacts` are per action the
notices the replicas received from each other, the statements PostgreSQL ran
(pg_stat_statements, BEGIN and COMMIT included) and the transactions it committed;
`caught up` the tries of changes not made on what the replica knew, per action: made
after catching up (two round trips), or tried on what it knew, found stale and made
again (counted twice).

How `--compare` models N machines: R replicas behind a load balancer are R machines,
each serving its share of the clients, so scaling out keeps the load per replica, not
the total. With R > 1 each N is therefore run twice (for each route):

- `per replica`: N games in flight per replica (N x R in all; with `--rate`, the rate
  is per replica too), the run the flatness bar holds. Each replica's commit groups
  are then at least as large as the one replica's: on this one machine larger, since
  the replicas share its cores and more actions gather while each waits for a core
  (the `batch` column shows it).
- `total`: N games in all (N / R per replica), printed beside it and checked the same
  way for information only: R replicas sharing a fixed load make groups about R times
  smaller, so each transaction's fixed cost (its fsync, BEGIN and COMMIT, a wake-up of
  the replica's loop) is shared by fewer actions; that is what spreading a fixed load
  thinner costs, not what adding machines to serve more clients does.

`--compare` prints, for those `per replica` runs, each replica count's CPU per action
(the replicas', PostgreSQL's) as a ratio of one replica's, PASS within the flatness
bar either way, and the changes per transaction with the replicas' CPU per transaction
(an action's cost follows its group's size); with `--rate`, also the share of the
offered actions each run served: a rate each run serves in full keeps every run below
saturation, which a closed loop (`--rate` 0) on shared cores does not.

On this one machine the replicas and PostgreSQL share its cores, so the CPU per action,
not the throughput, shows whether R machines would scale; latency in the `per replica`
runs grows with the R x N games in flight on the same cores (a closed loop), and is not
compared.

`--reference` also measures an empty `grpc.aio` server (grpc_reference.py) driven by the
same clients (`--lang`: the Node ones drive it with node-load/echo.mjs), as many, with
messages the size of an Act's. With `--reference` (unpaced) and `--compare`, the bench
ends with the bars the service is held to, each PASS or FAIL: ActStream with 64 to 100
games in flight at least 0.5x the empty server's stream messages/s, at most 2x its CPU
per message and p99 at most 50 ms; Act (mirror clients) at least 0.5x the empty
server's unary calls/s; PostgreSQL
with one replica at least 0.6x SQLite's actions/s; CPU per action of the replicas and of
PostgreSQL within 20% from 1 to R replicas (the load per replica held, a game's calls
routed to one replica).

    python benches/service_load.py                  # N = 10 and 100, 15 s each
    python benches/service_load.py --client mirror -n 100 --seconds 30 --sync normal
    python benches/service_load.py --client stream -n 100
    python benches/service_load.py --client stream -n 100 --rate 1000   # latency at a rate
    python benches/service_load.py --lang node --client stream -n 100 --rate 1000
    python benches/service_load.py --client stream --reference   # and an empty server
    python benches/service_load.py --lang node --client stream -n 100 --compare
    python benches/service_load.py --lang node --client stream mirror -n 100 --reference
    python benches/service_load.py --lang node --client stream -n 100 --seconds 10 --compare 3
    python benches/service_load.py --lang node --client stream --store postgres --replicas 2
    python benches/service_load.py --lang node --client stream -n 100 --compare 3 --route game
    python benches/service_load.py --lang node --client stream -n 100 --compare 3 --route game \
        --rate 1000   # 1000 actions/s offered per replica
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import multiprocessing
import os
import random
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
import psycopg
from prometheus_client.parser import text_string_to_metric_families

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import grpc_reference  # noqa: E402
from postgres_support import PostgresCluster, binaries  # noqa: E402
from service_support import ServerProcess  # noqa: E402

import fenpai  # noqa: E402
from fenpai.rpc.v1 import game_service_pb2 as pb  # noqa: E402
from fenpai.rpc.v1 import game_service_pb2_grpc as pb_grpc  # noqa: E402

FINISHED = pb.GAME_STATUS_FINISHED
INVALID = grpc.StatusCode.INVALID_ARGUMENT.value[0]
#: About how many actions a game takes (red_five_4p: bids, trump, kitty, 100 plays).
GAME_LENGTH = 140
#: Games recorded for the Node clients (the slots play them cyclically).
RECORDED_GAMES = 64


@dataclass(frozen=True)
class Window:
    """When (Unix time) the clients start, start measuring after the warm-up, and stop:
    the same moments for every client process."""

    start: float
    measure: float
    end: float


class Pacer:
    """A game slot's pace: an action every `pace` seconds (0: no waiting). A slot that
    falls behind goes on from where it is rather than catching up in a burst."""

    def __init__(self, pace: float):
        self.pace = pace
        self.due = 0.0

    async def wait(self) -> None:
        if self.pace:
            self.due = max(self.due + self.pace, time.monotonic())
            await asyncio.sleep(self.due - time.monotonic())


#: A game's stub for its calls after its creation (`Routes.home`).
Home = Callable[[str], Any]


def replica_of(game_id: str, count: int) -> int:
    """The replica a game's id hashes to (FNV-1a, 32 bits, as node-load/load.mjs's)."""
    digest = 0x811C9DC5
    for char in game_id:
        digest = ((digest ^ ord(char)) * 0x01000193) & 0xFFFFFFFF
    return digest % count


async def start_game(
    stub, home: Home, variant: str, seed: int
) -> tuple[Any, str, dict[int, str], list[int]]:
    """A new game (created through `stub`) with every seat joined (through its `home`):
    the stub its calls go through, its id, the seats' tokens, the seats to act."""
    created = await stub.CreateGame(pb.CreateGameRequest(variant=variant, seed=seed))
    game_id = created.game.game_id
    stub = home(game_id)
    tokens = {}
    for seat in range(created.game.num_players):
        joined = await stub.JoinGame(pb.JoinGameRequest(game_id=game_id, seat=seat))
        tokens[seat] = joined.seat_token
    return stub, game_id, tokens, list(joined.game.to_act)


async def play_games(
    stub, home: Home, variant: str, client: str, pace: float, window: Window, seed: int, out: dict
) -> None:
    """One game slot: plays games back to back until the window ends, an action every
    `pace` seconds (0: as fast as the answers come); each game created through `stub`
    and then played through its `home` (with `stream`, one ActStream per stub).

    Paced slots start at random times within a game's length, so that their games end
    at different times, as they would in a server long up, rather than all together."""
    rng = random.Random(seed)
    await asyncio.sleep(rng.random() * GAME_LENGTH * pace)
    if client == "seat":
        await play_seat_games(stub, home, variant, Pacer(pace), window, rng, out)
        return
    pacer = Pacer(pace)
    mirror = client != "view"
    streams: dict[int, Any] = {}
    while time.time() < window.end:
        game_seed = rng.randrange(2**32)
        played, game_id, tokens, to_act = await start_game(stub, home, variant, game_seed)
        stream = None
        if client == "stream":
            stream = streams.setdefault(id(played), played.ActStream())
        local = fenpai.new_game(variant, seed=game_seed) if mirror else None
        seqs = dict.fromkeys(tokens, 0)
        while to_act and time.time() < window.end:
            seat = to_act[0]
            if local is None:
                start = time.perf_counter()
                request = pb.GetViewRequest(game_id=game_id, seat_token=tokens[seat])
                legal = (await played.GetView(request)).view.legal_actions
                if time.time() >= window.measure:
                    out["view"].append(time.perf_counter() - start)
                action = rng.choice(legal)
            else:
                action = local.legal_action(seat, rng.randrange(local.num_legal(seat)))
            seqs[seat] += 1
            request = pb.ActRequest(
                game_id=game_id, seat_token=tokens[seat], action=action, client_seq=seqs[seat]
            )
            start = time.perf_counter()
            if stream is None:
                done = await played.Act(request)
            else:
                await stream.write(pb.ActStreamRequest(act=request))
                answer = await stream.read()
                assert answer.HasField("accepted"), answer.rejected.message
                done = answer.accepted
            if time.time() >= window.measure:
                out["act"].append(time.perf_counter() - start)
            if local is not None:
                local.apply(seat, done.action)
                assert list(done.to_act) == local.to_act
            to_act = list(done.to_act) if done.status != FINISHED else []
            await pacer.wait()
        if not to_act and time.time() >= window.measure:
            out["games"] += 1
    for stream in streams.values():
        await stream.done_writing()


async def play_seat_games(
    stub,
    home: Home,
    variant: str,
    pacer: Pacer,
    window: Window,
    rng: random.Random,
    out: dict,
) -> None:
    """`play_games` by a client per seat that knows only its seat: each follows its
    turns (StreamEvents with turns_only) and acts on them over its own ActStream (one
    per stub)."""
    streams: dict[tuple[int, int], Any] = {}
    while time.time() < window.end:
        played, game_id, tokens, _ = await start_game(stub, home, variant, rng.randrange(2**32))
        for seat in tokens:
            streams.setdefault((id(played), seat), played.ActStream())
        seats = [
            play_seat(
                played, game_id, seat, token, streams[id(played), seat], pacer, window, rng, out
            )
            for seat, token in tokens.items()
        ]
        try:  # the seats stop at the window's end, and no longer wait for their turns
            finished = await asyncio.wait_for(asyncio.gather(*seats), window.end - time.time())
        except TimeoutError:
            break
        if all(finished) and time.time() >= window.measure:
            out["games"] += 1
    for stream in streams.values():
        await stream.done_writing()


async def play_seat(
    stub,
    game_id: str,
    seat: int,
    token: str,
    acting: Any,
    pacer: Pacer,
    window: Window,
    rng: random.Random,
    out: dict,
) -> bool:
    """One seat's client for one game; True once the game is over (False: the stream
    ended before)."""
    request = pb.StreamEventsRequest(game_id=game_id, seat_token=token, turns_only=True)
    turns = stub.StreamEvents(request)
    async for item in turns:
        if item.view.status == FINISHED:
            return True
        action = rng.choice(item.view.legal_actions)
        start = time.perf_counter()
        await acting.write(
            pb.ActStreamRequest(act=pb.ActRequest(game_id=game_id, seat_token=token, action=action))
        )
        answer = await acting.read()
        if time.time() >= window.measure:
            out["act"].append(time.perf_counter() - start)
        # a rejection is a turn another seat's action overtook: the next one comes
        assert answer.HasField("accepted") or answer.rejected.code == INVALID
        await pacer.wait()
    return False


def target(addresses: list[str]) -> tuple[str, list[tuple[str, Any]]]:
    """A channel's target and options: one server, or round-robin over the replicas."""
    options: list[tuple[str, Any]] = [("grpc.enable_http_proxy", 0)]
    if len(addresses) == 1:
        return addresses[0], options
    return "ipv4:" + ",".join(addresses), [*options, ("grpc.lb_policy_name", "round_robin")]


async def client_main(
    addresses: list[str],
    route: str,
    slots: int,
    variant: str,
    client: str,
    pace: float,
    window: Window,
    seed: int,
) -> dict:
    out: dict = {"view": [], "act": [], "games": 0}
    await asyncio.sleep(window.start - time.time())
    measuring = asyncio.get_running_loop().call_later(
        window.measure - time.time(), lambda: out.update(cpu=time.process_time())
    )
    address, options = target(addresses)
    # route `game`: a channel per replica, for the calls of the games hashed to it
    direct = addresses if route == "game" and len(addresses) > 1 else []
    async with contextlib.AsyncExitStack() as channels:
        balanced = await channels.enter_async_context(
            grpc.aio.insecure_channel(address, options=options)
        )
        stub = pb_grpc.GameServiceStub(balanced)
        stubs = [
            pb_grpc.GameServiceStub(
                await channels.enter_async_context(grpc.aio.insecure_channel(a, options=options))
            )
            for a in direct
        ]

        def home(game_id: str) -> Any:
            return stubs[replica_of(game_id, len(stubs))] if stubs else stub

        await asyncio.gather(
            *(
                play_games(stub, home, variant, client, pace, window, seed * 1000 + i, out)
                for i in range(slots)
            )
        )
    measuring.cancel()
    out["cpu"] = time.process_time() - out.get("cpu", time.process_time())
    return out


#: Seconds the client processes get to start before the window opens.
SPAWN_SECONDS = 3.0


def client_process(args: tuple) -> dict:
    return asyncio.run(client_main(*args))


PROTOS = Path(__file__).resolve().parent.parent / "protos"


def record_games(variant: str, count: int, seed: int) -> list[dict]:
    """Games played locally with random legal actions: {seed, actions: [[seat, action]]}."""
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        game_seed = rng.randrange(2**32)
        game = fenpai.new_game(variant, seed=game_seed)
        actions = []
        while game.to_act:
            seat = game.to_act[0]
            game.apply(seat, game.legal_action(seat, rng.randrange(game.num_legal(seat))))
            actions.append(list(game.last_action))
        games.append({"seed": game_seed, "actions": actions})
    return games


def start_node(
    addresses: list[str],
    route: str,
    shares: list[int],
    args: argparse.Namespace,
    client: str,
    window: Window,
    tmp: Path,
) -> Callable[[], list[dict]]:
    """Starts the Node clients; returns how to wait for their results."""
    folder = grpc_reference.node_client()
    n = sum(shares)
    pace = n / args.rate if args.rate else 0.0
    rng = random.Random(n)
    common = {
        "addresses": addresses,
        "route": route,
        "protos": str(PROTOS),
        "variant": args.variant,
        "client": client,
        "pace": pace,
        "start": window.start,
        "measure": window.measure,
        "end": window.end,
        "slots": n,
        "games": record_games(args.variant, RECORDED_GAMES, seed=n),
    }
    procs = []
    first = 0
    for i, share in enumerate(shares):
        plan = tmp / f"plan-{n}-{i}.json"
        delays = [rng.random() * GAME_LENGTH * pace for _ in range(share)]
        plan.write_text(json.dumps({**common, "first_slot": first, "delays": delays}))
        first += share
        node = ["node", str(folder / "load.mjs"), str(plan)]
        procs.append(subprocess.Popen(node, stdout=subprocess.PIPE, text=True))

    def results() -> list[dict]:
        outputs = [proc.communicate()[0] for proc in procs]
        if any(proc.returncode for proc in procs):
            raise SystemExit("a Node client failed")
        return [{"view": [], **json.loads(out)} for out in outputs]

    return results


def start_python(
    addresses: list[str],
    route: str,
    shares: list[int],
    args: argparse.Namespace,
    client: str,
    window: Window,
    pool: Any,
) -> Callable[[], list[dict]]:
    """Starts the Python clients on `pool`; returns how to wait for their results."""
    pace = sum(shares) / args.rate if args.rate else 0.0
    jobs = [
        (addresses, route, s, args.variant, client, pace, window, i) for i, s in enumerate(shares)
    ]
    return pool.map_async(client_process, jobs).get


def rss_kib(pid: int) -> tuple[int, int]:
    """(VmRSS, VmHWM) of a process, KiB."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        fields[name] = value.strip()
    return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])


def cpu_seconds(pid: int, stat: Path | None = None) -> float:
    """User + system CPU time of a process so far (or of the thread whose `stat` file
    this is)."""
    fields = (stat or Path(f"/proc/{pid}/stat")).read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


#: A server's threads, as `thread_cpu` tells them apart.
THREAD_KINDS = ("event loop", "other Python threads", "gRPC's threads")


def thread_cpu(pids: list[int]) -> dict[str, float]:
    """CPU seconds so far of the processes' threads still running, by kind
    (`THREAD_KINDS`): each process's main thread (a server's event loop), the threads
    named as it is (Python's: a server's SQLite writer, `grpc.aio`'s poller of gRPC's
    completions, reads in worker threads), and those gRPC's core named."""
    out = dict.fromkeys(THREAD_KINDS, 0.0)
    for pid in pids:
        try:
            main = Path(f"/proc/{pid}/comm").read_text()
            tasks = list(Path(f"/proc/{pid}/task").iterdir())
        except OSError:  # gone meanwhile
            continue
        for task in tasks:
            try:
                name, seconds = (task / "comm").read_text(), cpu_seconds(pid, task / "stat")
            except (OSError, IndexError, ValueError):  # ended meanwhile
                continue
            kind = 0 if task.name == str(pid) else 1 if name == main else 2
            out[THREAD_KINDS[kind]] += seconds
    return out


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


@dataclass
class Deployment:
    """The servers under load (one, or the replicas), the database's processes and URL."""

    store: str
    servers: list[ServerProcess]
    database: Callable[[], list[int]] = list
    url: str | None = None

    @property
    def name(self) -> str:
        if self.store == "sqlite":
            return "SQLite, 1 server"
        return f"PostgreSQL, {len(self.servers)} replica{'s' * (len(self.servers) > 1)}"

    def pids(self) -> list[int]:
        pids = []
        for server in self.servers:
            assert server.proc is not None
            pids.append(server.proc.pid)
        return pids


@contextlib.contextmanager
def postgres_server(needed: bool) -> Iterator[PostgresCluster | None]:
    """The bench's PostgreSQL server if `needed` (else None), stopped after."""
    if not needed:
        yield None
        return
    found = binaries()
    if found is None:
        raise SystemExit("--store postgres needs PostgreSQL (Debian: apt-get install postgresql)")
    statements = ("shared_preload_libraries=pg_stat_statements",)
    cluster = PostgresCluster(found, durable=True, settings=statements).start()
    try:
        yield cluster
    finally:
        cluster.stop()


@contextlib.contextmanager
def deploy(
    store: str,
    replicas: int,
    args: argparse.Namespace,
    tmp: Path,
    cluster: PostgresCluster | None,
    flags: tuple[str, ...] = (),
) -> Iterator[Deployment]:
    """Starts the servers (`flags`: more `fenpai serve` flags) on a fresh database
    (SQLite's in `tmp`, or one of `cluster`'s); stops them after."""
    if store == "sqlite":
        server = ServerProcess(tmp / "bench.db", "--sync", args.sync, *flags).start()
        try:
            yield Deployment(store, [server])
        finally:
            server.stop()
        return
    assert cluster is not None
    servers: list[ServerProcess] = []
    try:
        url = cluster.new_database()
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("CREATE EXTENSION pg_stat_statements")
        for i in range(replicas):
            servers.append(ServerProcess(tmp / f"replica{i}.db", *flags, url=url).start())
        yield Deployment(store, servers, cluster.pids, url)
    finally:
        for server in servers:
            server.stop()


def cpu_of(pids: list[int]) -> dict[int, float]:
    """CPU seconds so far of each process still running."""
    out = {}
    for pid in pids:
        try:
            out[pid] = cpu_seconds(pid)
        except (OSError, IndexError, ValueError):  # gone meanwhile
            continue
    return out


#: The servers' samples `counts` sums: its names for them.
SAMPLES = {
    "fenpai_commit_batch_size_sum": "changes",
    "fenpai_commit_batch_size_count": "transactions",
    "fenpai_notices_total": "notices",
}


def counts(deployment: Deployment) -> dict[str, float]:
    """Counts so far: over the servers' /metrics, `SAMPLES` and the changes made after
    catching up; from PostgreSQL, the statements it ran and the transactions it
    committed."""
    out = dict.fromkeys([*SAMPLES.values(), "caught up", "statements", "xacts"], 0.0)
    for server in deployment.servers:
        assert server.web_url is not None
        with urllib.request.urlopen(server.web_url + "metrics", timeout=30) as answer:
            text = answer.read().decode()
        for family in text_string_to_metric_families(text):
            for sample in family.samples:
                if sample.name == "fenpai_changes_total":
                    if sample.labels["path"] != "known":  # caught up: two round trips
                        out["caught up"] += sample.value
                elif sample.name in SAMPLES:
                    out[SAMPLES[sample.name]] += sample.value
    if deployment.url is not None:
        with psycopg.connect(deployment.url, autocommit=True) as conn:
            row = conn.execute(
                "SELECT (SELECT sum(calls) FROM pg_stat_statements"
                "        WHERE dbid = (SELECT oid FROM pg_database"
                "                      WHERE datname = current_database())),"
                " (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database())"
            ).fetchone()
        assert row is not None
        out["statements"], out["xacts"] = float(row[0] or 0), float(row[1])
    return out


def run(
    deployment: Deployment,
    n: int,
    client: str,
    route: str,
    args: argparse.Namespace,
    tmp: Path,
    base: int,
) -> dict:
    """One measured window of `n` games in flight, the calls routed by `route` (`game`
    or `call`; moot with one server); `base`: the -n it stands for (n, or n x replicas
    when the load per replica is held, and then so is `--rate`'s)."""
    args = argparse.Namespace(**{**vars(args), "rate": args.rate * n / base})
    clients = min(args.clients, n)
    shares = [n // clients + (i < n % clients) for i in range(clients)]
    addresses = [server.address for server in deployment.servers]
    with multiprocessing.get_context("spawn").Pool(clients) as pool:
        start = time.time() + SPAWN_SECONDS
        warmup = args.warmup
        if warmup is None:  # every slot started (its game created and joined), and a little
            warmup = GAME_LENGTH * n / args.rate + 2.0 if args.rate else 3.0 * max(1, n / 100)
        window = Window(start, start + warmup, start + warmup + args.seconds)
        if args.lang == "node":
            collect = start_node(addresses, route, shares, args, client, window, tmp)
        else:
            collect = start_python(addresses, route, shares, args, client, window, pool)
        time.sleep(max(0.0, window.measure - time.time()))
        cpu_before = sum(cpu_of(deployment.pids()).values())
        threads_before = thread_cpu(deployment.pids())
        db_before = cpu_of(deployment.database())
        counted_before = counts(deployment)
        time.sleep(max(0.0, window.end - time.time()))
        cpu = sum(cpu_of(deployment.pids()).values()) - cpu_before
        threads = {k: v - threads_before[k] for k, v in thread_cpu(deployment.pids()).items()}
        db_after = cpu_of(deployment.database())
        counted = {k: v - counted_before[k] for k, v in counts(deployment).items()}
        db_cpu = sum(t - db_before.get(pid, 0.0) for pid, t in db_after.items())
        results = collect()
    acts = [x for r in results for x in r["act"]]
    views = [x for r in results for x in r["view"]]
    memory = [rss_kib(pid) for pid in deployment.pids()]
    rss, peak = max(m[0] for m in memory), max(m[1] for m in memory)
    per_action = 1 / max(1, len(acts))
    return {
        "deployment": deployment.name,
        "store": deployment.store,
        "replicas": len(deployment.servers),
        "client": client,
        "route": route if len(deployment.servers) > 1 else "",
        "n": n,
        "base": base,
        "load": "per replica" if n != base else "total" if len(deployment.servers) > 1 else "",
        "actions": len(acts),
        "games": sum(r["games"] for r in results),
        "actions_per_s": len(acts) / args.seconds,
        "act_p50_ms": percentile(acts, 0.50) * 1e3,
        "act_p99_ms": percentile(acts, 0.99) * 1e3,
        "view_p50_ms": percentile(views, 0.50) * 1e3,
        "view_p99_ms": percentile(views, 0.99) * 1e3,
        "server_cpu_ms_per_action": cpu / max(1, len(acts)) * 1e3,
        "thread_cpu_ms_per_action": {k: v * per_action * 1e3 for k, v in threads.items()},
        "db_cpu_ms_per_action": db_cpu / max(1, len(acts)) * 1e3,
        "client_cpu_ms_per_action": sum(r["cpu"] for r in results) / max(1, len(acts)) * 1e3,
        "rss_mib": rss / 1024,
        "peak_rss_mib": peak / 1024,
        "batch": counted["changes"] / max(1.0, counted["transactions"]),
        "notices_per_action": counted["notices"] * per_action,
        "statements_per_action": counted["statements"] * per_action,
        "xacts_per_action": counted["xacts"] * per_action,
        "caught_up_per_action": counted["caught up"] * per_action,
    }


#: The bars the service is held to (each a ratio to what it is compared with).
STREAM_THROUGHPUT = 0.5  # ActStream messages/s, of the empty server's stream messages/s
STREAM_CPU = 2.0  # server CPU per action, of the empty server's CPU per stream message
STREAM_P99_MS = 50.0
STREAM_GAMES = range(64, 101)  # games in flight for the ActStream bars
UNARY_THROUGHPUT = 0.5  # Act calls/s (mirror clients), of the empty server's unary calls/s
POSTGRES_THROUGHPUT = 0.6  # PostgreSQL with one replica, of SQLite's actions/s
FLAT_CPU = 1.2  # CPU per action (replicas, PostgreSQL): the most over the least, 1..3 replicas
#: The loads run with replicas (`--compare`): held per replica, or in all.
LOADS = ("per replica", "total")


def thread_lines(rows: list[dict]) -> list[str]:
    """Each run's server CPU per action, thread by thread (`thread_cpu`)."""
    out = []
    for r in rows:
        split = r.get("thread_cpu_ms_per_action")
        if split:
            kinds = ", ".join(f"{kind} {ms:.3f} ms" for kind, ms in split.items())
            where = f"{r['deployment']}, {r['load'] + ', ' if r['load'] else ''}{r['client']}"
            out.append(f"server CPU per action by thread ({where} N={r['n']}): {kinds}")
    return out


def verdict(name: str, value: float, bar: float, higher: bool, unit: str = "x") -> str:
    passed = value >= bar if higher else value <= bar
    sign = ">=" if higher else "<="
    return f"  {'PASS' if passed else 'FAIL'}  {name}: {value:.2f}{unit} (bar {sign} {bar:g}{unit})"


def reference_bars(rows: list[dict], refs: dict[tuple[str, int], dict]) -> list[str]:
    """The service against the empty gRPC server measured in the same run."""
    out = []
    for r in rows:
        ref = refs.get(("stream" if r["client"] in ("stream", "seat") else "unary", r["n"]))
        if ref is None or r["store"] != "sqlite" or r["client"] == "view":
            continue
        speed = r["actions_per_s"] / ref["calls_per_s"]
        cpu = r["server_cpu_ms_per_action"] / ref["server_cpu_ms_per_call"]
        where = f"{r['client']} N={r['n']}"
        if r["client"] == "stream" and r["n"] in STREAM_GAMES:
            out.append(verdict(f"ActStream throughput, {where}", speed, STREAM_THROUGHPUT, True))
            out.append(verdict(f"ActStream CPU per action, {where}", cpu, STREAM_CPU, False))
            p99 = r["act_p99_ms"]
            out.append(verdict(f"ActStream p99, {where}", p99, STREAM_P99_MS, False, " ms"))
        elif r["client"] == "mirror":
            out.append(verdict(f"unary Act throughput, {where}", speed, UNARY_THROUGHPUT, True))
    return out


def postgres_bars(rows: list[dict]) -> list[str]:
    """PostgreSQL against SQLite, and its cost as replicas are added: the load per
    replica held and a game's calls routed to one replica (the bar), and the total
    load held or every call balanced (for information)."""
    out = []
    for client in sorted({r["client"] for r in rows}):
        for base in sorted({r["base"] for r in rows}):
            same = [r for r in rows if r["client"] == client and r["base"] == base]
            sqlite = [r for r in same if r["store"] == "sqlite"]
            one = [r for r in same if r["store"] == "postgres" and r["replicas"] == 1]
            if sqlite and one:
                speed = one[0]["actions_per_s"] / sqlite[0]["actions_per_s"]
                name = f"PostgreSQL 1 replica / SQLite throughput, {client} N={base}"
                out.append(verdict(name, speed, POSTGRES_THROUGHPUT, True))
            routes = sorted({r["route"] for r in same} - {""})
            for route, load in [(route, load) for route in routes for load in LOADS]:
                postgres = sorted(
                    (
                        r
                        for r in same
                        if r["store"] == "postgres"
                        and r["load"] in ("", load)
                        and r["route"] in ("", route)
                    ),
                    key=lambda r: r["replicas"],
                )
                if len(postgres) < 2:
                    continue
                span = f"{postgres[0]['replicas']}..{postgres[-1]['replicas']} replicas"
                held = (route, load) == ("game", "per replica")
                where = f"N={base} {load}, route {route}" + ("" if held else " (information)")
                for key, what in (
                    ("server_cpu_ms_per_action", "replicas' CPU per action"),
                    ("db_cpu_ms_per_action", "PostgreSQL's CPU per action"),
                ):
                    costs = [r[key] for r in postgres]
                    spread = max(costs) / max(1e-9, min(costs))
                    name = f"{what}, most/least over {span}, {client} {where}"
                    out.append(verdict(name, spread, FLAT_CPU, False))
    return out


def replica_costs(rows: list[dict], rate: float = 0.0) -> list[str]:
    """The cost of each replica count as a ratio of one replica's, the load per replica
    held and a game's calls routed to one replica (the flatness bar's runs): CPU per
    action of the replicas and of PostgreSQL, each PASS within `FLAT_CPU` of one
    replica's either way, else FAIL; the changes per transaction, and the replicas'
    CPU per transaction (what an action costs follows the groups' size); with `rate`,
    also the share of the offered actions served (near 1: below saturation)."""
    out = []
    held = [
        r
        for r in rows
        if r["store"] == "postgres"
        and r["load"] in ("", "per replica")
        and r["route"] in ("", "game")
    ]
    for client, base in sorted({(r["client"], r["base"]) for r in held}):
        runs = sorted(
            (r for r in held if r["client"] == client and r["base"] == base),
            key=lambda r: r["replicas"],
        )
        if len(runs) < 2 or runs[0]["replicas"] != 1:
            continue
        one = runs[0]
        out.append(f"  CPU per action vs 1 replica, {client} N={base} per replica, route game:")
        for r in runs:
            line = f"    {r['replicas']} replica{'s' * (r['replicas'] > 1)}:"
            for key, what in (
                ("server_cpu_ms_per_action", "replicas"),
                ("db_cpu_ms_per_action", "PostgreSQL"),
            ):
                ratio = r[key] / max(1e-9, one[key])
                flat = max(ratio, 1 / max(1e-9, ratio)) <= FLAT_CPU  # within it either way
                mark = "" if r is one else " PASS" if flat else " FAIL"
                line += f" {what} {r[key]:.3f} ms ({ratio:.2f}x{mark});"
            per_commit = r["server_cpu_ms_per_action"] * r["batch"]
            line += f" batch {r['batch']:.1f} ({per_commit:.2f} ms of the replicas' CPU each)"
            if rate:
                offered = rate * r["n"] / r["base"]
                line += f"; {r['actions_per_s'] / offered:.2f} of the offered {offered:g}/s served"
            out.append(line)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--games", type=int, nargs="+", default=[10, 100])
    parser.add_argument("--seconds", type=float, default=15.0, help="measured time per N")
    parser.add_argument(
        "--warmup",
        type=float,
        help="seconds played before measuring (default: 3 per 100 games, or with --rate until"
        " every game slot has started, 2 s more)",
    )
    parser.add_argument("--clients", type=int, default=2, help="client processes")
    parser.add_argument("--variant", default="red_five_4p")
    parser.add_argument(
        "--client",
        choices=("view", "mirror", "stream", "seat"),
        nargs="+",
        default=["view"],
        help="the kind of client (several: each in turn)",
    )
    parser.add_argument(
        "--lang",
        choices=("python", "node"),
        default="python",
        help="the clients' language (node: recorded games, mirror or stream only)",
    )
    parser.add_argument(
        "--rate",
        type=float,
        default=0.0,
        help="actions/s offered in all, spread evenly over the N games (0: closed loop, as fast"
        " as the answers come)",
    )
    parser.add_argument("--sync", choices=("full", "normal"), default="full")
    parser.add_argument(
        "--reference",
        action="store_true",
        help="also measure an empty gRPC server with as many clients of the same language"
        " (grpc_reference.py), and check the service against it",
    )
    parser.add_argument("--store", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument(
        "--replicas", type=int, default=1, help="servers on the one PostgreSQL database"
    )
    parser.add_argument(
        "--route",
        choices=("game", "call"),
        nargs="+",
        default=["game", "call"],
        help="with replicas, how the clients route their calls: `game`, each game's calls"
        " after its creation to the replica its id hashes to (as a balancer hashing a"
        " header with the game id would); `call`, every call and stream round-robin"
        " (several: each in turn)",
    )
    parser.add_argument(
        "--compare",
        type=int,
        nargs="?",
        const=2,
        metavar="R",
        help="SQLite on one server, then PostgreSQL with 1, 2, ..., R replicas (default 2),"
        " and check PostgreSQL against SQLite and its cost as replicas are added",
    )
    args = parser.parse_args()
    if args.lang == "node" and {"view", "seat"} & set(args.client):
        parser.error("the Node clients play recorded games: --client mirror or stream")
    if args.replicas > 1 and args.store != "postgres":
        parser.error("--replicas needs --store postgres (a SQLite file has one server)")
    setups = [(args.store, args.replicas)]
    if args.compare:
        setups = [("sqlite", 1)] + [("postgres", r) for r in range(1, args.compare + 1)]
    rows = []
    runs = 0
    needed = any(store == "postgres" for store, _ in setups)
    with tempfile.TemporaryDirectory() as tmp, postgres_server(needed) as cluster:
        for store, replicas in setups:
            # --compare: with replicas, each N in all and then N per replica
            loads = (1, replicas) if args.compare and replicas > 1 else (1,)
            routes = args.route if replicas > 1 else [""]
            for client, n, route, scale in itertools.product(
                args.client, args.games, routes, loads
            ):
                # fresh servers and database: a run's unfinished games would time out
                # during the next one, their timeouts charged to its actions
                runs += 1
                folder = Path(tmp) / f"run{runs}"
                folder.mkdir()
                with deploy(store, replicas, args, folder, cluster) as deployment:
                    rows.append(run(deployment, n * scale, client, route, args, folder, n))
    cpu = subprocess.run(["nproc"], capture_output=True, text=True).stdout.strip()
    load = os.getloadavg()[0]
    print(
        f"fenpai service load: {args.variant}, {args.lang} clients in {args.clients}"
        f" processes, "
        f"rate {args.rate or 'unpaced'}, {args.seconds:g} s per N, sqlite synchronous={args.sync}, "
        f"{cpu} cores, load average {load:.1f} at the end"
    )
    print(
        f"{'store':<23} {'load':<11} {'route':<5} {'client':<6} {'N':>5} {'games':>6}"
        f" {'actions':>8} {'actions/s':>10} {'ratio':>6} {'Act p50':>8} {'Act p99':>8}"
        f" {'View p50':>9} {'View p99':>9} {'srv CPU/act':>11} {'db CPU/act':>10}"
        f" {'clients CPU/act':>15} {'batch':>6} {'notices':>7} {'stmts':>6} {'xacts':>6}"
        f" {'RSS MiB':>8} {'peak':>6} {'caught up':>9}"
    )
    first = {(r["client"], r["base"]): r["actions_per_s"] for r in reversed(rows)}
    for r in rows:
        ratio = r["actions_per_s"] / max(1e-9, first[(r["client"], r["base"])])
        print(
            f"{r['deployment']:<23} {r['load']:<11} {r['route']:<5} {r['client']:<6} {r['n']:>5}"
            f" {r['games']:>6}"
            f" {r['actions']:>8} {r['actions_per_s']:>10.0f} {ratio:>6.2f}"
            f" {r['act_p50_ms']:>6.1f}ms {r['act_p99_ms']:>6.1f}ms"
            f" {r['view_p50_ms']:>7.1f}ms {r['view_p99_ms']:>7.1f}ms"
            f" {r['server_cpu_ms_per_action']:>9.2f}ms {r['db_cpu_ms_per_action']:>8.2f}ms"
            f" {r['client_cpu_ms_per_action']:>13.2f}ms {r['batch']:>6.1f}"
            f" {r['notices_per_action']:>7.2f} {r['statements_per_action']:>6.2f}"
            f" {r['xacts_per_action']:>6.2f} {r['rss_mib']:>8.1f} {r['peak_rss_mib']:>6.1f}"
            + (f" {r['caught_up_per_action']:>9.3f}" if r["store"] == "postgres" else "")
        )
    print("\n".join(thread_lines(rows)))
    bars = postgres_bars(rows) if args.compare else []
    costs = replica_costs(rows, args.rate) if args.compare else []
    if costs:
        print("\n".join(costs))
    if args.reference:
        refs: dict[tuple[str, int], dict] = {}
        for r in rows:
            mode = "stream" if r["client"] in ("stream", "seat") else "unary"
            if (mode, r["n"]) not in refs:
                refs[(mode, r["n"])] = grpc_reference.measure(
                    r["n"], mode, args.clients, args.seconds, args.lang
                )
            ref = refs[(mode, r["n"])]
            cpu = r["server_cpu_ms_per_action"] / ref["server_cpu_ms_per_call"]
            line = (
                f"reference, an empty gRPC server answering {args.lang} clients' {mode} calls"
                " as fast as it can,"
                f" N={r['n']}: {ref['calls_per_s']:.0f}/s, p50 {ref['p50_ms']:.1f} ms,"
                f" p99 {ref['p99_ms']:.1f} ms, server CPU {ref['server_cpu_ms_per_call']:.2f} ms;"
                f" the service ({r['deployment']}, {r['client']}) per action:"
                f" {cpu:.2f}x its server CPU"
            )
            if not args.rate:
                line += f", {r['actions_per_s'] / ref['calls_per_s']:.2f}x its throughput"
            print(line)
        if not args.rate:
            bars = reference_bars(rows, refs) + bars
    if bars:
        print("bars (a shared or busy machine makes these noisy: rerun on a quiet one):")
        print("\n".join(bars))


if __name__ == "__main__":
    main()
