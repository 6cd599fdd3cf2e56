"""WAL checkpoints off the commit path.

By default SQLite copies the write-ahead log back into the database (a checkpoint, with its
fsyncs) inside whichever commit makes the log pass 1,000 pages: every few hundred moves, one
player's move would wait tens of milliseconds for it. The store turns that off and checkpoints
here instead, about a second after something was written, on a connection of their own in a
worker thread. A PASSIVE checkpoint never waits for the writer, so moves go on meanwhile.

With synchronous=NORMAL this is also what bounds the loss on a power cut: the log is flushed to
disk before each checkpoint, so only moves acknowledged since the last one (about a second's
worth) are at risk. A killed process loses nothing either way.

A checkpoint that copied the whole log lets the next write start the log over from its first
page, and SQLite flushes the log's new header to disk then (even with NORMAL): a disk flush in
whichever move came first, about one move a second. So the checkpointer starts the log over
itself straight away (``restart``, a write that changes nothing, on the writer's thread), and
moves find it done.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Awaitable, Callable

log = logging.getLogger("railbot.store")

INTERVAL = 1.0
"""Seconds between checkpoints while moves are being written."""


def checkpoint(path: str) -> tuple[int, int, int]:
    """One PASSIVE checkpoint of the database at ``path``: (busy, log frames, frames copied)."""
    conn = sqlite3.connect(path, timeout=5)
    try:
        row = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    finally:
        conn.close()
    return int(row[0]), int(row[1]), int(row[2])


def copied_all(result: tuple[int, int, int]) -> bool:
    """Whether a checkpoint's ``result`` (see :func:`checkpoint`) copied back a whole log."""
    busy, frames, copied = result
    return busy == 0 and frames == copied > 0


def restart_log(conn: sqlite3.Connection, _: object = None) -> None:
    """A write that changes nothing (the schema number set to itself), so that SQLite starts a
    fully copied log over here, flushing its new header, instead of in the next move."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        (version,) = conn.execute("PRAGMA user_version").fetchone()
        conn.execute(f"PRAGMA user_version={int(version)}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


class Checkpointer:
    """Checkpoints ``path`` about :data:`INTERVAL` seconds after a write, on a worker thread,
    then awaits ``restart`` (which runs :func:`restart_log`) when the whole log was copied.

    No task waits in the background: a write sets a timer (once; later writes join it) and the
    timer starts the checkpoint, so an idle store has nothing scheduled at all."""

    def __init__(
        self,
        path: str,
        interval: float | None = None,
        restart: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        self.path = path
        self.interval = INTERVAL if interval is None else interval
        self.restart = restart
        self._timer: asyncio.TimerHandle | None = None
        self._running: asyncio.Task[None] | None = None
        self._stopped = False

    def written(self) -> None:
        if self._timer is None and not self._stopped:
            self._timer = asyncio.get_running_loop().call_later(self.interval, self._start)

    def _start(self) -> None:
        self._timer = None
        if self._running is not None:  # the last one is still at work: come back later
            self.written()
            return
        self._running = asyncio.get_running_loop().create_task(self._cycle())

    async def _cycle(self) -> None:
        try:
            result = await asyncio.to_thread(checkpoint, self.path)
            if self.restart is not None and copied_all(result) and not self._stopped:
                await self.restart()
        except Exception:
            # The next write schedules another; SQLite's log stays complete meanwhile.
            log.warning("checkpoint of %s failed", self.path, exc_info=True)
        finally:
            self._running = None

    async def stop(self) -> None:
        """Cancel what is scheduled and wait for a checkpoint at work; the connection closing
        after this checkpoints what is left."""
        self._stopped = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._running is not None:
            await asyncio.gather(self._running, return_exceptions=True)
