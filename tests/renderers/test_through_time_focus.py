"""Railways through Time in the pictures of the last move: the focus picture posted after a
move and a replay's focus square frame the period board where the move was made (a build's new
track; where a delivery through time arrives), and a delivery's route is traced on each board
it passes, never across the gap between two boards."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from PIL import Image

import maps
import renderers
from engine.core.hexgrid import Hex, from_offset, hex_from_label
from engine.rotw.mapdef import MapDef
from engine.rotw.timemap import period_at, periods
from renderers.kit.focus import HILITE, HILITE_CASING, header_height
from renderers.rotw import focusreel, frame_for, highlight
from renderers.rotw.focus import pick_frame
from renderers.rotw.style import player_fill

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rotw"))
from test_delivery import deliver
from test_through_time import NA, SA, Kit, built_example, kit

SIDE = 720


def _board_of(board: MapDef, h: Hex) -> str | None:
    return period_at(periods(board), h.col)


def _new_tiles(k: Kit, link_id: int) -> list[Hex]:
    found = next(lk for lk in k.state["links"] if lk["id"] == link_id)
    return [hex_from_label(str(t["hex"])) for t in found["tiles"]]


def _count(img: Image.Image, colours: set[tuple[int, int, int]]) -> int:
    return sum(n for n, c in img.convert("RGB").getcolors(1 << 20) or [] if c in colours)


def _posted(view: dict[str, Any], board: MapDef) -> tuple[Image.Image, Any, int]:
    """The posted focus picture, its frame and its header's height."""
    img = renderers.compose_focus("rotw", view, board)
    assert img is not None
    return img, pick_frame(board, highlight.framed(board, view)), header_height(img.width, view)


def _inside(img: Image.Image, x: float, y: float, top: int) -> bool:
    return 0 < x < img.width and top < y < img.height


def test_a_builds_focus_frames_its_new_track_on_its_own_board() -> None:
    k = kit()
    me, _ = built_example(k)  # the last build: Austerlitz into the Napoleonic warp
    view = k.title.view(k.state, None)
    board = maps.load(k.state["map"])
    tiles = _new_tiles(k, max(lk["id"] for lk in k.state["links"]))
    framed = highlight.framed(board, view)
    assert set(tiles) <= set(framed)
    assert {_board_of(board, h) for h in framed} == {_board_of(board, tiles[0])}
    assert board.cities[SA].hex not in framed  # the other board's warp of the same player
    owner = player_fill(k.state["players"][me]["colour"])

    img, frame, head = _posted(view, board)
    for h in tiles:
        x, y = frame.layout.centre(h)
        assert _inside(img, x, y + head, head), h.label
    assert _count(img.crop((0, head, img.width, img.height)), {owner}) > 100

    camera = focusreel.Camera()
    square = focusreel.focus_square(view, board, SIDE, camera)
    assert square is not None
    lay = focusreel.map_layout(board, camera.size)
    for h in tiles:
        x, y = lay.centre(h)
        assert _inside(square, x - camera.left, y - camera.top, camera.header), h.label
    assert _count(square.crop((0, camera.header + 1, SIDE, SIDE)), {owner}) > 100


def _delivered() -> tuple[Kit, dict[str, Any], MapDef]:
    k = kit()
    _, route = built_example(k)
    deliver(k, route[0], "purple", route)
    return k, k.title.view(k.state, None), maps.load(k.state["map"])


def _lit(img: Image.Image, x: float, y: float, reach: float) -> int:
    """Highlight pixels within ``reach`` of a point (a delivery's arrowhead stops within a hex
    size of its destination's centre)."""
    box = img.crop((round(x - reach), round(y - reach), round(x + reach), round(y + reach)))
    return _count(box, {HILITE})


def test_a_delivery_through_time_is_framed_where_its_cube_arrives() -> None:
    _, view, board = _delivered()
    dest = board.cities["Austerlitz"].hex
    framed = highlight.framed(board, view)
    assert dest in framed and board.cities[NA].hex in framed
    assert {_board_of(board, h) for h in framed} == {_board_of(board, dest)}
    assert board.cities["Flint Ridge"].hex not in framed

    img, frame, head = _posted(view, board)
    for h in framed:
        x, y = frame.layout.centre(h)
        assert _inside(img, x, y + head, head), h.label
    x, y = frame.layout.centre(dest)
    assert _lit(img, x, y + head, frame.layout.size) > 20

    camera = focusreel.Camera()
    square = focusreel.focus_square(view, board, SIDE, camera)
    assert square is not None
    lay = focusreel.map_layout(board, camera.size)
    for h in framed:
        x, y = lay.centre(h)
        assert _inside(square, x - camera.left, y - camera.top, camera.header), h.label
    x, y = lay.centre(dest)
    assert _lit(square, x - camera.left, y - camera.top, camera.size) > 20


def test_a_delivery_through_time_is_not_traced_across_the_gap_between_boards() -> None:
    _, view, board = _delivered()
    img = renderers.compose("rotw", view, board)
    assert img is not None
    frame = frame_for(board)
    lay = frame.layout
    traced = highlight.marks(board, view).legs
    assert [len({_board_of(board, h) for h in leg}) for leg in traced] == [1, 1]
    # The empty column left of each board but the first: the trace would cross it on the way
    # from the Stone Age's warp to the Napoleonic one.
    for p in periods(board)[1:]:
        x, _ = lay.centre(from_offset(0, p.first_col - 1))
        strip = img.crop((round(x - lay.size / 2), 0, round(x + lay.size / 2), frame.height))
        assert _count(strip, {HILITE, HILITE_CASING}) == 0, p.id
    # Each board's part is traced: the first one's track glows too.
    x, y = lay.centre(traced[0][1])
    assert _lit(img, x, y, lay.size / 2) > 20
