"""Build ``maps/england-wales.json``: Railways of England and Wales drawn on real geography (R20).

Run ``python -m maps.tools.build_england_wales``; the output is committed. Everything here is house
data except what the England and Wales rules state (terrain costs, no ridges, the Empty City Marker
table, bonds only as needed). Real latitudes and longitudes are projected onto the pointy-top
odd-r grid; a hex is land when most of it lies inside the coastline, a water hex when the coast,
an estuary or a big river crosses it (the rules: any water makes a hex a water hex), and a mountain
hex when it lies in the Pennines, the Lake District, the Welsh mountains or the other uplands
listed below (a mountain hex with water stays a mountain hex). Barriers (impassable edges) are the
sides of hexes that an estuary or a high range line crosses.
"""

from __future__ import annotations

import json
import math
from itertools import pairwise
from pathlib import Path
from typing import Any

from engine.core.hexgrid import DIRECTIONS, Hex, from_offset, label, parse_label

HERE = Path(__file__).resolve().parents[1]
OUT = HERE / "england-wales.json"

Point = tuple[float, float]
"""(latitude, longitude) in degrees."""

ROWS, COLS = 43, 29
LON0, LAT0 = -5.95, 55.85
"""The north-west corner of hex A0's centre row and column."""
COS = math.cos(math.radians(53.0))
STEP = 0.264
"""Degrees of longitude per column; rows are sqrt(3)/2 of a column apart in projected distance."""

COAST: tuple[Point, ...] = (
    # clockwise from the Tweed: the North Sea coast, East Anglia, the Thames, the Channel,
    # Cornwall, the Bristol Channel up to the Severn, Wales, the Mersey, Lancashire, Cumbria and
    # the Scottish border back to the Tweed
    (55.79, -2.02), (55.61, -1.71), (55.33, -1.56), (55.02, -1.42), (54.91, -1.36),
    (54.69, -1.18), (54.62, -1.05), (54.49, -0.61), (54.28, -0.39), (54.12, -0.08),
    (54.08, -0.19), (53.91, -0.14), (53.58, 0.12), (53.57, -0.05), (53.34, 0.27),
    (53.10, 0.34), (52.95, -0.02), (52.80, 0.08), (52.74, 0.38), (52.94, 0.49),
    (52.96, 0.85), (52.93, 1.30),
    (52.82, 1.53), (52.60, 1.74), (52.47, 1.76), (52.33, 1.68), (52.15, 1.61), (51.96, 1.35),
    (51.79, 1.16), (51.72, 0.90), (51.54, 0.75), (51.49, 0.40), (51.44, 0.76), (51.36, 1.02),
    (51.39, 1.40), (51.22, 1.41), (51.12, 1.33), (51.08, 1.18), (50.91, 0.98), (50.85, 0.57),
    (50.73, 0.25), (50.81, -0.14), (50.80, -0.37), (50.72, -0.79), (50.78, -1.09),
    (50.80, -1.33), (50.74, -1.55), (50.70, -1.95), (50.58, -2.06), (50.60, -2.45),
    (50.70, -2.80), (50.72, -2.94), (50.61, -3.41), (50.46, -3.53), (50.22, -3.64),
    (50.33, -4.10), (50.34, -4.45), (50.22, -4.80), (49.96, -5.20), (50.10, -5.50),
    (50.05, -5.72), (50.20, -5.50), (50.42, -5.08), (50.55, -4.94), (50.80, -4.56),
    (51.01, -4.52), (51.07, -4.22), (51.21, -4.12), (51.21, -3.47), (51.22, -3.00),
    (51.35, -2.98), (51.50, -2.72), (51.60, -2.62), (51.72, -2.47), (51.66, -2.62),
    (51.56, -2.95), (51.45, -3.16), (51.39, -3.28), (51.48, -3.70), (51.59, -3.93),
    (51.56, -4.30), (51.67, -4.18), (51.73, -4.55), (51.65, -4.72), (51.60, -4.94),
    (51.70, -5.12), (51.88, -5.31), (52.01, -4.99), (52.11, -4.70), (52.22, -4.36),
    (52.41, -4.09), (52.55, -4.05), (52.72, -4.06), (52.86, -4.12), (52.89, -4.41),
    (52.79, -4.74), (52.95, -4.55), (53.13, -4.34), (53.20, -4.50), (53.31, -4.70),
    (53.42, -4.56), (53.42, -4.30), (53.30, -4.05), (53.33, -3.83), (53.33, -3.48),
    (53.36, -3.30), (53.26, -3.12), (53.37, -3.20), (53.43, -3.04), (53.57, -3.08),
    (53.66, -3.02), (53.75, -2.96), (53.83, -3.06), (53.93, -3.02), (54.04, -2.91),
    (54.20, -2.84), (54.19, -3.10), (54.06, -3.24), (54.22, -3.28), (54.36, -3.42),
    (54.50, -3.64), (54.65, -3.58), (54.72, -3.51), (54.88, -3.40), (54.95, -3.20),
    (54.99, -3.06), (55.10, -2.80), (55.33, -2.48), (55.47, -2.16), (55.65, -2.24),
)

