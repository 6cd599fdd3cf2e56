"""The layer folder kept within a size: files unused the longest are removed first.

Every change to the drawing code names new layer files (their names carry a digest of the
code), so without a limit a server that is updated now and then would keep every old set for
ever. A file's time is its last use (a load touches it), so the layers of the code in use stay
and old sets, and maps nobody plays, go first. ``$RAILBOT_CACHE_MB`` sets the limit (default
256; a whole set of layers for every map is a few tens of MB). The folder is measured when a
process first writes a file and again after every ``CHECK_EVERY`` bytes it writes, not on every
write, since listing thousands of files costs."""

from __future__ import annotations

import contextlib
import logging
import os
from pathlib import Path

log = logging.getLogger(__name__)

DEFAULT_MB = 256
CHECK_EVERY = 64 * 1024 * 1024
KEEP_SHARE = 0.75
"""Pruning goes down to this share of the limit, so that the next few writes do not prune
again at once."""

_written_since_check: int | None = None  # None: this process has not checked yet


def limit_bytes() -> int:
    """The folder's limit in bytes, from ``$RAILBOT_CACHE_MB`` (a bad value keeps the default,
    with a warning)."""
    chosen = os.environ.get("RAILBOT_CACHE_MB")
    if chosen:
        try:
            mb = float(chosen)
            if mb > 0:
                return int(mb * 1024 * 1024)
        except ValueError:
            pass
        log.warning("RAILBOT_CACHE_MB=%r is not a positive number; keeping %d MB",
                    chosen, DEFAULT_MB)
    return DEFAULT_MB * 1024 * 1024


def touch(path: Path) -> None:
    """Mark ``path`` as used now (a file removed meanwhile by another process is no matter)."""
    with contextlib.suppress(OSError):
        os.utime(path)


def wrote(where: Path, size: int) -> None:
    """Count ``size`` bytes written into ``where``; prune the folder when it is due."""
    global _written_since_check
    if _written_since_check is not None and _written_since_check + size < CHECK_EVERY:
        _written_since_check += size
        return
    _written_since_check = 0
    prune(where, limit_bytes())


def prune(where: Path, limit: int) -> int:
    """Remove the least recently used files of ``where`` while it holds more than ``limit``
    bytes, down to KEEP_SHARE of it; returns how many bytes were removed."""
    entries: list[tuple[float, int, str]] = []
    try:
        with os.scandir(where) as found:
            for entry in found:
                try:
                    if entry.is_file(follow_symlinks=False):
                        st = entry.stat(follow_symlinks=False)
                        entries.append((st.st_mtime, st.st_size, entry.path))
                except OSError:
                    continue  # removed meanwhile
    except OSError as err:
        log.warning("layer folder not measured: %s", err)
        return 0
    total = sum(size for _, size, _ in entries)
    if total <= limit:
        return 0
    goal = int(limit * KEEP_SHARE)
    removed = 0
    for _, size, path in sorted(entries):
        if total - removed <= goal:
            break
        try:
            os.remove(path)
            removed += size
        except FileNotFoundError:
            removed += size  # another process pruned it first
        except OSError as err:
            log.warning("old layer %s not removed: %s", path, err)
    log.info("layer folder pruned: %d MB removed, %d MB kept",
             removed // (1024 * 1024), (total - removed) // (1024 * 1024))
    return removed
