"""The focus picture of Railways of the World: the part of the map where the last move happened
(new track, a delivery's whole route, a changed city), framed to read on a phone, under a header
naming the move, who acts now and the scores."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from PIL import Image

from engine.core.hexgrid import Hex
from engine.rotw.mapdef import MapDef
from renderers.kit.focus import PHONE_TEXT, PHONE_WIDTH, with_header
from renderers.kit.hexgeom import SQRT3, HexLayout
from renderers.rotw import highlight
from renderers.rotw.board import draw_map
from renderers.rotw.geometry import Frame, board_hexes
from renderers.rotw.layers import base_layer
from renderers.rotw.render import GRID, frame_for, owners_view

NAME_FACTOR = 0.52
"""City names are drawn at this fraction of the hex size (renderers.rotw.layers.name_plate)."""
SIZES = (72, 64, 56, 48, 42)
"""Hex sizes a focus picture may use, largest first (a few, so that drawn pieces are reused)."""
MAX_WIDTH = 1000
"""A focus picture's width at most (house value): wider ones cost more to draw and send."""
MIN_ACROSS, MIN_DOWN = 5.0, 4.0
"""The least a focus picture shows around a one-hex move, in hexes across and rows down."""
MARGIN = 0.6
"""Room round the framed hexes, in hex sizes."""


def max_across() -> float:
    """The most hexes across a focus picture may show while city names stay at least
    ``PHONE_TEXT`` pixels tall at phone width (the frame's margins count too)."""
    return (NAME_FACTOR * PHONE_WIDTH / PHONE_TEXT - 2 * MARGIN) / SQRT3


def span(lo: float, hi: float, least: float, most: float, anchor: float) -> tuple[float, float]:
    """``lo..hi`` widened to ``least`` round its middle, or cut to ``most`` round ``anchor``."""
    if hi - lo < least:
        mid = (lo + hi) / 2
        return mid - least / 2, mid + least / 2
    if hi - lo > most:
        start = min(max(lo, anchor - most / 2), hi - most)
        return start, start + most
    return lo, hi


def focus_frame(board: MapDef, hexes: list[Hex], size: float) -> Frame:
    """A frame at hex ``size`` round ``hexes`` (the last one anchors a frame too small to hold
    them all: a delivery's destination, the end of new track)."""
    w = SQRT3 * size
    xs = [w * (h.col + 0.5 * (h.row & 1)) for h in hexes]
    ys = [1.5 * size * h.row for h in hexes]
    left, right = span(min(xs) - w / 2, max(xs) + w / 2, MIN_ACROSS * w,
                        math.floor(max_across()) * w, xs[-1])
    top, bottom = span(min(ys) - size, max(ys) + size, MIN_DOWN * 1.5 * size,
                        math.floor(max_across()) * 1.5 * size, ys[-1])
    margin = MARGIN * size
    layout = HexLayout(size, margin - left, margin - top)
    width = math.ceil(right - left + 2 * margin)
    height = math.ceil(bottom - top + 2 * margin)
    # The hexes whose centres fall within a hex of the picture, tested in the units of xs and
    # ys above (every board hex is tested: a centre computed per hex cost 20 ms a picture).
    lo_x, hi_x = -size - layout.ox, width + size - layout.ox
    lo_y, hi_y = -size - layout.oy, height + size - layout.oy
    inside = frozenset(h for h in board_hexes(board)
                       if lo_x < w * (h.col + 0.5 * (h.row & 1)) < hi_x
                       and lo_y < 1.5 * size * h.row < hi_y)
    return Frame(layout, width, height, inside, (), (), edge_labels=False)


def pick_frame(board: MapDef, hexes: list[Hex]) -> Frame:
    """The frame with the biggest hexes that stays within ``MAX_WIDTH``."""
    frame = focus_frame(board, hexes, SIZES[-1])
    for size in SIZES:
        frame = focus_frame(board, hexes, size)
        if frame.width <= MAX_WIDTH:
            break
    return frame


def cut_focus(view: Mapping[str, Any], board: MapDef, whole: Image.Image) -> Image.Image | None:
    """The focus picture cut from ``whole``, the full picture of the same view (its map starts
    at the top left): the same part of the map at the full picture's hex size (drawn afresh
    where the picture sets period boards in rows)."""
    if GRID in whole.info:  # period boards set in rows: no longer where the frame has them
        return compose_focus(view, board)
    hexes = highlight.framed(board, owners_view(view))
    if not hexes:
        return None
    full = frame_for(board).layout
    part = focus_frame(board, hexes, full.size)
    dx, dy = round(full.ox - part.layout.ox), round(full.oy - part.layout.oy)
    return with_header(whole.crop((dx, dy, dx + part.width, dy + part.height)), view)


def compose_focus(view: Mapping[str, Any], board: MapDef) -> Image.Image | None:
    """The focus picture, or None when the game has no place of play yet (then the whole board
    reads better)."""
    view = owners_view(view)
    hexes = highlight.framed(board, view)
    if not hexes:
        return None
    frame = pick_frame(board, hexes)
    body = base_layer(board, frame, passing=True).copy()
    shown = highlight.marks(board, view)
    highlight.draw_under(body, frame, shown)
    draw_map(body, board, frame, view)
    highlight.draw_over(body, frame, shown)
    return with_header(body, view)
