"""Durability soak of the gRPC game service: kill -9 at random moments (a benchmark, not
a test).

Starts `fenpai serve` on a fresh database (SQLite; or `--store postgres --replicas R`, R
servers on a PostgreSQL of the bench's own, as service_load.py deploys them, with fsync
on), with no decision timers (a timer acting for a client's seat would race its client),
as the crash tests run it, and leases of a second. `--games` game slots each play games
back to back, every variant in turn: some with a server-side bot, some tables (matches
of two hands), half acting by unary Act, half over ActStream (a new stream after each
failure), and some followed by a seat's StreamEvents or a spectator's Spectate, resumed
from the last version seen after each failure. Meanwhile the server (or a random
replica) is killed with SIGKILL `--kills` times at random moments (seeded) and
restarted. Clients retry a failed call with the same client_seq (CreateGame and JoinGame
with the same request id), on the same server or else on the next replica, and record
every action they got an OK for, with its game and version.

After the last kill each slot plays its game to its end, then every game's stored
history (GetHistory) is checked against what its clients were told: every
acknowledged action is there at its version, none applied twice, no stored client
action unacknowledged, each result (a table's totals) a replay of the history
(`check_acknowledged`, as the crash tests do). Through the run, every view and event
a client received is checked against the game replayed from that history
(tests/leak_support.py): a seat sees exactly the public view plus its own cards, a
spectator the public view, and a stream sends another seat's burial redacted; a
stream also sends every version once, in order, across its resumptions.

Prints the kills, games, acknowledged actions, lost actions (must be 0), hidden-card
violations (must be 0) and the time taken; the exit status is 1 on any loss, leak,
inconsistency or game that did not finish. The machine's other load shows in the time
taken, not in the counts.

    python benches/service_soak.py --kills 100
    python benches/service_soak.py --store postgres --replicas 2 --kills 20
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import grpc

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from leak_support import (  # noqa: E402
    check_public,
    check_streamed_event,
    check_view,
    truth_by_version,
)
from service_load import deploy, postgres_server  # noqa: E402
from service_support import RETRY, Client, check_acknowledged, create_request  # noqa: E402

from fenpai.games import VARIANTS  # noqa: E402
from fenpai.rpc.v1 import game_service_pb2 as pb  # noqa: E402

FINISHED = pb.GAME_STATUS_FINISHED
#: Seconds a game may take, and a call may be retried, before its client gives up.
GIVE_UP = 600.0
#: Every how many games one has a bot, one is a table, one is followed by a stream.
BOT_EVERY, TABLE_EVERY, FOLLOWED_EVERY = 3, 5, 2


def request_id(rng: random.Random) -> str:
    """A CreateGame or JoinGame request id (128 random bits) from the slot's seeded rng."""
    return uuid.UUID(int=rng.getrandbits(128)).hex


class SoakClient(Client):
    """`Client`, keeping every view it received (for the leak checks) and giving up
    only after `GIVE_UP` seconds."""

    give_up = GIVE_UP

    def __init__(self, stubs, seed: int, streamed: bool):
        super().__init__(stubs, "", {}, seed, streamed)
        #: (seat, view) of every GetView answer.
        self.seen: list[tuple[int, pb.View]] = []

    def view(self, seat: int) -> pb.View:
        got = super().view(seat)
        self.seen.append((seat, got))
        return got


class Follower(threading.Thread):
    """A seat's StreamEvents (or, for `seat` None, a spectator's Spectate) of one game
    until its end, resumed after each failure from the last version received, on the
    same server or else the next replica."""

    def __init__(self, stubs, game_id: str, seat: int | None, token: str, give_up: float):
        super().__init__(daemon=True)
        self.stubs, self.game_id, self.seat, self.token = stubs, game_id, seat, token
        self.end = time.monotonic() + give_up
        #: (event, view) of every item received.
        self.items: list[tuple[pb.Event, pb.View]] = []
        self.resumed = 0
        self.error: BaseException | None = None

    def stream(self, stub, after: int):
        """The stream of the events after version `after` (waiting for a lone server)."""
        waits = len(self.stubs) == 1
        if self.seat is None:
            request = pb.SpectateRequest(game_id=self.game_id, from_version=after)
            return stub.Spectate(request, wait_for_ready=waits)
        request = pb.StreamEventsRequest(
            game_id=self.game_id, seat_token=self.token, from_version=after
        )
        return stub.StreamEvents(request, wait_for_ready=waits)

    def run(self) -> None:
        at = 0
        while True:
            after = self.items[-1][0].version if self.items else 0
            try:
                for item in self.stream(self.stubs[at], after):
                    self.items.append((item.event, item.view))
                    if item.view.status == FINISHED:
                        return
            except grpc.RpcError as err:
                if err.code() not in RETRY:
                    self.error = err
                    return
            if time.monotonic() > self.end:
                self.error = AssertionError("the stream did not reach the game's end")
                return
            self.resumed += 1
            at = (at + 1) % len(self.stubs)
            time.sleep(0.05)


