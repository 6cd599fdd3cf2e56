"""Fixtures for the board renderers: the Eastern U.S. map and sample views built from it."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest

from engine.core.hexgrid import label
from engine.rotw.mapdef import MapDef, parse_map

SHARED = Path(__file__).resolve().parents[3] / "shared" / "data" / "rotw"


def eastern_from_shared() -> MapDef:
    """The Eastern U.S. board straight from the gathered board facts (used until the map file
    ``maps/eastern-us.json`` is available)."""
    terrain = json.loads((SHARED / "eastern_us_terrain.json").read_text(encoding="utf-8"))
    hexes = {label(h["row"], h["col"]): h["terrain"] for h in terrain["hexes"]
             if h["terrain"] != "offboard"}
    cities: list[dict[str, Any]] = []
    specials: list[dict[str, Any]] = []
    with (SHARED / "eastern_us_cities.csv").open(encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            r, c = int(row["row"]), int(row["col"])
            cities.append({"name": row["name"], "hex": label(r, c), "colour": row["color"],
                           "cubes": int(row["cubes"]), "entry": row["entry_sides"].split()})
            if row["western_link"]:
                specials.append({"kind": "western_link", "hex": label(r, c - 2),
                                 "city": row["name"], "source": "house"})
    data = {
        "id": "eastern-us", "name": "Eastern U.S.", "title": "rotw",
        "players": {"min": 2, "max": 6, "source": "rulebook"},
        "grid": {"rows": 45, "cols": 32, "source": "board"},
        "rules": ["western_link"],
        "terrain": {"source": "board", "hexes": hexes},
        "ridges": {"source": "board", "edges": [[label(*a), label(*b)]
                                                 for a, b in terrain["ridges"]]},
        "cities": {"source": "board", "list": cities},
        "specials": specials,
        "major_lines": [
            {"a": "New York", "b": "Kansas City", "points": 20, "requires": "western_link",
             "source": "rulebook"},
            {"a": "Chicago", "b": "New York", "points": 8, "requires": None, "source": "house"},
            {"a": "Boston", "b": "Atlanta", "points": 8, "requires": None, "source": "house"},
            {"a": "Pittsburgh", "b": "New Orleans", "points": 7, "requires": None,
             "source": "house"},
        ],
    }
    return parse_map(data)


def load_eastern() -> MapDef:
    try:
        import maps

        return maps.load("eastern-us")
    except (ImportError, KeyError, AttributeError):
        return eastern_from_shared()


@pytest.fixture(scope="session")
def eastern() -> MapDef:
    return load_eastern()
