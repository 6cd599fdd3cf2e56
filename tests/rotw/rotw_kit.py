"""A small hand-made Eastern-U.S.-like map and a driver shared by the rotw tests."""

from __future__ import annotations

from typing import Any

from engine.core.replay import new_game, step
from engine.core.types import Action, Config, State
from engine.rotw.carddata import eastern_us_cards
from engine.rotw.mapdef import MapDef, parse_map
from engine.rotw.title import RotwTitle

ROWS, COLS = 11, 13
CITIES = [
    # name, hex, colour, cubes, entry, flags
    ("Chicago", "C2", "red", 3, ["NE", "E", "SE", "SW", "W", "NW"], []),
    ("Cleveland", "C5", "gray", 1, ["E", "SE", "SW"], []),
    ("Pittsburgh", "C8", "blue", 2, ["NE", "E", "SE", "SW", "W", "NW"], []),
    ("New York", "C11", "red", 3, ["SW", "W", "NW"], []),
    ("Kansas City", "G1", "gray", 1, ["NE", "E", "SE", "SW", "W", "NW"], ["western_link"]),
    ("St. Louis", "G4", "blue", 2, ["NE", "E", "SE", "SW", "W", "NW"], []),
    ("Cincinnati", "G7", "yellow", 2, ["NE", "E", "SE", "SW", "W", "NW"], []),
    ("Baltimore", "G10", "yellow", 2, ["NE", "E", "SE", "SW", "W", "NW"], []),
    ("Des Moines", "J2", "gray", 1, ["NE", "E", "SE", "SW", "W", "NW"], ["western_link"]),
    ("Mobile", "J6", "black", 2, ["NE", "E", "SE", "SW", "W", "NW"], []),
    ("Atlanta", "J9", "purple", 2, ["NE", "E", "SE", "SW", "W", "NW"], []),
]
SPECIAL_TERRAIN = {"E6": "mountain", "E9": "river", "H6": "lake"}
RIDGES = [["D3", "E3"]]
INCOME = [0] + [min(25, 2 + s) if s <= 50 else max(9, 25 - (s - 50) // 3) for s in range(1, 101)]


def small_map_data(**tables: Any) -> dict[str, Any]:
    terrain: dict[str, str] = {}
    for r in range(ROWS):
        for c in range(COLS):
            terrain[f"{chr(65 + r)}{c}"] = "open"
    terrain.update(SPECIAL_TERRAIN)
    for city in CITIES:
        terrain[city[1]] = "city"
    data: dict[str, Any] = {
        "id": "mini", "name": "Mini East", "title": "rotw",
        "players": {"min": 2, "max": 6, "source": "house"},
        "grid": {"rows": ROWS, "cols": COLS, "source": "house"},
        "rules": ["western_link"],
        "terrain": {"source": "house", "hexes": terrain},
        "ridges": {"source": "house", "edges": RIDGES},
        "cities": {"source": "house", "list": [
            {"name": n, "hex": h, "colour": col, "cubes": k, "entry": e, "flags": f}
            for n, h, col, k, e, f in CITIES]},
        "specials": [{"kind": "western_link", "hex": "G0", "city": "Kansas City",
                      "source": "house"},
                     {"kind": "western_link", "hex": "J0", "city": "Des Moines",
                      "source": "house"}],
        "major_lines": [
            {"a": "New York", "b": "Kansas City", "points": 20, "requires": "western_link",
             "source": "rulebook"},
            {"a": "Chicago", "b": "Pittsburgh", "points": 6, "requires": None, "source": "house"}],
        "tables": {
            "ecm_to_end": {"source": "house", "by_players": {str(n): 3 + n // 2
                                                             for n in range(2, 7)}},
            "cube_reduction": {"source": "rulebook", "by_players": {"2": 1, "3": 1}},
            "engine_costs": {"source": "house", "by_level": {"2": 5000, "3": 10000, "4": 10000,
                             "5": 15000, "6": 15000, "7": 20000, "8": 20000}},
            "terrain_costs": {"source": "rulebook", "open": 2000, "water": 3000,
                              "mountain": 4000, "ridge": 4000},
            "income_track": {"source": "house", "income": INCOME},
            "urbanize": {"source": "rulebook", "cost": 10000, "cubes": 2},
            "western_link": {"source": "rulebook", "cost": 30000, "red_cubes": 4},
        },
    }
    data["tables"].update(tables)
    return data


MINI: MapDef = parse_map(small_map_data())


def make_title(mapdef: MapDef = MINI) -> RotwTitle:
    return RotwTitle(lambda _mid: mapdef, lambda _mid: eastern_us_cards())


def config(n: int, seed: int = 1, map_id: str = "mini") -> Config:
    names = ["Alice", "Bob", "Cara", "Dan", "Eve", "Finn"]
    colours = ["black", "green", "yellow", "purple", "red", "blue"]
    return {"title": "rotw", "map": map_id, "options": {}, "seed": seed,
            "players": [{"seat": i, "name": names[i], "colour": colours[i]} for i in range(n)],
            "rules_version": RotwTitle.meta.rules_version}


class Kit:
    """Drives a game through the public interface, keeping the action log."""

    def __init__(self, n: int = 2, seed: int = 1, title: RotwTitle | None = None,
                 map_id: str = "mini") -> None:
        self.title = title or make_title()
        self.config = config(n, seed, map_id)
        self.state: State = new_game(self.title, self.config)
        self.log: list[Action] = []
        self.events: list[Any] = []

    def act(self, action: Action) -> list[Any]:
        s = step(self.title, self.state, action)
        self.state = s.state
        self.log.append({**action, "chance": s.chance})
        self.events = s.events
        return s.events

    def skip_barons(self) -> None:
        for p in self.state["players"]:
            self.act({"type": "choose_baron", "seat": p["seat"], "card": p["baron_choices"][0]})

    def all_pass_auction(self) -> None:
        while self.state["phase"] == "auction":
            self.act({"type": "pass", "seat": self.title.to_act(self.state)[0]})

    def to_actions(self) -> None:
        self.skip_barons()
        self.all_pass_auction()

    @property
    def seat(self) -> int:
        return self.title.to_act(self.state)[0]

    def link(self, owner: int, a: str, b: str | None, tiles: list[tuple[str, str, str]]) -> int:
        """Put a link straight into the state (test set-up), returning its id."""
        lid = int(self.state["next_link"])
        self.state["next_link"] += 1
        self.state["links"].append({
            "id": lid, "owner": owner, "cities": [a, b], "complete": b is not None,
            "tiles": [{"hex": h, "sides": [s1, s2], "crossing": False} for h, s1, s2 in tiles]})
        return lid


def walk(start: str, dirs: list[str]) -> list[str]:
    """Hex labels reached by stepping from ``start`` in the given directions."""
    from engine.core.hexgrid import hex_from_label

    h = hex_from_label(start)
    out = []
    for d in dirs:
        h = h.neighbour(d)  # type: ignore[arg-type]
        out.append(h.label)
    return out


def connect(kit: Kit, owner: int, a: str, b: str, path: list[str] | None = None) -> int:
    """Put a complete link a-b for ``owner`` into the state (free), following the build rules."""
    from engine.rotw.track import cheapest_route, plan_build

    ctx = kit.title.context(kit.state["map"])
    if path is None:
        path, _ = cheapest_route(kit.state, ctx, owner, a, b)
    plan = plan_build(kit.state, ctx, owner, {"start": a, "path": path})
    assert plan.end_city == b
    return kit.link(owner, a, b, [(t["hex"], t["sides"][0], t["sides"][1]) for t in plan.tiles])


def set_cubes(kit: Kit, city: str, cubes: list[str]) -> None:
    """Replace a city's cubes, keeping the 125 cubes conserved through the bag."""
    c = kit.state["cities"][city]
    for cube in c["cubes"]:
        kit.state["bag"][cube] += 1
    for cube in cubes:
        kit.state["bag"][cube] -= 1
    c["cubes"] = list(cubes)
    if c["ecm"] and cubes:
        c["ecm"] = False
        kit.state["ecm"]["placed"] -= 1


def actions_kit(n: int = 2, seed: int = 1) -> Kit:
    kit = Kit(n, seed)
    kit.to_actions()
    return kit
