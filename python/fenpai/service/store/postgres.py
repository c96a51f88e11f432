"""The shared store: the games in PostgreSQL, for any number of servers (replicas).

Through psycopg 3, asynchronously, from a pool of connections in autocommit mode; each
change is one explicit transaction, a pipeline of prepared statements per round trip.
A change that catches up first takes two: `BEGIN` and one that takes the game's row
lock (`SELECT ... FOR UPDATE`) and returns the game's version, its seats' token and
JoinGame request id hashes, whether this replica holds the lease and the events
committed since the version the replica knows; then the writes (for an action, one
statement: the event, the game's row and the notice) and `COMMIT`. A change made on
what the replica knew (the host's, when it committed the game's last event itself)
takes one statement that updates the game's row only if it is still at the version
and seats the replica knew and then writes the event and the notice; no row updated
means the game moved on, nothing was written, and the host makes the change again the
first way. Such statements of many games waiting at once share one transaction and one
round trip (`BEGIN`, the statements in the games' order, the seats' actions among them
one statement however many, `WRITE_ACTS`, then `COMMIT`: a group commit, up to
`GROUP_COMMITS` at a time, one more only while `GROUP_START` changes per transaction
in flight wait, so that a light load makes fewer, larger groups rather than many
small ones); should a transaction fail, each is committed alone, so that one failing
fails alone (unless its COMMIT may have been made: then each catches up). A commit
is durable when it returns (the server's `synchronous_commit`, which the store raises
to `on` should it be `off`). When the lock was waited for, the events the other
transaction committed are not in that statement's snapshot (the locked row is, with
its new version): they are read by one more statement.

A commit notifies only the replicas that asked for the game's notices (those where a
stream follows it: the game's row lists them, `watchers`), each on a channel of its
own, `fenpai_<replica>` (LISTEN/NOTIFY, delivered after the commit and in commit
order), with the game, its new version and, when they fit, the events themselves, so
that a following replica needs no query to catch up. The watchers are read from the
row the commit locks, so that a replica that asked before the commit gets its notice
and one that asks after reads the commit when it catches up. A game nobody follows
elsewhere notifies nobody: the notices, like the locks, grow with a game's followers,
never with the number of replicas.

A replica is a watcher only while it lives: its listening session holds a shared
advisory lock named after it (`ALIVE_LOCK`, which PostgreSQL drops with the session,
so when the replica is killed), and a replica that takes over lapsed leases (another
stopped or died) drops from the unfinished games' `watchers` every replica that holds
no such lock (`PRUNE_WATCHERS`), so that a dead replica's channel gets no more notices.
A listener that connects again takes the lock again and asks again for the games it
was asked for (they may have been dropped meanwhile) before it catches up.

A game's bots and timers run on the replica that holds its lease, a row of `leases`
with the owner and an expiry (the database's clock): the creating replica takes it,
a replica that commits a client's change to a game takes it in the same transaction
(so that the replica the game's clients play through runs it, and no other needs its
notices) and notifies the replica it took it from (`LEASE_MOVED`), every replica
renews all of its leases in one statement, and any replica takes over one that
lapsed.

Schema (version 2): `games` (as in SQLite, but current after every event: version,
phase, `to_act`, a table's `standing`; the seats' bots, token hashes, invite hashes
and JoinGame request id hashes as arrays, so that the locked row carries them; and
its `watchers`), `events` (as in SQLite), `leases`, `server_secret` (the key request-id
retries derive tokens from, the same for every replica) and `fenpai_schema` (the
version). Version 1 (one channel for every notice, no `watchers`) is migrated.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import secrets
import uuid
from collections.abc import AsyncIterator, Callable, Coroutine, Sequence
from types import TracebackType
from typing import Any, TypeVar

import psycopg
from psycopg import sql
from psycopg_pool import AsyncConnectionPool

from fenpai.service.store import display
from fenpai.service.store.base import (
    EVENT_COLUMNS,
    After,
    ChatLine,
    GameRow,
    Notice,
    RequestIdTaken,
    Seats,
    Stale,
    StoredEvent,
    StoredGame,
    StoreError,
    list_query,
    signed,
    stored_event,
    uncounted,
)

log = logging.getLogger("fenpai.service")

SCHEMA_VERSION = 2

SCHEMA = """
CREATE TABLE IF NOT EXISTS fenpai_schema (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    game_id     TEXT PRIMARY KEY,
    kind        TEXT NOT NULL CHECK (kind IN ('game', 'table')),
    variant     TEXT NOT NULL,
    config      TEXT NOT NULL,
    timers      TEXT NOT NULL,
    admin_hash  BYTEA NOT NULL,
    access      TEXT NOT NULL CHECK (access IN ('open', 'private')),
    created_at  DOUBLE PRECISION NOT NULL,
    request_hash        BYTEA UNIQUE,
    request_fingerprint BYTEA,
    status      TEXT NOT NULL CHECK (status IN ('waiting', 'playing', 'finished')),
    phase       TEXT NOT NULL,
    version     INTEGER NOT NULL DEFAULT 0,
    to_act      INTEGER[] NOT NULL DEFAULT '{}',
    standing    TEXT,
    bots        TEXT[] NOT NULL,
    tokens      BYTEA[] NOT NULL,
    invites     BYTEA[] NOT NULL,
    join_requests BYTEA[] NOT NULL,
    result      TEXT,
    watchers    TEXT[] NOT NULL DEFAULT '{}'
);
CREATE INDEX IF NOT EXISTS games_by_status ON games (status, created_at);
CREATE INDEX IF NOT EXISTS games_by_time ON games (created_at, game_id);
CREATE TABLE IF NOT EXISTS events (
    game_id     TEXT NOT NULL REFERENCES games (game_id),
    version     INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN
                    ('join', 'action', 'resign', 'hand_end', 'hand_start', 'match_end')),
    action      TEXT NOT NULL,
    source      TEXT NOT NULL CHECK (source IN ('client', 'bot', 'timeout', 'server')),
    client_seq  BIGINT,
    request     TEXT,
    at          DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, version),
    UNIQUE (game_id, seat, client_seq)
);
CREATE TABLE IF NOT EXISTS leases (
    game_id     TEXT PRIMARY KEY REFERENCES games (game_id),
    owner       TEXT NOT NULL,
    expires     TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS leases_by_owner ON leases (owner);
CREATE INDEX IF NOT EXISTS leases_by_expiry ON leases (expires);
CREATE TABLE IF NOT EXISTS server_secret (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    secret      BYTEA NOT NULL
);
CREATE TABLE IF NOT EXISTS chat (
    game_id     TEXT NOT NULL REFERENCES games (game_id),
    seq         INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    text        TEXT NOT NULL,
    at          DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""

#: The advisory lock under which a replica creates or checks the schema.
MIGRATION_LOCK = 0x66656E706169
#: Version 1 to 2: the replicas following a game.
MIGRATE_1 = "ALTER TABLE games ADD COLUMN IF NOT EXISTS watchers TEXT[] NOT NULL DEFAULT '{}'"
#: A replica's LISTEN/NOTIFY channel: this, then its name (`PostgresStore.owner`).
CHANNEL = "fenpai_"
#: A notice's words after the game: another replica took the game's lease.
LEASE_MOVED = "lease_moved"
#: Notice payloads stay under PostgreSQL's limit (8000 bytes); longer ones name only
#: the game and version.
MAX_NOTICE = 7000
#: Connections in each replica's pool, at most.
POOL_SIZE = 16
#: Seconds a change waits for a pooled connection before failing (NOT_STORED).
POOL_TIMEOUT = 10.0
#: Seconds a connection to PostgreSQL may take to open (unless the URL says).
CONNECT_TIMEOUT = 10
#: Seconds a lease lasts unless renewed (by default).
LEASE_SECONDS = 5.0
#: Seconds between attempts to reconnect the notice listener.
LISTEN_RETRY = 0.5
#: Transactions committing changes of many games together, at once at most (each on a
#: pooled connection), and changes in one of them at most.
GROUP_COMMITS, GROUP_SIZE = 4, 256
#: Changes waiting, per transaction in flight, before another transaction starts (else
#: they wait for the next group of one in flight: at most one commit's time).
GROUP_START = 8
#: A change waiting for a group commit: its game, statement, arguments and outcome.
Waiting = tuple[str, str, Any, "asyncio.Future[bool]"]
T = TypeVar("T")

#: The game's version, its seats' token and request id hashes, whether `owner` holds
#: its lease, and the events after a version (a row each, or one row of NULL events).
SINCE = f"""
SELECT g.version, g.tokens, g.join_requests,
       EXISTS(SELECT 1 FROM leases l
              WHERE l.game_id = g.game_id AND l.owner = %(owner)s AND l.expires > now()),
       {", ".join("e." + c for c in EVENT_COLUMNS.split(", "))}
FROM games g LEFT JOIN events e ON e.game_id = g.game_id AND e.version > %(version)s
WHERE g.game_id = %(game_id)s
ORDER BY e.version
"""
#: Where the events start in a `SINCE` row.
FIRST_EVENT_COLUMN = 4
#: `SINCE` under the game's row lock.
LOCK = SINCE + "FOR UPDATE OF g"
EVENTS_AFTER = (
    f"SELECT {EVENT_COLUMNS} FROM events WHERE game_id = %s AND version > %s ORDER BY version"
)
CREATE = """
WITH game AS (
    INSERT INTO games (game_id, kind, variant, config, timers, admin_hash, access,
        created_at, request_hash, request_fingerprint, status, phase, bots, tokens,
        invites, join_requests)
    VALUES (%(game_id)s, %(kind)s, %(variant)s, %(config)s, %(timers)s, %(admin_hash)s,
        %(access)s, %(created_at)s, %(request_hash)s, %(request_fingerprint)s, %(status)s,
        %(phase)s, %(bots)s::text[], %(none)s::bytea[], %(invites)s::bytea[],
        %(none)s::bytea[])
    RETURNING game_id
)
INSERT INTO leases (game_id, owner, expires)
SELECT game_id, %(owner)s, now() + make_interval(secs => %(lease)s) FROM game
"""
#: The notice to each replica watching the game but this one; `{game}` names where the
#: game's row is (a CTE or the table), `{notice}` and `{owner}` the placeholders.
NOTIFY_WATCHERS = (
    f"SELECT pg_notify('{CHANNEL}' || w, {{notice}}) FROM {{game}}, unnest({{game}}.watchers) AS w"
    " WHERE w <> {owner}"
)
#: A lease taken by `{owner}` (for `{lease}` seconds), and the notice to the replica
#: that held it (`LEASE_MOVED` and the game's `{version}` then): it runs the game's bots
#: and timers no more, and knows the game moved on (unless it has seen that version).
TAKE = (
    "UPDATE leases SET owner = {owner}, expires = now() + make_interval(secs => {lease})"
    " FROM leases AS was WHERE was.game_id = leases.game_id"
)
MOVED = (
    f"SELECT pg_notify('{CHANNEL}' || owner, game_id || ' {LEASE_MOVED} ' || {{version}})"
    " FROM taken WHERE owner <> {owner}"
)
#: The writes of a change of one event (most changes): the event, the game's row, the
#: notices.
WRITE_ONE = (
    "WITH new_event AS (INSERT INTO events (game_id, version, seat, kind, action, source,"
    " client_seq, request, at) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)),"
    " game AS (UPDATE games SET version = %s, status = %s, phase = %s, to_act = %s,"
    " standing = %s, result = %s WHERE game_id = %s RETURNING watchers) "
    + NOTIFY_WATCHERS.format(game="game", notice="%s", owner="%s")
)


def _guarded(seats: str, guard: str) -> str:
    """A change of one event made on what the replica knew, in one statement: the game's
    row (`seats`: and its seats) only if it is still at the version the replica knew
    (`guard`: and the seats), then the event, the lease's end once the game is over or
    else, for a client's change (`take`), the lease taken, and the notices; no row
    returned: the game had moved on and nothing was written."""
    return (
        "WITH game AS (UPDATE games SET version = %(version)s, status = %(status)s,"
        " phase = %(phase)s, to_act = %(to_act)s, standing = %(standing)s, result = %(result)s"
        f"{seats} WHERE game_id = %(game_id)s AND version = %(known)s AND {guard}"
        " RETURNING game_id, watchers),"
        " new_event AS (INSERT INTO events (game_id, version, seat, kind, action, source,"
        " client_seq, request, at) SELECT game_id, %(version)s, %(seat)s, %(kind)s,"
        " %(action)s, %(source)s, %(client_seq)s, %(request)s, %(at)s FROM game),"
        " ended AS (DELETE FROM leases"
        " WHERE %(finished)s AND game_id IN (SELECT game_id FROM game)),"
        " taken AS ("
        + TAKE.format(owner="%(owner)s", lease="%(lease)s")
        + " AND %(take)s AND NOT %(finished)s AND leases.game_id IN (SELECT game_id FROM game)"
        " RETURNING leases.game_id, was.owner),"
        " moved AS (" + MOVED.format(owner="%(owner)s", version="%(version)s") + "),"
        " notified AS ("
        + NOTIFY_WATCHERS.format(game="game", notice="%(notice)s", owner="%(owner)s")
        + ") SELECT (SELECT count(*) FROM notified) + (SELECT count(*) FROM moved) FROM game"
    )


WRITE_GUARDED = _guarded(
    ", tokens = %(tokens)s::bytea[], join_requests = %(requests)s::bytea[]",
    "tokens = %(known_tokens)s::bytea[] AND join_requests = %(known_requests)s::bytea[]",
)
#: The columns of `WRITE_ACTS`' rows (each an array argument of that name), and their
#: types.
ACT_COLUMNS = (
    ("game_id", "text"),
    ("known", "int"),
    ("version", "int"),
    ("status", "text"),
    ("phase", "text"),
    ("to_act", "text"),  # an int[] literal each: arrays of arrays must be rectangular
    ("standing", "text"),
    ("result", "text"),
    ("seat", "int"),
    ("kind", "text"),
    ("action", "text"),
    ("source", "text"),
    ("client_seq", "bigint"),
    ("request", "text"),
    ("at", "float8"),
    ("finished", "bool"),
    ("take", "bool"),
    ("notice", "text"),
    ("actor_seat", "int"),
    ("actor", "bytea"),
)
#: The seats' actions and resignations made on what the replica knew, of many games in
#: one statement (a group commit's, however many): each game's row, locked in the
#: games' order, only if it is still at the version the replica knew and the acting
#: seat's token hash is the one it knew (no other seat's is compared, none written);
#: then, for those, as `_guarded` does: the events, the leases ended or taken, the
#: notices. Returns one row: the ordinals (from 1) of the changes written, and the
#: notices sent.
WRITE_ACTS = (
    "WITH acts AS (SELECT * FROM unnest("
    + ", ".join(f"%({name})s::{kind}[]" for name, kind in ACT_COLUMNS)
    + ") WITH ORDINALITY AS i("
    + ", ".join(name for name, _ in ACT_COLUMNS)
    + ", n)),"
    " locked AS (SELECT g.game_id FROM games g JOIN acts i ON i.game_id = g.game_id"
    " WHERE g.version = i.known AND g.tokens[i.actor_seat] = i.actor"
    " ORDER BY g.game_id FOR UPDATE OF g),"
    " game AS (UPDATE games SET version = i.version, status = i.status, phase = i.phase,"
    " to_act = i.to_act::int[], standing = i.standing, result = i.result FROM acts i"
    " WHERE games.game_id = i.game_id AND games.game_id IN (SELECT game_id FROM locked)"
    " AND games.version = i.known AND games.tokens[i.actor_seat] = i.actor"
    " RETURNING games.game_id, games.watchers, i.n, i.version, i.finished, i.take, i.notice),"
    " new_event AS (INSERT INTO events (game_id, version, seat, kind, action, source,"
    " client_seq, request, at) SELECT i.game_id, i.version, i.seat, i.kind, i.action,"
    " i.source, i.client_seq, i.request, i.at FROM acts i JOIN game USING (game_id)),"
    " ended AS (DELETE FROM leases WHERE game_id IN (SELECT l.game_id FROM leases l"
    " JOIN game g USING (game_id) WHERE g.finished ORDER BY l.game_id FOR UPDATE OF l)),"
    " taken AS ("
    + TAKE.format(owner="%(owner)s", lease="%(lease)s")
    + " AND leases.game_id IN (SELECT l.game_id FROM leases l JOIN game g USING (game_id)"
    " WHERE g.take AND NOT g.finished ORDER BY l.game_id FOR UPDATE OF l)"
    " RETURNING leases.game_id, was.owner),"
    f" moved AS (SELECT pg_notify('{CHANNEL}' || t.owner, t.game_id || ' {LEASE_MOVED} '"
    " || g.version) FROM taken t JOIN game g USING (game_id) WHERE t.owner <> %(owner)s),"
    " notified AS ("
    + NOTIFY_WATCHERS.format(game="game", notice="game.notice", owner="%(owner)s")
    + ") SELECT (SELECT array_agg(n) FROM game), (SELECT count(*) FROM notified)"
    " + (SELECT count(*) FROM moved)"
)
#: The game's row lock, for a change made on what the replica knew that is not
#: `WRITE_GUARDED`'s: its version and seats, to compare with what the replica knew.
CHECK = "SELECT version, tokens, join_requests FROM games WHERE game_id = %s FOR UPDATE"
INSERT_EVENT = (
    "INSERT INTO events (game_id, version, seat, kind, action, source, client_seq, request, at)"
    " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)"
)
UPDATE_GAME = (
    "UPDATE games SET version = %s, status = %s, phase = %s, to_act = %s, standing = %s,"
    " result = %s WHERE game_id = %s"
)
SET_SEATS = "UPDATE games SET tokens = %s, join_requests = %s WHERE game_id = %s"
END_LEASE = "DELETE FROM leases WHERE game_id = %s"
TAKE_LEASE = (
    "WITH taken AS ("
    + TAKE.format(owner="%(owner)s", lease="%(lease)s")
    + " AND leases.game_id = %(game_id)s RETURNING leases.game_id, was.owner) "
    + MOVED.format(owner="%(owner)s", version="%(version)s")
)
NOTIFY = NOTIFY_WATCHERS.format(game="games", notice="%s", owner="%s") + " AND games.game_id = %s"
#: Has the game's commits notified to a replica (the game ids, the replica).
#: (Every statement locking rows of several games locks them in the games' order, as a
#: group commit does, so that none waits for another in a circle.)
WATCH = (
    "UPDATE games SET watchers = array_append(watchers, %(owner)s)"
    " WHERE game_id IN (SELECT game_id FROM games WHERE game_id = ANY(%(games)s)"
    "                   AND NOT %(owner)s = ANY(watchers) ORDER BY game_id FOR UPDATE)"
    " AND NOT %(owner)s = ANY(watchers) RETURNING game_id"
)
UNWATCH = (
    "UPDATE games SET watchers = array_remove(watchers, %(owner)s)"
    " WHERE game_id IN (SELECT game_id FROM games WHERE game_id = ANY(%(games)s)"
    "                   AND %(owner)s = ANY(watchers) ORDER BY game_id FOR UPDATE)"
    " RETURNING game_id"
)
#: The advisory lock (its first key; the second is the hash of the replica's name) that
#: a replica's listening session holds in shared mode: the replica is alive.
ALIVE_LOCK = 0x66656E70
LOCK_ALIVE = "SELECT pg_advisory_lock_shared(%s, hashtext(%s))"
#: Drops from the unfinished games' watchers every replica whose listening session is
#: gone (no `ALIVE_LOCK` for its name): it died, or lost its session and asks again.
PRUNE_WATCHERS = f"""
WITH alive AS MATERIALIZED (
    SELECT objid FROM pg_locks
    WHERE locktype = 'advisory' AND classid = {ALIVE_LOCK} AND objsubid = 2
      AND mode = 'ShareLock' AND granted
      AND database = (SELECT oid FROM pg_database WHERE datname = current_database())),
dead AS (
    SELECT game_id FROM games
    WHERE status IN ('waiting', 'playing') AND watchers <> '{{}}'
      AND EXISTS (SELECT 1 FROM unnest(watchers) AS w
                  WHERE hashtext(w)::oid NOT IN (SELECT objid FROM alive))
    ORDER BY game_id FOR UPDATE)
UPDATE games SET watchers = ARRAY(SELECT w FROM unnest(watchers) AS w
                                  WHERE hashtext(w)::oid IN (SELECT objid FROM alive))
WHERE game_id IN (SELECT game_id FROM dead)
RETURNING game_id
"""
#: A replica's leases (their rows locked in the games' order), for `RENEW` and
#: `RELEASE`.
OWN_LEASES = (
    "game_id IN (SELECT game_id FROM leases WHERE owner = %(owner)s"
    " ORDER BY game_id FOR UPDATE) AND owner = %(owner)s"
)
RENEW = (
    "UPDATE leases SET expires = now() + make_interval(secs => %(lease)s)"
    f" WHERE {OWN_LEASES} RETURNING game_id"
)
RELEASE = f"UPDATE leases SET expires = now() WHERE {OWN_LEASES} RETURNING game_id"


def _runs(group: list[Waiting]) -> list[list[Waiting]]:
    """A group's changes in its order, consecutive seats' actions (`WRITE_ACTS`) in one
    run, every other change a run of its own."""
    runs: list[list[Waiting]] = []
    for waiting in group:
        if waiting[1] is WRITE_ACTS and runs and runs[-1][0][1] is WRITE_ACTS:
            runs[-1].append(waiting)
        else:
            runs.append([waiting])
    return runs


def _holds_none(game_id: str) -> bool:
    """A store's `holds` until its replica says which leases it holds."""
    return False


def _took_none(game_id: str) -> None:
    """A store's `took` until its replica follows its leases."""


def _hashes(stored: list[bytes | None]) -> list[bytes | None]:
    return [None if h is None else bytes(h) for h in stored]


def _line(err: BaseException) -> str:
    """An error's message on one line."""
    return " ".join(str(err).split())


def _failure(err: BaseException) -> StoreError:
    return StoreError(f"the database failed: {type(err).__name__}: {_line(err)}".rstrip())


#: Errors with which PostgreSQL rolled a transaction back, its COMMIT not made.
ROLLED_BACK = (
    psycopg.errors.TransactionRollback,
    psycopg.errors.SerializationFailure,
    psycopg.errors.DeadlockDetected,
)


def _outcome_unknown(err: BaseException) -> bool:
    """Whether a failed group's COMMIT may have been made all the same: the connection
    failed (then the host catches up rather than make the changes again); not when
    PostgreSQL rolled the transaction back (a deadlock, a serialization failure)."""
    if isinstance(err, ROLLED_BACK):
        return False
    return isinstance(err, (psycopg.OperationalError, psycopg.InterfaceError, OSError))


def _settle(
    future: asyncio.Future[bool], outcome: bool = False, error: BaseException | None = None
) -> None:
    """Answers a waiting change unless it has been answered or its caller has left."""
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(outcome)


class PostgresStore:
    """A PostgreSQL database shared by replicas: a pool, and a listener for notices."""

    shared = True

    def __init__(self, url: str, lease: float = LEASE_SECONDS, pool_size: int = POOL_SIZE):
        self.url = url
        #: Seconds a lease lasts unless renewed.
        self.lease = lease
        #: This server's name in the leases: unique to the process.
        self.owner = uuid.uuid4().hex
        #: The replicas' secret key (read when the store opens).
        self.secret = b""
        self.batches: Callable[[int], None] = uncounted
        #: Whether this replica holds a game's lease, as it knows (a client's change to a
        #: game it does not hold takes the lease).
        self.holds: Callable[[str], bool] = _holds_none
        #: Told of each game whose lease a committed change took.
        self.took: Callable[[str], None] = _took_none
        #: The games `watch`ed and not `unwatch`ed: asked for again when listening again.
        self._watched: set[str] = set()
        #: Changes waiting for a group commit.
        self._waiting: list[Waiting] = []
        self._committers = 0
        #: The group commits and other commits under way (`background`).
        self._committing: set[asyncio.Task[Any]] = set()
        self._pool = AsyncConnectionPool(
            url,
            min_size=1,
            max_size=pool_size,
            open=False,
            timeout=POOL_TIMEOUT,
            kwargs={"autocommit": True, "connect_timeout": CONNECT_TIMEOUT},
            configure=_configure,
        )

    async def open(self) -> None:
        try:
            async with await self._connect() as conn:
                await _configure(conn)
                await self._migrate(conn)
            await self._pool.open(wait=True, timeout=POOL_TIMEOUT)
        except (psycopg.Error, OSError) as err:
            raise StoreError(f"cannot use the database {display(self.url)}: {_line(err)}") from None

    async def _connect(self) -> psycopg.AsyncConnection[Any]:
        return await psycopg.AsyncConnection.connect(
            self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT
        )

    async def _migrate(self, conn: psycopg.AsyncConnection[Any]) -> None:
        """Creates the schema and the secret (the first replica to start), or checks the
        schema's version, under an advisory lock; reads the secret."""
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
            await conn.execute(SCHEMA)
            found = await (await conn.execute("SELECT version FROM fenpai_schema")).fetchall()
            if not found:
                await conn.execute("INSERT INTO fenpai_schema VALUES (%s)", (SCHEMA_VERSION,))
            elif found[0][0] == 1:
                await conn.execute(MIGRATE_1)
                await conn.execute("UPDATE fenpai_schema SET version = %s", (SCHEMA_VERSION,))
            elif found[0][0] != SCHEMA_VERSION:
                raise StoreError(
                    f"{display(self.url)} has schema version {found[0][0]}; "
                    f"this server knows {SCHEMA_VERSION}"
                )
            await conn.execute(
                "INSERT INTO server_secret (id, secret) VALUES (1, %s) ON CONFLICT DO NOTHING",
                (secrets.token_bytes(32),),
            )
            row = await (await conn.execute("SELECT secret FROM server_secret")).fetchone()
            assert row is not None
            self.secret = bytes(row[0])

    # -- writing -------------------------------------------------------------------------

    async def create_game(
        self, game: StoredGame, phase: str, request: tuple[bytes, bytes] | None = None
    ) -> None:
        """Stores a new game, leased to this server."""
        none: list[bytes | None] = [None] * len(game.bots)
        try:
            async with self._pool.connection() as conn:
                await conn.execute(
                    CREATE,
                    {
                        "game_id": game.game_id,
                        "kind": game.kind,
                        "variant": game.config["variant"],
                        "config": json.dumps(game.config),
                        "timers": json.dumps(game.timers),
                        "admin_hash": game.admin_hash,
                        "access": game.access,
                        "created_at": game.created_at,
                        "request_hash": None if request is None else request[0],
                        "request_fingerprint": None if request is None else request[1],
                        "status": game.status,
                        "phase": phase,
                        "bots": game.bots,
                        "none": none,
                        "invites": game.invite_hashes or none,
                        "owner": self.owner,
                        "lease": self.lease,
                    },
                )
        except psycopg.errors.UniqueViolation as err:
            if err.diag.constraint_name == "games_request_hash_key":
                raise RequestIdTaken("a game was created with this request id") from None
            raise _failure(err) from None
        except psycopg.Error as err:
            raise _failure(err) from None

    def change(
        self, game_id: str, version: int, lease: bool = False, seats: Seats | None = None
    ) -> PostgresChange:
        return PostgresChange(self, game_id, version, lease, seats)

    # -- reading -------------------------------------------------------------------------

    async def _fetch(self, sql: str, args: Any = None) -> list[tuple[Any, ...]]:
        try:
            async with self._pool.connection() as conn:
                return await (await conn.execute(sql, args)).fetchall()
        except psycopg.Error as err:
            raise _failure(err) from None

    async def add_chat(self, game_id: str, seat: int, text: str, at: float) -> ChatLine:
        for _ in range(5):  # another replica may take the same number: take the next
            try:
                async with self._pool.connection() as conn:
                    row = await (
                        await conn.execute(
                            "INSERT INTO chat (game_id, seq, seat, text, at)"
                            " SELECT %(g)s, COALESCE(MAX(seq), 0) + 1, %(s)s, %(t)s, %(a)s"
                            " FROM chat WHERE game_id = %(g)s RETURNING seq",
                            {"g": game_id, "s": seat, "t": text, "a": at},
                        )
                    ).fetchone()
                    assert row is not None
                    return ChatLine(row[0], seat, text, at)
            except psycopg.errors.UniqueViolation:
                continue
            except psycopg.Error as err:
                raise _failure(err) from None
        raise StoreError(f"cannot number a chat message of game {game_id}")

    async def chat(self, game_id: str, after: int, limit: int) -> list[ChatLine]:
        rows = await self._fetch(
            "SELECT seq, seat, text, at FROM chat WHERE game_id = %s AND seq > %s"
            " ORDER BY seq LIMIT %s",
            (game_id, after, limit),
        )
        return [ChatLine(*row) for row in rows]

    async def since(
        self, game_id: str, version: int
    ) -> tuple[list[StoredEvent], list[bytes | None], list[bytes | None]]:
        rows = await self._fetch(SINCE, {"game_id": game_id, "version": version, "owner": ""})
        if not rows:
            raise StoreError(f"game {game_id} is not in the database")
        first = FIRST_EVENT_COLUMN
        events = [stored_event(r[first:]) for r in rows if r[first] is not None]
        return events, _hashes(rows[0][1]), _hashes(rows[0][2])

    async def unfinished(self) -> list[str]:
        rows = await self._fetch(
            "SELECT game_id FROM games WHERE status != 'finished' ORDER BY created_at, game_id"
        )
        return [r[0] for r in rows]

    async def load(self, game_id: str) -> StoredGame | None:
        try:
            async with self._pool.connection() as conn, conn.transaction():
                # one snapshot for both reads
                await conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                games = await (
                    await conn.execute(
                        "SELECT config, timers, admin_hash, created_at, status, bots, tokens,"
                        " kind, access, invites, join_requests FROM games WHERE game_id = %s",
                        (game_id,),
                    )
                ).fetchall()
                if not games:
                    return None
                events = await (await conn.execute(EVENTS_AFTER, (game_id, 0))).fetchall()
        except psycopg.Error as err:
            raise _failure(err) from None
        config, timers, admin_hash, created_at, status, bots, tokens, *rest = games[0]
        kind, access, invites, join_requests = rest
        return StoredGame(
            game_id=game_id,
            config=json.loads(config),
            timers=json.loads(timers),
            admin_hash=bytes(admin_hash),
            created_at=created_at,
            status=status,
            bots=list(bots),
            token_hashes=_hashes(tokens),
            events=[stored_event(e) for e in events],
            kind=kind,
            access=access,
            invite_hashes=_hashes(invites),
            join_requests=_hashes(join_requests),
        )

    async def created_by(self, request_hash: bytes) -> tuple[str, bytes] | None:
        rows = await self._fetch(
            "SELECT game_id, request_fingerprint FROM games WHERE request_hash = %s",
            (request_hash,),
        )
        return (rows[0][0], bytes(rows[0][1])) if rows else None

    async def row(self, game_id: str) -> GameRow | None:
        rows = await self._fetch(
            "SELECT config, timers, created_at, status, phase, version, to_act, bots, tokens,"
            " kind, access, result, standing FROM games WHERE game_id = %s",
            (game_id,),
        )
        if not rows:
            return None
        config, timers, created_at, status, phase, version, to_act, bots, tokens, *rest = rows[0]
        kind, access, result, standing = rest
        return GameRow(
            game_id=game_id,
            config=json.loads(config),
            timers=json.loads(timers),
            created_at=created_at,
            status=status,
            phase=phase,
            version=version,
            bots=list(bots),
            joined=[b is not None or t is not None for b, t in zip(bots, tokens, strict=True)],
            to_act=list(to_act),
            kind=kind,
            access=access,
            result=None if result is None else json.loads(result),
            match=None if standing is None else json.loads(standing),
        )

    async def list_games(
        self,
        status: str | None,
        variant: str | None,
        before: tuple[float, str] | None,
        limit: int,
    ) -> list[tuple[str, float]]:
        sql, args = list_query(status, variant, before, limit, "%s")
        return [(r[0], r[1]) for r in await self._fetch(sql, args)]

    # -- notices and leases --------------------------------------------------------------

    async def notices(
        self, wanted: Callable[[str, int], bool] = lambda game_id, version: True
    ) -> AsyncIterator[Notice | None]:
        while True:
            try:
                conn = await self._connect()
            except (psycopg.Error, OSError) as err:
                log.warning("cannot listen for notices (%s); retrying", _line(err))
                await asyncio.sleep(LISTEN_RETRY)
                continue
            try:
                await conn.execute(LOCK_ALIVE, (ALIVE_LOCK, self.owner))
                await conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self.channel)))
                # dropped as a dead replica's while the session was away: asked for again
                if self._watched:
                    await conn.execute(WATCH, {"owner": self.owner, "games": sorted(self._watched)})
                yield None  # listening: whatever was committed before may have been missed
                async for notify in conn.notifies():
                    game_id, _, rest = notify.payload.partition(" ")
                    if rest.startswith(LEASE_MOVED):
                        version = int(rest.rpartition(" ")[2])
                        yield Notice(game_id, version, [], {}, {}, lease_moved=True)
                    elif wanted(*_heading(notify.payload)):
                        yield _notice(notify.payload)
            except psycopg.Error as err:
                log.warning("the notices were interrupted (%s); reconnecting", _line(err))
            finally:
                await conn.close()

    @property
    def channel(self) -> str:
        """This replica's LISTEN/NOTIFY channel."""
        return CHANNEL + self.owner

    async def watch(self, game_ids: Sequence[str]) -> None:
        """Has the games' commits notified to this replica from now on."""
        self._watched.update(game_ids)
        if game_ids:
            await self._fetch(WATCH, {"owner": self.owner, "games": list(game_ids)})

    async def unwatch(self, game_ids: Sequence[str]) -> None:
        """Stops the games' commits being notified to this replica."""
        self._watched.difference_update(game_ids)
        if game_ids:
            await self._fetch(UNWATCH, {"owner": self.owner, "games": list(game_ids)})

    async def renew(self) -> set[str]:
        rows = await self._fetch(RENEW, {"lease": self.lease, "owner": self.owner})
        return {r[0] for r in rows}

    async def claim(self, limit: int) -> list[str]:
        rows = await self._fetch(
            "UPDATE leases SET owner = %s, expires = now() + make_interval(secs => %s)"
            " WHERE game_id IN (SELECT game_id FROM leases WHERE expires <= now()"
            "                   ORDER BY expires LIMIT %s FOR UPDATE SKIP LOCKED)"
            " RETURNING game_id",
            (self.owner, self.lease, limit),
        )
        if rows:  # a replica stopped or died: its watch, if it died, goes with it
            try:
                await self._fetch(PRUNE_WATCHERS)
            except StoreError as err:  # the leases are taken all the same
                log.warning("dead replicas stay watchers until the next takeover: %s", err)
        return [r[0] for r in rows]

    async def release(self) -> None:
        await self._fetch(RELEASE, {"owner": self.owner})

    async def close(self) -> None:
        await self._pool.close()

    # -- group commit --------------------------------------------------------------------

    def guarded(self, game_id: str, sql: str, args: Any) -> asyncio.Future[bool]:
        """Commits one change's guarded statement (`WRITE_GUARDED`, or a row of
        `WRITE_ACTS`) together with the other games' waiting at the same time, in one
        transaction and one round trip: whether it wrote (False: the game had moved on),
        or StoreError if it could not be committed (then it may or may not be: the host
        catches up). Nobody need await it: it is committed (or not) all the same."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[bool] = loop.create_future()
        self._waiting.append((game_id, sql, args, future))
        committers = self._committers
        if not committers or (
            committers < GROUP_COMMITS and len(self._waiting) >= GROUP_START * committers
        ):
            self._committers += 1
            self.background(self._commit_waiting())
        return future

    def background(self, work: Coroutine[Any, Any, T]) -> asyncio.Task[T]:
        """Runs `work` in a task the store keeps until it ends."""
        task = asyncio.get_running_loop().create_task(work)
        self._committing.add(task)
        task.add_done_callback(self._committing.discard)
        return task

    async def _commit_waiting(self) -> None:
        """Commits what waits, a group at a time, until nothing does."""
        group: list[Waiting] = []
        try:
            while self._waiting:
                group = sorted(self._waiting[:GROUP_SIZE], key=lambda w: w[0])
                del self._waiting[: len(group)]
                try:
                    outcomes = await self._commit_group(group)
                except (psycopg.Error, OSError) as err:
                    if len(group) == 1 or _outcome_unknown(err):
                        for one in group:
                            _settle(one[3], error=_failure(err))
                        continue
                    # the transaction failed before its COMMIT, so none of them was
                    # committed: each alone, so that one fails alone
                    for one in group:
                        try:
                            _settle(one[3], (await self._commit_group([one]))[0])
                        except (psycopg.Error, OSError) as err:
                            _settle(one[3], error=_failure(err))
                    continue
                for (_, _, _, future), outcome in zip(group, outcomes, strict=True):
                    _settle(future, outcome)
        except BaseException as err:  # the pool closed or the task ended: nobody hangs
            for _, _, _, future in (*group, *self._waiting):
                _settle(future, error=_failure(err))
            self._waiting.clear()
            if not isinstance(err, Exception):
                raise
        finally:
            self._committers -= 1

    async def _commit_group(self, group: list[Waiting]) -> list[bool]:
        """One transaction of guarded statements (of different games, in the games'
        order, so that two groups never wait for each other's row locks), each run of
        seats' actions (`WRITE_ACTS`' rows) one statement: whether each wrote."""
        async with self._pool.connection() as conn:
            async with conn.pipeline():
                control = conn.cursor()
                await control.execute("BEGIN")
                runs = []
                for run in _runs(group):
                    cursor = conn.cursor()
                    sql = run[0][1]
                    if sql is WRITE_ACTS:
                        rows = [args for _, _, args, _ in run]
                        await cursor.execute(sql, self._columns(rows))
                    else:
                        await cursor.execute(sql, run[0][2])
                    runs.append((len(run), sql is WRITE_ACTS, cursor))
                await control.execute("COMMIT")
                outcomes: list[bool] = []
                for size, acts, cursor in runs:
                    if acts:
                        row = await cursor.fetchone()
                        written = set((row[0] if row is not None else None) or ())
                        outcomes += [n in written for n in range(1, size + 1)]
                    else:
                        outcomes.append(bool(await cursor.fetchall()))
        self.batches(len(group))
        return outcomes

    def _columns(self, rows: list[tuple[Any, ...]]) -> dict[str, Any]:
        """`WRITE_ACTS`' arguments: its rows' columns as arrays."""
        args: dict[str, Any] = {"owner": self.owner, "lease": self.lease}
        for k, (name, _) in enumerate(ACT_COLUMNS):
            args[name] = [row[k] for row in rows]
        return args


class PostgresChange:
    """A change to one game in one transaction on a pooled connection, holding the
    game's row lock from entering to the commit (`async with`); or, made on what the
    replica knew (`seats`), one that takes the lock only to commit, if the game has not
    moved on (`commit`): for one event, one statement in a group commit
    (`WRITE_GUARDED`, or a row of `WRITE_ACTS`). A client's change (not `lease`: not a
    bot's nor a timer's) to a game whose lease this replica does not hold takes the
    lease with it."""

    def __init__(
        self,
        store: PostgresStore,
        game_id: str,
        version: int,
        lease: bool = False,
        seats: Seats | None = None,
    ):
        self._store = store
        self._game_id = game_id
        self._version = version
        self._automated = lease
        #: Whether the change takes the game's lease (known once entered).
        self._take = False
        self._known = None if seats is None else (list(seats[0]), list(seats[1]))
        self._conn: psycopg.AsyncConnection[Any] | None = None
        self._events: list[tuple[StoredEvent, After, bytes | None, bytes | None]] = []
        self._reissued = False
        self.missed: list[StoredEvent] = []
        self.token_hashes: list[bytes | None] | None = None
        self.join_requests: list[bytes | None] | None = None
        self.leased = False
        #: The seats as the change found them (and changes them).
        self._tokens: list[bytes | None] = [] if self._known is None else list(self._known[0])
        self._requests: list[bytes | None] = [] if self._known is None else list(self._known[1])

    def append(
        self,
        event: StoredEvent,
        after: After,
        token_hash: bytes | None = None,
        request_hash: bytes | None = None,
    ) -> None:
        self._events.append((event, after, token_hash, request_hash))

    def set_token(self, seat: int, token_hash: bytes) -> None:
        self._tokens[seat] = token_hash
        self._reissued = True

    def commit(self, done: Callable[[StoreError | Stale | None], None]) -> bool:
        """Commits a change made on what the replica knew (`seats`) if the game has not
        moved on, without anyone awaiting it, and calls `done` on the event loop: with
        None once committed, Stale if the game had moved on (nothing stored), or the
        StoreError; False, and `done` is never called, when there is nothing to write.
        One event joins the next group commit (`PostgresStore.guarded`); more, or a
        reissued token, take the row lock first (`_commit_known`)."""
        assert self._known is not None
        if not (self._events or self._reissued):
            return False
        store = self._store
        self._take = not self._automated and not store.holds(self._game_id)
        if len(self._events) == 1 and not self._reissued:
            outcome: asyncio.Future[bool] = store.guarded(self._game_id, *self._guarded())
        else:
            outcome = store.background(self._commit_known())
        outcome.add_done_callback(functools.partial(self._settled, done))
        return True

    def _settled(
        self, done: Callable[[StoreError | Stale | None], None], outcome: asyncio.Future[bool]
    ) -> None:
        """`commit`'s end: the lease taken is told, and `done` called."""
        if outcome.cancelled():
            error: StoreError | Stale | None = StoreError("the commit was cancelled")
        else:
            found = outcome.exception()
            error = None if found is None else _store_error(found)
        if error is None and not outcome.result():
            error = Stale(f"game {self._game_id} moved on from version {self._version}")
        if error is None:
            self._committed()
        done(error)

    async def __aenter__(self) -> PostgresChange:
        store = self._store
        args = {"game_id": self._game_id, "version": self._version, "owner": store.owner}
        assert self._known is None, "a change made on what the replica knew: commit()"
        try:
            conn = self._conn = await store._pool.getconn()
            async with conn.pipeline(), conn.cursor() as cur:
                await cur.execute("BEGIN")
                await cur.execute(LOCK, args)
                rows = await cur.fetchall()
            if not rows:
                raise StoreError(f"game {self._game_id} is not in the database")
            version = rows[0][0]
            first = FIRST_EVENT_COLUMN
            self.missed = [stored_event(r[first:]) for r in rows if r[first] is not None]
            if version > self._version + len(self.missed):  # committed while we waited
                later = await conn.execute(EVENTS_AFTER, (self._game_id, self._version))
                self.missed = [stored_event(r) for r in await later.fetchall()]
        except BaseException as err:
            await self._release()
            if isinstance(err, psycopg.Error):
                raise _failure(err) from None
            raise
        self.token_hashes = _hashes(rows[0][1])
        self.join_requests = _hashes(rows[0][2])
        self._tokens, self._requests = list(self.token_hashes), list(self.join_requests)
        self.leased = rows[0][3]
        self._take = not self._automated and not self.leased
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        conn = self._conn
        assert conn is not None
        try:
            if kind is not None or not (self._events or self._reissued):
                await conn.execute("ROLLBACK")
            else:
                async with conn.pipeline(), conn.cursor() as cur:
                    for sql, args in self._writes():
                        await cur.execute(sql, args)
                    await cur.execute("COMMIT")
                self._store.batches(1)
        except psycopg.Error as err:
            if kind is None:
                raise _failure(err) from None
        finally:
            await self._release()
        if kind is None:
            self._committed()

    def _committed(self) -> None:
        """After the commit: tells the store of the lease the change took."""
        if self._take and self._events and self._events[-1][1].status != "finished":
            self._store.took(self._game_id)

    async def _commit_known(self) -> bool:
        """Commits a change made on what the replica knew of more than one event (or a
        reissued token) under the row lock (`CHECK`), if the game has not moved on:
        whether it did (False: nothing stored)."""
        store = self._store
        try:
            conn = self._conn = await store._pool.getconn()
            async with conn.pipeline(), conn.cursor() as cur:
                await cur.execute("BEGIN")
                await cur.execute(CHECK, (self._game_id,))
                found = await cur.fetchall()
            stored = bool(found) and self._current(found[0])
            if stored:
                async with conn.pipeline(), conn.cursor() as cur:
                    for sql, args in self._writes():
                        await cur.execute(sql, args)
                    await cur.execute("COMMIT")
            else:
                await conn.execute("ROLLBACK")
        except psycopg.Error as err:
            raise _failure(err) from None
        finally:
            await self._release()
        if stored:
            store.batches(1)
        return stored

    def _current(self, row: tuple[Any, ...]) -> bool:
        """Whether the locked row is still at the version and seats the replica knew."""
        assert self._known is not None
        version, tokens, requests = row
        known_tokens, known_requests = self._known
        return (
            version == self._version
            and _hashes(tokens) == known_tokens
            and _hashes(requests) == known_requests
        )

    def _guarded(self) -> tuple[str, Any]:
        """The statement that stores the change's one event, and its arguments:
        `WRITE_ACTS`' row for a seat's action or resignation, else `WRITE_GUARDED`."""
        assert self._known is not None
        [(event, after, token_hash, request_hash)] = self._events
        standing = None if after.standing is None else json.dumps(after.standing)
        result = None if after.result is None else json.dumps(after.result)
        notice = _payload(self._game_id, self._events)
        finished = after.status == "finished"
        actor = self._known[0][event.seat] if event.source == "client" else None
        common = {
            "game_id": self._game_id,
            "known": self._version,
            "version": event.version,
            "status": after.status,
            "phase": after.phase,
            "to_act": after.to_act,
            "standing": standing,
            "result": result,
            "seat": event.seat,
            "kind": event.kind,
            "action": event.action,
            "source": event.source,
            "client_seq": signed(event.client_seq),
            "request": event.request,
            "at": event.at,
            "finished": finished,
            "take": self._take,
            "owner": self._store.owner,
            "lease": self._store.lease,
            "notice": notice,
        }
        if event.kind in ("action", "resign") and actor is not None:
            row = {
                **common,
                "to_act": "{" + ",".join(map(str, after.to_act)) + "}",
                "actor_seat": event.seat + 1,
                "actor": actor,
            }
            return WRITE_ACTS, tuple(row[name] for name, _ in ACT_COLUMNS)
        tokens, requests = list(self._tokens), list(self._requests)
        if token_hash is not None:
            tokens[event.seat], requests[event.seat] = token_hash, request_hash
        return WRITE_GUARDED, {
            **common,
            "known_tokens": self._known[0],
            "known_requests": self._known[1],
            "tokens": tokens,
            "requests": requests,
        }

    def _writes(self) -> list[tuple[str, Any]]:
        """The statements that store the change (before `COMMIT`): for one event that
        seats nobody nor ends the game, one."""
        game_id = self._game_id
        tokens, requests = list(self._tokens), list(self._requests)
        seated = self._reissued
        for event, _, token_hash, request_hash in self._events:
            if token_hash is not None:
                tokens[event.seat], requests[event.seat] = token_hash, request_hash
                seated = True
        writes: list[tuple[str, Any]] = [(SET_SEATS, (tokens, requests, game_id))] * seated
        if not self._events:
            return writes
        rows: list[tuple[Any, ...]] = [
            (
                game_id,
                e.version,
                e.seat,
                e.kind,
                e.action,
                e.source,
                signed(e.client_seq),
                e.request,
                e.at,
            )
            for e, _, _, _ in self._events
        ]
        last, after, _, _ = self._events[-1]
        result = None if after.result is None else json.dumps(after.result)
        standing = None if after.standing is None else json.dumps(after.standing)
        game = (last.version, after.status, after.phase, after.to_act, standing, result, game_id)
        notice = (_payload(game_id, self._events), self._store.owner)
        finished = after.status == "finished"
        take = self._take and not finished
        if len(rows) == 1 and not seated and not finished and not take:
            return [(WRITE_ONE, rows[0] + game + notice)]
        writes += [(INSERT_EVENT, row) for row in rows]
        writes.append((UPDATE_GAME, game))
        if finished:
            writes.append((END_LEASE, (game_id,)))
        if take:
            store = self._store
            lease = {"owner": store.owner, "lease": store.lease, "game_id": game_id}
            writes.append((TAKE_LEASE, {**lease, "version": last.version}))
        writes.append((NOTIFY, (*notice, game_id)))
        return writes

    async def _release(self) -> None:
        """Gives the connection back to the pool, which rolls back a transaction left
        open (a failure midway) and drops a broken connection."""
        conn, self._conn = self._conn, None
        if conn is not None:
            await self._store._pool.putconn(conn)


