"""Memory the process gives back after a big picture, and the blocks it keeps for the next one.

Pillow allocates a picture in blocks of up to 16 MiB. glibc serves blocks that large with mmap
(handed back to the system when freed) until the first one is freed; from then on it raises its
threshold and serves them from the heap, which seldom shrinks: a process that drew a few
supersampled map layers kept hundreds of MB it no longer used. Fixing the threshold keeps big
blocks in mmap for good.

Fresh mmapped memory costs a page fault per 4 KiB on first touch, though: a whole Transcontinental
picture (34 MB of pixels) spent 20 ms in the kernel before a pixel was drawn. Pillow keeps a few
freed blocks for its next pictures instead (:data:`BLOCKS_KEPT`), so each move's picture, its
palette copy and the panel reuse memory already mapped."""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from threading import Lock

from PIL import _imaging

M_MMAP_THRESHOLD = -3
"""glibc's mallopt parameter number for the mmap threshold."""

M_TRIM_THRESHOLD = -1
"""glibc's mallopt parameter number for the free room at a heap's top that it hands back."""

TRIM_THRESHOLD = 128 << 10
"""glibc's own trim threshold (which fixing the mmap threshold leaves as it is)."""

M_ARENA_MAX = -8
"""glibc's mallopt parameter number for the most heaps (arenas) threads may spread over."""

ARENAS = 2
"""Pictures are drawn in worker threads; glibc gives threads heaps of their own (up to eight per
core), each keeping its own freed pieces: a bot serving many games grew by 100 MB more than its
pictures held. Two heaps are enough for a process that draws one picture at a time."""

THRESHOLD = 1 << 20
"""Blocks of this many bytes or more are mmapped: every picture row block, few small objects."""

BLOCKS_KEPT = 2
"""Freed picture blocks Pillow keeps for reuse (16 MiB at most each): a whole Transcontinental
picture takes two and a sliver, the palette copy of it one."""


HUGE_PAGES = "glibc.malloc.hugetlb=1"
"""glibc's switch asking the kernel for transparent huge pages (2 MiB) in the blocks it maps: a
picture's 34 MB then faults in 17 pages instead of 8,300, and every pass over its pixels misses
the TLB far less (a whole Transcontinental board drawn and encoded 10% cheaper). glibc reads it
only as the process starts, from ``GLIBC_TUNABLES``."""

THP_SWITCH = "/sys/kernel/mm/transparent_hugepage/enabled"


def tunables_with_huge_pages(tunables: str | None) -> str | None:
    """``GLIBC_TUNABLES`` with :data:`HUGE_PAGES` added, or None when it is there already."""
    if tunables and HUGE_PAGES.split("=")[0] in tunables:
        return None
    return f"{tunables}:{HUGE_PAGES}" if tunables else HUGE_PAGES


def restart_with_huge_pages(argv: Sequence[str]) -> None:
    """Run this process again from the start (the same pid, ``argv`` as it was started) with
    huge pages switched on, where glibc and the kernel offer them on request; returns at once
    when they are on already or not to be had."""
    tunables = tunables_with_huge_pages(os.environ.get("GLIBC_TUNABLES"))
    if tunables is None or _libc() is None:
        return
    try:
        with open(THP_SWITCH) as switch:
            offered = "[never]" not in switch.read()
    except OSError:
        offered = False
    if offered:
        sys.stdout.flush()
        os.execve(sys.executable, list(argv), {**os.environ, "GLIBC_TUNABLES": tunables})


@cache
def _libc() -> ctypes.CDLL | None:
    """glibc, or None where there is none."""
    if not sys.platform.startswith("linux"):
        return None
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        libc = ctypes.CDLL(name)
        libc.mallopt  # noqa: B018  # glibc has it; musl and others do not
        libc.malloc_trim  # noqa: B018
    except (OSError, AttributeError):
        return None
    return libc


def return_big_blocks() -> bool:
    """Fix glibc's mmap threshold and heap count, and Pillow's kept blocks (once per process);
    False where there is no glibc."""
    _imaging.set_blocks_max(BLOCKS_KEPT)
    libc = _libc()
    if libc is None:
        return False
    return bool(libc.mallopt(M_MMAP_THRESHOLD, THRESHOLD) and libc.mallopt(M_ARENA_MAX, ARENAS))


def give_back() -> None:
    """Return the free pages of every heap to the system (glibc's malloc_trim): called after a
    posted picture, whose drawing churns through many small pieces (sprites, text) that leave
    holes in the heap. About a millisecond."""
    libc = _libc()
    if libc is not None:
        libc.malloc_trim(0)


RUN_THRESHOLD = 16 << 20
"""The mmap threshold while a run of pictures is drawn (see :func:`reusing_big_blocks`): a
full block of Pillow's (16 MiB, a big board's) is still mapped and handed back when freed."""

RUN_TRIM = 256 << 20
"""The trim threshold while a run of pictures is drawn: a heap keeps its freed room."""

_runs = 0
_runs_lock = Lock()


@contextmanager
def reusing_big_blocks() -> Iterator[None]:
    """A run of many pictures drawn one after the other (a replay's frames): while it lasts,
    big blocks come from the heap and freed room stays there for the next frame, and at its end
    the threshold is fixed again and the heaps' free pages handed back (see :func:`give_back`).
    Each frame's pictures, sprites and encoder buffers, mapped afresh and unmapped again, faulted
    in some 250,000 pages over a 116-move replay: a tenth of its CPU time, in the kernel."""
    libc = _libc()
    global _runs
    with _runs_lock:
        _runs += 1
        if _runs == 1 and libc is not None:
            libc.mallopt(M_MMAP_THRESHOLD, RUN_THRESHOLD)
            libc.mallopt(M_TRIM_THRESHOLD, RUN_TRIM)
    try:
        yield
    finally:
        with _runs_lock:
            _runs -= 1
            if _runs == 0 and libc is not None:
                libc.mallopt(M_MMAP_THRESHOLD, THRESHOLD)
                libc.mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD)
                libc.malloc_trim(0)
