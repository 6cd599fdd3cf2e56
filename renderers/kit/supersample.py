"""Pieces drawn a few times their size and shrunk, which smooths their edges.

Pillow shrinks an RGBA picture by converting it to premultiplied alpha ("RGBa"), averaging, and
converting back: the first conversion, over the big picture, took some 80% of a piece's cost
(2-3 ms for a track piece at a focus frame's hex size). A piece drawn in opaque ink only on a
clear black canvas is its own premultiplied form, pixel for pixel (each pixel clear black or
opaque), so it is drawn on an "RGBa" canvas (Pillow's drawing writes the ink's bytes the same)
and only the small result is converted: the same pixels as an RGBA canvas shrunk."""

from __future__ import annotations

from PIL import Image

CANVAS_MODE = "RGBa"
"""The mode of a supersampling canvas (tests set "RGBA" to compare with the slow way)."""


def canvas(width: int, height: int) -> Image.Image:
    """A clear canvas to draw a piece on, in opaque ink only (no text, no pasted pictures:
    their edges are partly transparent), then :func:`shrunk`."""
    return Image.new(CANVAS_MODE, (width, height), (0, 0, 0, 0))


def shrunk(big: Image.Image, k: int) -> Image.Image:
    """``big`` (a :func:`canvas`) ``k`` times smaller, as RGBA."""
    small = big.reduce(k)
    return small if small.mode == "RGBA" else small.convert("RGBA")
