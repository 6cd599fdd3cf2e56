"""The focus picture of each title: it frames the last move's places and its text reads at phone
width (about 400 px), where a Discord channel shows a picture until it is tapped."""

from __future__ import annotations

from typing import Any

import pytest
from move_kinds import first_of_each_kind
from PIL import Image, ImageChops

import maps
import renderers
from engine.core import Title, new_game
from engine.newengland import DATA, NewEnglandTitle
from engine.rotw.title import RotwTitle
from engine.ultimate import DATA as ULTIMATE_DATA
from engine.ultimate import UltimateTitle
from renderers.kit.focus import (
    HEADER_BG,
    PHONE_TEXT,
    at_phone,
    header_height,
    smallest_header_text,
)
from renderers.newengland.board import project
from renderers.newengland.focus import SMALLEST_TEXT, crop_box
from renderers.rotw import highlight
from renderers.rotw.focus import NAME_FACTOR, max_across, pick_frame
from renderers.rotw.layers import name_plate
from renderers.ultimate.focus import (
    SMALLEST_SPACE_TEXT,
    SPACE_SCALE,
    board_box,
    halves,
)
from renderers.ultimate.focus import (
    SMALLEST_TEXT as ULTIMATE_SMALLEST,
)
from renderers.ultimate.style import PAD

Views = dict[str, dict[str, Any]]


def views_by_kind(title: Title, map_id: str | None, moves: int,
                  wanted: frozenset[str] = frozenset()) -> Views:
    """The public view after the last move of each kind of a seeded game (every ``wanted``
    kind): a late bid still shows the place of play before it."""
    made = first_of_each_kind(title, map_id, moves, wanted, last=True)
    return {kind: title.view(after, None) for kind, (_, _, after) in made.items()}


@pytest.fixture(scope="module")
def rotw_views() -> Views:
    return views_by_kind(RotwTitle(maps.load, maps.load_cards), "eastern-us", 130,
                         frozenset({"build", "deliver", "urbanize", "bid"}))


def readable_header(img: Image.Image, view: dict[str, Any]) -> None:
    assert at_phone(smallest_header_text(img.width, view), img.width) >= PHONE_TEXT
    # The header band is really there: its dark colour across the top.
    assert img.getpixel((2, 2)) == img.getpixel((img.width - 3, 2))
    assert header_height(img.width, view) < img.height / 2


@pytest.mark.parametrize("kind", ["build", "deliver", "urbanize", "bid"])
def test_rotw_focus_frames_the_move_and_reads_on_a_phone(rotw_views: Views, kind: str) -> None:
    board = maps.load("eastern-us")
    view = rotw_views[kind]
    places = highlight.marks(board, view, carried=True).every
    assert places, "every one of these moves has a place (a bid keeps the last place of play)"
    frame = pick_frame(board, places)
    lay = frame.layout
    wide = max(h.col for h in places) - min(h.col for h in places) + 2 <= max_across()
    shown = places if wide else places[-1:]  # a long route keeps its destination in view
    for h in shown:
        x, y = lay.centre(h)
        assert 0 < x < frame.width and 0 < y < frame.height, h.label
    img = renderers.compose_focus("rotw", view, board)
    assert img is not None and img.width == frame.width
    # City names: the plate's font is NAME_FACTOR of the hex size (checked on a drawn plate).
    plate = name_plate(lay.size, "Boston")
    assert abs(plate.height - lay.size * (NAME_FACTOR + 0.18)) <= 1.5
    assert at_phone(NAME_FACTOR * lay.size, img.width) >= PHONE_TEXT
    readable_header(img, view)


def test_rotw_full_board_glows_under_new_track(rotw_views: Views) -> None:
    board = maps.load("eastern-us")
    view = rotw_views["build"]
    img = renderers.compose("rotw", view, board)
    plain = renderers.compose("rotw", {**view, "news": {}}, board)
    assert img is not None and plain is not None
    lay = renderers.rotw.frame_for(board).layout
    track = highlight.marks(board, view).track
    assert track
    x, y = lay.centre(track[0])
    # Near a corner of the new track's hex (clear of the track itself) the ground is tinted.
    probe = (round(x), round(y - lay.size * 0.8))
    assert img.getpixel(probe) != plain.getpixel(probe)


@pytest.fixture(scope="module")
def ne_views() -> Views:
    return views_by_kind(NewEnglandTitle(DATA), None, 120)


@pytest.mark.parametrize("kind", ["bid", "ship", "pay"])
def test_new_england_focus_frames_the_link_and_reads_on_a_phone(ne_views: Views,
                                                                kind: str) -> None:
    view = ne_views[kind]
    box = crop_box(view)
    assert box is not None
    where = {c["name"]: project(c["lat"], c["lon"]) for c in view["cities"]}
    for city in view["news"]["move"]["cities"]:
        x, y = where[city]
        assert box[0] < x < box[2] and box[1] < y < box[3], city
    img = renderers.compose_focus("newengland", view, None)
    assert img is not None
    # The smallest map text (a link's build/value label) is drawn at SMALLEST_TEXT on the map,
    # scaled as the crop is.
    assert at_phone(SMALLEST_TEXT * img.width / (box[2] - box[0]), img.width) >= PHONE_TEXT
    readable_header(img, view)


def test_ultimate_focus_shows_the_players_board_and_the_space() -> None:
    views = views_by_kind(UltimateTitle(ULTIMATE_DATA), None, 60)
    view = views["place"]
    seat = view["news"]["move"]["board"]
    whole = renderers.compose("ultimate", view, None)
    img = renderers.compose_focus("ultimate", view, None)
    assert whole is not None and img is not None
    # Its lower part is the acting player's board as the full picture draws it, in two halves
    # set one under the other.
    left, right = halves(whole.crop(board_box(view, seat)))
    assert img.width == left.width >= right.width
    assert img.crop((0, img.height - right.height, right.width, img.height)).tobytes() == \
        right.tobytes()
    top = img.height - right.height - PAD - left.height
    assert img.crop((0, top, left.width, top + left.height)).tobytes() == left.tobytes()
    readable_header(img, view)


def test_ultimate_focus_reads_on_a_phone() -> None:
    views = views_by_kind(UltimateTitle(ULTIMATE_DATA), None, 60)
    for kind in ("place", "pick"):
        img = renderers.compose_focus("ultimate", views[kind], None)
        assert img is not None
        # The board's text is drawn at its own size; the space's text is enlarged.
        smallest = min(ULTIMATE_SMALLEST, SMALLEST_SPACE_TEXT * SPACE_SCALE)
        assert at_phone(smallest, img.width) >= PHONE_TEXT, kind


def test_a_move_without_a_place_shows_the_whole_board_under_the_header() -> None:
    board = maps.load("eastern-us")
    title = RotwTitle(maps.load, maps.load_cards)
    state = new_game(title, {"title": "rotw", "map": "eastern-us", "options": {}, "seed": 1,
                             "rules_version": title.meta.rules_version,
                             "players": [{"seat": i, "name": n, "colour": c} for i, (n, c) in
                                         enumerate([("ann", "red"), ("bob", "blue")])]})
    view = title.view(state, None)
    img = renderers.compose_focus("rotw", view, board)
    whole = renderers.compose("rotw", view, board)
    assert img is not None and whole is not None
    top = header_height(img.width, view)
    assert img.width == whole.width and img.height == whole.height + top
    # The board is drawn straight under the band: pixel for pixel the board posted alone.
    assert ImageChops.difference(img.crop((0, top, img.width, img.height)), whole).getbbox() \
        is None
    assert img.getpixel((img.width // 2, 1)) == HEADER_BG
