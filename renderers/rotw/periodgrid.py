"""Railways through Time's whole board set out to fill its picture. The period boards are drawn
side by side as the map has them (a strip), then cut apart and set in rows, with the side panel
beside the rows or at the end of a short last row: side by side, four boards and the panel made
a picture so wide that at phone width (about 400 px) the boards took its top third and were
tiny. Of the layouts not much taller than they are wide, the one kept has the least width for
the share of the picture its boards and panel fill: narrow (big boards at phone width) and
with little empty room."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

from PIL import Image

from engine.rotw.mapdef import MapDef
from engine.rotw.timemap import periods
from renderers.kit.text import put_text, wrap
from renderers.rotw import style
from renderers.rotw.geometry import Frame, period_spans
from renderers.rotw.timewarp import CAPTION_LINES, LEGEND

Box = tuple[int, int, int, int]

MAX_TALL = 1.25
"""A layout's picture may be at most this many times as tall as it is wide (house value): a
phone shows a taller one smaller than its width allows."""
ROW_GAP = 0.3
"""Room between two rows of boards, in hex sizes."""
LEGEND_LINES = 3


@dataclass(frozen=True)
class Grid:
    """Where the strip's pieces go in the picture (under any header)."""

    width: int
    height: int
    strip: tuple[int, int]
    """The strip's size: the map frame and the captions under it (no legend)."""
    moves: tuple[tuple[Box, tuple[int, int]], ...]
    """(a box of the strip, where its top left corner goes in the picture)."""
    panel: tuple[int, int]
    legend: tuple[int, int, int]
    """The legend's top left corner and the width it may take."""
    rows: tuple[tuple[int, int, int], ...]
    """Each row of boards as one run of the strip: where the run starts on the strip, and where
    in the picture (x, y). Pasting the strip there puts the row's boards in place, and more
    of the strip past them that the row letters, the background and the panel then cover."""

    def place(self, x: float, y: float) -> tuple[float, float] | None:
        """Where the strip's point ``(x, y)`` is in the picture (None where no piece has it)."""
        for (x0, y0, x1, y1), (px, py) in self.moves:
            if x0 <= x < x1 and y0 <= y < y1:
                return px + x - x0, py + y - y0
        return None


def strip_height(frame: Frame) -> int:
    """How far down the strip's captions reach (see timewarp.draw_periods)."""
    size = frame.layout.size
    top = frame.height - style.MARGIN * 0.2
    return math.ceil(top + size * 0.6 * (CAPTION_LINES + 1.2) + 2)


@lru_cache(maxsize=64)
def _legend_height(size: float, width: float) -> int:
    return math.ceil(len(wrap(LEGEND, _legend_px(size), width, LEGEND_LINES, "bold"))
                     * _legend_px(size) * 1.35 + size * 0.3)


def _legend_px(size: float) -> int:
    return round(size * 0.4)


def plan(board: MapDef, frame: Frame, panel_height: int) -> Grid:
    """The layout of ``board``'s periods and a side panel ``panel_height`` tall (its text and
    the room under it)."""
    size = frame.layout.size
    # Rounded alike, two boards' pieces meet without a gap or an overlap.
    spans = [(round(a), round(b)) for a, b in period_spans(board, frame.layout)]
    tall = strip_height(frame)
    left, right = spans[0][0], frame.width - spans[-1][1]
    row_h = tall + round(size * ROW_GAP)
    k = len(spans)
    panel_w = style.PANEL_WIDTH
    boards = sum(b - a for a, b in spans) * tall
    best: tuple[tuple[bool, float, int], Grid] | None = None
    for across in range(1, k + 1):
        groups = [range(i, min(i + across, k)) for i in range(0, k, across)]
        # Each row is one run of the strip, from its first board to its last.
        runs = [spans[g[-1]][1] - spans[g[0]][0] for g in groups]
        grid_w = left + max(runs) + right
        last_w = left + runs[-1] + right
        rows = len(groups)
        # The panel beside every row, or (a short last row) at that row's end.
        options = [(False, grid_w + panel_w)]
        if len(groups[-1]) < across:
            options.append((True, max(grid_w, last_w + panel_w)))
        for in_row, width in options:
            legend_w = runs[-1] if in_row else max(runs)
            legend_h = _legend_height(size, legend_w)
            if in_row:
                height = (rows - 1) * row_h + max(row_h + legend_h, panel_height)
                panel_at = (last_w, (rows - 1) * row_h)
            else:
                height = max(rows * row_h + legend_h, panel_height)
                panel_at = (grid_w, 0)
            moves: list[tuple[Box, tuple[int, int]]] = []
            for r, g in enumerate(groups):
                moves += [((spans[i][0], 0, spans[i][1], tall),
                           (left + spans[i][0] - spans[g[0]][0], r * row_h)) for i in g]
            for r, run in enumerate(runs):  # row letters at both ends of every row
                moves.append(((0, 0, left, tall), (0, r * row_h)))
                moves.append(((spans[-1][1], 0, frame.width, tall), (left + run, r * row_h)))
            grid = Grid(width, height, (frame.width, tall), tuple(moves), panel_at,
                        (left, rows * row_h - round(size * ROW_GAP), legend_w),
                        tuple((spans[g[0]][0], left, r * row_h) for r, g in enumerate(groups)))
            filled = (boards + panel_w * panel_height) / (width * height)
            key = (height > MAX_TALL * width, width / filled, height)
            if best is None or key < best[0]:
                best = (key, grid)
    assert best is not None
    return best[1]


def bare(grid: Grid, panel: tuple[int, int]) -> list[Box]:
    """The rectangles of the picture (under any header) that no piece of the strip nor the
    panel (``panel``: its size) covers: the only ones to fill with the background, a fill of
    the whole picture costing as much as its pieces' pastes."""
    px, py = grid.panel
    pieces = [(x, y, x + b[2] - b[0], y + b[3] - b[1]) for b, (x, y) in grid.moves]
    pieces.append((px, py, px + panel[0], min(py + panel[1], grid.height)))
    edges = sorted({0, grid.height} | {y for p in pieces for y in (p[1], p[3])
                                       if 0 < y < grid.height})
    out: list[Box] = []
    for top, bottom in pairwise(edges):
        x = 0
        for x0, _, x1, _ in sorted(p for p in pieces if p[1] <= top and bottom <= p[3]):
            if x0 > x:
                out.append((x, top, x0, bottom))
            x = max(x, x1)
        if x < grid.width:
            out.append((x, top, grid.width, bottom))
    return out


def draw_legend(img: Image.Image, grid: Grid, size: float, top: int) -> None:
    """The warps' legend under the last row of boards (``top``: a header's height)."""
    x, y, width = grid.legend
    px = _legend_px(size)
    for i, line in enumerate(wrap(LEGEND, px, width, LEGEND_LINES, "bold")):
        put_text(img, (x, top + y + i * px * 1.35), line, px, style.EDGE_TEXT, weight="bold",
                 anchor="lt")


def has_grid(board: MapDef) -> bool:
    return bool(periods(board))