@dataclass
class Tally:
    """What the slots found, shared by them (under `lock`)."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    clients: list[SoakClient] = field(default_factory=list)
    views: int = 0
    streamed: int = 0
    resumed: int = 0
    #: The first message of each kind of problem, and how many of each.
    leaks: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def leaks_of(client: SoakClient, follower: Follower | None, history) -> list[str]:
    """What the client and the follower received that a seat (or a spectator) may not
    know, or a stream that skipped or repeated a version: one line each."""
    truth = truth_by_version(history)
    stored = {e.version: e for e in history.events}
    found = []
    for seat, seen in client.seen:
        try:
            check_view(seat, json.loads(seen.view_json), seen.hand_view, truth[seen.version])
        except AssertionError as err:
            found.append(f"{client.game_id} seat {seat} view v{seen.version}: {err}")
    if follower is None:
        return found
    who = "spectator" if follower.seat is None else f"seat {follower.seat}"
    versions = [event.version for event, _ in follower.items]
    if versions != sorted(stored):
        found.append(f"{client.game_id} {who} stream: versions {versions} of {len(stored)}")
    for event, seen in follower.items:
        try:
            check_streamed_event(follower.seat, event, stored[event.version])
            received = json.loads(seen.view_json)
            if follower.seat is None:
                check_public(received, seen.hand_view, truth[seen.version])
            else:
                check_view(follower.seat, received, seen.hand_view, truth[seen.version])
        except (AssertionError, KeyError) as err:
            found.append(f"{client.game_id} {who} stream v{event.version}: {err!r}")
    return found


class Slot(threading.Thread):
    """Plays games back to back until `stop` is set, then its game under way to its end;
    checks what each game's clients received for leaks once it is over."""

    def __init__(self, index: int, stubs, seed: int, counter, stop: threading.Event, tally):
        super().__init__(daemon=True)
        self.stubs, self.rng, self.counter = stubs, random.Random(seed), counter
        self.index, self.stop, self.tally = index, stop, tally
        self.playing = False

    def run(self) -> None:
        while not self.stop.is_set():
            n = next(self.counter)
            try:
                self.play(n)
            except BaseException as err:  # counted and reported
                with self.tally.lock:
                    self.tally.errors.append(f"game #{n}: {err!r}")
                return
            finally:
                self.playing = False

    def play(self, n: int) -> None:
        variants = sorted(VARIANTS)
        variant = variants[n % len(variants)]
        client = SoakClient(self.stubs, self.rng.randrange(2**32), streamed=n % 2 == 1)
        request = create_request(
            variant,
            seed=self.rng.randrange(2**32),
            bots={1: "random"} if n % BOT_EVERY == 0 else {},
            match=pb.MatchSettings(hands=2) if n % TABLE_EVERY == TABLE_EVERY - 1 else None,
            request_id=request_id(self.rng),
        )
        self.playing = True
        game = client.call("CreateGame", request).game
        for seat in game.seats:
            if seat.kind == pb.SEAT_KIND_OPEN:
                join = pb.JoinGameRequest(
                    game_id=game.game_id, seat=seat.seat, request_id=request_id(self.rng)
                )
                client.tokens[seat.seat] = client.call("JoinGame", join).seat_token
        client.game_id = game.game_id
        with self.tally.lock:  # its acknowledged actions are checked, whatever happens next
            self.tally.clients.append(client)
        follower = None
        if n % FOLLOWED_EVERY == 0:
            seat = self.rng.choice([None, *client.tokens])
            token = "" if seat is None else client.tokens[seat]
            follower = Follower(self.stubs, game.game_id, seat, token, GIVE_UP)
            follower.start()
        client.play()
        if follower is not None:
            follower.join(GIVE_UP)
            if follower.error is not None or follower.is_alive():
                raise AssertionError(f"game {game.game_id}'s stream: {follower.error!r}")
        history = client.call("GetHistory", pb.GetHistoryRequest(game_id=game.game_id))
        leaks = leaks_of(client, follower, history)
        with self.tally.lock:
            self.tally.views += len(client.seen) + (len(follower.items) if follower else 0)
            self.tally.streamed += follower is not None
            self.tally.resumed += follower.resumed if follower else 0
            self.tally.leaks += leaks
        client.seen.clear()


