"""Railways of the World board pictures: size, content, colours, zoom, golden image."""

from __future__ import annotations

import io
import math
import os
import re
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageFont, ImageStat
from render_tiny_map import tiny_map, tiny_view

import maps
import renderers
from engine.core.hexgrid import DIRECTIONS, hex_from_label
from engine.rotw.mapdef import MapDef
from renderers.kit.colours import RGB
from renderers.kit.fonts import font
from renderers.rotw import compose, frame_for, render, style
from renderers.rotw.board import player_tags
from renderers.rotw.demo import final_view, late_game_view, opening_view
from renderers.rotw.geometry import track_path

GOLDEN = Path(__file__).parent / "golden" / "tiny-zoom-c4.png"


@pytest.fixture(scope="module")
def eastern() -> MapDef:
    return maps.load("eastern-us")


def png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(data))
    img.load()
    return img.convert("RGB")


def close(a: tuple[int, ...], b: RGB, tol: int = 14) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=False))


def city_probe(board: MapDef, label: str) -> tuple[int, int]:
    """A point inside a city hex, below the goods tray, clear of stubs and badges."""
    x, y = frame_for(board).layout.centre(hex_from_label(label))
    return round(x), round(y + 0.72 * style.HEX_SIZE)


def test_unknown_title_has_no_renderer() -> None:
    assert renderers.render("no-such-game", {}, None) is None


def test_rotw_needs_the_parsed_map(eastern: MapDef) -> None:
    with pytest.raises(TypeError):
        renderers.render("rotw", opening_view(eastern), None)


def test_fonts_are_truetype() -> None:
    assert isinstance(font(20, "bold"), ImageFont.FreeTypeFont)


def test_opening_board_size_and_content(eastern: MapDef) -> None:
    data = renderers.render("rotw", opening_view(eastern), eastern)
    assert data is not None
    img = png(data)
    frame = frame_for(eastern)
    assert img.width == frame.width + style.PANEL_WIDTH
    assert img.width >= 2000
    assert img.height == max(frame.height, style.MIN_HEIGHT)
    assert len(data) < 2 * 1024 * 1024
    # Not blank: the map half has many colours and real contrast.
    colours = img.crop((0, 0, frame.width, frame.height)).getcolors(1 << 20)
    assert colours is not None and len(colours) > 200
    assert max(ImageStat.Stat(img).stddev) > 30


def test_city_hexes_carry_their_colour(eastern: MapDef) -> None:
    view = opening_view(eastern)
    img = compose(view, eastern)
    for city in view["cities"]:
        pixel = img.getpixel(city_probe(eastern, city["hex"]))
        assert isinstance(pixel, tuple)
        assert close(pixel, style.CITY_FILL[city["colour"]]), (city["name"], pixel)


def test_late_game_shows_urbanized_colour_and_track(eastern: MapDef) -> None:
    view = late_game_view(eastern)
    assert len(view["links"]) >= 30
    assert any(t["crossing"] for link in view["links"] for t in link["tiles"])
    img = png(render(view, eastern))
    assert img.size == compose(opening_view(eastern), eastern).size
    urban = [c for c in view["cities"] if c["urbanized"]]
    assert urban
    for c in urban:
        pixel = img.getpixel(city_probe(eastern, c["hex"]))
        assert isinstance(pixel, tuple)
        assert close(pixel, style.CITY_FILL[c["colour"]]), (c["name"], pixel)
    # Track: a point on each plain tile, near the side it leaves by, is in the owner's colour
    # (black track carries a light centre line: its colour is checked beside the line).
    layout = frame_for(eastern).layout
    seats = {p["seat"]: p["colour"] for p in view["players"]}
    hits = total = 0
    for link in view["links"]:
        if not link["complete"]:
            continue
        for tile in link["tiles"]:
            if tile["crossing"]:
                continue
            side = tile["sides"][0]
            x, y = layout.side_mid(hex_from_label(tile["hex"]), side, reach=0.8)
            if seats[link["owner"]] == "black":
                cx, cy = layout.centre(hex_from_label(tile["hex"]))
                r = math.dist((x, y), (cx, cy))
                ax, ay = (x - cx) / r, (y - cy) / r
                x, y = x - ay * layout.size * 0.07, y + ax * layout.size * 0.07
            total += 1
            pixel = img.getpixel((round(x), round(y)))
            assert isinstance(pixel, tuple)
            hits += close(pixel, style.player_fill(seats[link["owner"]]), 40)
    assert total > 50 and hits / total > 0.8


