"""The Railways through Time board picture: the chosen periods set in rows beside the side
panel, glowing lettered warps, each player's badge on the warps their track reaches, and a
caption under each board."""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image

import maps
from engine.rotw.mapdef import MapDef
from renderers.rotw import compose, frame_for, style
from renderers.rotw.periodgrid import Grid
from renderers.rotw.render import GRID
from renderers.rotw.timewarp import GLOW

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rotw"))
from test_through_time import NA, SA, example_1, kit


def _picture() -> tuple[Image.Image, MapDef, int]:
    k = kit()
    me = example_1(k)
    view = k.title.view(k.state, None)
    board = maps.load(k.state["map"])
    return compose(view, board), board, me


def _centre(img: Image.Image, board: MapDef, name: str) -> tuple[float, float]:
    """Where the city ``name`` is in the picture (the boards are set in rows)."""
    grid = img.info[GRID]
    assert isinstance(grid, Grid)
    at = grid.place(*frame_for(board).layout.centre(board.cities[name].hex))
    assert at is not None, name
    return at


def _near(a: tuple[int, ...], b: tuple[int, int, int], tol: int = 40) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=False))


def test_boards_in_rows_with_glowing_warps_and_captions() -> None:
    img, board, _ = _picture()
    frame = frame_for(board)
    grid = img.info[GRID]
    assert isinstance(grid, Grid)
    # Three boards: two in the first row, the third and the panel in the second.
    assert img.width < frame.width
    tops = sorted({y for _, (_, y) in grid.moves})
    assert len(tops) == 2
    for name in (SA, NA, "Warp B"):
        x, y = _centre(img, board, name)
        # The warp's rim glows red around its letter.
        rim = img.getpixel((round(x), round(y - frame.layout.size * 0.7)))
        assert _near(rim, GLOW[2], 70) or _near(rim, GLOW[3], 70), (name, rim)
    # The captions sit under each board on their panel colour.
    for top in tops:
        y = top + frame.height
        strip = img.crop((grid.moves[0][1][0], y, grid.moves[0][1][0] + 400,
                          y + round(frame.layout.size * 2)))
        light = sum(n for n, c in strip.getcolors(1 << 20) or []
                    if _near(c, style.PANEL_BG, 6))
        assert light > strip.width * strip.height // 2


def test_a_players_badge_sits_on_every_warp_their_track_reaches() -> None:
    img, board, me = _picture()
    frame = frame_for(board)
    size = frame.layout.size
    colour = style.PLAYER_FILL[["black", "green"][me]]
    for name, badged in ((SA, True), (NA, True), ("Warp B", False)):
        x, y = _centre(img, board, name)
        box = img.crop((round(x - size), round(y), round(x + size), round(y + size * 1.3)))
        hits = sum(n for n, c in box.getcolors(1 << 16) or [] if _near(c, colour, 12))
        assert (hits > 20) == badged, (name, hits)