def lost_of(stub, client: SoakClient) -> int:
    """The client's acknowledged actions not in the stored history at their version."""
    history = stub.GetHistory(pb.GetHistoryRequest(game_id=client.game_id))
    stored = {e.version: (e.seat, e.action) for e in history.events}
    return sum(
        stored.get(version) != (seat, action) for version, seat, _, action, _ in client.acked
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=10, help="kill -9 this many times")
    parser.add_argument("--games", type=int, default=12, help="games in play at once")
    parser.add_argument("--store", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--replicas", type=int, default=1, help="servers on one PostgreSQL")
    parser.add_argument("--seed", type=int, default=2026, help="the kills' moments and victims")
    parser.add_argument(
        "--every",
        type=float,
        nargs=2,
        default=(0.2, 1.5),
        metavar=("MIN", "MAX"),
        help="seconds between a server's restart and the next kill, drawn uniformly",
    )
    parser.add_argument(
        "--down", type=float, default=0.3, help="seconds a killed server stays down, at most"
    )
    parser.add_argument("--sync", choices=("full", "normal"), default="full")
    args = parser.parse_args()
    if args.replicas > 1 and args.store != "postgres":
        parser.error("--replicas needs --store postgres (a SQLite file has one server)")
    if not __debug__:
        parser.error("the checks are assertions: run without python -O")
    rng = random.Random(args.seed)
    flags = ("--no-timers", "--lease-seconds", "1")
    started = time.monotonic()
    with (
        tempfile.TemporaryDirectory() as tmp,
        postgres_server(args.store == "postgres") as cluster,
        deploy(args.store, args.replicas, args, Path(tmp), cluster, flags) as deployment,
    ):
        servers = deployment.servers
        stubs = [server.stub() for server in servers]
        stop, tally, counter = threading.Event(), Tally(), itertools.count()
        slots = [
            Slot(i, [s.stub() for s in servers], args.seed * 1000 + i, counter, stop, tally)
            for i in range(args.games)
        ]
        for slot in slots:
            slot.start()
        hit = 0
        for _ in range(args.kills):
            time.sleep(rng.uniform(*args.every))
            victim = rng.choice(servers)
            hit += sum(slot.playing for slot in slots)
            victim.kill()
            time.sleep(rng.uniform(0.0, args.down))
            victim.start()
        stop.set()
        for slot in slots:
            slot.join(GIVE_UP)
            if slot.is_alive():
                tally.errors.append(f"slot {slot.index} did not finish its game")
        lost = 0
        for client in tally.clients:
            lost += lost_of(stubs[0], client)
            try:
                check_acknowledged(stubs[0], client)
            except AssertionError as err:
                tally.errors.append(f"game {client.game_id}: {err!r}")
    taken = time.monotonic() - started
    acked = sum(len(c.acked) for c in tally.clients)
    replayed = sum(a[4] for c in tally.clients for a in c.acked)
    failures = sum(c.failures for c in tally.clients)
    where = (
        "SQLite, 1 server" if args.store == "sqlite" else f"PostgreSQL, {args.replicas} replicas"
    )
    print(
        f"fenpai service soak: {where}, {args.games} games in play, seed {args.seed},"
        " no decision timers, leases of 1 s"
    )
    print(f"kills: {args.kills} (games in play at the kills: {hit / max(1, args.kills):.1f} mean)")
    finished = sum(c.finished for c in tally.clients)
    print(
        f"games: {finished} of {len(tally.clients)} finished"
        f" ({tally.streamed} followed by a stream)"
    )
    print(f"acknowledged actions: {acked} ({replayed} answered as a retry's replay)")
    print(f"failed calls and streams retried: {failures}; streams resumed: {tally.resumed}")
    print(f"lost: {lost}")
    print(f"hidden-card violations: {len(tally.leaks)} in {tally.views} views and events checked")
    print(f"other errors: {len(tally.errors)}")
    kinds = Counter(line.rpartition(": ")[2][:200] for line in tally.leaks)
    for kind, count in kinds.most_common():
        print(f"  {count} x {kind}")
    for line in (tally.leaks + tally.errors)[:10]:
        print("  " + line[:500])
    print(f"time: {taken:.0f} s")
    return 1 if lost or tally.leaks or tally.errors or not tally.clients else 0


if __name__ == "__main__":
    sys.exit(main())
