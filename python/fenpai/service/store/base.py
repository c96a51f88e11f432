"""What every store is: the records it keeps, and the interface the host uses.

Two implementations: `sqlite.SqliteStore`, embedded, one server per file; and
`postgres.PostgresStore`, which several servers (replicas) share. The host changes a
game only inside a `Change`: on a shared store it holds the game's row lock from before
the change is checked until it is committed, and brings the events other replicas
committed meanwhile; on SQLite it costs nothing before the commit (the one server's
memory is the truth).

Records: `games` (one row per game: its `Game.config()`, timers, the admin token's
hash, its status), `seats` (a bot's name or the SHA-256 of the joined client's token),
`events` (one per version: the seat, the kind `join`/`action`/`resign`, the canonical
action text, who chose it, and for a client's action its `client_seq` and the text it
sent, so that a retried action is recognised). A game is restored by replaying its
events on `new_game(**config)`.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Protocol, runtime_checkable


class StoreError(Exception):
    """The database cannot be opened or used."""


class RequestIdTaken(StoreError):
    """Another game was created with the same CreateGame request id."""


class Stale(Exception):
    """A change made on what the host knew (`Store.change` with `seats`) was not stored:
    another server changed the game (or its seats) since. Nothing changed in the store;
    make the change again, catching up first."""


#: The seats' token hashes and JoinGame request id hashes, as the host knows them.
Seats = tuple[Sequence[bytes | None], Sequence[bytes | None]]


@dataclass(frozen=True)
class StoredEvent:
    """One event of a game."""

    version: int
    seat: int
    kind: str
    action: str
    source: str
    client_seq: int | None
    request: str | None
    at: float


@dataclass(frozen=True)
class ChatLine:
    """One message of a table's chat: its number in the game (from 1), its seat."""

    seq: int
    seat: int
    text: str
    at: float


@dataclass(frozen=True)
class StoredGame:
    """A game as stored: enough to restore it."""

    game_id: str
    config: dict[str, Any]
    timers: dict[str, float]
    admin_hash: bytes
    created_at: float
    status: str
    bots: list[str | None]
    token_hashes: list[bytes | None]
    events: list[StoredEvent]
    #: `game` (one hand) or `table` (a match; `config` is `Match.config()`).
    kind: str = "game"
    #: `open` or `private`.
    access: str = "open"
    #: Per seat, its invite's hash (a private game's client seats).
    invite_hashes: list[bytes | None] | None = None
    #: Per seat, the hash of the request id it was joined with.
    join_requests: list[bytes | None] | None = None


@dataclass(frozen=True)
class GameRow:
    """A game's columns: its public summary as stored (`to_act` only where the store
    keeps it current, else empty)."""

    game_id: str
    config: dict[str, Any]
    timers: dict[str, float]
    created_at: float
    status: str
    phase: str
    version: int
    bots: list[str | None]
    joined: list[bool]
    to_act: list[int]
    kind: str
    access: str
    result: dict[str, Any] | None
    #: A table's match standing as stored (None for a single game).
    match: dict[str, Any] | None


@dataclass(frozen=True)
class After:
    """A game after an event, as its summary row shows it; `changed`: its status changed
    (it started or ended), the one case a store that is not shared writes the row."""

    status: str
    phase: str
    to_act: list[int]
    result: dict[str, Any] | None
    changed: bool
    #: A table's match standing (None for a single game).
    standing: dict[str, Any] | None = None


def uncounted(size: int) -> None:
    """A store's `batches` until the server counts them."""


def signed(client_seq: int | None) -> int | None:
    """A uint64 `client_seq` as the signed 64-bit integer the databases store (its two's
    complement from 2**63 on), so that every value round-trips and stays unique."""
    if client_seq is None or client_seq < 2**63:
        return client_seq
    return client_seq - 2**64


def unsigned(stored: int | None) -> int | None:
    """The `client_seq` a stored signed 64-bit integer stands for."""
    return stored + 2**64 if stored is not None and stored < 0 else stored


#: The columns of `events` that make a `StoredEvent`, in its order.
EVENT_COLUMNS = "version, seat, kind, action, source, client_seq, request, at"


def stored_event(row: Sequence[Any]) -> StoredEvent:
    """The event an `EVENT_COLUMNS` row holds."""
    version, seat, kind, action, source, seq, request, at = row
    return StoredEvent(version, seat, kind, action, source, unsigned(seq), request, at)


def list_query(
    status: str | None,
    variant: str | None,
    before: tuple[float, str] | None,
    limit: int,
    mark: str,
) -> tuple[str, tuple[Any, ...]]:
    """`Store.list_games`' query and its arguments, `mark` the placeholder (`?`, `%s`):
    open games only (a private game is never listed)."""
    where: list[str] = ["access = 'open'"]
    args: list[Any] = []
    if status is not None:
        where.append(f"status = {mark}")
        args.append(status)
    if variant is not None:
        where.append(f"variant = {mark}")
        args.append(variant)
    if before is not None:
        where.append(f"(created_at < {mark} OR (created_at = {mark} AND game_id < {mark}))")
        args += [before[0], before[0], before[1]]
    sql = "SELECT game_id, created_at FROM games WHERE " + " AND ".join(where)
    return sql + f" ORDER BY created_at DESC, game_id DESC LIMIT {mark}", (*args, limit)


