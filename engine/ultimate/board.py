"""The static rules data of one game, read once from the data file: routes, spaces, components."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.ultimate.data import LEVELS
from engine.ultimate.module_data import fewer_rounds, printed


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
    besides: str = ""
    """For a space taken besides the turn's action and never placed on: how it is taken."""


INDUSTRY_OF = {"russian": "base", "german": "base", "american": "american", "asian": "board"}
"""Each player board's own industry track: the base track, the American dual track or the
Asian industry board."""
INDUSTRY_BOARDS = {"base": "russian", "american": "american", "board": "asian"}
"""Which box's data holds each industry track."""


@dataclass(frozen=True)
class Parts:
    """What a plug-in adds to every board's lookups, read from its printed components in the
    title's data. Its spaces, starting bonus cards and idea cards are in a game only when its
    module is chosen; its engineers, factories and tokens are looked up whenever they are met."""

    spaces: tuple[Space, ...] = ()
    """Action spaces it adds to the main board."""
    engineers: tuple[dict[str, Any], ...] = ()
    """Engineers shuffled in with the base ones (each with its ``key`` and ``module``)."""
    factories: Mapping[str, dict[str, Any]] = field(default_factory=dict)
    """Factory tiles without a number, by tile: their ``effects``, ``text`` and ``name`` (and
    ``boiled``, their effects with a boilerman on them)."""
    tokens: Mapping[str, str] = field(default_factory=dict)
    """Idea tokens it adds, by id: what each shows."""
    start_cards: tuple[dict[str, Any], ...] = ()
    idea_cards: tuple[dict[str, Any], ...] = ()


NOTHING = Parts()


