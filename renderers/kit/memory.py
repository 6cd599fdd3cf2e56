"""Memory the process gives back after a big picture.

Pillow allocates a picture in blocks of up to 16 MiB. glibc serves blocks that large with mmap
(handed back to the system when freed) until the first one is freed; from then on it raises its
threshold and serves them from the heap, which seldom shrinks: a process that drew a few
supersampled map layers kept hundreds of MB it no longer used. Fixing the threshold keeps big
blocks in mmap for good."""

from __future__ import annotations

import ctypes
import ctypes.util
import sys

M_MMAP_THRESHOLD = -3
"""glibc's mallopt parameter number for the mmap threshold."""

THRESHOLD = 1 << 20
"""Blocks of this many bytes or more are mmapped: every picture row block, few small objects."""


def return_big_blocks() -> bool:
    """Fix glibc's mmap threshold (once per process); False where there is no glibc."""
    if not sys.platform.startswith("linux"):
        return False
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        libc = ctypes.CDLL(name)
        return bool(libc.mallopt(M_MMAP_THRESHOLD, THRESHOLD))
    except (OSError, AttributeError):
        return False