class Change(Protocol):
    """One change to one game, committed as a whole when the `async with` block ends
    without an error (rolled back otherwise; a failed commit raises StoreError).

    On entering, `missed` holds the events after the version the host knew that other
    servers committed, `token_hashes` and `join_requests` the seats' token hashes and
    JoinGame request id hashes now (None: the host's are current), and `leased` whether
    this server holds the game's lease (always True on a store that is not shared)."""

    missed: list[StoredEvent]
    token_hashes: list[bytes | None] | None
    join_requests: list[bytes | None] | None
    leased: bool

    def append(
        self,
        event: StoredEvent,
        after: After,
        token_hash: bytes | None = None,
        request_hash: bytes | None = None,
    ) -> None:
        """Stores an event, the game after it, and a joining seat's token hash with the
        hash of the request id it joined with."""

    def set_token(self, seat: int, token_hash: bytes) -> None:
        """Replaces a seat's token hash (a reissued token)."""

    def commit(self, done: Callable[[StoreError | Stale | None], None]) -> bool:
        """Commits the change without anyone awaiting it (instead of `async with`: on
        SQLite, or a shared store's change made on what the host knew), and calls `done`
        on the event loop once it is committed (None) or not (the StoreError, or Stale:
        nothing stored); False, and `done` is never called, when there is nothing to
        write."""

    async def __aenter__(self) -> Change: ...

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None: ...


class Store(Protocol):
    """The durable store of one server (`shared` False) or of several (True)."""

    #: Whether other servers may change the same games (a `SharedStore`).
    shared: bool
    #: The server's secret key, once open (request-id retries derive tokens from it; the
    #: same for every server of a shared store).
    secret: bytes
    #: Told how many changes each transaction committed (the server's metrics; it may
    #: be called from another thread).
    batches: Callable[[int], None]

    async def open(self) -> None:
        """Gets ready to serve (connects, creates or checks the schema)."""

    def create_game(
        self, game: StoredGame, phase: str, request: tuple[bytes, bytes] | None = None
    ) -> Awaitable[None]:
        """Stores a new game (its events none yet) in `phase` (on a shared store, leased
        to this server); `request` is the (request id hash, request fingerprint) of a
        CreateGame that named a request id (RequestIdTaken if another game has it)."""

    def change(
        self, game_id: str, version: int, lease: bool = False, seats: Seats | None = None
    ) -> Change:
        """A change to the game the host knows at `version`; `lease`: the change is a
        bot's or a timer's, which checks the lease. With `seats` (what the host knows of
        them) the change is made without catching up first and committed by
        `Change.commit`, only if the game is still at `version` with those seats, else
        Stale and nothing stored (a shared store then needs one round trip for the
        change, not two)."""

    async def unfinished(self) -> list[str]:
        """The ids of the games not finished, oldest first."""

    async def load(self, game_id: str) -> StoredGame | None:
        """Everything stored about a game, or None."""

    async def created_by(self, request_hash: bytes) -> tuple[str, bytes] | None:
        """(game id, request fingerprint) of the game a CreateGame request id made."""

    async def row(self, game_id: str) -> GameRow | None:
        """A game's summary columns, or None."""

    async def list_games(
        self, status: str | None, variant: str | None, before: tuple[float, str] | None, limit: int
    ) -> list[tuple[str, float]]:
        """(game id, creation time) of the open games newest first, optionally filtered,
        strictly older than `before`."""

    async def add_chat(self, game_id: str, seat: int, text: str, at: float) -> ChatLine:
        """Stores a chat message of `seat` as the game's next one."""

    async def chat(self, game_id: str, after: int, limit: int) -> list[ChatLine]:
        """The game's chat messages numbered above `after`, oldest first, at most `limit`."""

    async def close(self) -> None:
        """Commits what is waiting, then closes."""


@dataclass(frozen=True)
class Notice:
    """Another server (or this one) committed events of a game, up to `version`: the
    events themselves when they fitted the notice (else empty), and by joining seat its
    token hash and the hash of the request id it joined with."""

    game_id: str
    version: int
    events: list[StoredEvent]
    token_hashes: dict[int, bytes]
    join_requests: dict[int, bytes]
    #: Not a commit's notice: another server took the game's lease from this one with
    #: its change to `version`.
    lease_moved: bool = False


@runtime_checkable
class SharedStore(Store, Protocol):
    """A store several servers share: reads that catch up, notices of the commits to the
    games a server follows, and the leases under which one server at a time runs a
    game's bots and timers (a client's change takes the game's lease with it)."""

    #: This server's name in the leases.
    owner: str
    #: Seconds a lease lasts unless renewed.
    lease: float
    #: Whether this server holds a game's lease, as it knows (the server says).
    holds: Callable[[str], bool]
    #: Told of each game whose lease a committed change took.
    took: Callable[[str], None]

    async def since(
        self, game_id: str, version: int
    ) -> tuple[list[StoredEvent], list[bytes | None], list[bytes | None]]:
        """The game's events after `version`, and its seats' token hashes and JoinGame
        request id hashes now."""

    def notices(self, wanted: Callable[[str, int], bool] = ...) -> AsyncIterator[Notice | None]:
        """The notices of the commits (by other servers) to the games `watch`ed, in
        commit order, as long as the server runs, of which `wanted(game id, version)`
        (read before the rest of the notice); None after the notices were interrupted
        (some may be lost: catch up on everything)."""

    async def watch(self, game_ids: Sequence[str]) -> None:
        """Has the games' commits notified to this server from now on."""

    async def unwatch(self, game_ids: Sequence[str]) -> None:
        """Stops the games' commits being notified to this server."""

    async def renew(self) -> set[str]:
        """Extends this server's leases by a lease's time; the games it still holds."""

    async def claim(self, limit: int) -> list[str]:
        """Takes up to `limit` leases that lapsed; their games."""

    async def release(self) -> None:
        """Lets this server's leases lapse now (it is stopping)."""
