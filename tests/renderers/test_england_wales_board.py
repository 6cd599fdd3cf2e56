"""The England and Wales board picture: barriers drawn, no ridge in the key, a player stopped by
an Inspector and the colours delivered toward the Passenger Line marked in the panel."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

import maps
import renderers
from renderers.kit.colours import RGB
from renderers.rotw import frame_for, style
from renderers.rotw.demo import late_game_view


def picture(map_id: str, view: dict[str, Any] | None = None) -> Image.Image:
    board = maps.load(map_id)
    data = renderers.render("rotw", view or late_game_view(board), board)
    assert data is not None
    return Image.open(io.BytesIO(data)).convert("RGB")


def pixels(img: Image.Image, box: tuple[int, int, int, int], colour: RGB) -> int:
    return sum(n for n, c in img.crop(box).getcolors(1 << 20) or [] if c == colour)


def test_the_key_has_no_ridge_where_the_map_has_none() -> None:
    for map_id, ridges in (("england-wales", False), ("eastern-us", True)):
        img = picture(map_id)
        w = frame_for(maps.load(map_id)).width
        assert (pixels(img, (w, 0, img.width, img.height), style.RIDGE) > 50) is ridges


def test_barriers_are_drawn_on_the_board() -> None:
    board = maps.load("england-wales")
    img = picture("england-wales")
    w = frame_for(board).width
    assert pixels(img, (0, 0, w, img.height), style.IMPASSABLE) > 30 * len(board.impassable)


def test_a_stopped_player_is_marked_in_the_panel() -> None:
    board = maps.load("england-wales")
    view = late_game_view(board)
    plain = picture("england-wales", view)
    view["players"][1]["inspected"] = True
    marked = picture("england-wales", view)
    _differs_in_panel_only(board, plain, marked)


def test_the_colours_delivered_show_as_cubes_in_the_panel() -> None:
    board = maps.load("england-wales")
    view = late_game_view(board)
    plain = picture("england-wales", view)
    view["players"][2]["colours_delivered"] = ["purple", "red"]
    marked = picture("england-wales", view)
    _differs_in_panel_only(board, plain, marked)
    w = frame_for(board).width
    panel = (w, 0, plain.width, 700)
    purple = style.CUBE_FILL["purple"]
    assert pixels(marked, panel, purple) >= pixels(plain, panel, purple) + 100


def _differs_in_panel_only(board: Any, plain: Image.Image, marked: Image.Image) -> None:
    w = frame_for(board).width
    panel = (w, 0, plain.width, 700)
    assert plain.crop(panel).tobytes() != marked.crop(panel).tobytes()
    board_part = (0, 0, w, plain.height)
    assert plain.crop(board_part).tobytes() == marked.crop(board_part).tobytes()
