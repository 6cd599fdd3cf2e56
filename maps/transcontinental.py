"""The Transcontinental game's boards and cards, composed from the Eastern and Western U.S. files.

Nothing here is stored twice: the two boards are joined along the seam the Western U.S. file
records (its ``transcontinental`` table, R21: an Eastern hex (row, col) lies at (row, col + offset)
on the joined grid), and the decks are the two maps' decks plus the Gold Spike cards of the North
America file. Two boards come out:

- ``transcontinental-east``: the Eastern phase board, the Eastern U.S. alone but already in the
  joined grid's coordinates, so track built in the Eastern phase keeps its hexes when the West
  opens;
- ``transcontinental``: both boards joined, played in the Western phase.
"""

from __future__ import annotations

import copy
from typing import Any

from engine.core.hexgrid import from_offset, label, parse_label

JOINED = "transcontinental"
EAST_BOARD = "transcontinental-east"
BOARDS = (JOINED, EAST_BOARD)

EAST_FLAG = "east_board"
WEST_FLAG = "west_board"
"""City flags saying which half of the joined map a city is printed on."""

WEST_PREFIX = "w-"
"""Western deck card ids get this prefix: both decks have a Jay Gould, a City Growth..."""

NO_FUEL_DEPOTS = ("Fuel Depots are only available in the Western Phase (Transcontinental "
                  "rules); they come into play when the West is opened.")
GOLD_SPIKE_BARONS, GOLD_SPIKE_START_CARDS = 12, 4
"""Railways of North America's Gold Spike cards (compendium: 12 barons, 4 start cards)."""
WESTERN_ONLY_TABLES = ("fuel_depots", "golden_spike")
EASTERN_ONLY_TABLES = ("western_link", "glenn_drover")


def _shift(text: str, offset: int) -> str:
    row, col = parse_label(text)
    return label(row, col + offset)


def _east_part(east: dict[str, Any], offset: int) -> dict[str, Any]:
    """The Eastern board's geography moved onto the joined grid, cities flagged as eastern."""
    hexes = {_shift(h, offset): t for h, t in east["terrain"]["hexes"].items()}
    cities = []
    for c in east["cities"]["list"]:
        flags = [f for f in c.get("flags", []) if f != "western_link"] + [EAST_FLAG]
        cities.append({**c, "hex": _shift(c["hex"], offset), "flags": flags})
    return {
        "hexes": hexes, "cities": cities,
        "ridges": [[_shift(a, offset), _shift(b, offset)] for a, b in east["ridges"]["edges"]],
        "impassable": [[_shift(a, offset), _shift(b, offset)]
                       for a, b in east.get("impassable", {}).get("edges", [])],
    }


def _east_lines(east: dict[str, Any], seam: dict[str, Any]) -> list[dict[str, Any]]:
    """The Eastern lines; New York - Kansas City at the value the Transcontinental text gives,
    with no Western Link needed."""
    changed = {(m["a"], m["b"]): m for m in seam["major_lines"] if m.get("map") == "eastern-us"}
    out = []
    for m in east["major_lines"]:
        line = {**m, "requires": None}
        if (m["a"], m["b"]) in changed:
            line.update(points=changed[(m["a"], m["b"])]["points"], source="rulebook")
        out.append(line)
    return out


def _seam(west: dict[str, str], east: dict[str, str]) -> list[list[str]]:
    """The hex sides where the two boards meet (drawn on the joined picture)."""
    out = []
    for lab in sorted(west):
        h = from_offset(*parse_label(lab))
        out += [[lab, n.label] for _, n in h.neighbours() if n.label in east]
    return out


def _by_players(values: dict[str, int], source: str) -> dict[str, Any]:
    return {"source": source, "by_players": dict(values)}


