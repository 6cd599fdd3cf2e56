"""The store: which implementation a database address selects, and everything callers need.

``RAILBOT_DB`` (or ``--db``) is a SQLite file path (``sqlite:PATH`` also reads as one), or a
PostgreSQL address ``postgresql://user:password@host:port/database``. Both stores keep the
same interface (bot.store_base.Store) and the same promises.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from bot.store_base import (
    ACTIVE,
    KEEP_SNAPSHOTS,
    ActionRow,
    Appended,
    ChannelBusy,
    GameChange,
    GameRow,
    SeatRow,
    StaleSeq,
    Store,
    StoreError,
    StoreOpenError,
)
from bot.store_pg import PgStore, is_postgres
from bot.store_sqlite import MIGRATIONS, SCHEMA_VERSION, SqliteStore, open_problem, schema_problem

__all__ = [
    "ACTIVE",
    "KEEP_SNAPSHOTS",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "ActionRow",
    "Appended",
    "ChannelBusy",
    "GameChange",
    "GameRow",
    "PgStore",
    "SeatRow",
    "SqliteStore",
    "StaleSeq",
    "Store",
    "StoreError",
    "StoreOpenError",
    "connect_store",
    "is_postgres",
    "open_problem",
    "schema_problem",
    "sqlite_path",
    "store_for",
]

SQLITE_PREFIX = "sqlite:"


def sqlite_path(url: str) -> str | None:
    """The file a SQLite address names (``sqlite:PATH`` or a plain path); None for PostgreSQL."""
    if is_postgres(url):
        return None
    return url.removeprefix(SQLITE_PREFIX)


def store_for(url: str) -> Store:
    """The (unopened) store for a database address."""
    path = sqlite_path(url)
    return SqliteStore(path) if path is not None else PgStore(url)


@asynccontextmanager
async def connect_store(url: str) -> AsyncIterator[Store]:
    """Open the store ``url`` names, and close it afterwards."""
    store = store_for(url)
    await store.open()
    try:
        yield store
    finally:
        await store.close()
