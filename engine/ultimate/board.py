"""The static rules data of one game, read once from the data file: routes, spaces, components."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.ultimate.data import LEVELS
from engine.ultimate.module_data import fewer_rounds, parts, printed


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
    coal_only: bool = False
    """Paid with coal as an extra action (the Coal module's boilerman space), never placed on."""


INDUSTRY_OF = {"russian": "base", "german": "base", "american": "american", "asian": "board"}
"""Each player board's own industry track: the base track, the American dual track or the
Asian industry board."""
INDUSTRY_BOARDS = {"base": "russian", "american": "american", "board": "asian"}
"""Which box's data holds each industry track."""


class Board:
    """Lookups over the data for one player board kind (the Russian boards in the core game)."""

    def __init__(self, data: dict[str, Any], board: str = "russian", industry: str | None = None,
                 asian_locos: str | None = None) -> None:
        self.data = data
        b = data["boards"][board]
        self.board_id = board
        self.board_name = str(b["name"])
        # The industry track may come from another box than the player board (the rulebook's
        # combinations); the default is the board's own.
        self.industry_id = industry or INDUSTRY_OF[board]
        self.mixed = self.industry_id != INDUSTRY_OF[board]
        source = data["boards"][INDUSTRY_BOARDS[self.industry_id]]
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
        ind = source["industry"]
        # A shared industry board (Asian Railroads) lists points per space and its factory
        # spaces per player count; a player's own track lists points with factory gaps.
        self.shared_industry: dict[str, Any] | None = ind if "points" in ind else None
        self.industry: tuple[int | str, ...] = tuple(ind["points"] if "points" in ind
                                                     else ind["track"])
        self.industry_idea_at = int(ind.get("idea_at", ind.get("idea_or_key_at", 0)))
        self.industry_key_at = int(ind.get("key_at", 0))
        self.gaps: tuple[int, ...] = tuple(i for i, v in enumerate(self.industry) if v == "gap")
        # the American dual track: an upper industry track beside the lower one
        self.upper: tuple[int, ...] = tuple(ind.get("upper", ()))
        self.maintenance_cars: dict[str, Any] = dict(source.get("maintenance_cars", {}))
        self.spaces_all = tuple(
            Space(s["id"], s["name"], s["workers"], s.get("coins", 0), tuple(s["effects"]),
                  bool(s.get("reusable")), int(s.get("turn_order", 0)),
                  bool(s.get("last_round")))
            for s in data["spaces"]["list"])
        self._space_players = {s["id"]: tuple(s["players"]) for s in data["spaces"]["list"]}
        # The modules' printed components, as their plug-ins added them to the data.
        coal, special = parts("coal", data), parts("special_ideas", data)
        self._coal = coal
        # Spaces a module adds to the main board, by module.
        train = parts("manufactory_train", data)["space"]
        self.module_spaces: dict[str, tuple[Space, ...]] = {
            "manufactory_train": (Space(train["id"], train["name"], train["workers"], 0,
                                        tuple(train["effects"])),),
            "coal": tuple(Space(s["id"], s["name"], s["workers"], s["coins"],
                                tuple(s["effects"]), coal_only=bool(s.get("coal_only")))
                          for s in coal["spaces"])}
        # By key: a base engineer's number, a module's engineer 100 or 200 + its number.
        self.engineers = {int(e.get("key", e["number"])): e for e in
                          [*data["engineers"]["list"], *parts("additional_engineers", data)["list"],
                           coal["engineer"]]}
        self.factories: dict[str, dict[str, Any]] = dict(data["factories"]["by_tile"])
        # The alternative #2 locomotives, with their own factory action: always with the
        # industry board, by choice with the Asian player board on another track.
        asian = data["boards"]["asian"]
        self.alt_locos = self.shared_industry is not None or (
            "loco2" in b and asian_locos != "base")
        if self.alt_locos:
            self.factories["2"] = asian["loco2"]
        self.factories[special["factory_tile"]] = {"effects": [{"k": "special_factory"}],
                                                   "text": "2 idea tokens, the first time"}
        self.factories[coal["factory"]["tile"]] = {"effects": [{"k": "coal_factory"}],
                                                   "text": coal["factory"]["text"]}
        tokens = [t for t in [*data["idea_tokens"]["list"], *b.get("idea_tokens", ())]
                  if board in t.get("boards", (board,))]
        self.idea_tokens = tuple(t["id"] for t in tokens)
        # the modules' own idea tokens are named too
        self.token_texts = {str(t["id"]): str(t["text"])
                            for t in [*tokens, special["token"], coal["token"]]}
        # the purple cars card belongs to the industry board, not to the Asian player board
        board_cards = asian["idea_cards"] if self.shared_industry is not None else []
        self.idea_cards = {c["id"]: c for c in data["idea_cards"]["list"]
                           if board in c.get("boards", (board,))}
        self.idea_cards.update({c["id"]: c for c in board_cards})
        self.base_idea_cards = tuple(self.idea_cards)
        self.idea_cards[coal["idea_card"]["id"]] = coal["idea_card"]
        self.end_bonus = {c["id"]: c for c in data["end_bonus"]["list"]}
        self.start_bonus = {c["id"]: c for c in data["start_bonus"]["list"]}
        self.base_start_bonus = tuple(self.start_bonus)
        self.start_bonus[coal["start_card"]["id"]] = coal["start_card"]
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

    def spaces(self, players: int, modules: list[str] | tuple[str, ...] = ()) -> tuple[Space, ...]:
        """The main board spaces of the side for this player count, with those the chosen
        modules add."""
        side = self.side(players)
        extra = tuple(s for m in modules for s in self.module_spaces.get(m, ()))
        return tuple(s for s in self.spaces_all if side in self._space_players[s.id]) + extra

    def space(self, space_id: str) -> Space:
        every = self.spaces_all + tuple(s for group in self.module_spaces.values() for s in group)
        return next(s for s in every if s.id == space_id)

    def rounds(self, players: int, modules: list[str] | tuple[str, ...] = ()) -> int:
        base = int(self.data["rounds"]["by_players"][str(self.side(players))])
        return base - fewer_rounds(list(modules))

    def industry_points(self, pos: int) -> int:
        """What a wrench on ``pos`` scores: the space's points, or the previous space's on a
        factory (a filled gap)."""
        while pos > 0 and self.industry[pos] == "gap":
            pos -= 1
        value = self.industry[pos]
        return value if isinstance(value, int) else 0

    def start_cards(self, modules: list[str] | tuple[str, ...]) -> list[str]:
        """The starting bonus cards of a game: the Coal module adds its own."""
        extra = [self._coal["start_card"]["id"]] if "coal" in modules else []
        return [*self.base_start_bonus, *extra]

    def idea_cards_in(self, modules: list[str] | tuple[str, ...]) -> list[str]:
        extra = [self._coal["idea_card"]["id"]] if "coal" in modules else []
        return [*self.base_idea_cards, *extra]

    def factory(self, tile: str) -> dict[str, Any]:
        """A factory's data (a boilerman on it, ``+``, does not change which factory it is)."""
        return self.factories[tile.rstrip("+")]
    def on_upper(self, p: dict[str, Any], wrench: int) -> bool:
        """Whether a wrench stands on the upper American track: the second one, or a third one
        its owner put there (``p["upper"]`` lists them)."""
        return bool(self.upper) and wrench in p.get("upper", (1,))

    def wrench_points(self, p: dict[str, Any], wrench: int) -> int:
        """What one wrench scores: the upper American track has its own numbers."""
        pos = int(p["wrenches"][wrench])
        if self.on_upper(p, wrench):
            return self.upper[pos]
        return self.industry_points(pos)

    def engineer_text(self, number: int) -> str:
        return str(self.engineers[number]["text"])

    @staticmethod
    def engineer_number(key: int) -> int:
        """The number printed on an engineer (an additional one shares it with a base one)."""
        return printed(key)


def _branches(route: dict[str, Any]) -> list[dict[str, Any]]:
    """A route's fork branches, or its route upgrade (a branch laid over the whole route)."""
    return [*route.get("branches", ()), *([route["upgrade"]] if "upgrade" in route else [])]


def tile_value(tile: str) -> int:
    """The number on a locomotive tile ("10a" -> 10, "9s" -> 9, "4w" an American steelworks), 1
    more with a boilerman on it ("3+" -> 4); the special and coal factories have none (0)."""
    base = tile.rstrip("+")
    if base in (parts("special_ideas")["factory_tile"], parts("coal")["factory"]["tile"]):
        return 0
    return int(base.rstrip("absw")) + len(tile) - len(base)


def boiled(tile: str) -> bool:
    """Whether a boilerman is on the locomotive or factory."""
    return tile.endswith("+")


def factory_name(tile: str) -> str:
    """A factory in players' words: "#5 factory", "special factory", "steelworks"."""
    base = tile.rstrip("+")
    with_boiler = " with its boilerman" if boiled(tile) else ""
    if base == parts("special_ideas")["factory_tile"]:
        return "special factory"
    if base == parts("coal")["factory"]["tile"]:
        return "coal factory" + with_boiler
    if base.endswith("w"):
        return "steelworks" + with_boiler
    return f"#{tile_value(base)} factory{with_boiler}"
