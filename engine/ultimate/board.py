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
    sites: int = 0
    upgrade: str = ""
    """The id of the branch an idea token lays over the whole route (Tokyo to Osaka); its
    special spaces replace the printed ones."""

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
                               _specials(x["spaces"])) for x in _branches(r)),
                  int(r.get("sites", 0)), str(r.get("upgrade", {}).get("id", "")))
            for r in b["routes"])
        self.extensions: dict[str, dict[str, Any]] = {
            t["id"]: t for t in b.get("extensions", {}).get("tiles", ())}
        self.income_tiles: dict[str, dict[str, Any]] = {
            t["id"]: t for t in b.get("income_tiles", {}).get("list", ())}
        self.max_wrenches = int(b.get("max_wrenches", 2))
        self.route_by_id = {r.id: r for r in self.routes}
        self.medal_choice = bool(b.get("medal_choice", False))
        self.site_gain: tuple[dict[str, Any], ...] = tuple(b.get("site_gain", {}).get("effects",
                                                                                       ()))
        ind = b["industry"]
        # A shared industry board (Asian Railroads) lists points per space and its factory
        # spaces per player count; a player's own track lists points with factory gaps.
        self.shared_industry: dict[str, Any] | None = ind if "points" in ind else None
        self.industry: tuple[int | str, ...] = tuple(ind["points"] if "points" in ind
                                                     else ind["track"])
        self.industry_idea_at = int(ind.get("idea_at", ind.get("idea_or_key_at", 0)))
        self.industry_key_at = int(ind.get("key_at", 0))
        self.gaps: tuple[int, ...] = tuple(i for i, v in enumerate(self.industry) if v == "gap")
        # American Railroads: an upper industry track beside the lower one, and the boulders
        self.upper: tuple[int, ...] = tuple(ind.get("upper", ()))
        self.boulders: dict[str, Any] = dict(b.get("boulders", {}))
        self.stocks: dict[str, Any] = dict(b.get("stocks", {}))
        self.dividends: dict[str, dict[str, Any]] = {
            t["id"]: t for t in self.stocks.get("tokens", {}).get("list", ())}
        self.steelworks: dict[str, Any] = dict(b.get("steelworks", {}))
        self.spike: dict[str, Any] = dict(b.get("golden_spike", {}))
        self.spaces_all = tuple(
            Space(s["id"], s["name"], s["workers"], s.get("coins", 0), tuple(s["effects"]),
                  bool(s.get("reusable")), int(s.get("turn_order", 0)),
                  bool(s.get("last_round")))
            for s in data["spaces"]["list"])
        self._space_players = {s["id"]: tuple(s["players"]) for s in data["spaces"]["list"]}
        self.engineers = {e["number"]: e for e in data["engineers"]["list"]}
        self.factories: dict[str, dict[str, Any]] = dict(data["factories"]["by_tile"])
        if "loco2" in b:  # the board's own #2 locomotives, with their own factory action
            self.factories["2"] = b["loco2"]
        tokens = [t for t in [*data["idea_tokens"]["list"], *b.get("idea_tokens", ())]
                  if board in t.get("boards", (board,))]
        self.idea_tokens = tuple(t["id"] for t in tokens)
        self.token_texts = {str(t["id"]): str(t["text"]) for t in tokens}
        self.idea_cards = {c["id"]: c for c in [*data["idea_cards"]["list"],
                                                *b.get("idea_cards", ())]
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
        branch's and those of the laid route extensions (a laid route upgrade hides the printed
        ones)."""
        b = route.branch(rstate)
        if b and b.id == route.upgrade:
            return b.specials
        printed = route.specials + (b.specials if b else ())
        return printed + self.extension_specials(route, rstate)

    def loco_places(self, route: Route, p: dict[str, Any]) -> int:
        """How many locomotives a player's route takes now (construction site tokens still
        block some of the printed places)."""
        return route.loco_slots - int(p.get("sites", {}).get(route.id, 0))

    def factory_spaces(self, players: int) -> tuple[int, ...]:
        """The shared industry board's factory spaces on the side for this player count."""
        if self.shared_industry is None:
            return ()
        return tuple(self.shared_industry["sides"][str(self.side(players))])

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

    def wrench_points(self, wrench: int, pos: int) -> int:
        """What one wrench scores: the upper American track has its own numbers."""
        if wrench == 1 and self.upper:
            return self.upper[pos]
        return self.industry_points(pos)

    def engineer_text(self, number: int) -> str:
        return str(self.engineers[number]["text"])


def _branches(route: dict[str, Any]) -> list[dict[str, Any]]:
    """A route's fork branches, or its route upgrade (a branch laid over the whole route)."""
    return [*route.get("branches", ()), *([route["upgrade"]] if "upgrade" in route else [])]


def tile_value(tile: str) -> int:
    """The number on a locomotive tile ("10a" -> 10, "9s" -> 9)."""
    return int(tile.rstrip("absw"))  # "w": an American steelworks