# Polylines of water: (name, points). A hex any of them crosses holds water.
RIVERS: tuple[tuple[str, tuple[Point, ...]], ...] = (
    ("Severn", ((52.65, -3.40), (52.71, -2.75), (52.62, -2.45), (52.37, -2.28), (52.19, -2.22),
                (51.99, -2.17), (51.86, -2.25), (51.72, -2.47), (51.60, -2.62))),
    ("Thames", ((51.70, -1.85), (51.75, -1.26), (51.60, -1.12), (51.46, -0.97), (51.49, -0.60),
                (51.44, -0.30), (51.50, -0.10), (51.49, 0.30))),
    ("Humber", ((54.00, -1.20), (53.95, -1.08), (53.72, -0.87), (53.70, -0.70), (53.72, -0.40),
                (53.70, -0.20), (53.58, 0.10))),
    ("Trent", ((53.00, -2.18), (52.85, -1.65), (52.90, -1.15), (53.10, -0.82), (53.40, -0.75),
               (53.70, -0.70))),
    ("Mersey", ((53.42, -2.20), (53.38, -2.55), (53.35, -2.80), (53.42, -3.02))),
    ("Dee", ((52.95, -3.60), (53.00, -3.00), (53.19, -2.89), (53.30, -3.15))),
    ("Tyne", ((54.97, -2.30), (54.97, -1.61), (55.01, -1.42))),
    ("Tees", ((54.60, -2.00), (54.52, -1.55), (54.58, -1.20))),
    ("Wye", ((52.30, -3.50), (52.06, -2.72), (51.64, -2.67))),
    ("Great Ouse", ((52.13, -0.47), (52.33, 0.05), (52.75, 0.40))),
    ("Tamar", ((50.85, -4.35), (50.40, -4.20))),
    ("Windermere", ((54.40, -2.95), (54.28, -2.96))),
)

# Uplands, as polygons: a hex whose centre lies inside is a mountain hex.
UPLANDS: tuple[tuple[str, tuple[Point, ...]], ...] = (
    ("Cheviots", ((55.55, -2.40), (55.50, -2.00), (55.25, -2.15), (55.20, -2.75), (55.35, -2.75))),
    ("Pennines", ((55.05, -2.55), (54.95, -2.10), (54.50, -1.85), (54.10, -1.80),
                  (53.70, -1.85), (53.20, -1.62), (52.98, -1.80), (53.20, -2.05),
                  (53.60, -2.15), (54.00, -2.45), (54.50, -2.30), (54.85, -2.75))),
    ("Lake District", ((54.72, -3.30), (54.62, -2.82), (54.32, -2.80), (54.25, -3.10),
                       (54.40, -3.40), (54.60, -3.45))),
    ("North York Moors", ((54.50, -1.20), (54.48, -0.75), (54.28, -0.75), (54.30, -1.20))),
    ("Snowdonia", ((53.25, -4.05), (53.22, -3.65), (52.95, -3.40), (52.80, -3.70),
                   (52.85, -4.05), (53.05, -4.20))),
    ("Cambrian Mountains", ((52.80, -3.90), (52.80, -3.45), (52.55, -3.35), (52.20, -3.40),
                            (51.95, -3.90), (52.10, -4.00), (52.45, -3.85))),
    ("Brecon Beacons and the Valleys", ((52.00, -4.00), (51.98, -3.10), (51.70, -3.10),
                                        (51.70, -3.75), (51.80, -4.00))),
    ("Black Mountains", ((52.05, -3.35), (52.10, -3.00), (51.88, -3.00), (51.88, -3.35))),
    ("Clwydian Range", ((53.30, -3.40), (53.25, -3.20), (53.00, -3.20), (53.00, -3.50))),
    ("Shropshire Hills", ((52.62, -2.95), (52.58, -2.75), (52.42, -2.80), (52.45, -3.05))),
    ("Dartmoor", ((50.76, -4.12), (50.76, -3.72), (50.45, -3.72), (50.45, -4.12))),
    ("Exmoor", ((51.22, -3.90), (51.22, -3.50), (51.08, -3.50), (51.08, -3.90))),
    ("Bodmin Moor", ((50.68, -4.80), (50.68, -4.38), (50.45, -4.38), (50.45, -4.80))),
)

