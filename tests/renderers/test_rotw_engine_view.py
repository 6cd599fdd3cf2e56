"""The renderer draws the views the rules engine really produces, from setup into play."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

import maps
from engine.core.errors import IllegalAction
from engine.core.replay import new_game, step
from engine.core.rng import Rng, new_rng_state
from engine.rotw.carddata import eastern_us_cards
from engine.rotw.mapdef import MapDef
from engine.rotw.title import RotwTitle
from renderers import render
from renderers.rotw import style


@pytest.fixture(scope="module")
def eastern() -> MapDef:
    return maps.load("eastern-us")


def _game(board: MapDef, players: int) -> tuple[RotwTitle, dict[str, Any]]:
    title = RotwTitle(lambda _mid: board, lambda _mid: eastern_us_cards())
    names = ["Alice", "Bob", "Cara", "Dan", "Eve", "Finn"]
    colours = ["black", "green", "yellow", "purple", "red", "blue"]
    config = {"title": "rotw", "map": board.id, "options": {}, "seed": 7,
              "rules_version": RotwTitle.meta.rules_version,
              "players": [{"seat": i, "name": names[i], "colour": colours[i]}
                          for i in range(players)]}
    return title, new_game(title, config)


def _png(data: bytes | None) -> Image.Image:
    assert data is not None
    return Image.open(io.BytesIO(data)).convert("RGB")


def test_engine_views_render(eastern: MapDef) -> None:
    title, state = _game(eastern, 6)
    img = _png(render("rotw", title.view(state, None), eastern))
    assert img.width >= 2000
    rng = Rng(new_rng_state(3))
    cities = sorted(eastern.cities)
    for _ in range(300):
        seat = title.to_act(state)[0]
        legal = title.legal(state, seat)
        action: dict[str, Any] | None = None
        if state["phase"] == "actions":
            for _try in range(6):
                start = rng.choice(cities)
                near = [c for c in cities if c != start and 2 <= eastern.cities[c].hex.distance(
                    eastern.cities[start].hex) <= 5]
                try:
                    action = title.command_to_action(state, seat, "build",
                                                     {"from": start, "to": rng.choice(near)})
                    break
                except IllegalAction:
                    continue
        if action is None:
            passes = [a for a in legal if a["type"] in ("pass", "choose_baron")]
            action = passes[0] if passes else rng.choice(legal)
        try:
            state = step(title, state, action).state
        except IllegalAction:
            state = step(title, state, {"type": "pass", "seat": seat}).state
        if len(state["links"]) >= 8:
            break
    assert state["links"], "the game built some track"
    view = title.view(state, None)
    img = _png(render("rotw", view, eastern))
    zoomed = _png(render("rotw", view, eastern, zoom=view["cities"][0]["name"]))
    assert zoomed.width < img.width
    assert img.getpixel((10, 10)) == style.OFFBOARD
