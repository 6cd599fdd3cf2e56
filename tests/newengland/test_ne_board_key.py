"""The New England board's key and names: the key explains the black and white dots in the
cities, names stay left of the Cash column, and a colour-blind board writes each city's demand
letter where the dot was."""

from __future__ import annotations

from typing import Any

import pytest
from ne_helpers import played_view
from PIL import ImageChops
from text_spy import spy_text

import renderers
from renderers.kit.text import text_width
from renderers.newengland import panel
from renderers.newengland.board import CITY_R, project
from renderers.newengland.style import PANEL_X

LONG = ["Stephenson (computer)", "Brunel (computer)", "Maximilian Featherstonehaugh",
        "Vanderbilt (computer)", "Ada"]


def _view(**extra: Any) -> dict[str, Any]:
    return {**played_view(300, LONG), **extra}


def test_the_key_explains_the_city_dots_and_names_fit(monkeypatch: pytest.MonkeyPatch) -> None:
    written = spy_text(monkeypatch, panel)
    assert renderers.compose("newengland", _view(), None) is not None
    texts = [t for _, t, _, _ in written]
    assert any("dot marks the city's centre" in t for t in texts)
    rows = [w for w in written if w[2] == 17 and w[3] == "semibold" and w[1] != "Player"]
    assert len(rows) == 5
    assert "Stephenson (bot)" in {t for _, t, _, _ in rows}
    for x, text, size, weight in rows:  # the Cash column starts 190 px right of the table
        assert x + text_width(text, size, weight) <= PANEL_X + 190 - 4, text


def test_colourblind_letters_replace_the_dots() -> None:
    plain = _view()
    a = renderers.compose("newengland", plain, None)
    b = renderers.compose("newengland", {**plain, "colourblind": True}, None)
    assert a is not None and b is not None
    for city in plain["cities"][:3]:
        x, y = project(city["lat"], city["lon"])
        box = (round(x - CITY_R), round(y - CITY_R), round(x + CITY_R), round(y + CITY_R))
        assert ImageChops.difference(a.crop(box), b.crop(box)).getbbox() is not None
