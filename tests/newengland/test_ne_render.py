"""The board picture: a PNG of the expected size with the network actually drawn."""

from __future__ import annotations

from io import BytesIO

from ne_helpers import played_view
from PIL import Image

from renderers.newengland import HEIGHT, WIDTH, render
from renderers.newengland.style import PLAYER


def test_renders_a_png_of_the_board_size() -> None:
    png = render(played_view(0))
    img = Image.open(BytesIO(png))
    assert img.format == "PNG"
    assert img.size == (WIDTH, HEIGHT)
    colours = img.convert("RGB").getcolors(maxcolors=1 << 20)
    assert colours is not None and len(colours) > 50  # not a blank canvas


def test_owned_links_show_in_their_owners_colour() -> None:
    view = played_view(400)
    img = Image.open(BytesIO(render(view))).convert("RGB")
    owned = {view["players"][k["owner"]]["colour"] for k in view["links"]
             if k["status"] == "built"}
    assert owned
    pixels = {c for _, c in img.getcolors(maxcolors=1 << 20) or []}
    for colour in owned:
        assert PLAYER[colour] in pixels
