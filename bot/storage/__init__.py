"""The store: which implementation a database address selects, and everything callers need.

``RAILBOT_DB`` (or ``--db``) is a SQLite file path (``sqlite:PATH`` also reads as one), or a
PostgreSQL address ``postgresql://user:password@host:port/database``. Both stores keep the
same interface (bot.storage.base.Store) and the same promises.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

from bot.storage.base import (
    ACTIVE,
    KEEP_SNAPSHOTS,
    ActionRow,
    Appended,
    ChannelBusy,
    GameChange,
    GameRow,
    RatingRow,
    ResultRow,
    SeatRow,
    StaleSeq,
    Store,
    StoreError,
    StoreFull,
    StoreOpenError,
    StoreUnavailable,
    VersionMoved,
    first_damaged,
)
from bot.storage.postgres import PgStore, is_postgres
from bot.storage.sqlite import SqliteStore
from bot.storage.sqlite_file import open_problem
from bot.storage.sqlite_schema import MIGRATIONS, SCHEMA_VERSION, schema_problem

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
    "RatingRow",
    "ResultRow",
    "SeatRow",
    "SqliteStore",
    "StaleSeq",
    "Store",
    "StoreError",
    "StoreFull",
    "StoreOpenError",
    "StoreUnavailable",
    "VersionMoved",
    "connect_existing",
    "connect_store",
    "first_damaged",
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


@contextlib.asynccontextmanager
async def connect_store(url: str, *, readonly: bool = False) -> AsyncIterator[Store]:
    """Open the store ``url`` names, and close it afterwards; ``readonly`` opens a SQLite file
    for reading only (PostgreSQL is opened as usual: its permissions are the server's)."""
    path = sqlite_path(url)
    store = SqliteStore(path, readonly=readonly) if path is not None else PgStore(url)
    await store.open()
    try:
        yield store
    finally:
        await store.close()


def connect_existing(url: str) -> contextlib.AbstractAsyncContextManager[Store]:
    """Like :func:`connect_store`, for commands that only read: a SQLite file that is not there
    is refused (opening it would create an empty one), and one that is is opened read-only (so
    a read-only file or folder serves them)."""
    path = sqlite_path(url)
    if path is not None and not Path(path).is_file():
        raise StoreOpenError(f"there is no database at {path}.")
    return connect_store(url, readonly=True)
