"""renderers.render picks the title's renderer, or says there is none."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import renderers
from engine.core import new_game
from engine.newengland import DATA, NewEnglandTitle


def test_unknown_title_gets_no_picture() -> None:
    assert renderers.render("not-a-game", {"title": "not-a-game"}, None) is None


def test_new_england_board_is_drawn() -> None:
    title = NewEnglandTitle(DATA)
    config = {"title": "newengland", "map": None, "options": {}, "seed": 3,
              "players": [{"seat": i, "name": n, "colour": c} for i, (n, c) in
                          enumerate([("Ada", title.meta.colours[0]),
                                     ("Bruno", title.meta.colours[1]),
                                     ("Chen", title.meta.colours[2])])]}
    view = title.view(new_game(title, config), None)
    data = renderers.render("newengland", view, None)
    assert data is not None
    assert Image.open(io.BytesIO(data)).format == "PNG"


def test_new_england_refuses_zoom() -> None:
    with pytest.raises(ValueError, match="leave out zoom"):
        renderers.render("newengland", {}, None, zoom="Boston")
