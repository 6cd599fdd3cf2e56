"""The mini-expansions on the board picture: Mines, Hotels and Switch Tracks on the map, the
Event Deck's slots and the players' supplies in the panel, their entries in the key."""

from __future__ import annotations

import copy
from typing import Any

from test_rotw_expansions import PLAYERS, board, count_in, picture

import engine.core
import maps
from engine.core.hexgrid import hex_from_label
from engine.core.types import Config
from engine.rotw.minis import MINI_EXPANSIONS
from engine.rotw.title import RotwTitle
from renderers.rotw import frame_for, minimarks, style
from renderers.rotw.panel import game_entries

TITLE = RotwTitle(maps.load, maps.load_cards)


def minis_view(**changes: Any) -> dict[str, Any]:
    config: Config = {"title": "rotw", "map": "eastern-us", "seed": 2,
                      "rules_version": TITLE.meta.rules_version, "players": PLAYERS,
                      "options": dict.fromkeys(MINI_EXPANSIONS, True)}
    state = copy.deepcopy(engine.core.new_game(TITLE, config))
    state.update(changes)
    return TITLE.view(state, None)


def around(city: str) -> tuple[float, float, float, float]:
    lay = frame_for(board("eastern-us")).layout
    x, y = lay.centre(board("eastern-us").cities[city].hex)
    return (x - 1.4 * lay.size, y - 1.4 * lay.size, x + 1.4 * lay.size, y + 1.4 * lay.size)


def test_a_depleted_mine_and_a_hotel_are_drawn_on_their_cities() -> None:
    b = board("eastern-us")
    plain = minis_view()
    view = copy.deepcopy(plain)
    view["mines"] = ["Albany"]
    view["hotels"] = [{"city": "Chicago", "seat": 1}]
    img, bare = picture(view, b), picture(plain, b)
    assert count_in(img, around("Albany"), minimarks.MINE_FILL) > \
        count_in(bare, around("Albany"), minimarks.MINE_FILL) + 15
    blue = style.player_fill("blue")
    assert count_in(img, around("Chicago"), blue) > count_in(bare, around("Chicago"), blue) + 15


def test_a_switch_track_is_drawn_on_its_hex_in_its_owner_colour() -> None:
    b = board("eastern-us")
    plain = minis_view()
    view = copy.deepcopy(plain)
    view["switches"] = [{"hex": "N24", "side": "E", "seat": 2, "link": 1, "complete": True}]
    lay = frame_for(b).layout
    x, y = lay.centre(hex_from_label("N24"))
    box = (x - lay.size, y - lay.size, x + lay.size, y + lay.size)
    green = style.player_fill("green")
    assert count_in(picture(view, b), box, green) > count_in(picture(plain, b), box, green) + 30


def test_the_panel_shows_both_event_slots_and_the_key_lists_every_piece() -> None:
    b = board("eastern-us")
    view = minis_view()
    lines = minimarks.event_lines(view)
    future = view["events"]["future"]
    assert lines == [("Current", "none"), ("Future", f"{future['name']}: {future['text']}")]
    assert {"city_rotor", "fuel_depot", "mine", "hotel", "switch"} <= set(game_entries(view))
    assert minimarks.supply_text(view, view["players"][0]) == "2 mines, 2 switches left"
    frame = frame_for(b)
    img = picture(view, b)
    without = copy.deepcopy(view)
    without["events"] = None
    panel = (frame.width, 0, img.width, img.height)
    changed = img.crop(panel).tobytes() != picture(without, b).crop(panel).tobytes()
    assert changed
    acted = copy.deepcopy(view)
    acted["events"]["current"] = {"name": "Coal Seam Found", "text": "x", "future": True}
    assert minimarks.event_lines(acted)[0] == (
        "Current", "Coal Seam Found: a Future Event that acted when drawn; no event this turn.")
    plain = minis_view(rules=[])
    assert not set(game_entries(plain)) & {"mine", "hotel", "switch"}
