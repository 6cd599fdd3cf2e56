"""A small synthetic map and view for renderer tests that must not change when real maps do."""

from __future__ import annotations

from typing import Any

from engine.core.hexgrid import label
from engine.rotw.mapdef import MapDef, parse_map


def tiny_map() -> MapDef:
    rows, cols = 7, 8
    hexes: dict[str, str] = {}
    for r in range(rows):
        for c in range(cols):
            kind = "open"
            if c == 5 and r in (1, 2, 3):
                kind = "mountain"
            elif r == 5 and c in (1, 2):
                kind = "lake"
            elif c == 3 and r >= 4:
                kind = "river"
            hexes[label(r, c)] = kind
    cities = [
        {"name": "Alpha", "hex": "B1", "colour": "red", "cubes": 5, "entry": ["E", "SE", "SW"]},
        {"name": "Beta Junction", "hex": "B6", "colour": "blue", "cubes": 2,
         "entry": ["W", "SW", "SE"]},
        {"name": "Gamma", "hex": "F6", "colour": "gray", "cubes": 1,
         "entry": ["NW", "W", "NE"]},
        {"name": "Delta", "hex": "F0", "colour": "yellow", "cubes": 3, "entry": ["E", "NE"]},
    ]
    for c in cities:
        hexes[c["hex"]] = "city"
    data = {
        "id": "tiny-test", "name": "Tiny Test Map", "title": "rotw",
        "players": {"min": 2, "max": 6, "source": "house"},
        "grid": {"rows": rows, "cols": cols + 1, "source": "house"},
        "terrain": {"source": "house", "hexes": hexes},
        "ridges": {"source": "house", "edges": [["B4", "B5"], ["C4", "C5"], ["D4", "D5"]]},
        "cities": {"source": "house", "list": cities},
        "specials": [{"kind": "western_link", "hex": "F8", "city": "Gamma", "source": "house"}],
        "major_lines": [{"a": "Alpha", "b": "Gamma", "points": 6, "requires": None,
                         "source": "house"}],
    }
    return parse_map(data)


def tiny_view() -> dict[str, Any]:
    """Two players, a finished link Alpha-Beta Junction, a crossing, an unfinished link."""
    players = [
        {"seat": 0, "name": "Ada", "colour": "red", "money": 7000, "bonds": 2, "engine": 3,
         "score": 12, "income": 5, "links": 1, "cards": ["Hotel"], "wraps": 0},
        {"seat": 1, "name": "Bruno", "colour": "blue", "money": 3000, "bonds": 4, "engine": 2,
         "score": 8, "income": 3, "links": 0, "cards": [], "wraps": 0},
    ]
    links = [
        {"id": "L1", "owner": 0, "cities": ["Alpha", "Beta Junction"], "complete": True,
         "hexes": ["B1", "B2", "B3", "B4", "B5", "B6"],
         "tiles": [{"hex": h, "sides": ["W", "E"], "crossing": False}
                   for h in ("B2", "B3", "B4", "B5")]},
        {"id": "L2", "owner": 1, "cities": ["Gamma", None], "complete": False,
         "hexes": ["F6", "E6", "D5", "C5", "B4"],
         "tiles": [{"hex": "E6", "sides": ["SE", "NW"], "crossing": False},
                   {"hex": "D5", "sides": ["SE", "NW"], "crossing": False},
                   {"hex": "C5", "sides": ["SE", "NW"], "crossing": False},
                   {"hex": "B4", "sides": ["SE", "NW"], "crossing": True}]},
        {"id": "L3", "owner": 1, "cities": ["Delta", None], "complete": False,
         "hexes": ["F0", "F1", "E2"],
         "tiles": [{"hex": "F1", "sides": ["W", "NE"], "crossing": False},
                   {"hex": "E2", "sides": ["SW", "NE"], "crossing": False}]},
    ]
    return {
        "title": "rotw", "map": "tiny-test", "phase": "actions", "turn": 5, "round": 1,
        "current_seat": 1, "to_act": [1], "first_player": 0, "turn_order": [0, 1],
        "auction": None, "players": players,
        "cities": [
            {"name": "Alpha", "hex": "B1", "colour": "red", "printed_colour": "red",
             "urbanized": False, "cubes": ["red", "yellow", "blue", "black", "purple"],
             "ecm": False},
            {"name": "Beta Junction", "hex": "B6", "colour": "blue", "printed_colour": "blue",
             "urbanized": False, "cubes": [], "ecm": True},
            {"name": "Gamma", "hex": "F6", "colour": "purple", "printed_colour": "gray",
             "urbanized": True, "cubes": ["yellow", "red"], "ecm": False},
            {"name": "Delta", "hex": "F0", "colour": "yellow", "printed_colour": "yellow",
             "urbanized": False, "cubes": ["blue"], "ecm": False},
        ],
        "links": links,
        "western_links": [{"city": "Gamma", "owner": 0, "hex": "F8"}],
        "operations_display": [{"id": "o1", "name": "Hotel (Alpha)", "short": "Hotel Alpha",
                                "kind": "hotel", "text": ""}],
        "major_lines": [{"a": "Alpha", "b": "Gamma", "points": 6, "claimed_by": None}],
        "ecm": {"placed": 1, "needed": 10, "end_triggered": False},
        "bag": {"count": 33},
        "final": None,
    }
