"""The components read from the data dict once, checked, and indexed for the rules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


def link_id(a: str, b: str) -> str:
    return f"{a}-{b}"


@dataclass(frozen=True)
class City:
    name: str
    lat: float
    lon: float
    demand: str


@dataclass(frozen=True)
class Link:
    id: str
    a: str
    b: str
    build: int
    """The build number: 2d6 at or above it completes the link at once."""
    value: int
    """The intrinsic value added to the owner's money at the end."""

    def other(self, city: str) -> str:
        return self.b if city == self.a else self.a


class Board:
    """Cities, links, decks and constants of one edition of the game."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.min_players = int(data["players"]["min"])
        self.max_players = int(data["players"]["max"])
        self.start_cash = int(data["start_cash"]["amount"])
        self.loan_unit = int(data["loans"]["unit"])
        self.service_per_unit = int(data["loans"]["service_per_unit"])
        self.loan_limit = int(data.get("loan_limit", {}).get("max_total", 0))
        """The most a player may owe the bank after borrowing (0: no limit)."""
        self.market_dice = int(data["market_loss"]["dice"])
        self.market_add = int(data["market_loss"]["add"])
        self.max_ship_links = int(data["shipping"]["max_links"])
        self.min_bid = int(data["bidding"]["min_bid"])
        self.income_max = int(data["income_track"]["max"])
        self.cube_counts: dict[str, int] = dict(data["commodities"]["cubes"])
        self.cities: dict[str, City] = {
            c["name"]: City(c["name"], float(c["lat"]), float(c["lon"]), c["demand"])
            for c in data["cities"]["list"]
        }
        self.links: dict[str, Link] = {}
        self.adjacent: dict[str, list[Link]] = {name: [] for name in self.cities}
        for row in data["links"]["list"]:
            link = Link(link_id(row["a"], row["b"]), row["a"], row["b"], int(row["build"]),
                        int(row["value"]))
            self.links[link.id] = link
            self.adjacent[link.a].append(link)
            self.adjacent[link.b].append(link)
        self.setup_cubes: dict[str, int] = dict(data["setup_cubes"]["cities"])
        self.start_links: dict[int, list[str]] = {
            int(k): list(v) for k, v in data["start_links"]["by_players"].items()
        }
        self.growth_cards: list[list[str]] = [list(c) for c in data["growth_cards"]["list"]]
        self._check()

    def _check(self) -> None:
        colours = set(self.cube_counts)
        for city in self.cities.values():
            if city.demand not in colours:
                raise ValueError(f"{city.name} demands {city.demand}, which is no commodity")
        pairs: set[frozenset[str]] = set()
        for link in self.links.values():
            if link.a not in self.cities or link.b not in self.cities or link.a == link.b:
                raise ValueError(f"link {link.id} must join two different known cities")
            if not 2 <= link.build <= 12:
                raise ValueError(f"link {link.id} has build number {link.build}, not 2-12")
            pair = frozenset((link.a, link.b))
            if pair in pairs:
                raise ValueError(f"two links join {link.a} and {link.b}")
            pairs.add(pair)
        for ids in self.start_links.values():
            for lid in ids:
                if lid not in self.links:
                    raise ValueError(f"start link {lid} is not in the link deck")
        named = [*self.setup_cubes, *(c for card in self.growth_cards for c in card)]
        for name in named:
            if name not in self.cities:
                raise ValueError(f"{name} is named by the cubes or growth cards but is no city")

    def find_link(self, a: str, b: str) -> Link | None:
        for link in self.adjacent.get(a, []):
            if link.other(a) == b:
                return link
        return None

    def cube_total(self) -> int:
        return sum(self.cube_counts.values())
