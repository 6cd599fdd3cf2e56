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


@dataclass(frozen=True)
class Route:
    id: str
    name: str
    length: int
    levels: int
    loco_slots: int
    doubler_spaces: int
    specials: tuple[Special, ...]

    @property
    def colours(self) -> tuple[str, ...]:
        return LEVELS[: self.levels]


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
                  r["doubler_spaces"],
                  tuple(Special(s["at"], s["kind"], bool(s.get("loco", False)), s)
                        for s in r["spaces"]))
            for r in b["routes"])
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
        self.idea_cards = {c["id"]: c for c in data["idea_cards"]["list"]}
        self.end_bonus = {c["id"]: c for c in data["end_bonus"]["list"]}
        self.start_bonus = {c["id"]: c for c in data["start_bonus"]["list"]}
        self.valuation = tuple(data["valuation"]["front"])
        self.revaluation = tuple(data["valuation"]["revalued"])
        self.min_players = int(data["players"]["min"])
        self.max_players = int(data["players"]["max"])

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