def test_finished_game_renders(eastern: MapDef) -> None:
    img = png(render(final_view(eastern), eastern))
    assert img.width >= 2000


def test_zoom_on_city_and_hex(eastern: MapDef) -> None:
    view = late_game_view(eastern)
    full = png(render(view, eastern))
    by_name = png(render(view, eastern, zoom="pittsburgh"))
    city = eastern.cities["Pittsburgh"]
    by_label = png(render(view, eastern, zoom=city.label.lower()))
    assert by_name.size == by_label.size
    assert ImageChops.difference(by_name, by_label).getbbox() is None
    assert by_name.size != full.size
    assert 1000 <= by_name.width <= 1600
    # The zoomed city is at the centre of the map part, in its colour, drawn bigger.
    strip = round(style.ZOOM_HEX_SIZE * 1.3)
    cx = by_name.width // 2
    cy = strip + (by_name.height - strip) // 2 + round(0.72 * style.ZOOM_HEX_SIZE)
    pixel = by_name.getpixel((cx, cy))
    assert isinstance(pixel, tuple)
    assert close(pixel, style.CITY_FILL[city.colour])


@pytest.mark.parametrize("place", ["Atlantis", "", "ZZ99", "A0"])
def test_bad_zoom_says_what_is_wrong(eastern: MapDef, place: str) -> None:
    with pytest.raises(ValueError, match="No city or hex called"):
        renderers.render("rotw", opening_view(eastern), eastern, zoom=place)


def test_bad_zoom_names_the_place(eastern: MapDef) -> None:
    with pytest.raises(ValueError, match="'Atlantis'"):
        render(opening_view(eastern), eastern, zoom="Atlantis")


def test_player_tags_are_unique() -> None:
    players = [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Alan"},
               {"seat": 2, "name": "Bob"}, {"seat": 3, "name": ""}, {"seat": 4, "name": "Anna"}]
    tags = player_tags(players)
    assert tags[2] == "B"
    assert tags[1] == "Al"
    assert len(set(tags.values())) == len(tags)


