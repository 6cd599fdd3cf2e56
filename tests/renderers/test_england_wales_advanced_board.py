"""The Advanced Game's board picture: track in the colour of the company that owns it (not of a
player), and a company panel that changes with the companies' numbers."""

from __future__ import annotations

import copy
import io
import sys
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops

import maps
import renderers
from engine.rotw.title import RotwTitle
from renderers.kit.focus import HEADER_BG, header_height
from renderers.rotw import compose as rotw_compose
from renderers.rotw import frame_for, style

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rotw"))
from adv_kit import AdvKit


def game() -> tuple[AdvKit, dict[str, Any]]:
    """Setup done on England and Wales; the first player's Red company built one link."""
    title = RotwTitle(maps.load, maps.load_cards)
    kit = AdvKit(3, 2, title=title, map_id="england-wales")
    kit.cmd(kit.seat, "auction", company="Red")
    while kit.state["phase"] == "share_setup":
        kit.cmd(kit.seat, "pass")
    kit.cmd(kit.seat, "build", **{"from": "Birmingham", "to": "Worcester"})
    return kit, kit.title.view(kit.state, None)


def picture(view: dict[str, Any], zoom: str | None = None) -> Image.Image:
    data = renderers.render("rotw", view, maps.load("england-wales"), zoom=zoom)
    assert data is not None
    return Image.open(io.BytesIO(data)).convert("RGB")


def count(img: Image.Image, box: tuple[float, ...], colour: tuple[int, int, int]) -> int:
    crop = img.crop(tuple(round(v) for v in box))  # type: ignore[arg-type]
    return sum(n for n, c in crop.getcolors(1 << 20) or [] if c == colour)


def test_track_is_drawn_in_the_owning_company_colour() -> None:
    kit, view = game()
    board = maps.load("england-wales")
    lay = frame_for(board).layout
    link = view["links"][0]
    boss = kit.company("Red")["controller"]
    assert view["players"][boss]["colour"] != "red"  # the player's own colour is not red
    x, y = lay.centre(board.cities["Birmingham"].hex)
    xw, yw = lay.centre(board.cities["Worcester"].hex)
    box = (min(x, xw) - lay.size, min(y, yw) - lay.size, max(x, xw) + lay.size,
           max(y, yw) + lay.size)
    img = picture(view)
    bare = copy.deepcopy(view)
    bare["links"] = []
    red = style.player_fill("red")
    assert link["owner"] == 0
    assert count(img, box, red) > count(picture(bare), box, red) + 50


def test_the_company_panel_follows_the_companies() -> None:
    _, view = game()
    board = maps.load("england-wales")
    w = frame_for(board).width
    before = picture(view)
    richer = copy.deepcopy(view)
    richer["advanced"]["companies"][1]["price"] = 12
    after = picture(richer)
    panel = (w, 0, before.width, before.height)
    assert before.crop(panel).tobytes() != after.crop(panel).tobytes()
    assert before.crop((0, 0, w, before.height)).tobytes() == \
        after.crop((0, 0, w, after.height)).tobytes()


def test_a_zoomed_crop_names_the_phase_and_the_company_colours() -> None:
    _, view = game()
    img = picture(view, "Birmingham")
    assert img.width > 800
    header = img.crop((0, 0, img.width, 90))
    assert count(header, (0, 0, header.width, header.height), style.player_fill("purple")) > 50


def test_the_board_under_a_header_is_the_board_alone() -> None:
    _, view = game()
    board = maps.load("england-wales")
    whole = renderers.compose("rotw", view, board)
    headed = rotw_compose(view, board, header=True)
    assert whole is not None
    top = headed.height - whole.height
    assert top == header_height(whole.width, view) and headed.width == whole.width
    assert ImageChops.difference(headed.crop((0, top, headed.width, headed.height)),
                                 whole).getbbox() is None
    # The company panel starts under the band, which stays whole above it.
    assert headed.getpixel((headed.width - 5, top - 2)) == HEADER_BG
