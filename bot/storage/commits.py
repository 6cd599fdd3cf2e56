"""A move's commit as one call on a writer thread of its own.

aiosqlite runs each statement as a round trip to its thread and back through the event loop,
and under load every trip waits its turn on the loop: a move's seven trips added up to most of
its commit time. The writer runs a move's whole transaction (seq check, append, snapshot,
commit) in one call on its own thread and connection, so a commit waits for the loop once.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

from bot.storage.base import chain_link
from bot.storage.sql import Sql

T = TypeVar("T")

JSON_COLUMNS = ("options", "to_act", "pending")


def game_update(
    game_id: int,
    now: float,
    fields: dict[str, Any],
    seq_was: int | None = None,
    version_was: int | None = None,
) -> tuple[str, tuple[Any, ...]]:
    """The UPDATE of a game row's ``fields`` (JSON columns encoded), returning its new version;
    with ``seq_was`` (``version_was``), it only applies while the row's seq (version) is still
    that: a compare-and-set, which returns no row when someone else wrote first."""
    encoded = {
        k: (json.dumps(v) if k in JSON_COLUMNS and v is not None else v) for k, v in fields.items()
    }
    encoded["updated_at"] = now
    cols = ", ".join(f"{k} = ?" for k in encoded)
    where, params = "id = ?", (*encoded.values(), game_id)
    if seq_was is not None:
        where, params = where + " AND seq = ?", (*params, seq_was)
    if version_was is not None:
        where, params = where + " AND version = ?", (*params, version_was)
    # Every change bumps the row's version (other processes watch it to drop their caches).
    return f"UPDATE games SET {cols}, version = version + 1 WHERE {where} RETURNING version", params


@dataclass(frozen=True)
class Append:
    """One move to append, already encoded (nothing is encoded on the writer thread)."""

    game_id: int
    expected_seq: int
    columns: tuple[Any, ...]
    """seat, type, action JSON, chance JSON, user id, created at, public text"""
    digest: str
    """The move's content digest (bot.storage.base.content_digest) for the log's checksum."""
    update: tuple[str, tuple[Any, ...]]
    snapshot: str | None
    drop_snapshots_from: int | None
    keep_snapshots: int
    results: tuple[tuple[Any, ...], ...] = ()
    """The game's results (Sql.INSERT_RESULT's columns) when this move ends it."""

    @property
    def seq(self) -> int:
        return self.expected_seq + 1


def append(conn: sqlite3.Connection, move: Append) -> int | None:
    """Run ``move``'s transaction: the game's new version, or None (and nothing written) when
    the seq moved on."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        rows = conn.execute(*move.update).fetchall()  # fetched to the end: the statement is done
        if not rows:
            conn.execute("ROLLBACK")
            return None
        (prev,) = conn.execute(Sql.CHAIN_AT, (move.game_id, move.expected_seq)).fetchone() or ("",)
        chain = chain_link(prev or "", move.digest)
        conn.execute(Sql.INSERT_ACTION, (move.game_id, move.seq, *move.columns, chain))
        if move.drop_snapshots_from is not None:
            conn.execute(Sql.DROP_SNAPSHOTS_FROM, (move.game_id, move.drop_snapshots_from))
        if move.snapshot is not None:
            conn.execute(Sql.PUT_SNAPSHOT, (move.game_id, move.seq, move.snapshot))
            conn.execute(
                Sql.TRIM_SNAPSHOTS, (move.game_id, move.game_id, move.keep_snapshots)
            )
        if move.results:
            conn.executemany(Sql.INSERT_RESULT, move.results)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return int(rows[0][0])


class Writer:
    """A connection that lives on one thread of its own; :meth:`call` runs a function with it
    there. :meth:`close` ends both, whatever state they are in."""

    def __init__(self, path: str, pragmas: tuple[str, ...]) -> None:
        self.path = path
        self.pragmas = pragmas
        self._pool: ThreadPoolExecutor | None = None
        self._conn: sqlite3.Connection | None = None

    async def open(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="railbot-writer")
        self._conn = await self._run(self._connect)

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, isolation_level=None)
        try:
            for pragma in self.pragmas:
                conn.execute(pragma)
        except BaseException:
            conn.close()
            raise
        return conn

    async def call(self, fn: Callable[[sqlite3.Connection, Any], T], arg: Any) -> T:
        if self._conn is None:
            raise RuntimeError("the writer is not open")
        return await self._run(partial(fn, self._conn, arg))

    async def _run(self, fn: Callable[[], T]) -> T:
        assert self._pool is not None
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn)

    async def close(self) -> None:
        pool, conn = self._pool, self._conn
        self._pool = self._conn = None
        if pool is None:
            return
        try:
            if conn is not None:
                await asyncio.get_running_loop().run_in_executor(pool, conn.close)
        finally:
            pool.shutdown(wait=True)
