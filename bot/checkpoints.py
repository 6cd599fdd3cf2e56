"""WAL checkpoints off the commit path.

By default SQLite copies the write-ahead log back into the database (a checkpoint, with its
fsyncs) inside whichever commit makes the log pass 1,000 pages: every few hundred moves, one
player's move would wait tens of milliseconds for it. The store turns that off and this task
checkpoints instead, about once a second when something was written, on its own connection in a
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
    """Checkpoints ``path`` every :data:`INTERVAL` seconds after :meth:`written` was called."""

    def __init__(self, path: str, interval: float | None = None) -> None:
        self.path = path
        self.interval = INTERVAL if interval is None else interval
        self._dirty = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="railbot-checkpoints")

    def written(self) -> None:
        self._dirty.set()

    async def stop(self) -> None:
        """Stop and wait; the connection closing after this checkpoints what is left."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    async def _run(self) -> None:
        while True:
            await self._dirty.wait()
            await asyncio.sleep(self.interval)
            self._dirty.clear()
            try:
                await asyncio.to_thread(checkpoint, self.path)
            except sqlite3.Error:  # the next one retries; SQLite's log stays complete meanwhile
                log.warning("checkpoint of %s failed", self.path, exc_info=True)