class Board:
    """Lookups over the data for one player board kind (the Russian boards in the core game),
    with the parts the plug-ins add (``parts``, by module)."""

    def __init__(self, data: dict[str, Any], board: str = "russian", industry: str | None = None,
                 locos: str | None = None, parts: Mapping[str, Parts] | None = None) -> None:
        self.data = data
        b = data["boards"][board]
        self.board_id = board
        self.board_name = str(b["name"])
        self._parts: Mapping[str, Parts] = parts or {}
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
        # A shared industry board lists points per space and its factory spaces per player
        # count; a player's own track lists points with factory gaps.
        self.shared_industry: dict[str, Any] | None = ind if "points" in ind else None
        self.industry: tuple[int | str, ...] = tuple(ind["points"] if "points" in ind
                                                     else ind["track"])
        self.industry_idea_at = int(ind.get("idea_at", ind.get("idea_or_key_at", 0)))
        self.industry_key_at = int(ind.get("key_at", 0))
        self.gaps: tuple[int, ...] = tuple(i for i, v in enumerate(self.industry) if v == "gap")
        # the dual industry track: an upper industry track beside the lower one
        self.upper: tuple[int, ...] = tuple(ind.get("upper", ()))
        self.maintenance_cars: dict[str, Any] = dict(source.get("maintenance_cars", {}))
        self.spaces_all = tuple(
            Space(s["id"], s["name"], s["workers"], s.get("coins", 0), tuple(s["effects"]),
                  bool(s.get("reusable")), int(s.get("turn_order", 0)),
                  bool(s.get("last_round")))
            for s in data["spaces"]["list"])
        self._space_players = {s["id"]: tuple(s["players"]) for s in data["spaces"]["list"]}
        added = tuple(self._parts.values())
        # By key: a base engineer's number, a module's engineer 100 or 200 + its number (the
        # engineer row shuffles them from this order).
        self.engineers = {int(e.get("key", e["number"])): e for e in sorted(
            [*data["engineers"]["list"], *(e for a in added for e in a.engineers)],
            key=lambda e: int(e.get("key", e["number"])))}
        self.factories: dict[str, dict[str, Any]] = dict(data["factories"]["by_tile"])
        # The alternative #2 locomotives, with their own factory action: always with the shared
        # industry board (from its box), by choice on a player board that has them otherwise.
        self.locos_choice = "loco2" in b and self.shared_industry is None
        """Whether the game chooses between the board's alternative #2 locomotives and the
        base ones (the ``asian_locos`` option)."""
        loco2 = source.get("loco2") if self.shared_industry is not None else (
            b.get("loco2") if locos != "base" else None)
        self.loco2: dict[str, Any] | None = loco2
        self.alt_locos = loco2 is not None
        if loco2 is not None:
            self.factories["2"] = loco2
        for a in added:
            self.factories.update(a.factories)
        tokens = [t for t in [*data["idea_tokens"]["list"], *b.get("idea_tokens", ())]
                  if board in t.get("boards", (board,))]
        self.idea_tokens = tuple(t["id"] for t in tokens)
        # the plug-ins' own idea tokens are named too
        self.token_texts = {str(t["id"]): str(t["text"]) for t in tokens}
        for a in added:
            self.token_texts.update(a.tokens)
        # the shared industry board's box adds its cards (not the player board of that box)
        box_cards = source.get("idea_cards", []) if self.shared_industry is not None else []
        self.idea_cards = {c["id"]: c for c in data["idea_cards"]["list"]
                           if board in c.get("boards", (board,))}
        self.idea_cards.update({c["id"]: c for c in box_cards})
        self.base_idea_cards = tuple(self.idea_cards)
        self.idea_cards.update({c["id"]: c for a in added for c in a.idea_cards})
        self.end_bonus = {c["id"]: c for c in data["end_bonus"]["list"]}
        self.start_bonus = {c["id"]: c for c in data["start_bonus"]["list"]}
        self.base_start_bonus = tuple(self.start_bonus)
        self.start_bonus.update({c["id"]: c for a in added for c in a.start_cards})
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

    def doubler_room(self, p: dict[str, Any]) -> int:
        """Empty doubler spaces on a player's routes."""
        return sum(r.doubler_spaces for r in self.routes) - int(p["doublers"])

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
        extra = tuple(s for m in modules for s in self._added(m).spaces)
        return tuple(s for s in self.spaces_all if side in self._space_players[s.id]) + extra

    def space(self, space_id: str) -> Space:
        every = self.spaces_all + tuple(s for a in self._parts.values() for s in a.spaces)
        return next(s for s in every if s.id == space_id)

    def _added(self, module: str) -> Parts:
        return self._parts.get(module, NOTHING)

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
        """The starting bonus cards of a game: the chosen modules may add their own."""
        return [*self.base_start_bonus,
                *(c["id"] for m in modules for c in self._added(m).start_cards)]

    def idea_cards_in(self, modules: list[str] | tuple[str, ...]) -> list[str]:
        return [*self.base_idea_cards,
                *(c["id"] for m in modules for c in self._added(m).idea_cards)]

    def factory(self, tile: str) -> dict[str, Any]:
        """A factory's data (a boilerman on it, ``+``, does not change which factory it is)."""
        return self.factories[tile.rstrip("+")]

    def factory_name(self, tile: str) -> str:
        """A factory in players' words: "#5 factory", or the name a plug-in gives its own, each
        "with its boilerman" when one is on it."""
        base = tile.rstrip("+")
        with_boiler = " with its boilerman" if boiled(tile) else ""
        named = self.factories.get(base, {}).get("name")
        return f"{named or f'#{tile_value(base)} factory'}{with_boiler}"

    def on_upper(self, p: dict[str, Any], wrench: int) -> bool:
        """Whether a wrench stands on the upper track of the dual industry track: the second one,
        or a third one its owner put there (``p["upper"]`` lists them)."""
        return bool(self.upper) and wrench in p.get("upper", (1,))

    def wrench_points(self, p: dict[str, Any], wrench: int) -> int:
        """What one wrench scores: the dual track's upper track has its own numbers."""
        pos = int(p["wrenches"][wrench])
        if self.on_upper(p, wrench):
            return self.upper[pos]
        return self.industry_points(pos)

    def engineer_text(self, number: int) -> str:
        return str(self.engineers[number]["text"])

    @staticmethod
    def engineer_number(key: int) -> int:
        """The number printed on an engineer (a module's may share it with a base one)."""
        return printed(key)


def _branches(route: dict[str, Any]) -> list[dict[str, Any]]:
    """A route's fork branches, or its route upgrade (a branch laid over the whole route)."""
    return [*route.get("branches", ()), *([route["upgrade"]] if "upgrade" in route else [])]


def tile_value(tile: str) -> int:
    """The number on a locomotive tile ("10a" -> 10, "9s" -> 9, "4w" a steelworks), 1 more with a
    boilerman on it ("3+" -> 4); a plug-in's own factory tile shows none (0)."""
    base = tile.rstrip("+")
    number = base.rstrip("absw")
    if not number.isdigit():
        return 0
    return int(number) + len(tile) - len(base)


def boiled(tile: str) -> bool:
    """Whether a boilerman is on the locomotive or factory."""
    return tile.endswith("+")
