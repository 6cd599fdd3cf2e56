"""Build ``maps/eastern-us.json`` from the board facts in ``shared/data/rotw/``.

Run once (``python -m maps.tools.convert_eastern_us [DATA_DIR]``); the output is committed, so the
game never reads the shared data. Board facts (cities, terrain, ridges, income track) are copied as
they are; the tables take the rulebook's values; Western Link hexes and all Major Lines but the
rulebook's New York - Kansas City are house data (see ``shared/docs/RULINGS.md`` R14, R15).
"""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path
from typing import Any

from engine.core.hexgrid import from_offset, label

DEFAULT_DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "rotw"
OUT = Path(__file__).resolve().parents[1] / "eastern-us.json"

KIND = {"open": "open", "river": "river", "lake": "lake", "mountain": "mountain", "city": "city"}

# House Major Lines (R15): well-known routes of the era between board cities; points scale with the
# hex distance between the two cities, 10 * distance / 23 rounded, kept within 4..10.
HOUSE_LINES: tuple[tuple[str, str], ...] = (
    ("Chicago", "New Orleans"),
    ("Baltimore", "St. Louis"),
    ("New York", "Chicago"),
    ("Charleston", "Memphis"),
    ("Washington D.C.", "Atlanta"),
    ("St. Louis", "Dallas"),
    ("Boston", "Washington D.C."),
    ("Chicago", "Kansas City"),
    ("Toronto", "New York"),
    ("Detroit", "Cincinnati"),
)


GLENN_DROVER: dict[str, Any] = {
    "source": "house",
    "note": (
        "Glenn Drover variant: in each row, a hex whose column is below the number given "
        "is west of the mountains. The number is the column of the row's westernmost "
        "Appalachian mountain hex (the Ozark hexes far to the west do not count); row H "
        "follows its neighbours so that Albany stays east; rows south of the mountains "
        "keep the last boundary, column 17."
    ),
    "points": 30,
    "west_of_column": {
        "F": 21,
        "G": 21,
        "H": 21,
        "I": 21,
        "J": 20,
        "K": 20,
        "L": 20,
        "M": 20,
        "N": 19,
        "O": 19,
        "P": 20,
        "Q": 20,
        "R": 18,
        "S": 20,
        "T": 19,
        "U": 19,
        "V": 18,
        "W": 18,
        "X": 18,
        "Y": 18,
        "Z": 17,
        "AA": 17,
        "AB": 16,
        "AC": 16,
        "AD": 19,
        "AE": 17,
        "AF": 17,
        "AG": 17,
        "AH": 17,
        "AI": 17,
        "AJ": 17,
        "AK": 17,
        "AL": 17,
        "AM": 17,
        "AN": 17,
        "AO": 17,
        "AP": 17,
        "AQ": 17
    }
}
"""House boundary for the Glenn Drover 2-player variant (kept here: this tool writes the file)."""


CITY_ROTORS = {"source": "house", "note": "about a quarter of the coloured cities, spread over "
               "the map; the second colour each rotor shows is house",
               "cities": {"Baltimore": ["yellow", "blue"], "Boston": ["yellow", "purple"],
                          "Charleston": ["red", "yellow"], "Chicago": ["red", "blue"],
                          "New Orleans": ["blue", "purple"], "New York": ["red", "blue"]}}
"""City Rotors mini-expansion (R23): which cities carry rotors and what they show next."""


def line_points(distance: int) -> int:
    return max(4, min(10, round(10 * distance / 23)))


def west_link_hex(row: int, col: int, playable: set[tuple[int, int]]) -> str:
    """The nearest off-board hex west of a city in its own row (column 0 at the farthest)."""
    for c in range(col - 1, -1, -1):
        if (row, c) not in playable:
            return label(row, c)
    return label(row, 0)


