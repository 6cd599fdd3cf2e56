"""Railways through Time's whole board fills its picture: the period boards set in rows beside
the side panel (or at the end of a short last row) for every number of boards, so that at
phone width they are far bigger than side by side, and every city's name plate stays over its
own board, where the picture cuts the boards apart."""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import ImageChops

import maps
import renderers
from engine.rotw.mapdef import MapDef
from engine.rotw.timemap import compose, period_at, periods
from renderers.rotw import compose as draw_board
from renderers.rotw import frame_for, style
from renderers.rotw.board import _plates
from renderers.rotw.geometry import overlap, period_spans
from renderers.rotw.periodgrid import MAX_TALL, bare, plan, strip_height

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rotw"))
from test_through_time import built_example, kit

ALL = ["stone-age", "egypt", "greece", "rome", "medieval", "napoleonic", "industrial", "future"]


def _board(count: int) -> MapDef:
    return compose(maps.load("through-time"), ALL[:count])


def _pieces(count: int, panel: int) -> tuple[list[tuple[int, int, int, int]], int, int]:
    """The picture's rectangles holding a board (with its caption), the panel's and the
    picture's size."""
    board = _board(count)
    frame = frame_for(board)
    grid = plan(board, frame, panel)
    boards = [(x, y, x + b[2] - b[0], y + b[3] - b[1]) for b, (x, y) in grid.moves[:count]]
    px, py = grid.panel
    return [*boards, (px, py, px + style.PANEL_WIDTH, py + panel)], grid.width, grid.height


def test_boards_and_panel_fill_the_picture_for_two_to_eight_boards() -> None:
    for count in range(2, 9):
        board = _board(count)
        frame = frame_for(board)
        for panel in (800, 1100, 1400):
            rects, width, height = _pieces(count, panel)
            # Nothing overlaps, everything is in the picture.
            for i, a in enumerate(rects):
                assert a[0] >= 0 and a[2] <= width and a[1] >= 0 and a[3] <= height, (count, a)
                assert all(overlap(a, b) == 0 for b in rects[i + 1:]), (count, panel)
            filled = sum((r[2] - r[0]) * (r[3] - r[1]) for r in rects) / (width * height)
            assert filled > 0.7, (count, panel, filled)
            assert height <= MAX_TALL * width, (count, panel)
            # At phone width the boards are bigger than on one row beside the panel.
            side_by_side = frame.width + style.PANEL_WIDTH
            if count >= 4:
                assert width < 0.75 * side_by_side, (count, panel, width)
            else:
                assert width <= side_by_side, (count, panel, width)


def test_a_board_keeps_its_caption_and_column_numbers() -> None:
    board = _board(4)
    frame = frame_for(board)
    grid = plan(board, frame, 1000)
    spans = period_spans(board, frame.layout)
    for (x0, y0, x1, y1), _ in grid.moves[:4]:
        assert (y0, y1) == (0, strip_height(frame))
        assert any(a - 1 <= x0 and x1 <= b + 1 for a, b in spans)


def test_name_plates_stay_over_their_own_board() -> None:
    board = _board(8)
    frame = frame_for(board)
    spans = dict(zip([p.id for p in periods(board)], period_spans(board, frame.layout),
                     strict=True))
    for name, (left, _, right, _) in _plates(board, frame).items():
        own = period_at(periods(board), board.cities[name].hex.col)
        assert own is not None
        a, b = spans[own]
        assert a - 0.5 <= left and right <= b + 0.5, name


def test_the_focus_from_a_drawn_whole_board_is_the_focus_drawn_afresh() -> None:
    k = kit()
    built_example(k)
    view = k.title.view(k.state, None)
    board = maps.load(k.state["map"])
    cut = renderers.compose_focus("rotw", view, board, draw_board(view, board))
    drawn = renderers.compose_focus("rotw", view, board)
    assert cut is not None and drawn is not None
    assert ImageChops.difference(cut, drawn).getbbox() is None


def test_the_pieces_and_the_bare_background_cover_the_picture_once() -> None:
    for count in (3, 4, 5, 8):
        board = _board(count)
        for panel in (800, 1400, 3000):
            grid = plan(board, frame_for(board), panel)
            shown = (style.PANEL_WIDTH, min(panel, 2000))  # a panel canvas shorter than it
            px, py = grid.panel
            rects = [(x, y, x + b[2] - b[0], y + b[3] - b[1]) for b, (x, y) in grid.moves]
            rects.append((px, py, px + shown[0], min(py + shown[1], grid.height)))
            rects += bare(grid, shown)
            area = sum((r[2] - r[0]) * (r[3] - r[1]) for r in rects)
            assert area == grid.width * grid.height, (count, panel)
            for i, a in enumerate(rects):
                assert all(overlap(a, b) == 0 for b in rects[i + 1:]), (count, panel, a)


def test_each_row_is_one_run_of_the_strip() -> None:
    """A row is drawn as the strip pasted once: its boards sit where their moves say."""
    for count in range(2, 9):
        board = _board(count)
        grid = plan(board, frame_for(board), 1000)
        for box, (x, y) in grid.moves[:count]:
            start, at, _ = next(r for r in grid.rows if r[2] == y)
            assert x - at == box[0] - start, (count, box)