@pytest.mark.parametrize("a", DIRECTIONS)
@pytest.mark.parametrize("gap", [2, 3])
def test_track_meets_side_midpoints(a: str, gap: int) -> None:
    b = DIRECTIONS[(DIRECTIONS.index(a) + gap) % 6]
    apothem = 10.0
    pts = track_path(apothem, a, b)  # type: ignore[arg-type]
    for end in (pts[0], pts[-1]):
        assert abs((end[0] ** 2 + end[1] ** 2) ** 0.5 - apothem) < 1e-6
    if gap == 2:  # a gentle curve: an arc of radius 1.5 hex sizes, staying inside the hex
        size = apothem * 2 / 3 ** 0.5
        assert all((x * x + y * y) ** 0.5 <= apothem + 1e-6 for x, y in pts)
        mid = pts[len(pts) // 2]
        # centred on the neighbouring hex's centre (sqrt(3) sizes away), radius 1.5 sizes
        assert abs((mid[0] ** 2 + mid[1] ** 2) ** 0.5 - (3 ** 0.5 - 1.5) * size) < 1e-6


def test_golden_tiny_zoom() -> None:
    """The picture of a small fixed map matches the stored one (within anti-aliasing noise)."""
    img = compose(tiny_view(), tiny_map(), zoom="C4").reduce(2)
    if os.environ.get("RAILBOT_UPDATE_GOLDEN") or not GOLDEN.exists():
        GOLDEN.parent.mkdir(exist_ok=True)
        img.save(GOLDEN, optimize=True)
        if not os.environ.get("RAILBOT_UPDATE_GOLDEN"):
            pytest.fail("golden image was missing and has been written; run again")
    golden = Image.open(GOLDEN).convert("RGB")
    assert golden.size == img.size
    diff = ImageChops.difference(golden, img).convert("L")
    mean = ImageStat.Stat(diff).mean[0]
    hist = diff.histogram()
    far = sum(hist[48:]) / (img.width * img.height)
    assert mean < 1.5 and far < 0.005, (mean, far)


def test_tiny_map_full_picture_fits_the_panel() -> None:
    img = compose(tiny_view(), tiny_map())
    assert img.height == style.MIN_HEIGHT
    assert img.width >= style.MIN_WIDTH
    assert frame_for(tiny_map()).size > style.HEX_SIZE  # small maps get bigger hexes
    # The panel's last section (the key) is drawn in full, with plain paper below it.
    left = img.width - style.PANEL_WIDTH + 10
    key = img.crop((left, 600, img.width, 1100)).convert("L")
    assert ImageStat.Stat(key).extrema[0][0] < 60
    below = img.crop((left, img.height - 200, img.width, img.height))
    assert below.getcolors() == [(below.width * below.height, style.PANEL_BG)]


def test_sparse_view_still_renders(eastern: MapDef) -> None:
    """A view missing optional parts (no players yet, no links) draws the bare board."""
    img = png(render({}, eastern))
    frame = frame_for(eastern)
    assert img.size == (frame.width + style.PANEL_WIDTH, max(frame.height, style.MIN_HEIGHT))


def test_phases_change_the_panel_only(eastern: MapDef) -> None:
    view = opening_view(eastern, 3)
    baron = compose(view, eastern)
    view.update({"phase": "auction", "to_act": [0],
                 "auction": {"high_bid": 4000, "high_seat": 1, "passed": [2]}})
    auction = compose(view, eastern)
    frame = frame_for(eastern)
    box = ImageChops.difference(baron, auction).getbbox()
    assert box is not None and box[0] >= frame.width


def test_later_renders_reuse_the_map_layer(
    eastern: MapDef, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After the first picture of a map, later ones reuse its drawn map layer (the costly part)."""
    from renderers.rotw import layers

    view = late_game_view(eastern)
    render(view, eastern)
    built: list[str] = []
    real = layers._build_base
    monkeypatch.setattr(layers, "_build_base",
                        lambda board, frame: built.append(board.id) or real(board, frame))
    for _ in range(3):
        render(view, eastern)
    assert built == []


def test_a_marker_under_returned_goods_still_shows() -> None:
    """A marker stays counted when cubes come back (only urbanizing lifts it): the board still
    shows it, small, under the goods, so the markers on the map add up to the panel's count."""
    board = tiny_map()
    view = tiny_view()
    city = next(c for c in view["cities"] if c["cubes"])
    plain = compose(view, board)
    city["ecm"] = True
    marked = compose(view, board)
    assert ImageChops.difference(plain.convert("RGB"), marked.convert("RGB")).getbbox()


def test_bad_zoom_offers_a_hex_this_map_has(eastern: MapDef) -> None:
    from renderers.rotw.render import find_place

    with pytest.raises(ValueError) as exc:
        find_place(eastern, "F12")
    example = re.search(r"\(e\.g\. (\w+)\)\.$", str(exc.value))
    assert example is not None and example.group(1) != "F12"
    assert find_place(eastern, example.group(1))  # the example itself is on the map


def test_zoom_reads_either_spelling_of_kyiv() -> None:
    from renderers.rotw.render import find_place

    europe = maps.load("europe")
    assert find_place(europe, "Kyiv") == find_place(europe, "Kiev")
    assert "Kiev" in find_place(europe, "Kyiv")[1]  # named as the board spells it