def _store_error(error: BaseException) -> StoreError:
    """A commit's failure as the store reports it."""
    return error if isinstance(error, StoreError) else _failure(error)


def _payload(
    game_id: str, events: list[tuple[StoredEvent, After, bytes | None, bytes | None]]
) -> str:
    """A notice: the game, its version, and the events (with the joining seats' token
    and request id hashes) if they fit."""
    version = events[-1][0].version
    full = json.dumps(
        {
            "g": game_id,
            "v": version,
            "e": [
                [e.version, e.seat, e.kind, e.action, e.source, e.client_seq, e.request, e.at]
                for e, _, _, _ in events
            ],
            "t": {e.seat: t.hex() for e, _, t, _ in events if t is not None},
            "r": {e.seat: r.hex() for e, _, t, r in events if t is not None and r is not None},
        },
        separators=(",", ":"),
    )
    head = f"{game_id} {version} "
    if len(head) + len(full.encode()) <= MAX_NOTICE:
        return head + full
    return head + json.dumps({"g": game_id, "v": version, "e": [], "t": {}, "r": {}})


def _heading(payload: str) -> tuple[str, int]:
    """The game and version a notice is about, read without parsing the rest."""
    if payload.startswith("{"):  # a notice without its heading (an older replica's)
        data = json.loads(payload)
        return data["g"], data["v"]
    game_id, version, _ = payload.split(" ", 2)
    return game_id, int(version)


def _notice(payload: str) -> Notice:
    data = json.loads(payload[payload.index("{") :])
    return Notice(
        game_id=data["g"],
        version=data["v"],
        events=[StoredEvent(*e) for e in data["e"]],
        token_hashes={int(seat): bytes.fromhex(t) for seat, t in data["t"].items()},
        join_requests={int(seat): bytes.fromhex(r) for seat, r in data["r"].items()},
    )


async def _configure(conn: psycopg.AsyncConnection[Any]) -> None:
    """Every connection commits durably: `synchronous_commit` off is raised to on."""
    found = await (await conn.execute("SHOW synchronous_commit")).fetchone()
    if found is not None and found[0] == "off":
        await conn.execute("SET synchronous_commit = on")
