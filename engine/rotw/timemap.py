"""Railways through Time: the chosen time-period boards laid side by side as one map.

The map file ``through-time`` holds all eight period boards, each in its own block of columns.
A game plays only the periods chosen when it is opened; :func:`compose` cuts those blocks out and
packs them left to right, so every rule module sees an ordinary map. The composed map's id names
its periods (``through-time:stone-age+egypt+napoleonic``), which is what a game's state keeps.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.hexgrid import Hex, from_offset
from engine.rotw.mapdef import MapDef, Table

BASE_ID = "through-time"
SEPARATORS = re.compile(r"[+/;\s]+")
GAP = 1
"""Empty columns between two period boards on the composed map."""
TIME_WARP = "time_warp"
"""City flag of a time warp hex: a place links end at, holding no cubes."""
MIN_PERIODS = 2


@dataclass(frozen=True)
class Period:
    id: str
    name: str
    era: str
    first_col: int
    cols: int
    red_city: bool


def periods(mapdef: MapDef) -> list[Period]:
    """The period boards of a Through Time map, left to right."""
    raw = mapdef.tables["periods"].values["list"] if "periods" in mapdef.tables else []
    return [Period(str(p["id"]), str(p["name"]), str(p.get("era", "")), int(p["first_col"]),
                   int(p["cols"]), bool(p.get("red_city"))) for p in raw]


def is_time_map(map_id: str) -> bool:
    return map_id == BASE_ID or map_id.startswith(BASE_ID + ":")


def split_id(map_id: str) -> tuple[str, list[str]]:
    base, _, rest = map_id.partition(":")
    return base, [p for p in rest.split("+") if p]


def default_periods(mapdef: MapDef, players: int) -> list[str]:
    """The house choice for a player count: players + 1 boards, at least one with a red city."""
    table = mapdef.tables["periods"].values.get("default_by_players", {})
    chosen = table.get(str(players))
    if chosen:
        return [str(p) for p in chosen]
    return [p.id for p in periods(mapdef)][:players + 1]


def parse_periods(mapdef: MapDef, text: Any) -> list[str]:
    """The periods an option names (ids or the start of a name, e.g. ``stone+egypt+napol``),
    in board order; IllegalAction names the boards that exist when a word matches none."""
    known = periods(mapdef)
    names = ", ".join(p.id for p in known)
    if not isinstance(text, str) or not text.strip():
        raise IllegalAction("bad_option", "Option periods lists time period boards joined with "
                            f"+, e.g. periods=stone-age+egypt+napoleonic. Boards: {names}.")
    picked: list[str] = []
    for word in SEPARATORS.split(text.strip().lower()):
        hits = [p.id for p in known if p.id == word] or \
            [p.id for p in known if p.id.startswith(word) or p.name.lower().startswith(word)]
        if len(hits) != 1:
            why = "matches no" if not hits else "matches more than one"
            raise IllegalAction("bad_option", f"'{word}' {why} time period board; the boards "
                                f"are {names}.")
        if hits[0] in picked:
            raise IllegalAction("bad_option", f"The {hits[0]} board is named twice in periods.")
        picked.append(hits[0])
    if len(picked) < MIN_PERIODS:
        raise IllegalAction("bad_option", "Railways through Time needs at least two time period "
                            "boards: goods travel between periods through the time warps.")
    order = [p.id for p in known]
    return sorted(picked, key=order.index)


def composed_id(periods_chosen: list[str]) -> str:
    return f"{BASE_ID}:{'+'.join(periods_chosen)}"


def compose(base: MapDef, chosen: list[str]) -> MapDef:
    """The map of the ``chosen`` periods side by side (each keeps its own rows and columns)."""
    by_id = {p.id: p for p in periods(base)}
    unknown = [c for c in chosen if c not in by_id]
    if unknown:
        raise IllegalAction("unknown_map", f"There is no time period {', '.join(unknown)}.")
    shift: dict[int, int] = {}
    placed: list[dict[str, Any]] = []
    col = 0
    for pid in chosen:
        p = by_id[pid]
        for k in range(p.cols):
            shift[p.first_col + k] = col + k
        placed.append({"id": p.id, "name": p.name, "era": p.era, "first_col": col,
                       "cols": p.cols, "red_city": p.red_city})
        col += p.cols + GAP

    def move(h: Hex) -> Hex | None:
        to = shift.get(h.col)
        return None if to is None else from_offset(h.row, to)

    terrain = {m: t for h, t in base.terrain.items() if (m := move(h)) is not None}

    def edges(src: frozenset[frozenset[Hex]]) -> frozenset[frozenset[Hex]]:
        out = set()
        for e in src:
            moved = [move(h) for h in e]
            if all(m is not None for m in moved):
                out.add(frozenset(m for m in moved if m is not None))
        return frozenset(out)

    cities = {}
    for c in base.cities.values():
        m = move(c.hex)
        if m is not None:
            cities[c.name] = replace(c, hex=m)
    tables = dict(base.tables)
    if "city_rotors" in base.tables:
        rotors = base.tables["city_rotors"]
        kept = {c: v for c, v in rotors.values.get("cities", {}).items() if c in cities}
        tables["city_rotors"] = Table({**rotors.values, "cities": kept}, rotors.source)
    tables["periods"] = Table({**base.tables["periods"].values, "list": placed}, "house")
    if "time_lines" in base.tables:
        lines = [ln for ln in base.tables["time_lines"].values["lines"] if ln["period"] in chosen]
        tables["time_lines"] = Table({**base.tables["time_lines"].values, "lines": lines},
                                     base.tables["time_lines"].source)
    return replace(base, id=composed_id(chosen), rows=base.rows, cols=max(col - GAP, 1),
                   tables=tables, terrain=terrain, ridges=edges(base.ridges),
                   impassable=edges(base.impassable), cities=cities)


def period_at(boards: list[Period], col: int) -> str | None:
    """The id of the period board among ``boards`` that holds column ``col`` (None between
    boards, and on a map of one board)."""
    return next((p.id for p in boards if p.first_col <= col < p.first_col + p.cols), None)


def period_of_city(mapdef: MapDef) -> dict[str, str]:
    """City (and warp) name -> the id of the period board it stands on."""
    boards = periods(mapdef)
    return {c.name: pid for c in mapdef.cities.values()
            if (pid := period_at(boards, c.hex.col)) is not None}
