"""A move's commit as one call on a connection of its own, mostly without a thread hop.

aiosqlite runs each statement as a round trip to its thread and back through the event loop,
and under load every trip waits its turn on the loop: a move's seven trips added up to most of
its commit time. The writer runs a move's whole transaction (seq check, append, snapshot,
commit) as one call on its own connection. With synchronous=NORMAL a commit only hands the
log's pages to the operating system (no flush), a quarter of a millisecond: the writer then runs
it right on the event loop, so the reply waits for no thread to be woken and no core to come
free. Whatever would wait runs on the writer's thread instead, in order: a commit that flushes
(FULL), one that finds the database locked (another connection's transaction), and every call
made while the thread still has work.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
import threading
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.storage.base import StoreFull, chain_link
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


def write(conn: sqlite3.Connection, move: Append) -> int | None:
    """``move``'s statements in the open transaction: the game's new version, or None (and
    nothing written) when the seq moved on."""
    rows = conn.execute(*move.update).fetchall()  # fetched to the end: the statement is done
    if not rows:
        return None
    (prev,) = conn.execute(Sql.CHAIN_AT, (move.game_id, move.expected_seq)).fetchone() or ("",)
    chain = chain_link(prev or "", move.digest)
    conn.execute(Sql.INSERT_ACTION, (move.game_id, move.seq, *move.columns, chain))
    if move.drop_snapshots_from is not None:
        conn.execute(Sql.DROP_SNAPSHOTS_FROM, (move.game_id, move.drop_snapshots_from))
    if move.snapshot is not None:
        conn.execute(Sql.PUT_SNAPSHOT, (move.game_id, move.seq, move.snapshot))
        conn.execute(Sql.TRIM_SNAPSHOTS, (move.game_id, move.game_id, move.keep_snapshots))
    if move.results:
        conn.executemany(Sql.INSERT_RESULT, move.results)
    return int(rows[0][0])


def append(conn: sqlite3.Connection, move: Append) -> int | None:
    """Run ``move``'s transaction: the game's new version, or None (and nothing written) when
    the seq moved on."""
    (outcome,) = append_all(conn, [move])
    assert not isinstance(outcome, Exception)  # one move's failure is raised, not returned
    return outcome


Outcome = int | None | Exception
"""A move's new game version, None (the seq moved on), or why it failed: nothing written."""


def append_all(conn: sqlite3.Connection, moves: list[Append]) -> list[Outcome]:
    """Moves (of any games, in order) as one transaction, so several share its disk flush.
    With several, each has a savepoint: one that fails is taken back alone and its exception
    returned as its outcome; one move's failure is raised. A failed commit raises for all."""
    several = len(moves) > 1
    outcomes: list[Outcome] = []
    conn.execute("BEGIN IMMEDIATE")
    try:
        for move in moves:
            if not several:
                outcomes.append(write(conn, move))
                continue
            conn.execute("SAVEPOINT move")
            try:
                outcomes.append(write(conn, move))
            except Exception as exc:
                conn.execute("ROLLBACK TO move")
                outcomes.append(exc)
            conn.execute("RELEASE move")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return outcomes


BUSY_TIMEOUT_MS = 5000
"""How long a commit on the writer's thread waits for another connection's lock."""

GROUP_COMMIT_MOVES = 32
"""The most moves committed together in one transaction."""


def settle(answer: asyncio.Future[Outcome], outcome: Outcome) -> None:
    """Give a waiting move its outcome, unless its caller stopped waiting."""
    if not answer.done():
        answer.set_result(outcome)


def busy(exc: sqlite3.OperationalError) -> bool:
    """Whether ``exc`` is SQLite saying another connection holds the lock."""
    code = getattr(exc, "sqlite_errorcode", 0) & 0xFF  # the primary code of an extended one
    return code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


@contextlib.contextmanager
def room_on_disk(path: str) -> Iterator[None]:
    """Raise StoreFull for SQLite finding no room on the disk for ``path`` inside (its
    transaction is rolled back: nothing was written). Logged in one line, not a traceback per
    command: the cause is outside railbot."""
    try:
        yield
    except sqlite3.OperationalError as exc:
        if getattr(exc, "sqlite_errorcode", 0) & 0xFF != sqlite3.SQLITE_FULL:
            raise
        logging.getLogger("railbot.store").warning("SQLite %s: %s", path, exc)
        raise StoreFull(path, str(exc)) from None


