"""Every Railways of the World map reads as a board picture: size limits, content, city colours,
and the map-specific marks (snow line, ferries, strait crossings, city role badges)."""

from __future__ import annotations

import io
from functools import cache
from typing import Any

import pytest
from PIL import Image, ImageStat

import maps
import renderers
from engine.core.hexgrid import Hex, hex_from_label
from engine.rotw.mapdef import MapDef
from renderers.kit.colours import RGB
from renderers.rotw import frame_for, marks, style
from renderers.rotw.board import _plates
from renderers.rotw.demo import late_game_view, opening_view
from renderers.rotw.geometry import overlap
from renderers.rotw.panel import _map_entries

MAPS = ("eastern-us", "mexico", "europe", "western-us", "great-britain", "north-america",
        "nippon", "england-wales")
VIEWS = {"setup": opening_view, "late": late_game_view}


@cache
def board(map_id: str) -> MapDef:
    return maps.load(map_id)


@cache
def picture(map_id: str, which: str) -> tuple[bytes, Image.Image]:
    b = board(map_id)
    view: dict[str, Any] = VIEWS[which](b)
    data = renderers.render("rotw", view, b)
    assert data is not None
    img = Image.open(io.BytesIO(data))
    img.load()
    return data, img.convert("RGB")


def close(a: tuple[int, ...], b: RGB, tol: int = 14) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=False))


def count_near(img: Image.Image, centre: tuple[float, float], reach: float, colour: RGB,
               tol: int = 10) -> int:
    x, y = centre
    box = (round(x - reach), round(y - reach), round(x + reach), round(y + reach))
    crop = img.crop(box)
    total = 0
    for n, c in crop.getcolors(1 << 16) or []:
        if isinstance(c, tuple) and close(c, colour, tol):
            total += n
    return total


@pytest.mark.parametrize("which", VIEWS)
@pytest.mark.parametrize("map_id", MAPS)
def test_every_map_renders_within_limits(map_id: str, which: str) -> None:
    data, img = picture(map_id, which)
    frame = frame_for(board(map_id))
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert img.width >= 2000
    assert img.width == frame.width + style.PANEL_WIDTH
    assert len(data) < 2 * 1024 * 1024
    colours = img.crop((0, 0, frame.width, frame.height)).getcolors(1 << 20)
    assert colours is not None and len(colours) > 200
    assert max(ImageStat.Stat(img).stddev) > 30


@pytest.mark.parametrize("map_id", MAPS)
def test_every_city_shows_its_colour(map_id: str) -> None:
    b = board(map_id)
    _, img = picture(map_id, "setup")
    lay = frame_for(b).layout
    wrong = []
    for city in b.cities.values():
        x, y = lay.centre(city.hex)
        probe = img.getpixel((round(x), round(y + 0.72 * lay.size)))
        assert isinstance(probe, tuple)
        if not close(probe, style.CITY_FILL[city.colour]):
            wrong.append(city.name)
    assert wrong == []


@pytest.mark.parametrize("map_id", MAPS)
def test_late_game_track_in_every_owner_colour(map_id: str) -> None:
    _, img = picture(map_id, "late")
    frame = frame_for(board(map_id))
    found = {c for _, c in img.crop((0, 0, frame.width, frame.height)).getcolors(1 << 20) or []}
    for colour in ("red", "blue", "green", "yellow", "purple", "black"):
        assert style.player_fill(colour) in found, colour


def _open_hex(b: MapDef, hexes: set[Hex] | frozenset[Hex]) -> Hex:
    return next(h for h in sorted(hexes) if b.terrain.get(h) == "open" and b.city_at(h) is None
                and all(s.hex != h for s in b.specials))


def test_north_america_snow_hexes_are_tinted_and_the_line_is_drawn() -> None:
    b = board("north-america")
    snow = marks.snow_hexes(b)
    assert len(snow) > 50
    _, img = picture("north-america", "setup")
    lay = frame_for(b).layout
    inside = _open_hex(b, snow)
    outside = _open_hex(b, set(b.terrain) - snow)
    x, y = lay.centre(inside)
    assert close(img.getpixel((round(x), round(y + 0.3 * lay.size))),  # type: ignore[arg-type]
                 marks.snow_fill(style.TERRAIN_FILL["open"]), 3)
    x, y = lay.centre(outside)
    assert close(img.getpixel((round(x), round(y + 0.3 * lay.size))),  # type: ignore[arg-type]
                 style.TERRAIN_FILL["open"], 3)
    edge = next(h for h in sorted(snow) if b.playable(h.neighbour("SE"))
                and h.neighbour("SE") not in snow)
    assert count_near(img, lay.side_mid(edge, "SE"), lay.size * 0.3, marks.SNOW_LINE, 20) > 10


