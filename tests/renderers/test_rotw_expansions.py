"""Western U.S. mini-expansions on the board picture: City Rotors (the colour shown now and the
next one), Fuel Depots on cities and in supplies, held cubes, Trading Depots."""

from __future__ import annotations

import copy
import io
from functools import cache
from typing import Any

from PIL import Image, ImageChops

import engine.core
import maps
import renderers
from engine.core.types import Config, PlayerConfig, State
from engine.rotw.mapdef import MapDef
from engine.rotw.title import RotwTitle
from renderers.kit.colours import RGB
from renderers.rotw import frame_for, marks, style
from renderers.rotw.board import _badges, _plates, _rotors
from renderers.rotw.demo import late_game_view
from renderers.rotw.panel import game_entries

PLAYERS: list[PlayerConfig] = [{"seat": i, "name": n, "colour": c}
           for i, (n, c) in enumerate(zip(("Ada", "Bruno", "Chen"), ("red", "blue", "green"),
                                          strict=True))]


@cache
def board(map_id: str) -> MapDef:
    return maps.load(map_id)


def picture(view: dict[str, Any], b: MapDef) -> Image.Image:
    data = renderers.render("rotw", view, b)
    assert data is not None
    img = Image.open(io.BytesIO(data))
    img.load()
    return img.convert("RGB")


def close(a: tuple[int, ...], b: RGB, tol: int = 12) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=False))


def count_in(img: Image.Image, box: tuple[float, float, float, float], colour: RGB) -> int:
    crop = img.crop(box)
    return sum(n for n, c in crop.getcolors(1 << 16) or []
               if isinstance(c, tuple) and close(c, colour))


def engine_state() -> tuple[RotwTitle, State]:
    t = RotwTitle(maps.load, maps.load_cards)
    config: Config = {"title": "rotw", "map": "western-us", "options": {}, "seed": 1,
                      "rules_version": t.meta.rules_version,
              "players": PLAYERS}
    return t, engine.core.new_game(t, config)


def test_the_engine_view_of_a_western_game_shows_rotors_and_depots() -> None:
    t, state = engine_state()
    b = board("western-us")
    lay = frame_for(b).layout
    state = copy.deepcopy(state)
    state["rotors"]["Tacoma"]["at"] = 1  # one delivery made: the rotor shows its second colour
    state["depots"]["Denver"] = {"2": 2}
    state["players"][2]["depots"] -= 2
    view = t.view(state, None)
    assert view["rotors"]["Tacoma"] == {"base": "red", "shown": "blue"}
    img = picture(view, b)
    x, y = lay.centre(b.cities["Tacoma"].hex)
    probe = img.getpixel((round(x), round(y + 0.8 * lay.size)))
    assert isinstance(probe, tuple) and close(probe, style.CITY_FILL["blue"])

    plain = copy.deepcopy(view)
    plain["fuel_depots"] = {}
    width = frame_for(b).width
    diff = ImageChops.difference(img, picture(plain, b)).crop((0, 0, width, img.height))
    box = diff.getbbox()
    assert box is not None  # only the marker near Denver differs on the map
    dx, dy = lay.centre(b.cities["Denver"].hex)
    assert dx - 2 * lay.size < box[0] < box[2] < dx + 2 * lay.size
    near = (dx - 1.4 * lay.size, dy - 1.4 * lay.size, dx + 1.4 * lay.size, dy + 1.4 * lay.size)
    assert count_in(img, near, style.player_fill("green")) > \
        count_in(picture(plain, b), near, style.player_fill("green")) + 20


def test_a_rotor_shows_its_current_colour_on_the_late_game_picture() -> None:
    b = board("western-us")
    view = late_game_view(b)
    lay = frame_for(b).layout
    turned = {c: r["shown"] for c, r in view["rotors"].items() if r["shown"] != r["base"]}
    assert len(turned) >= 3
    img = picture(view, b)
    plain = picture({**view, "rotors": {}}, b)
    for city, shown in turned.items():
        x, y = lay.centre(b.cities[city].hex)
        probe = img.getpixel((round(x), round(y + 0.8 * lay.size)))
        assert isinstance(probe, tuple) and close(probe, style.CITY_FILL[shown]), city
        # without the rotor the same spot is the city's own colour
        before = plain.getpixel((round(x), round(y + 0.8 * lay.size)))
        assert isinstance(before, tuple)
        assert close(before, style.CITY_FILL[b.cities[city].colour]), city


def test_the_rotor_badge_carries_the_next_colour() -> None:
    b = board("western-us")
    view = late_game_view(b)
    frame = frame_for(b)
    rotors = _rotors(view)
    spots = _badges(b, frame, _plates(b, frame), rotors)
    img = picture(view, b)
    d = frame.layout.size * 0.7
    for city, (base, shown) in rotors.items():
        upcoming = marks.rotor_next(b, city, base, shown)
        assert upcoming is not None and upcoming != shown
        (bx, by), _ = next(s for s in spots[b.cities[city].hex] if s[1] == "city_rotor")
        x, y = bx + d * 0.36, by + d * 0.36
        dot = (x - d * 0.12, y - d * 0.12, x + d * 0.12, y + d * 0.12)
        assert count_in(img, dot, style.CITY_FILL[upcoming]) >= 4, city


