"""A focus picture shows every city name whole: a plate that would cross its frame's edge is
moved inside, or left out when it cannot be (never "Manch" at the edge), and a city off the
picture never covers the name of one in it."""

from __future__ import annotations

import random

import maps
from renderers.rotw.board import _plates
from renderers.rotw.focus import pick_frame
from renderers.rotw.geometry import overlap


def test_no_name_plate_crosses_a_focus_frames_edge() -> None:
    rng = random.Random(4)
    shown = 0
    for map_id in ("great-britain", "nippon", "eastern-us", "through-time"):
        board = maps.load(map_id)
        hexes = sorted(board.terrain)
        for _ in range(25):
            frame = pick_frame(board, [rng.choice(hexes)])
            plates = _plates(board, frame)
            for name, (left, top, right, bottom) in plates.items():
                if right < 0 or bottom < 0 or left > frame.width or top > frame.height:
                    continue  # not in the picture: never drawn
                shown += 1
                assert left >= 0 and right <= frame.width, (map_id, name)
                assert top >= 0 and bottom <= frame.height, (map_id, name)
                x, y = frame.layout.centre(board.cities[name].hex)
                if not (0 <= x <= frame.width and 0 <= y <= frame.height):
                    assert not any(overlap(plates[name], other) > 0
                                   for n, other in plates.items() if n != name), name
    assert shown > 200  # most frames name several cities


def test_a_focus_frame_keeps_the_names_of_its_cities() -> None:
    """Moving plates inside does not cost the names of cities in the picture."""
    rng = random.Random(9)
    for map_id in ("great-britain", "nippon", "europe", "through-time"):
        board = maps.load(map_id)
        hexes = sorted(board.terrain)
        for _ in range(30):
            frame = pick_frame(board, [rng.choice(hexes)])
            plates = _plates(board, frame)
            for city in board.cities.values():
                x, y = frame.layout.centre(city.hex)
                if 0 <= x <= frame.width and 0 <= y <= frame.height:
                    assert city.name in plates, (map_id, city.name)
