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
import sys

from PIL import _imaging

M_MMAP_THRESHOLD = -3
"""glibc's mallopt parameter number for the mmap threshold."""

THRESHOLD = 1 << 20
"""Blocks of this many bytes or more are mmapped: every picture row block, few small objects."""

BLOCKS_KEPT = 4
"""Freed picture blocks Pillow keeps for reuse (16 MiB at most each): a whole Transcontinental
picture takes three, the rest of a move's pictures fit in what is left."""


def return_big_blocks() -> bool:
    """Fix glibc's mmap threshold and Pillow's kept blocks (once per process); False where there
    is no glibc."""
    _imaging.set_blocks_max(BLOCKS_KEPT)
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