# Barrier lines: a side between two hexes whose centres this line separates is impassable.
BARRIERS: tuple[tuple[str, tuple[Point, ...]], ...] = (
    # the Humber, unbridged until 1981: Hull and Grimsby have no direct line
    ("Humber", ((53.71, -0.75), (53.72, -0.40), (53.66, -0.20), (53.57, 0.15))),
    # the Severn estuary below Gloucester (the Severn Tunnel came only in 1886)
    ("Severn estuary", ((51.84, -2.30), (51.72, -2.47), (51.60, -2.65), (51.48, -2.85))),
    # the Thames below London (no bridge downstream until 1894)
    ("Thames estuary", ((51.50, 0.02), (51.47, 0.35), (51.50, 0.80))),
    # the Mersey between Liverpool and the Wirral (the first rail crossing, Runcorn, came 1869)
    ("Mersey estuary", ((53.31, -3.30), (53.30, -2.75))),
    # the central fells of the Lake District, never crossed by a railway
    ("Central fells", ((54.58, -3.25), (54.47, -3.12), (54.40, -3.02))),
    # the Snowdon massif
    ("Snowdon", ((53.14, -4.12), (53.07, -4.00), (53.00, -3.92))),
)

# (name, latitude, longitude, colour, cubes). Colours and cubes are house (R20): the large cities
# of the era take colours, the others are gray with one or two cubes.
CITIES: tuple[tuple[str, float, float, str, int], ...] = (
    ("London", 51.51, -0.13, "red", 5),
    ("Birmingham", 52.48, -1.90, "black", 4),
    ("Manchester", 53.48, -2.24, "yellow", 4),
    ("Liverpool", 53.41, -2.98, "blue", 4),
    ("Leeds", 53.80, -1.55, "purple", 3),
    ("Sheffield", 53.38, -1.47, "red", 3),
    ("Bristol", 51.45, -2.59, "yellow", 3),
    ("Newcastle", 54.97, -1.61, "black", 3),
    ("Hull", 53.74, -0.33, "purple", 3),
    ("Cardiff", 51.48, -3.18, "black", 3),
    ("Nottingham", 52.95, -1.15, "blue", 2),
    ("Southampton", 50.90, -1.40, "purple", 2),
    ("Plymouth", 50.37, -4.14, "red", 2),
    ("Norwich", 52.63, 1.30, "yellow", 2),
    ("York", 53.96, -1.08, "red", 2),
    ("Swansea", 51.62, -3.94, "blue", 2),
    ("Exeter", 50.72, -3.53, "black", 2),
    ("Carlisle", 54.89, -2.93, "purple", 2),
    ("Derby", 52.92, -1.48, "yellow", 2),
    ("Stoke", 53.00, -2.18, "blue", 2),
    ("Gloucester", 51.86, -2.24, "red", 2),
    ("Lancaster", 54.05, -2.80, "yellow", 2),
    ("Ipswich", 52.06, 1.16, "blue", 2),
    ("Chester", 53.19, -2.89, "purple", 2),
    ("Leicester", 52.64, -1.13, "gray", 2),
    ("Preston", 53.76, -2.70, "gray", 2),
    ("Darlington", 54.52, -1.55, "gray", 2),
    ("Merthyr Tydfil", 51.75, -3.38, "gray", 2),
    ("Brighton", 50.82, -0.14, "gray", 2),
    ("Grimsby", 53.57, -0.08, "gray", 1),
    ("Goole", 53.70, -0.87, "gray", 1),
    ("Lincoln", 53.23, -0.54, "gray", 1),
    ("Peterborough", 52.57, -0.24, "gray", 1),
    ("Cambridge", 52.21, 0.12, "gray", 1),
    ("Oxford", 51.75, -1.26, "gray", 1),
    ("Reading", 51.45, -0.97, "gray", 1),
    ("Dover", 51.13, 1.31, "gray", 1),
    ("Hastings", 50.86, 0.57, "gray", 1),
    ("Salisbury", 51.07, -1.79, "gray", 1),
    ("Swindon", 51.56, -1.78, "gray", 1),
    ("Northampton", 52.24, -0.90, "gray", 1),
    ("King's Lynn", 52.75, 0.40, "gray", 1),
    ("Scarborough", 54.28, -0.40, "gray", 1),
    ("Berwick", 55.77, -2.00, "gray", 1),
    ("Whitehaven", 54.55, -3.59, "gray", 1),
    ("Shrewsbury", 52.71, -2.75, "gray", 1),
    ("Worcester", 52.19, -2.22, "gray", 1),
    ("Hereford", 52.06, -2.72, "gray", 1),
    ("Holyhead", 53.31, -4.63, "gray", 1),
    ("Aberystwyth", 52.41, -4.08, "gray", 1),
    ("Carmarthen", 51.86, -4.31, "gray", 1),
    ("Milford Haven", 51.71, -5.03, "gray", 1),
    ("Taunton", 51.02, -3.10, "gray", 1),
    ("Barnstaple", 51.08, -4.06, "gray", 1),
    ("Penzance", 50.12, -5.54, "gray", 1),
    ("Weymouth", 50.61, -2.45, "gray", 1),
)

