"""The board picture: a PNG of the expected size with the network actually drawn."""

from __future__ import annotations

import random
from io import BytesIO

from ne_helpers import config, title
from PIL import Image

from engine.core import new_game, step
from renderers.newengland import HEIGHT, WIDTH, render
from renderers.newengland.style import PLAYER


def played_view(moves: int) -> dict:
    t = title()
    state = new_game(t, config(5, 9))
    pick = random.Random(9)
    for _ in range(moves):
        if t.is_over(state):
            break
        seat = pick.choice(t.to_act(state))
        legal = t.legal(state, seat)
        ships = [a for a in legal if a["type"] == "ship"]
        cheap = [a for a in legal if a["type"] == "bid"][:3]
        state = step(t, state, pick.choice(ships or cheap or legal)).state
    return t.view(state, None)


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