@pytest.mark.parametrize(("map_id", "kind"), [("north-america", "ferry"),
                                              ("europe", "strait_crossing"),
                                              ("nippon", "strait_crossing")])
def test_special_hexes_carry_their_ring_and_icon(map_id: str, kind: str) -> None:
    b = board(map_id)
    lay = frame_for(b).layout
    _, img = picture(map_id, "setup")
    spots = [s.hex for s in b.specials if s.kind == kind and b.city_at(s.hex) is None]
    assert spots
    for h in spots:
        assert count_near(img, lay.centre(h), lay.size, marks.mark_for(kind).ring, 12) > 60


@pytest.mark.parametrize(("map_id", "city", "colour"), [
    ("nippon", "Yokohama", marks.PORT_FILL),
    ("nippon", "Hakodate", marks.PORT_FILL),
    ("western-us", "Promontory", marks.GOLD),
])
def test_city_role_badges_are_drawn(map_id: str, city: str, colour: RGB) -> None:
    b = board(map_id)
    lay = frame_for(b).layout
    _, img = picture(map_id, "setup")
    assert count_near(img, lay.centre(b.cities[city].hex), lay.size * 1.3, colour, 12) > 40


def test_cities_without_a_role_carry_no_badge() -> None:
    b = board("nippon")
    lay = frame_for(b).layout
    _, img = picture("nippon", "setup")
    assert count_near(img, lay.centre(b.cities["Sendai"].hex), lay.size * 1.3,
                      marks.PORT_FILL, 12) == 0


@pytest.mark.parametrize(("map_id", "entries"), [
    ("eastern-us", ["western_link"]),
    ("north-america", ["snow_line", "ferry"]),
    ("europe", ["strait_crossing"]),
    ("nippon", ["strait_crossing", "foreign_trade_port", "shinbashi_station"]),
    ("western-us", ["city_rotor", "gold_spike_bounty", "golden_spike"]),
    ("mexico", []),
    ("great-britain", []),
    ("england-wales", []),
])
def test_the_key_names_each_map_mark(map_id: str, entries: list[str]) -> None:
    assert sorted(_map_entries(board(map_id))) == sorted(entries)
    b = board(map_id)
    for kind in entries:
        assert marks.special_label(b, kind)[:1].isupper()


def test_snow_key_states_the_surcharge() -> None:
    assert "$1,000" in marks.special_label(board("north-america"), "snow_line")


def test_snow_hex_labels_parse() -> None:
    b = board("north-america")
    table = b.tables["snow_line"].values
    assert {hex_from_label(x) for x in table["hexes"]} == set(marks.snow_hexes(b))


@pytest.mark.parametrize(("map_id", "colour"), [
    ("north-america", marks.snow_fill(style.TERRAIN_FILL["open"])),
    ("north-america", marks.FERRY_RING),
    ("nippon", marks.PORT_FILL),
    ("europe", marks.STRAIT_RING),
])
def test_the_late_game_panel_still_has_room_for_the_key(map_id: str, colour: RGB) -> None:
    frame = frame_for(board(map_id))
    _, img = picture(map_id, "late")
    panel = img.crop((frame.width, 0, img.width, img.height))
    assert count_near(panel, (panel.width / 2, panel.height / 2), panel.width, colour, 6) > 30


@pytest.mark.parametrize("map_id", MAPS)
def test_name_plates_stay_apart_and_off_special_places(map_id: str) -> None:
    b = board(map_id)
    frame = frame_for(b)
    lay = frame.layout
    plates = list(_plates(b, frame).items())
    assert len(plates) == len(b.cities)
    for i, (name, rect) in enumerate(plates):
        assert rect[0] >= 0 and rect[2] <= frame.width and rect[1] >= 0
        assert rect[3] <= frame.height
        for other, orect in plates[i + 1:]:
            assert overlap(rect, orect) == 0, (name, other)
        for s in b.specials:
            if b.city_at(s.hex) is None:
                x, y = lay.centre(s.hex)
                core = (x - lay.apothem * 0.7, y - lay.size * 0.7, x + lay.apothem * 0.7,
                        y + lay.size * 0.7)
                assert overlap(rect, core) == 0, (name, s.hex.label)
