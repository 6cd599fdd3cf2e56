"""WAL checkpoints off the commit path.

By default SQLite copies the write-ahead log back into the database (a checkpoint, with its
fsyncs) inside whichever commit makes the log pass 1,000 pages: every few hundred moves, one
player's move would wait tens of milliseconds for it. The store turns that off and checkpoints
here instead, about a second after something was written, on a connection of their own in a
worker thread. A PASSIVE checkpoint never waits for the writer, so moves go on meanwhile.

With synchronous=NORMAL this is also what bounds the loss on a power cut: the log is flushed to
disk before each checkpoint, so only moves acknowledged since the last one (about a second's
worth) are at risk. A killed process loses nothing either way.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3

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


class Checkpointer:
    """Checkpoints ``path`` about :data:`INTERVAL` seconds after a write, on a worker thread.

    No task waits in the background: a write sets a timer (once; later writes join it) and the
    timer starts the checkpoint, so an idle store has nothing scheduled at all."""

    def __init__(self, path: str, interval: float | None = None) -> None:
        self.path = path
        self.interval = INTERVAL if interval is None else interval
        self._timer: asyncio.TimerHandle | None = None
        self._running: asyncio.Future[tuple[int, int, int]] | None = None
        self._stopped = False

    def written(self) -> None:
        if self._timer is None and not self._stopped:
            self._timer = asyncio.get_running_loop().call_later(self.interval, self._start)

    def _start(self) -> None:
        self._timer = None
        if self._running is not None:  # the last one is still at work: come back later
            self.written()
            return
        self._running = asyncio.get_running_loop().run_in_executor(None, checkpoint, self.path)
        self._running.add_done_callback(self._finished)

    def _finished(self, done: asyncio.Future[tuple[int, int, int]]) -> None:
        self._running = None
        if not done.cancelled() and done.exception() is not None:
            # The next write schedules another; SQLite's log stays complete meanwhile.
            log.warning("checkpoint of %s failed", self.path, exc_info=done.exception())

    async def stop(self) -> None:
        """Cancel what is scheduled and wait for a checkpoint at work; the connection closing
        after this checkpoints what is left."""
        self._stopped = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._running is not None:
            await asyncio.gather(self._running, return_exceptions=True)
