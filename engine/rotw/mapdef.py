"""Typed Railways of the World map definitions, parsed and validated from a map's JSON data.

The data files live in ``maps/`` (see ``maps/FORMAT.md``); the engine never reads files itself:
the caller hands :func:`parse_map` the decoded JSON, so the rules stay free of I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, cast

from engine.core.hexgrid import DIRECTIONS, Direction, Hex, from_offset, label, parse_label

Terrain = Literal["open", "river", "lake", "mountain", "city"]
TERRAINS: tuple[Terrain, ...] = ("open", "river", "lake", "mountain", "city")
CityColour = Literal["red", "yellow", "blue", "black", "purple", "gray"]
CITY_COLOURS: tuple[CityColour, ...] = ("red", "yellow", "blue", "black", "purple", "gray")
CUBE_COLOURS: tuple[CityColour, ...] = ("red", "yellow", "blue", "black", "purple")
Source = Literal["rulebook", "board", "house"]
SOURCES: tuple[Source, ...] = ("rulebook", "board", "house")


class MapError(ValueError):
    """A map file that does not follow the format; the message names the file part at fault."""


@dataclass(frozen=True)
class City:
    name: str
    hex: Hex
    colour: CityColour
    cubes: int
    entry: frozenset[Direction]
    flags: frozenset[str] = frozenset()

    @property
    def label(self) -> str:
        return self.hex.label


@dataclass(frozen=True)
class MajorLine:
    a: str
    b: str
    points: int
    requires: str | None
    source: Source


@dataclass(frozen=True)
class SpecialHex:
    """An off-board or special place on the map (e.g. a Western Link hex beside its city)."""

    kind: str
    hex: Hex
    city: str | None
    source: Source


@dataclass(frozen=True)
class Table:
    """A per-map table (``ecm_to_end``, ``engine_costs``...) with where its values come from."""

    values: dict[str, Any]
    source: Source


@dataclass(frozen=True)
class MapDef:
    id: str
    name: str
    min_players: int
    max_players: int
    rows: int
    cols: int
    terrain: dict[Hex, Terrain]
    ridges: frozenset[frozenset[Hex]]
    impassable: frozenset[frozenset[Hex]]
    cities: dict[str, City]
    major_lines: tuple[MajorLine, ...]
    specials: tuple[SpecialHex, ...]
    tables: dict[str, Table]
    rules: frozenset[str]
    """Map-specific rules switched on for this map (``western_link``...)."""
    sources: dict[str, Source] = field(default_factory=dict)
    """Where each part came from, for ``/game info``."""

    def city_at(self, h: Hex) -> City | None:
        return self._city_by_hex.get(h)

    @property
    def _city_by_hex(self) -> dict[Hex, City]:
        cache: dict[Hex, City] | None = self.__dict__.get("_cbh")
        if cache is None:
            cache = {c.hex: c for c in self.cities.values()}
            object.__setattr__(self, "_cbh", cache)
        return cache

    def playable(self, h: Hex) -> bool:
        return h in self.terrain

    def table(self, name: str) -> dict[str, Any]:
        try:
            return self.tables[name].values
        except KeyError:
            raise MapError(f"map {self.id} has no table '{name}'") from None

    def house_parts(self) -> list[str]:
        return sorted(k for k, v in self.sources.items() if v == "house")


def _hex(text: object, where: str) -> Hex:
    if not isinstance(text, str):
        raise MapError(f"{where}: a hex must be a label like 'F12', not {text!r}")
    try:
        return from_offset(*parse_label(text))
    except ValueError as exc:
        raise MapError(f"{where}: {exc}") from None


def _source(obj: dict[str, Any], where: str) -> Source:
    src = obj.get("source")
    if src not in SOURCES:
        raise MapError(f"{where}: 'source' must be one of {', '.join(SOURCES)}, not {src!r}")
    return cast(Source, src)


def _edge(pair: object, where: str) -> frozenset[Hex]:
    if not (isinstance(pair, list) and len(pair) == 2):
        raise MapError(f"{where}: an edge is a pair of hex labels")
    a, b = _hex(pair[0], where), _hex(pair[1], where)
    if a.distance(b) != 1:
        raise MapError(f"{where}: {a.label} and {b.label} are not neighbours")
    return frozenset((a, b))


def parse_map(data: dict[str, Any]) -> MapDef:
    """Build a MapDef from decoded JSON, raising MapError with a precise message on any fault."""
    try:
        map_id = str(data["id"])
        rows, cols = int(data["grid"]["rows"]), int(data["grid"]["cols"])
        players = data["players"]
        min_players, max_players = int(players["min"]), int(players["max"])
    except (KeyError, TypeError, ValueError) as exc:
        raise MapError(f"map header incomplete: {exc}") from None
    if not 1 <= min_players <= max_players:
        raise MapError(f"players: min {min_players} and max {max_players} do not make a range")
    sources: dict[str, Source] = {}

    terrain: dict[Hex, Terrain] = {}
    tblock = data.get("terrain", {})
    sources["terrain"] = _source(tblock, "terrain")
    for lab, kind in tblock.get("hexes", {}).items():
        h = _hex(lab, "terrain")
        if kind not in TERRAINS:
            raise MapError(f"terrain {lab}: unknown terrain {kind!r}")
        if not (0 <= h.row < rows and 0 <= h.col < cols):
            raise MapError(f"terrain {lab}: outside the {rows}x{cols} grid")
        terrain[h] = cast(Terrain, kind)

    def edges(block_name: str) -> frozenset[frozenset[Hex]]:
        block = data.get(block_name)
        if block is None:
            return frozenset()
        sources[block_name] = _source(block, block_name)
        return frozenset(_edge(p, block_name) for p in block.get("edges", []))

    ridges = edges("ridges")
    impassable = edges("impassable")

    cities: dict[str, City] = {}
    cblock = data.get("cities", {})
    sources["cities"] = _source(cblock, "cities")
    for raw in cblock.get("list", []):
        where = f"city {raw.get('name', '?')}"
        h = _hex(raw.get("hex"), where)
        colour = raw.get("colour")
        if colour not in CITY_COLOURS:
            raise MapError(f"{where}: colour must be one of {', '.join(CITY_COLOURS)}")
        entry = raw.get("entry", [])
        bad = [d for d in entry if d not in DIRECTIONS]
        if bad or not entry:
            raise MapError(f"{where}: entry sides must be a non-empty list of NE/E/SE/SW/W/NW")
        if terrain.get(h) != "city":
            raise MapError(f"{where}: hex {h.label} is not marked 'city' in the terrain")
        if not isinstance(raw.get("name"), str) or not raw["name"]:
            raise MapError(f"{where}: a city needs a name")
        if raw["name"] in cities:
            raise MapError(f"{where}: listed twice")
        cubes = raw.get("cubes")
        if not isinstance(cubes, int) or isinstance(cubes, bool) or cubes < 0:
            raise MapError(f"{where}: 'cubes' must be a whole number of cubes, not {cubes!r}")
        cities[raw["name"]] = City(
            name=raw["name"], hex=h, colour=cast(CityColour, colour), cubes=cubes,
            entry=frozenset(cast(list[Direction], entry)), flags=frozenset(raw.get("flags", [])),
        )
    stray = [h.label for h, t in terrain.items() if t == "city" and h not in
             {c.hex for c in cities.values()}]
    if stray:
        raise MapError(f"terrain marks {', '.join(sorted(stray))} as city but no city is there")

    lines: list[MajorLine] = []
    for raw in data.get("major_lines", []):
        where = f"major line {raw.get('a')}-{raw.get('b')}"
        for end in (raw.get("a"), raw.get("b")):
            if end not in cities:
                raise MapError(f"{where}: no city called {end!r}")
        points = raw.get("points")
        if not isinstance(points, int) or isinstance(points, bool) or points <= 0:
            raise MapError(f"{where}: 'points' must be a positive whole number, not {points!r}")
        lines.append(MajorLine(raw["a"], raw["b"], points, raw.get("requires"),
                               _source(raw, where)))
    if lines:
        sources["major_lines"] = "house" if any(m.source == "house" for m in lines) else \
            lines[0].source

    specials: list[SpecialHex] = []
    for raw in data.get("specials", []):
        where = f"special {raw.get('kind')}"
        city = raw.get("city")
        if city is not None and city not in cities:
            raise MapError(f"{where}: no city called {city!r}")
        specials.append(SpecialHex(str(raw["kind"]), _hex(raw.get("hex"), where), city,
                                   _source(raw, where)))

    tables: dict[str, Table] = {}
    for name, raw in data.get("tables", {}).items():
        src = _source(raw, f"table {name}")
        tables[name] = Table({k: v for k, v in raw.items() if k != "source"}, src)
        sources[f"table:{name}"] = src

    return MapDef(
        id=map_id, name=str(data.get("name", map_id)),
        min_players=min_players, max_players=max_players,
        rows=rows, cols=cols, terrain=terrain, ridges=ridges, impassable=impassable,
        cities=cities, major_lines=tuple(lines), specials=tuple(specials), tables=tables,
        rules=frozenset(data.get("rules", [])), sources=sources,
    )


def hex_label(h: Hex) -> str:
    return label(h.row, h.col)