NUDGE: dict[str, str] = {"Chester": "U11", "Berwick": "B15"}
"""City -> hex label, where two cities would share a hex or touch: the nearest free hex."""

# City Rotors mini-expansion (R23): about a quarter of the coloured cities, spread over the
# board; each city's own colour, then the colour its rotor shows first.
ROTORS: dict[str, list[str]] = {
    "London": ["red", "yellow"], "Birmingham": ["black", "red"],
    "Manchester": ["yellow", "blue"], "Bristol": ["yellow", "purple"],
    "Newcastle": ["black", "blue"], "Plymouth": ["red", "purple"],
}
ROTOR_NOTE = ("about a quarter of the coloured cities, spread over the map; the second colour "
              "each rotor shows is house")

# House Major Lines (R15): lines of the era between board cities; points scale with the hex
# distance, distance / 3 rounded, kept within 4..10.
MAJOR_LINES: tuple[tuple[str, str], ...] = (
    ("London", "Newcastle"),     # the East Coast route
    ("London", "Carlisle"),      # the West Coast route
    ("London", "Holyhead"),      # the Irish Mail
    ("London", "Penzance"),      # the Great Western to Cornwall
    ("London", "Swansea"),       # the South Wales line
    ("Bristol", "Newcastle"),    # the cross-country line
    ("Liverpool", "Hull"),       # across the Pennines
    ("Norwich", "Birmingham"),   # East Anglia to the Midlands
    ("Newcastle", "Carlisle"),   # the Newcastle and Carlisle
)


def _inside(p: Point, poly: tuple[Point, ...]) -> bool:
    lat, lon = p
    inside = False
    j = len(poly) - 1
    for i, (la, lo) in enumerate(poly):
        lb, ob = poly[j]
        if (la > lat) != (lb > lat) and lon < lo + (ob - lo) * (lat - la) / (lb - la):
            inside = not inside
        j = i
    return inside


