"""A focus picture shows every city name whole: a plate that would cross its frame's edge is
moved inside, or left out when it cannot be (never "Manch" at the edge), and a city off the
picture never covers the name of one in it."""

from __future__ import annotations

import random
from collections.abc import Iterator

import maps
from engine.rotw.mapdef import MapDef
from renderers.rotw.board import _plates
from renderers.rotw.focus import pick_frame
from renderers.rotw.geometry import Frame, Rect, overlap

Framed = tuple[str, MapDef, Frame, dict[str, Rect]]


def _framed(seed: int, map_ids: tuple[str, ...], count: int) -> Iterator[Framed]:
    """Focus frames round random hexes of each map, with their name plates."""
    rng = random.Random(seed)
    for map_id in map_ids:
        board = maps.load(map_id)
        hexes = sorted(board.terrain)
        for _ in range(count):
            frame = pick_frame(board, [rng.choice(hexes)])
            yield map_id, board, frame, _plates(board, frame)


def _in_picture(board: MapDef, frame: Frame, name: str) -> bool:
    x, y = frame.layout.centre(board.cities[name].hex)
    return 0 <= x <= frame.width and 0 <= y <= frame.height


def test_no_name_plate_crosses_a_focus_frames_edge() -> None:
    shown = 0
    for map_id, board, frame, plates in _framed(4, ("great-britain", "nippon", "eastern-us",
                                                    "through-time"), 25):
        for name, (left, top, right, bottom) in plates.items():
            if right < 0 or bottom < 0 or left > frame.width or top > frame.height:
                continue  # not in the picture: never drawn
            shown += 1
            assert left >= 0 and right <= frame.width, (map_id, name)
            assert top >= 0 and bottom <= frame.height, (map_id, name)
            if not _in_picture(board, frame, name):
                assert not any(overlap(plates[name], other) > 0
                               for n, other in plates.items() if n != name), name
    assert shown > 200  # most frames name several cities


def test_a_focus_frame_keeps_the_names_of_its_cities() -> None:
    """Moving plates inside does not cost the names of cities in the picture."""
    for map_id, board, frame, plates in _framed(9, ("great-britain", "nippon", "europe",
                                                    "through-time"), 30):
        for city in board.cities.values():
            if _in_picture(board, frame, city.name):
                assert city.name in plates, (map_id, city.name)