def compose(map_id: str, east: dict[str, Any], west: dict[str, Any]) -> dict[str, Any]:
    """The map data (maps/FORMAT.md shape) of one Transcontinental board."""
    east, west = copy.deepcopy(east), copy.deepcopy(west)
    seam = west["tables"]["transcontinental"]
    offset = int(seam["east_col_offset"])
    part = _east_part(east, offset)
    tables = {k: v for k, v in east["tables"].items() if k not in EASTERN_ONLY_TABLES}
    # Both phases count towards one house turn limit, the seam table's.
    tables["turn_limit"] = {"source": "house", **seam["turn_limit"]}
    tables["cube_reduction"] = _by_players(seam["cube_reduction"], seam["source"])
    rotors = dict(tables.get("city_rotors", {}).get("cities", {}))
    data: dict[str, Any] = {
        "id": map_id, "title": "rotw", "players": dict(east["players"]),
        "grid": {"rows": max(east["grid"]["rows"], west["grid"]["rows"]),
                 "cols": east["grid"]["cols"] + offset, "source": "house"},
        "terrain": {"source": east["terrain"]["source"], "hexes": part["hexes"]},
        "ridges": {"source": east["ridges"]["source"], "edges": part["ridges"]},
        "impassable": {"source": "house", "edges": part["impassable"]},
        "cities": {"source": east["cities"]["source"], "list": part["cities"]},
        "specials": [],
        "major_lines": _east_lines(east, seam),
    }
    if map_id == EAST_BOARD:
        tables["mini_expansions"] = {"source": "rulebook",
                                     "forbidden": {"fuel_depots": NO_FUEL_DEPOTS}}
        return {**data, "name": "Transcontinental, Eastern phase", "rules": ["transcontinental"],
                "tables": tables}
    west_cities = [{**c, "flags": [*c.get("flags", []), WEST_FLAG]}
                   for c in west["cities"]["list"]]
    data["terrain"] = {"source": "house", "hexes": {**west["terrain"]["hexes"], **part["hexes"]}}
    data["ridges"] = {"source": "house", "edges": west["ridges"]["edges"] + part["ridges"]}
    data["impassable"]["edges"] = west.get("impassable", {}).get("edges", []) + part["impassable"]
    data["cities"] = {"source": "house", "list": west_cities + part["cities"]}
    data["major_lines"] += west["major_lines"] + [
        {"a": m["a"], "b": m["b"], "points": m["points"], "requires": None, "source": "rulebook"}
        for m in seam["major_lines"] if "map" not in m]
    for name in WESTERN_ONLY_TABLES:
        tables[name] = west["tables"][name]
    rotors.update(west["tables"].get("city_rotors", {}).get("cities", {}))
    tables["city_rotors"] = {"source": "house", "cities": rotors}
    tables["ecm_to_end"] = _by_players(seam["ecm_to_end"], "rulebook")
    counts = [m["tables"]["card_counts"] for m in (east, west)]
    tables["card_counts"] = {"source": "rulebook",
                             "barons": sum(c["barons"] for c in counts) + GOLD_SPIKE_BARONS,
                             "operations": sum(c["operations"] for c in counts)
                             + GOLD_SPIKE_START_CARDS}
    tables["transcontinental"] = {k: v for k, v in seam.items()
                                  if k not in ("major_lines", "turn_limit")}
    tables["transcontinental"]["seam"] = _seam(west["terrain"]["hexes"], part["hexes"])
    rules = [r for r in west["rules"] if r in ("city_rotors", "fuel_depots")]
    return {**data, "name": "Transcontinental", "rules": [*rules, "transcontinental"],
            "tables": tables}


def _tagged(cards: list[dict[str, Any]], deck: str, prefix: str = "") -> list[dict[str, Any]]:
    return [{**c, "id": prefix + c["id"], "deck": deck} for c in cards]


def compose_cards(east: dict[str, Any], west: dict[str, Any],
                  north: dict[str, Any]) -> dict[str, Any]:
    """Every card the Transcontinental game may use, each tagged with its ``deck``: ``east``,
    ``west`` (ids prefixed ``w-``) or ``gold_spike`` (the North America Gold Spike cards)."""
    return {
        "map": JOINED, "source": "rulebook",
        "note": "Eastern U.S. and Western U.S. decks with the Gold Spike cards of North America.",
        "barons": _tagged(east["barons"], "east") + _tagged(west["barons"], "west", WEST_PREFIX)
        + _tagged(north.get("transcontinental_barons", []), "gold_spike"),
        "operations": _tagged(east["operations"], "east")
        + _tagged(west["operations"], "west", WEST_PREFIX)
        + _tagged(north.get("transcontinental_operations", []), "gold_spike"),
    }
