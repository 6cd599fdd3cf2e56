"""The static rules data of one game, read once from the data file: routes, spaces, components."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.ultimate.data import LEVELS


@dataclass(frozen=True)
class Special:
    """A special space on a route: what it gives and whether a locomotive must reach it too."""

    at: int
    kind: str
    loco: bool
    info: dict[str, Any]

    @property
    def key(self) -> str:
        return f"{self.kind}@{self.at}"


def _specials(spaces: list[dict[str, Any]], offset: int = 0) -> tuple[Special, ...]:
    return tuple(Special(s["at"] + offset, s["kind"], bool(s.get("loco", False)), s)
                 for s in spaces)


@dataclass(frozen=True)
class Area:
    """A dashed gap of a route: reaching its station (its first space) with the wood track
    asks for a route extension of its size."""

    at: int
    size: int
    station: str


@dataclass(frozen=True)
class Branch:
    """One way on from a route's fork (Munich to Hamburg or to Berlin)."""

    id: str
    name: str
    length: int
    levels: int
    specials: tuple[Special, ...]


@dataclass(frozen=True)
class Route:
    id: str
    name: str
    length: int
    levels: int
    loco_slots: int
    doubler_spaces: int
    specials: tuple[Special, ...]
    areas: tuple[Area, ...] = ()
    fork_at: int = 0
    branches: tuple[Branch, ...] = ()

    @property
    def colours(self) -> tuple[str, ...]:
        return LEVELS[: self.levels]

    def branch(self, rstate: dict[str, Any]) -> Branch | None:
        chosen = rstate.get("branch")
        return next((b for b in self.branches if b.id == chosen), None)

    def length_for(self, rstate: dict[str, Any]) -> int:
        """The route's last space for one player (the chosen branch's, once chosen)."""
        b = self.branch(rstate)
        return b.length if b else self.length

    def colours_for(self, rstate: dict[str, Any]) -> tuple[str, ...]:
        b = self.branch(rstate)
        return LEVELS[: b.levels] if b else self.colours

    def area(self, space: int) -> Area | None:
        """The dashed area whose station is ``space``."""
        return next((a for a in self.areas if a.at == space), None)

    def in_area(self, space: int) -> Area | None:
        return next((a for a in self.areas if a.at <= space < a.at + a.size), None)


@dataclass(frozen=True)
class Space:
    """An action space: one of the main board's, or an engineer's (``direct`` False for a
    player's own engineer, whose action may be left unfinished)."""

    id: str
    name: str
    workers: int
    coins: int
    effects: tuple[dict[str, Any], ...]
    reusable: bool = False
    turn_order: int = 0
    last_round: bool = False
    direct: bool = True


class Board:
    """Lookups over the data for one player board kind (the Russian boards in the core game)."""

    def __init__(self, data: dict[str, Any], board: str = "russian") -> None:
        self.data = data
        b = data["boards"][board]
        self.board_id = board
        self.board_name = str(b["name"])
        self.routes: tuple[Route, ...] = tuple(
            Route(r["id"], r["name"], r["length"], r["levels"], r["loco_slots"],
                  r["doubler_spaces"], _specials(r["spaces"]),
                  tuple(Area(a["at"], a["size"], a["station"]) for a in r.get("areas", ())),
                  int(r.get("fork_at", 0)),
                  tuple(Branch(x["id"], x["name"], x["length"], x["levels"],
                               _specials(x["spaces"])) for x in r.get("branches", ())))
            for r in b["routes"])
        self.extensions: dict[str, dict[str, Any]] = {
            t["id"]: t for t in b.get("extensions", {}).get("tiles", ())}
        self.income_tiles: dict[str, dict[str, Any]] = {
            t["id"]: t for t in b.get("income_tiles", {}).get("list", ())}
        self.max_wrenches = int(b.get("max_wrenches", 2))
        self.route_by_id = {r.id: r for r in self.routes}
        ind = b["industry"]
        self.industry: tuple[int | str, ...] = tuple(ind["track"])
        self.industry_idea_at = int(ind["idea_at"])
        self.industry_key_at = int(ind["key_at"])
        self.gaps: tuple[int, ...] = tuple(i for i, v in enumerate(self.industry) if v == "gap")
        self.spaces_all = tuple(
            Space(s["id"], s["name"], s["workers"], s.get("coins", 0), tuple(s["effects"]),
                  bool(s.get("reusable")), int(s.get("turn_order", 0)),
                  bool(s.get("last_round")))
            for s in data["spaces"]["list"])
        self._space_players = {s["id"]: tuple(s["players"]) for s in data["spaces"]["list"]}
        self.engineers = {e["number"]: e for e in data["engineers"]["list"]}
        self.factories: dict[str, dict[str, Any]] = data["factories"]["by_tile"]
        self.idea_tokens = tuple(t["id"] for t in data["idea_tokens"]["list"])
        self.idea_cards = {c["id"]: c for c in data["idea_cards"]["list"]
                           if board in c.get("boards", (board,))}
        self.end_bonus = {c["id"]: c for c in data["end_bonus"]["list"]}
        self.start_bonus = {c["id"]: c for c in data["start_bonus"]["list"]}
        self.valuation = tuple(data["valuation"]["front"])
        self.revaluation = tuple(data["valuation"]["revalued"])
        self.special_valuation = tuple(data["valuation"]["special"])
        self.min_players = int(data["players"]["min"])
        self.max_players = int(data["players"]["max"])

    def extension_specials(self, route: Route, rstate: dict[str, Any]) -> tuple[Special, ...]:
        """The special spaces of the route extensions a player has laid on ``route``."""
        out: list[Special] = []
        for at, tile in rstate.get("ext", {}).items():
            out += _specials(self.extensions[tile]["spaces"], int(at) - 1)
        return tuple(out)

    def specials_for(self, route: Route, rstate: dict[str, Any]) -> tuple[Special, ...]:
        """A player's special spaces on a route: the printed ones before a fork, the chosen
        branch's and those of the laid route extensions."""
        b = route.branch(rstate)
        printed = route.specials + (b.specials if b else ())
        return printed + self.extension_specials(route, rstate)

    def side(self, players: int) -> int:
        """The player count the table is laid out for: the solo game uses the 2-player setup."""
        return max(players, int(self.data["solo"]["setup_as"]))

    def spaces(self, players: int) -> tuple[Space, ...]:
        """The main board spaces of the side for this player count."""
        side = self.side(players)
        return tuple(s for s in self.spaces_all if side in self._space_players[s.id])

    def space(self, space_id: str) -> Space:
        return next(s for s in self.spaces_all if s.id == space_id)

    def rounds(self, players: int) -> int:
        return int(self.data["rounds"]["by_players"][str(self.side(players))])

    def industry_points(self, pos: int) -> int:
        """What a wrench on ``pos`` scores: the space's points, or the previous space's on a
        factory (a filled gap)."""
        while pos > 0 and self.industry[pos] == "gap":
            pos -= 1
        value = self.industry[pos]
        return value if isinstance(value, int) else 0

    def engineer_text(self, number: int) -> str:
        return str(self.engineers[number]["text"])


def tile_value(tile: str) -> int:
    """The number on a locomotive tile ("10a" -> 10, "9s" -> 9)."""
    return int(tile.rstrip("abs"))