class Writer:
    """A connection that :meth:`call` runs functions with (and :meth:`commit` moves): on the
    event loop when ``inline`` and nothing can make it wait there, else on one thread of the
    writer's own. :meth:`close` ends both, whatever state they are in.

    The connection's busy timeout is 0 (a locked database fails at once) and is raised to
    :data:`BUSY_TIMEOUT_MS` only around calls on the thread, so the event loop never sleeps
    on a lock."""

    def __init__(self, path: str, pragmas: tuple[str, ...], *, inline: bool = False) -> None:
        self.path = path
        self.pragmas = pragmas
        self.inline = inline
        self._pool: ThreadPoolExecutor | None = None
        self._conn: sqlite3.Connection | None = None
        self._queued = 0
        """Calls handed to the thread and not finished there (the connection is theirs)."""
        self._count = threading.Lock()
        self._moves: deque[tuple[Append, asyncio.Future[Outcome]]] = deque()
        """Moves waiting for the thread to commit them, in order."""

    async def open(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="railbot-writer")
        self._conn = await self._run(self._connect)

    def _connect(self) -> sqlite3.Connection:
        # Used by the event loop's thread too, never by two threads at once (see call).
        conn = sqlite3.connect(self.path, isolation_level=None, timeout=0,
                               check_same_thread=False)
        try:
            for pragma in self.pragmas:
                conn.execute(pragma)
            if self.inline:
                # SQLite's own checkpoint (a backstop: bot.storage.checkpoints does them) would
                # copy and flush tens of megabytes inside a commit: on the loop, never. The
                # store's other connection keeps the backstop.
                conn.execute("PRAGMA wal_autocheckpoint=0")
        except BaseException:
            conn.close()
            raise
        return conn

    async def commit(self, move: Append) -> int | None:
        """:func:`append` of ``move``, on the loop when :meth:`call` would run it there. On the
        thread, the moves waiting there when it gets to them are committed together (group
        commit): one transaction, so with FULL one disk flush for several games' moves.
        Raises StoreFull when the disk has no room for it."""
        with room_on_disk(self.path):
            return await self._commit(move)

    async def _commit(self, move: Append) -> int | None:
        conn = self._conn
        if conn is None:
            raise RuntimeError("the writer is not open")
        if self.inline and self._queued == 0:
            try:
                return append(conn, move)
            except sqlite3.OperationalError as exc:
                if not busy(exc):
                    raise
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[Outcome] = loop.create_future()
        self._moves.append((move, answer))
        self._submit(self._commit_waiting, conn, loop)
        outcome = await answer
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    def _commit_waiting(self, conn: sqlite3.Connection, loop: asyncio.AbstractEventLoop) -> None:
        """On the thread: commit the moves waiting (none when an earlier call took them)."""
        batch: list[tuple[Append, asyncio.Future[Outcome]]] = []
        while self._moves and len(batch) < GROUP_COMMIT_MOVES:
            batch.append(self._moves.popleft())  # only this thread takes moves
        if not batch:
            return
        try:
            outcomes: list[Outcome] = self._waiting(append_all, conn, [m for m, _ in batch])
        except Exception as exc:
            outcomes = [exc] * len(batch)
        for (_, answer), outcome in zip(batch, outcomes, strict=True):
            loop.call_soon_threadsafe(settle, answer, outcome)

    async def call(
        self, fn: Callable[[sqlite3.Connection, Any], T], arg: Any, *, may_wait: bool = False
    ) -> T:
        """``fn(connection, arg)``; on the thread if it ``may_wait`` (flush the disk, say).
        ``fn`` must leave nothing written when it raises (one transaction), since a call that
        finds the database locked on the loop is run again on the thread. Raises StoreFull
        when the disk has no room for what ``fn`` writes."""
        with room_on_disk(self.path):
            return await self._call(fn, arg, may_wait=may_wait)

    async def _call(
        self, fn: Callable[[sqlite3.Connection, Any], T], arg: Any, *, may_wait: bool
    ) -> T:
        conn = self._conn
        if conn is None:
            raise RuntimeError("the writer is not open")
        # Only the loop's thread adds to _queued, so 0 read here stays 0 until this call ends.
        if self.inline and not may_wait and self._queued == 0:
            try:
                return fn(conn, arg)
            except sqlite3.OperationalError as exc:
                if not busy(exc):
                    raise
        return await asyncio.wrap_future(self._submit(self._waiting, fn, conn, arg))

    def _submit(self, fn: Callable[..., T], *args: Any) -> Future[T]:
        """Run ``fn(*args)`` on the thread, counted in ``_queued`` until it is done."""
        assert self._pool is not None
        with self._count:
            self._queued += 1
        try:
            return self._pool.submit(self._counted, fn, *args)
        except BaseException:
            with self._count:
                self._queued -= 1
            raise

    def _counted(self, fn: Callable[..., T], *args: Any) -> T:
        try:
            return fn(*args)
        finally:
            with self._count:
                self._queued -= 1

    @staticmethod
    def _waiting(fn: Callable[[sqlite3.Connection, Any], T], conn: sqlite3.Connection,
                 arg: Any) -> T:
        """``fn`` on the thread, allowed to wait for another connection's lock."""
        conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        try:
            return fn(conn, arg)
        finally:
            conn.execute("PRAGMA busy_timeout=0")

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
