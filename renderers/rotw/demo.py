"""Sample public views built from a map: an opening position and a crowded late game.

They follow the shape of the rules engine's public view and are used by previews, tests and the
render benchmark. Everything is derived deterministically from the map itself, so any map works.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from engine.core.hexgrid import DIRECTIONS, Direction, Hex, opposite, side_gap
from engine.rotw.mapdef import CUBE_COLOURS, City, MapDef

SEAT_COLOURS = ("red", "blue", "green", "yellow", "purple", "black")
NAMES = ("Ada", "Bruno", "Chen", "Dara", "Emil", "Fatima")

Tile = dict[str, Any]


def _players(n: int, late: bool) -> list[dict[str, Any]]:
    players = []
    for seat in range(n):
        score = (23, 41, 9, 18, 57, 30)[seat] if late else 0
        players.append({
            "seat": seat,
            "name": NAMES[seat],
            "colour": SEAT_COLOURS[seat],
            "money": (12000, 3000, 27000, 0, 8000, 15000)[seat] if late else 10000,
            "bonds": (4, 7, 2, 9, 5, 3)[seat] if late else 1,
            "engine": (5, 6, 4, 7, 5, 3)[seat] if late else 1,
            "score": score,
            "income": (12000, 22000, 6000, 9000, 25000, 18000)[seat] if late else 0,
            "links": 0,
            "cards": (["Hotel NY", "Bounty"], [], ["Eng. 4"], ["Gov. Grant", "Hotel", "Bounty"],
                      [], ["Bounty"])[seat] if late else [],
            "wraps": 1 if late and seat == 3 else 0,
        })
    return players


def _cities(board: MapDef) -> list[dict[str, Any]]:
    out = []
    for i, c in enumerate(sorted(board.cities.values(), key=lambda c: c.hex)):
        cubes = [CUBE_COLOURS[(i + k) % len(CUBE_COLOURS)] for k in range(c.cubes)]
        out.append({"name": c.name, "hex": c.label, "colour": c.colour, "printed_colour": c.colour,
                    "urbanized": False, "cubes": cubes, "ecm": False})
    return out


def _view(board: MapDef, players: list[dict[str, Any]]) -> dict[str, Any]:
    seats = [p["seat"] for p in players]
    return {
        "title": "rotw",
        "map": board.id,
        "phase": "baron",
        "turn": 0,
        "round": None,
        "current_seat": seats[0],
        "to_act": seats,
        "first_player": seats[0],
        "turn_order": seats,
        "auction": None,
        "players": players,
        "cities": _cities(board),
        "links": [],
        "western_links": [],
        "operations_display": [],
        "major_lines": [{"a": m.a, "b": m.b, "points": m.points, "claimed_by": None}
                        for m in board.major_lines],
        "ecm": {"placed": 0, "needed": 12, "end_triggered": False},
        "bag": {"count": 40},
        "rotors": {},
        "fuel_depots": {},
        "trading_depots": [],
        "final": None,
    }


def opening_view(board: MapDef, players: int = 4) -> dict[str, Any]:
    """The public view right after setup: cities full, no track."""
    return _view(board, _players(players, late=False))


class _Track:
    """Tiles laid so far, per hex, to route new links around or across them."""

    def __init__(self, board: MapDef) -> None:
        self.board = board
        self.tiles: dict[Hex, list[frozenset[Direction]]] = {}

    def can_lay(self, h: Hex, a: Direction, b: Direction) -> bool:
        here = self.tiles.get(h, [])
        if not here:
            return True
        return len(here) == 1 and not (here[0] & {a, b}) and side_gap(a, b) == 3 \
            and side_gap(*sorted(here[0])) == 3

    def route(self, start: City, goal: City | None, limit: int) -> list[tuple[Hex, Direction,
                                                                              Direction]] | None:
        """Shortest legal path of (hex, in side, out side) from ``start`` to ``goal``."""
        board = self.board
        blocked = board.impassable
        queue: deque[tuple[Hex, Direction, tuple[tuple[Hex, Direction, Direction], ...]]] = deque()
        for d in sorted(start.entry, key=DIRECTIONS.index):
            n = start.hex.neighbour(d)
            if board.playable(n) and board.city_at(n) is None and \
                    frozenset((start.hex, n)) not in blocked:
                queue.append((n, opposite(d), ()))
        seen: set[tuple[Hex, Direction]] = set()
        while queue:
            h, side_in, path = queue.popleft()
            if (h, side_in) in seen or len(path) >= limit:
                continue
            seen.add((h, side_in))
            used = {p[0] for p in path}
            for out in DIRECTIONS:
                if side_gap(side_in, out) < 2 or not self.can_lay(h, side_in, out):
                    continue
                nxt = h.neighbour(out)
                if frozenset((h, nxt)) in blocked or not board.playable(nxt) or nxt in used:
                    continue
                step = (*path, (h, side_in, out))
                city = board.city_at(nxt)
                if city is not None:
                    if city is goal and opposite(out) in city.entry:
                        return list(step)
                    continue
                if goal is None and len(step) >= limit - 1:
                    return list(step)
                queue.append((nxt, opposite(out), step))
        return None

    def lay(self, path: list[tuple[Hex, Direction, Direction]]) -> list[Tile]:
        tiles = []
        for h, a, b in path:
            crossing = bool(self.tiles.get(h))
            self.tiles.setdefault(h, []).append(frozenset((a, b)))
            tiles.append({"hex": h.label, "sides": [a, b], "crossing": crossing})
        return tiles


def late_game_view(board: MapDef, players: int = 6, links: int = 70) -> dict[str, Any]:
    """A crowded late-game view: many links of every owner, crossings, unfinished links,
    claimed major lines, emptied and urbanized cities, Western Links."""
    view = _view(board, _players(players, late=True))
    track = _Track(board)
    cities = sorted(board.cities.values(), key=lambda c: c.hex)
    pairs = sorted(
        ((a.hex.distance(b.hex), a.name, b.name) for i, a in enumerate(cities)
         for b in cities[i + 1:] if 2 <= a.hex.distance(b.hex) <= 7),
    )
    made: list[dict[str, Any]] = []
    for k, (_, an, bn) in enumerate(pairs):
        if len(made) >= links:
            break
        a, b = board.cities[an], board.cities[bn]
        owner = len(made) % players
        unfinished = len(made) % 9 == 4
        path = track.route(a, None if unfinished else b, 4 if unfinished else 9)
        if not path:
            continue
        tiles = track.lay(path)
        made.append({
            "id": f"L{k}", "owner": owner, "cities": [an, None if unfinished else bn],
            "hexes": [a.label] + [t["hex"] for t in tiles] + ([] if unfinished else [b.label]),
            "tiles": tiles, "complete": not unfinished,
        })
    view["links"] = made
    for p in view["players"]:
        p["links"] = sum(1 for m in made if m["owner"] == p["seat"] and m["complete"])

    grays = [c for c in view["cities"] if c["printed_colour"] == "gray"]
    for i, c in enumerate(view["cities"]):
        if i % 4 == 1:
            c["cubes"] = c["cubes"][:1]
        elif i % 4 == 2 and c["printed_colour"] != "gray":
            c["cubes"] = []
            c["ecm"] = True
    for c, colour in zip(grays[2:5], ("blue", "yellow", "red"), strict=False):
        c["colour"] = colour
        c["urbanized"] = True
        c["cubes"] = ["purple", "black"]
    for c in view["cities"]:
        if len(c["cubes"]) == 5:
            c["cubes"] = ["red", "yellow", "blue", "black", "purple"]
    view["western_links"] = [
        {"city": s.city, "owner": 4 % players, "hex": s.hex.label}
        for s in board.specials[:1] if s.kind == "western_link"
    ]
    for i, m in enumerate(view["major_lines"][:2]):
        m["claimed_by"] = (i * 3 + 1) % players
    ecm_placed = sum(1 for c in view["cities"] if c["ecm"])
    view.update({
        "phase": "actions", "turn": 31, "round": 2, "current_seat": 3 % players,
        "to_act": [3 % players], "first_player": 1 % players,
        "turn_order": [(s + 1) % players for s in range(players)],
        "ecm": {"placed": ecm_placed, "needed": 12, "end_triggered": ecm_placed >= 12},
        "bag": {"count": 17},
        "operations_display": [
            {"id": f"op{i}", "name": name, "short": short, "kind": kind, "text": ""}
            for i, (name, short, kind) in enumerate([
                ("Hotel (Chicago)", "Hotel Chicago", "hotel"),
                ("Service Bounty (Duluth)", "Bounty Duluth", "bounty"),
                ("Engine Upgrade", "Free engine", "engine"),
                ("Government Land Grant", "Land grant", "grant"),
                ("Urban Growth", "Urban growth", "growth"),
                ("Perfect Engineering", "Perf. engineering", "engineering"),
            ])
        ],
    })
    _expansions(board, view, players)
    return view


def _expansions(board: MapDef, view: dict[str, Any], players: int) -> None:
    """City Rotors turned a step or two, Fuel Depots on cities and in supplies and a held cube,
    on a map played with those rules."""
    if "city_rotors" in board.rules and "city_rotors" in board.tables:
        pairs = board.tables["city_rotors"].values.get("cities", {})
        turned = ("second", "base", "third")
        for i, (cname, pair) in enumerate(sorted(pairs.items())):
            if cname not in board.cities or not isinstance(pair, list) or len(pair) < 2:
                continue
            base = str(pair[0])
            step = turned[i % len(turned)]
            shown = base if step == "base" else str(pair[1])
            if step == "third":
                wheel = [c for c in ("red", "yellow", "blue", "purple", "black")
                         if c not in (base, shown)]
                shown = wheel[0]
            view["rotors"][cname] = {"base": base, "shown": shown}
    if "fuel_depots" in board.rules:
        owned: dict[int, list[str]] = {}
        for link in view["links"]:
            if link["complete"]:
                owned.setdefault(link["owner"], []).extend(c for c in link["cities"] if c)
        taken: set[str] = set()
        for p in view["players"]:
            seat = p["seat"]
            spots = [c for c in dict.fromkeys(owned.get(seat, [])) if c not in taken]
            placed = 0
            for city, count in zip(spots, (2, 1), strict=False):
                view["fuel_depots"][city] = {str(seat): count}
                taken.add(city)
                placed += count
            p["depots"] = 4 - placed
            p["held_cube"] = None
        if spots := [c for c, d in view["fuel_depots"].items() if "1" in d]:
            view["players"][1 % players]["held_cube"] = {"colour": "purple", "city": spots[0]}


def final_view(board: MapDef, players: int = 6) -> dict[str, Any]:
    """The late game, finished, with final scores."""
    view = late_game_view(board, players)
    scores = [{"seat": p["seat"], "score": p["score"] + 100 * p["wraps"] + 7 * p["seat"],
               "baron_points": 7 * p["seat"], "bond_penalty": p["bonds"]}
              for p in view["players"]]
    scores.sort(key=lambda s: -s["score"])
    view.update({"phase": "finished", "to_act": [], "current_seat": None,
                 "final": {"scores": scores, "winner": scores[0]["seat"]}})
    return view
