"""Railways through Time in the pictures of the last move: the focus picture posted after a
move and a replay's focus square frame the period board where the move was made (a build's new
track; where a delivery through time arrives), and a delivery's route is traced on each board
it passes, never across the gap between two boards."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
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


@dataclass
class Shown:
    """A picture of the last move, where the map's hex centres fall in it, its header's height
    and its hex size."""

    img: Image.Image
    at: Callable[[Hex], tuple[float, float]]
    head: int
    size: float

    def holds(self, hexes: list[Hex]) -> None:
        """Every one of ``hexes`` is in the picture, under its header."""
        for h in hexes:
            x, y = self.at(h)
            assert 0 < x < self.img.width and self.head < y < self.img.height, h.label

    def count(self, colours: set[tuple[int, int, int]]) -> int:
        """Pixels of ``colours`` under the header."""
        return _count(self.img.crop((0, self.head + 1, self.img.width, self.img.height)), colours)

    def lit(self, h: Hex) -> int:
        """Highlight pixels within a hex size of ``h``'s centre (where a delivery's arrowhead
        stops short of its destination)."""
        x, y = self.at(h)
        r = self.size
        return _count(self.img.crop((round(x - r), round(y - r), round(x + r), round(y + r))),
                      {HILITE})


def _pictures(view: dict[str, Any], board: MapDef) -> list[Shown]:
    """The focus picture posted after the move and the replay's focus square of it."""
    img = renderers.compose_focus("rotw", view, board)
    assert img is not None
    lay = pick_frame(board, highlight.framed(board, view)).layout
    head = header_height(img.width, view)
    posted = Shown(img, lambda h: (lay.centre(h)[0], lay.centre(h)[1] + head), head, lay.size)
    camera = focusreel.Camera()
    square = focusreel.focus_square(view, board, SIDE, camera)
    assert square is not None
    at = focusreel.map_layout(board, camera.size)
    left, top = camera.left, camera.top
    return [posted, Shown(square, lambda h: (at.centre(h)[0] - left, at.centre(h)[1] - top),
                          camera.header, camera.size)]


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
    for shown in _pictures(view, board):
        shown.holds(tiles)
        assert shown.count({owner}) > 100


def _delivered() -> tuple[Kit, dict[str, Any], MapDef]:
    k = kit()
    _, route = built_example(k)
    deliver(k, route[0], "purple", route)
    return k, k.title.view(k.state, None), maps.load(k.state["map"])


def test_a_delivery_through_time_is_framed_where_its_cube_arrives() -> None:
    _, view, board = _delivered()
    dest = board.cities["Austerlitz"].hex
    framed = highlight.framed(board, view)
    assert dest in framed and board.cities[NA].hex in framed
    assert {_board_of(board, h) for h in framed} == {_board_of(board, dest)}
    assert board.cities["Flint Ridge"].hex not in framed
    for shown in _pictures(view, board):
        shown.holds(framed)
        assert shown.lit(dest) > 20


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
    # Each board's part is traced: along the first one's track too.
    x, y = lay.centre(traced[0][1])
    r = lay.size / 2
    assert _count(img.crop((round(x - r), round(y - r), round(x + r), round(y + r))),
                  {HILITE}) > 20