def test_the_rotor_turns_through_its_second_colour_then_the_wheel() -> None:
    b = board("western-us")
    assert marks.rotor_next(b, "Tacoma", "red", "red") == "blue"
    assert marks.rotor_next(b, "Tacoma", "red", "blue") == "yellow"
    assert marks.rotor_next(b, "Tacoma", "red", "black") == "red"
    # A rotor put on a city the map file does not name (rotor_cities) turns round the wheel
    # from its own colour, as the engine turns it.
    assert marks.rotor_next(b, "Fort Worth", "blue", "blue") == "purple"
    assert marks.rotor_next(b, "Fort Worth", "blue", "yellow") == "blue"


def test_fuel_depot_markers_appear_in_the_owner_colour() -> None:
    b = board("western-us")
    view = late_game_view(b)
    lay = frame_for(b).layout
    assert view["fuel_depots"]
    img = picture(view, b)
    bare = copy.deepcopy(view)
    bare["fuel_depots"] = {}
    plain = picture(bare, b)
    colours = {p["seat"]: p["colour"] for p in view["players"]}
    for city, owners in view["fuel_depots"].items():
        (seat, _), = owners.items()
        x, y = lay.centre(b.cities[city].hex)
        box = (x - 1.4 * lay.size, y - 1.4 * lay.size, x + 1.4 * lay.size, y + 1.4 * lay.size)
        fill = style.player_fill(colours[int(seat)])
        assert count_in(img, box, fill) > count_in(plain, box, fill) + 15, city


def test_the_panel_and_key_show_depots_and_held_cubes_only_when_used() -> None:
    b = board("western-us")
    view = late_game_view(b)
    assert game_entries(view) == ["city_rotor", "rotor_band", "rotor_next", "fuel_depot"]
    eastern = late_game_view(board("eastern-us"))
    assert game_entries(eastern) == []
    frame = frame_for(b)
    img = picture(view, b)
    panel = (frame.width, 0, img.width, img.height)
    held = next(p["held_cube"] for p in view["players"] if p["held_cube"])
    without = copy.deepcopy(view)
    for p in without["players"]:
        p["held_cube"] = None
    cube = style.CUBE_FILL[held["colour"]]
    assert count_in(img, panel, cube) > count_in(picture(without, b), panel, cube) + 100


def test_a_trading_depot_sits_on_its_link() -> None:
    b = board("western-us")
    view = late_game_view(b)
    lay = frame_for(b).layout
    link = next(lk for lk in view["links"] if lk["complete"] and lk["owner"] == 0
                and len(lk["tiles"]) >= 2)
    view["trading_depots"] = [{"seat": 2, "link": link["id"]}]
    img = picture(view, b)
    bare = copy.deepcopy(view)
    bare["trading_depots"] = []
    diff = ImageChops.difference(img, picture(bare, b)).crop((0, 0, frame_for(b).width,
                                                              img.height)).getbbox()
    assert diff is not None
    centres = [lay.centre(board("western-us").cities[c].hex) for c in link["cities"]]
    xs = [x for x, _ in centres]
    assert min(xs) - 6 * lay.size < (diff[0] + diff[2]) / 2 < max(xs) + 6 * lay.size
    assert "trading_depot" in game_entries(view)


def test_the_eastern_picture_keeps_its_size_and_ignores_empty_expansion_keys() -> None:
    b = board("eastern-us")
    view = late_game_view(b)
    assert view["rotors"] == {} and view["fuel_depots"] == {}
    img = picture(view, b)
    assert img.size == (2248, 1916)
    bare = {k: v for k, v in view.items()
            if k not in ("rotors", "fuel_depots", "trading_depots")}
    assert ImageChops.difference(img, picture(bare, b)).getbbox() is None


def test_a_western_game_without_city_rotors_shows_no_rotor_badge() -> None:
    b = board("western-us")
    t = RotwTitle(maps.load, maps.load_cards)
    config: Config = {"title": "rotw", "map": "western-us", "seed": 1,
                      "rules_version": t.meta.rules_version, "players": PLAYERS,
                      "options": {"city_rotors": False}}
    view = t.view(engine.core.new_game(t, config), None)
    assert view["rotors"] == {}
    frame = frame_for(b)
    spots = _badges(b, frame, _plates(b, frame), _rotors(view))
    rotor_cities = [c for c in b.cities.values() if "city_rotor" in c.flags]
    assert rotor_cities, "the Western U.S. map flags its rotor cities"
    for city in rotor_cities:
        assert "city_rotor" not in [kind for _, kind in spots.get(city.hex, [])], city.name
    # the same map with rotors in play keeps every badge
    on = engine_state()[1]
    spots_on = _badges(b, frame, _plates(b, frame), _rotors(t.view(on, None)))
    for city in rotor_cities:
        assert "city_rotor" in [kind for _, kind in spots_on[city.hex]], city.name
    assert "city_rotor" not in game_entries(view)
