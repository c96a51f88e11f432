"""The durable store of a server: `base` says what it keeps and how the host uses it;
`sqlite` is the embedded one (a file, one server), `postgres` the one replicas share."""

from __future__ import annotations

from fenpai.service.store.base import (
    After,
    Change,
    ChatLine,
    GameRow,
    Notice,
    RequestIdTaken,
    Seats,
    SharedStore,
    Stale,
    Store,
    StoredEvent,
    StoredGame,
    StoreError,
)
from fenpai.service.store.sqlite import SCHEMA_VERSION, SqliteStore

__all__ = [
    "SCHEMA_VERSION",
    "After",
    "Change",
    "ChatLine",
    "GameRow",
    "Notice",
    "RequestIdTaken",
    "Seats",
    "SharedStore",
    "Stale",
    "SqliteStore",
    "Store",
    "StoreError",
    "StoredEvent",
    "StoredGame",
    "display",
    "is_url",
    "open_store",
]


def is_url(db: str) -> bool:
    """Whether `--db` names a PostgreSQL database (else it is a SQLite file)."""
    return db.startswith(("postgresql://", "postgres://"))


def open_store(db: str, synchronous: str = "FULL", lease: float = 5.0) -> Store:
    """The store `db` names: a PostgreSQL URL (its leases lasting `lease` seconds), or
    else a SQLite file (with `synchronous`)."""
    if is_url(db):
        try:
            from fenpai.service.store.postgres import PostgresStore
        except ImportError as err:
            raise StoreError(
                f"a PostgreSQL database needs psycopg: pip install 'fenpai[postgres]' ({err})"
            ) from None
        return PostgresStore(db, lease)
    return SqliteStore(db, synchronous)


def display(db: str) -> str:
    """`db` as logs may show it: a URL without its password."""
    if not is_url(db):
        return db
    scheme, _, rest = db.partition("://")
    credentials, at, place = rest.rpartition("@")
    if not at:
        return db
    user = credentials.partition(":")[0]
    return f"{scheme}://{user}@{place}"