def _xy(p: Point) -> tuple[float, float]:
    """Grid units: one column = 1.0 across, one row = sqrt(3)/2 down."""
    lat, lon = p
    x = (lon - LON0) / STEP
    y = (LAT0 - lat) * (1 / COS) / STEP
    return x, y


def _centre(row: int, col: int) -> tuple[float, float]:
    return col + 0.5 * (row & 1), row * math.sqrt(3) / 2


def _to_point(x: float, y: float) -> Point:
    return LAT0 - y * STEP * COS, LON0 + x * STEP


def _nearest(p: Point) -> tuple[int, int]:
    x, y = _xy(p)
    best = min(((r, c) for r in range(ROWS) for c in range(COLS)),
               key=lambda rc: math.dist(_centre(*rc), (x, y)))
    return best


def _samples(row: int, col: int) -> list[Point]:
    cx, cy = _centre(row, col)
    pts = [(cx, cy)]
    for k in range(6):
        a = math.radians(60 * k + 30)
        pts.append((cx + 0.4 * math.cos(a), cy + 0.4 * math.sin(a)))
    return [_to_point(x, y) for x, y in pts]


def _seg_dist(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    ax, ay = a
    bx, by = b
    px, py = p
    dx, dy = bx - ax, by - ay
    t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy)
                                                / (dx * dx + dy * dy)))
    return math.dist(p, (ax + t * dx, ay + t * dy))


def _crosses(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float],
             d: tuple[float, float]) -> bool:
    def side(p: tuple[float, float], q: tuple[float, float], r: tuple[float, float]) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return side(a, b, c) * side(a, b, d) < 0 and side(c, d, a) * side(c, d, b) < 0


def _line_xy(points: tuple[Point, ...]) -> list[tuple[float, float]]:
    return [_xy(p) for p in points]


def land_share(row: int, col: int) -> int:
    """How many of a hex's seven sample points lie inside the coastline."""
    return sum(_inside(p, COAST) for p in _samples(row, col))


def on_river(row: int, col: int) -> bool:
    ctr = _centre(row, col)
    return any(_seg_dist(ctr, a, b) < 0.42 for _, line in RIVERS
               for a, b in pairwise(_line_xy(line)))


def in_uplands(row: int, col: int) -> bool:
    return any(_inside(_to_point(*_centre(row, col)), poly) for _, poly in UPLANDS)


def holds_water(row: int, col: int) -> bool:
    """The sea (two sample points or more), an estuary or a river crosses this land hex."""
    return land_share(row, col) <= 5 or on_river(row, col)


def terrain(row: int, col: int) -> str | None:
    """The hex's terrain before cities are placed, or None when it is off the board (sea)."""
    share = land_share(row, col)
    if share < 4:
        return None
    if in_uplands(row, col):
        return "mountain"  # a mountain hex with water is still a mountain hex
    if share <= 5:
        return "lake"
    return "river" if on_river(row, col) else "open"