def convert(data_dir: Path) -> dict[str, Any]:
    terrain_src = json.loads((data_dir / "eastern_us_terrain.json").read_text(encoding="utf-8"))
    hexes: dict[str, str] = {}
    doubtful: list[str] = []
    playable: set[tuple[int, int]] = set()
    for h in sorted(terrain_src["hexes"], key=lambda h: (h["row"], h["col"])):
        kind = KIND.get(h["terrain"])
        if kind is None:
            continue
        lab = label(h["row"], h["col"])
        hexes[lab] = kind
        playable.add((h["row"], h["col"]))
        if h.get("low_confidence"):
            doubtful.append(lab)
    ridges = [[label(*a), label(*b)] for a, b in terrain_src["ridges"]]

    cities: list[dict[str, Any]] = []
    where: dict[str, tuple[int, int]] = {}
    with (data_dir / "eastern_us_cities.csv").open(encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            r, c = int(row["row"]), int(row["col"])
            where[row["name"]] = (r, c)
            cities.append({
                "name": row["name"], "hex": label(r, c), "colour": row["color"],
                "cubes": int(row["cubes"]), "entry": row["entry_sides"].split(),
                "flags": ["western_link"] if row["western_link"].strip() == "yes" else [],
            })

    income: list[int] = []
    with (data_dir / "income_track.csv").open(encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            if row["score"].isdigit():
                income.append(int(row["income_thousands"]) * 1000)

    specials = [
        {"kind": "western_link", "hex": west_link_hex(*where[c["name"]], playable),
         "city": c["name"], "source": "house"}
        for c in cities if "western_link" in c["flags"]
    ]
    lines: list[dict[str, Any]] = [
        {"a": "New York", "b": "Kansas City", "points": 20, "requires": "western_link",
         "source": "rulebook"},
    ]
    for a, b in HOUSE_LINES:
        dist = from_offset(*where[a]).distance(from_offset(*where[b]))
        lines.append({"a": a, "b": b, "points": line_points(dist), "source": "house"})

    return {
        "id": "eastern-us",
        "name": "Eastern U.S.",
        "title": "rotw",
        "players": {"min": 2, "max": 6, "source": "rulebook"},
        "grid": {"rows": terrain_src["grid"]["rows"], "cols": terrain_src["grid"]["cols"],
                 "source": "board"},
        "rules": ["western_link"],
        "terrain": {"source": "board", "doubtful": doubtful, "hexes": hexes},
        "ridges": {"source": "board", "edges": ridges},
        "impassable": {"source": "house", "edges": []},
        "cities": {"source": "board", "list": cities},
        "specials": specials,
        "major_lines": lines,
        "tables": {
            "turn_limit": {"source": "house", "usual": 12, "turns": 30,
                           "note": "house rule: the game ends after this turn with the final "
                                   "scoring; usual = median turns of seeded 4-player games of "
                                   "normal computers (bench/game_end.py)"},
            "ecm_to_end": {"source": "rulebook",
                           "by_players": {"2": 10, "3": 12, "4": 14, "5": 16, "6": 18}},
            "cube_reduction": {"source": "rulebook", "by_players": {"2": 1, "3": 1}},
            "engine_costs": {"source": "house", "by_level": {
                "2": 5000, "3": 10000, "4": 10000, "5": 15000, "6": 15000, "7": 20000,
                "8": 20000}},
            "terrain_costs": {"source": "rulebook", "open": 2000, "water": 3000,
                              "mountain": 4000, "ridge": 4000},
            "income_track": {"source": "board", "income": income},
            "card_counts": {"source": "rulebook", "barons": 12, "operations": 31},
            "new_city_tiles": {"source": "house", "by_colour": {
                "yellow": 6, "blue": 6, "black": 6, "purple": 6},
                "note": "Railways of the World has 24 New City tiles and none is red "
                        "(compendium, Components and Urbanize); the split by colour is not "
                        "given, so it is even"},
            "urbanize": {"source": "rulebook", "cost": 10000, "cubes": 2},
            "western_link": {"source": "rulebook", "cost": 30000, "red_cubes": 4,
                             "chicago_redraw": 2},
            "glenn_drover": GLENN_DROVER,
            "city_rotors": CITY_ROTORS,
        },
    }


def dump(value: Any, indent: str = "", width: int = 100) -> str:
    """JSON with every container that fits on one line kept on one line (one hex, edge or city
    per line), so that diffs of the map stay readable."""
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, dict | list) or len(indent) + len(flat) <= width:
        return flat
    inner = indent + " "
    children = list(value.values()) if isinstance(value, dict) else value
    if all(not isinstance(v, dict | list) for v in children):
        return _packed(value, inner, width)
    if isinstance(value, dict):
        items = [f"{inner}{json.dumps(k)}: {dump(v, inner, width)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    parts = [inner + dump(v, inner, width) for v in value]
    return "[\n" + ",\n".join(parts) + "\n" + indent + "]"


def _packed(value: dict[str, Any] | list[Any], inner: str, width: int) -> str:
    """A container of scalars, wrapped with as many items on a line as fit."""
    if isinstance(value, dict):
        items = [f"{json.dumps(k)}: {json.dumps(v)}" for k, v in value.items()]
        opening, closing = "{", "}"
    else:
        items = [json.dumps(v, ensure_ascii=False) for v in value]
        opening, closing = "[", "]"
    lines: list[str] = []
    line = ""
    for item in items:
        if line and len(inner) + len(line) + len(item) + 2 > width:
            lines.append(inner + line.rstrip())
            line = ""
        line += item + ", "
    lines.append(inner + line.rstrip().rstrip(","))
    return opening + "\n" + "\n".join(lines) + "\n" + inner[:-1] + closing


def main(argv: list[str]) -> int:
    data_dir = Path(argv[1]) if len(argv) > 1 else DEFAULT_DATA
    data = convert(data_dir)
    OUT.write_text(dump(data) + "\n", encoding="utf-8")
    print(f"wrote {OUT} ({len(data['terrain']['hexes'])} hexes, "
          f"{len(data['cities']['list'])} cities)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
