"""Derived, read-only lookups over one map (costs, tables) shared by every rule module."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.hexgrid import Direction, Hex, hex_from_label, parse_label
from engine.rotw.mapdef import City, MapDef

# Rulebook values, used when a map file leaves a table out (R10, R14 and the Eastern U.S. page).
DEFAULT_TERRAIN_COSTS = {"open": 2000, "water": 3000, "mountain": 4000, "ridge": 4000}
DEFAULT_ENGINE_COSTS = {2: 5000, 3: 10000, 4: 10000, 5: 15000, 6: 15000, 7: 20000, 8: 20000}
DEFAULT_ECM_TO_END = {2: 10, 3: 12, 4: 14, 5: 16, 6: 18}
DEFAULT_NEW_CITY_TILES = {"yellow": 6, "blue": 6, "black": 6, "purple": 6}
"""House split of the 24 New City tiles: no red ones exist, so six of each other colour."""

ROTOR_WHEEL = ("red", "yellow", "blue", "purple", "black")
"""House order of the Color Wheel (its chart is lost from the text)."""


def rotor_turns(base: str, pair: Sequence[str] | None,
                wheel: Sequence[str] = ROTOR_WHEEL) -> tuple[str, ...]:
    """The colours a City Rotor shows in turn, its city's own colour first. A rotor the map's
    ``city_rotors`` table gives a second colour shows it next, then the rest of the wheel from
    red (house); any other rotor turns round the wheel from its city's colour, as a rotor set
    to show its own colour does (Western U.S. page)."""
    if pair:
        return tuple(dict.fromkeys([*map(str, pair), *map(str, wheel)]))
    order = [str(c) for c in wheel]
    at = order.index(base) if base in order else 0
    return tuple(dict.fromkeys([base, *order[at:], *order[:at]]))

MAX_ENGINE = 8
MAX_BID = 100_000
"""House limit on a first-player bid: bonds may pay any bid (R12), but past $100,000 (twenty
bonds, twenty points at the end) a bid is a typing slip, not a plan."""
CUBES_PER_COLOUR = 25
BOND_VALUE = 5000
BOND_DIVIDEND = 1000
TRACK_TOP = 100


def _int_keys(table: dict[str, Any], default: dict[int, int]) -> dict[int, int]:
    if not table:
        return dict(default)
    return {int(k): int(v) for k, v in table.items()}


@dataclass
class MapContext:
    mapdef: MapDef
    cards: dict[str, Any]
    label_hex: dict[str, Hex] = field(default_factory=dict)
    city_by_hex: dict[Hex, City] = field(default_factory=dict)
    next_board: MapContext | None = None
    """The board play moves on to (Transcontinental: the Eastern phase board's joined board)."""
    near: dict[tuple[str, int], list[tuple[str, int]]] = field(default_factory=dict)
    """``cities_near``'s answers, kept: the map's cities never move."""
    edges: dict[tuple[Hex, Direction], tuple[Hex, bool, bool]] = field(default_factory=dict)
    """``edge``'s answers, kept: the map's ridges and impassable sides never change."""

    def __post_init__(self) -> None:
        md = self.mapdef
        self.city_by_hex = {c.hex: c for c in md.cities.values()}
        tables = md.tables
        tc = tables["terrain_costs"].values if "terrain_costs" in tables else {}
        self.costs = {k: int(tc.get(k, v)) for k, v in DEFAULT_TERRAIN_COSTS.items()}
        ec = tables["engine_costs"].values.get("by_level", {}) if "engine_costs" in tables else {}
        self.engine_costs = _int_keys(ec, DEFAULT_ENGINE_COSTS)
        ecm = tables["ecm_to_end"].values.get("by_players", {}) if "ecm_to_end" in tables else {}
        self.ecm_to_end = _int_keys(ecm, DEFAULT_ECM_TO_END)
        cr = tables["cube_reduction"].values.get("by_players", {}) \
            if "cube_reduction" in tables else {}
        self.cube_reduction = _int_keys(cr, {2: 1, 3: 1})
        inc = tables["income_track"].values.get("income", []) if "income_track" in tables else []
        # Data may give the track in thousands (as printed) or in dollars.
        scale = 1000 if inc and max(inc) < 1000 else 1
        self.income = [int(v) * scale for v in inc] or [0] * (TRACK_TOP + 1)
        urb = tables["urbanize"].values if "urbanize" in tables else {}
        self.urbanize_cost = int(urb.get("cost", 10000))
        self.urbanize_cubes = int(urb.get("cubes", 2))
        wl = tables["western_link"].values if "western_link" in tables else {}
        self.western_cost = int(wl.get("cost", 30000))
        self.western_red = int(wl.get("red_cubes", 4))
        self.western_redraw = int(wl.get("chicago_redraw", 2))
        nct = tables["new_city_tiles"].values.get("by_colour", {}) \
            if "new_city_tiles" in tables else {}
        self.new_city_tiles = {str(k): int(v) for k, v in nct.items()} or dict(
            DEFAULT_NEW_CITY_TILES)
        self.western_hexes = {s.city: s.hex.label for s in md.specials
                              if s.kind == "western_link" and s.city}
        for c in md.cities.values():
            if "western_link" in c.flags and c.name not in self.western_hexes:
                self.western_hexes[c.name] = c.hex.label

        self._expansion_tables()

    def _expansion_tables(self) -> None:
        md = self.mapdef
        tables = md.tables
        rot = tables["city_rotors"].values.get("cities", {}) if "city_rotors" in tables else {}
        self.rotor_wheel = tuple(str(c) for c in tables["city_rotors"].values.get(
            "wheel", ROTOR_WHEEL)) if "city_rotors" in tables else ROTOR_WHEEL
        self.rotors = {str(c): rotor_turns(str(pair[0]), pair, self.rotor_wheel)
                       for c, pair in rot.items()}
        fd = tables["fuel_depots"].values if "fuel_depots" in tables else {}
        self.depots_per_player = int(fd.get("per_player", 4))
        self.depot_cost = int(fd.get("cost", 5000))
        self.depots_per_build = int(fd.get("max_per_build", 2))
        deck = self.cards.get("event_deck") or {}
        self.events: list[dict[str, Any]] = list(deck.get("events", []))
        """The Event Deck (house cards, R18), shared by every map; empty when not loaded."""
        self.event_blanks = int(deck.get("blanks", 0))
        snow = tables["snow_line"].values if "snow_line" in tables else {}
        self.snow_hexes = frozenset(self.hex(str(x)) for x in snow.get("hexes", []))
        self.snow_cost = int(snow.get("cost", 1000))
        self.ferry_hexes = frozenset(s.hex for s in md.specials if s.kind == "ferry")
        gd = tables["glenn_drover"].values.get("west_of_column", {}) \
            if "glenn_drover" in tables else {}
        bound = {parse_label(f"{row}0")[0]: int(col) for row, col in gd.items()}
        self.glenn_west = frozenset(h for h in md.terrain
                                    if h.row in bound and h.col < bound[h.row])
        """Glenn Drover variant: the hexes west of the mountains (empty: not on this map)."""
        self.glenn_points = int(tables["glenn_drover"].values.get("points", 30)) \
            if "glenn_drover" in tables else 30

    def hex(self, text: str) -> Hex:
        h = self.label_hex.get(text)
        if h is None:
            h = hex_from_label(text)
            self.label_hex[text] = h
        return h

    def city(self, name: str) -> City:
        return self.mapdef.cities[name]

    def cities_near(self, name: str, reach: int) -> list[tuple[str, int]]:
        """The other cities at most ``reach`` hexes from city ``name``, each with its distance,
        in the map's order (players weigh links to them many times a move)."""
        found = self.near.get((name, reach))
        if found is None:
            here = self.city(name).hex
            found = [(c, d) for c, city in self.mapdef.cities.items()
                     if 1 <= (d := here.distance(city.hex)) <= reach]
            self.near[name, reach] = found
        return found

    def tile_cost(self, h: Hex) -> int:
        """The printed cost of a tile in ``h``, snow-line surcharge included (R10)."""
        return self.terrain_cost(h) + (self.snow_cost if h in self.snow_hexes else 0)

    def terrain_cost(self, h: Hex) -> int:
        t = self.mapdef.terrain.get(h)
        if t == "mountain":
            return self.costs["mountain"]
        if t in ("river", "lake"):
            return self.costs["water"]
        return self.costs["open"]

    def edge(self, h: Hex, side: Direction) -> tuple[Hex, bool, bool]:
        """The hex across ``side`` of ``h``, and whether that side is impassable and whether it
        is a ridge (kept: a route search asks this of the same few thousand sides again and
        again)."""
        key = (h, side)
        found = self.edges.get(key)
        if found is None:
            nb = h.neighbour(side)
            found = self.edges[key] = (nb, self.is_blocked(h, nb), self.is_ridge(h, nb))
        return found

    def is_ridge(self, a: Hex, b: Hex) -> bool:
        return frozenset((a, b)) in self.mapdef.ridges

    def is_blocked(self, a: Hex, b: Hex) -> bool:
        return frozenset((a, b)) in self.mapdef.impassable

    def income_at(self, score: int, wraps: int) -> int:
        if wraps > 0:
            return self.income[-1]
        return self.income[max(0, min(score, len(self.income) - 1))]