def build() -> dict[str, Any]:
    land: dict[tuple[int, int], str] = {}
    for r in range(ROWS):
        for c in range(COLS):
            kind = terrain(r, c)
            if kind is not None:
                land[(r, c)] = kind
    cities: list[dict[str, Any]] = []
    taken: dict[tuple[int, int], str] = {}
    for name, lat, lon, colour, cubes in CITIES:
        rc = _nearest((lat, lon))
        if name in NUDGE:
            h = from_offset(*_parse(NUDGE[name]))
            rc = (h.row, h.col)
        if rc in taken:
            raise SystemExit(f"{name} shares {label(*rc)} with {taken[rc]}")
        taken[rc] = name
        land[rc] = "city"
        cities.append({"name": name, "hex": label(*rc), "colour": colour, "cubes": cubes})
    hexes = {from_offset(*rc): kind for rc, kind in land.items()}
    blocked: set[frozenset[Hex]] = set()
    for _, line in BARRIERS:
        pts = _line_xy(line)
        for h in hexes:
            for _, n in h.neighbours():
                if n not in hexes:
                    continue
                here, there = _centre(h.row, h.col), _centre(n.row, n.col)
                if any(_crosses(here, there, p, q) for p, q in pairwise(pts)):
                    blocked.add(frozenset((h, n)))
    by_hex = {c["hex"]: c for c in cities}
    for h in hexes:
        city = by_hex.get(h.label)
        if city is None:
            continue
        city["entry"] = [d for d in DIRECTIONS if h.neighbour(d) in hexes
                         and frozenset((h, h.neighbour(d))) not in blocked]
        city["flags"] = []
    east = json.loads((HERE / "eastern-us.json").read_text(encoding="utf-8"))
    lines = []
    at = {c["name"]: from_offset(*_parse(c["hex"])) for c in cities}
    for one, other in MAJOR_LINES:
        points = max(4, min(10, round(at[one].distance(at[other]) / 3)))
        lines.append({"a": one, "b": other, "points": points, "requires": None,
                      "source": "house"})
    edges = sorted(sorted(h.label for h in e) for e in blocked)
    return {
        "id": "england-wales",
        "name": "England and Wales",
        "title": "rotw",
        "players": {"min": 2, "max": 5, "source": "rulebook"},
        "grid": {"rows": ROWS, "cols": COLS, "source": "house"},
        "rules": [],
        "terrain": {"source": "house", "hexes": {
            label(*rc): kind for rc, kind in sorted(land.items())}},
        "ridges": {"source": "rulebook", "edges": []},
        "impassable": {"source": "house", "edges": edges},
        "cities": {"source": "house", "list": cities},
        "specials": [],
        "major_lines": lines,
        "tables": {
            # house rule: the turn after which a game whose cities stop emptying ends
            "turn_limit": {"source": "house", "usual": 14, "turns": 30,
                           "advanced_usual": 6, "advanced_turns": 30,
                           "note": "house rule: the game ends after this turn with the final "
                                   "scoring; usual = median turns of seeded 4-player games of "
                                   "easy computers (bench/game_end.py)"},
            "ecm_to_end": {"source": "rulebook",
                           "by_players": {"2": 9, "3": 11, "4": 13, "5": 15}},
            # the rules change nothing here, so the base game's one cube fewer per city for two
            # or three players (at least one) stands
            "cube_reduction": {"source": "rulebook", "by_players": {"2": 1, "3": 1}},
            "engine_costs": {"source": "house", "by_level": east["tables"]["engine_costs"]
                             ["by_level"]},
            "terrain_costs": {"source": "rulebook", "open": 2000, "water": 3000,
                              "mountain": 4000, "ridge": 4000, "mountain_with_water": 4000,
                              "water_if_any": True},
            "income_track": {"source": "board", "income": east["tables"]["income_track"]
                             ["income"]},
            "card_counts": {"source": "house", "barons": 10, "operations": 27},
            "new_city_tiles": {"source": "house", "by_colour": {
                "yellow": 6, "blue": 6, "black": 6, "purple": 6},
                "note": "Railways of the World has 24 New City tiles and none is red "
                        "(compendium, Components and Urbanize); the split by colour is not "
                        "given, so it is even"},
            "urbanize": {"source": "rulebook", "cost": 10000, "cubes": 2},
            "bonds": {"source": "rulebook", "only_when_cash_needed": True,
                      "only_as_many_as_needed": True},
            "city_rotors": {"source": "house", "note": ROTOR_NOTE, "cities": ROTORS},
            # The Advanced Game's companies, one per train colour; the starting prices printed
            # in their Available Company Shares boxes are lost from the text (house, R0).
            "advanced_companies": {"source": "house", "companies": [
                {"colour": colour, "name": colour.title(), "price": price}
                for colour, price in (("red", 8), ("blue", 7), ("black", 6), ("green", 5),
                                      ("yellow", 4), ("purple", 3))]},
        },
    }


def _parse(text: str) -> tuple[int, int]:
    return parse_label(text)


def main() -> None:
    data = build()
    OUT.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {OUT}: {len(data['terrain']['hexes'])} hexes, "
          f"{len(data['cities']['list'])} cities, {len(data['impassable']['edges'])} barriers")


if __name__ == "__main__":
    main()
