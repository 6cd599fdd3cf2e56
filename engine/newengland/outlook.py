"""What a New England Railways position is worth by the game's end, link by link.

Cubes appear where the Commodity Growth cards name cities (each city as often as the cards
name it), in the colours still in the cup, and each is shipped along the fewest built links to
the first city demanding its colour; every link on the way adds one to its owner's income. So a
link's traffic is the cubes a turn expected to cross it (plus, once, the cubes already waiting).
A seat's outlook is its money if the game ended now plus the income to be paid in the turns
left: its income now and the traffic of its links, each turn cut by the average Market Loss,
weighed by a fit to seeded games.
Only what every seat sees is read: the board, the links' owners, the cubes on the board
(never the order of a deck or what the cup holds).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from engine.core.types import State
from engine.newengland.board import Board
from engine.newengland.turn import final_parts


@dataclass(frozen=True)
class Fit:
    """How much each part of a seat's outlook counts towards its final money: a least-squares
    fit of the final money against these parts at the start of turns 2-11 of 24 seeded 4-player
    games of normal players (each part measured from the table's average; mean error $9.5, where
    the normal player's own value misses by $11-13 in the middle turns)."""

    income: float = 1.35
    """The income a seat has now, paid in the turns left less each Market Loss (it counts more
    than once: a seat with income ships well and its income grows)."""
    traffic: float = 0.15
    """The income its links' traffic adds in the turns left."""
    links: float = 0.175
    """Each link it owns, by half the square of the turns left."""


FIT = Fit()

Routes = dict[tuple[str, str], list[tuple[str, ...]]]
"""(city, colour) -> the fewest-link routes from the city to a city demanding the colour, each
as the ids of its links."""


def market_keep(board: Board) -> float:
    """The share of income a Market Loss leaves on average: the loss takes 1/(dice + add)."""
    odds: dict[int, Fraction] = {0: Fraction(1)}
    for _ in range(board.market_dice):
        nxt: dict[int, Fraction] = {}
        for total, p in odds.items():
            for face in range(1, 7):
                nxt[total + face] = nxt.get(total + face, Fraction(0)) + p / 6
        odds = nxt
    return float(1 - sum(p / (total + board.market_add) for total, p in odds.items()))


@dataclass
class Outlook:
    """The outlook of every seat of one board, with the routes of each set of links cached."""

    board: Board
    keep: float = 0.0
    city_share: dict[str, float] = field(default_factory=dict)
    _routes: dict[frozenset[str], Routes] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.keep = market_keep(self.board)
        named = Counter(c for card in self.board.growth_cards for c in card)
        cards = max(1, len(self.board.growth_cards))
        self.city_share = {c: named[c] / cards for c in self.board.cities}

    def usable(self, state: State) -> frozenset[str]:
        """Links built, or bought and to be finished next turn."""
        return frozenset(lid for lid, s in state["links"].items()
                         if s["status"] in ("built", "unfinished"))

    def routes(self, links: frozenset[str]) -> Routes:
        found = self._routes.get(links)
        if found is None:
            if len(self._routes) > 4096:
                self._routes.clear()
            found = self._routes[links] = self._find_routes(links)
        return found

    def _find_routes(self, links: frozenset[str]) -> Routes:
        board = self.board
        out: Routes = {}
        colours = sorted(board.cube_counts)
        for start in board.cities:
            for colour in colours:
                best: list[tuple[str, ...]] = []
                layer: list[tuple[str, list[str], tuple[str, ...]]] = [(start, [start], ())]
                for _ in range(board.max_ship_links):
                    nxt: list[tuple[str, list[str], tuple[str, ...]]] = []
                    for here, path, ids in layer:
                        for link in board.adjacent[here]:
                            city = link.other(here)
                            if link.id not in links or city in path:
                                continue
                            if board.cities[city].demand == colour:
                                best.append((*ids, link.id))
                            else:
                                nxt.append((city, [*path, city], (*ids, link.id)))
                    if best or not nxt:
                        break
                    layer = nxt
                if best:
                    out[(start, colour)] = best
        return out

    def traffic(self, state: State) -> tuple[dict[str, float], dict[str, float]]:
        """Per link: the cubes a turn expected to cross it, and the cubes now waiting that will."""
        routes = self.routes(self.usable(state))
        # The cup's colours, as every seat can count them: all cubes less those on the board.
        cup: Counter[str] = Counter(self.board.cube_counts)
        cup.subtract(Counter(c for cubes in state["cities"].values() for c in cubes))
        total = max(1, sum(cup.values()))
        per_turn = 2 * max(1, len(state["future"]) or len(state["current"]))
        flow: dict[str, float] = {}
        waiting: dict[str, float] = {}
        for (city, colour), found in routes.items():
            rate = per_turn * self.city_share[city] * cup[colour] / total
            here = state["cities"][city].count(colour)
            if not rate and not here:
                continue
            share = 1.0 / len(found)
            for ids in found:
                for lid in ids:
                    if rate:
                        flow[lid] = flow.get(lid, 0.0) + rate * share
                    if here:
                        waiting[lid] = waiting.get(lid, 0.0) + here * share
        return flow, waiting

    def income_to_come(self, income: float, flow: float, waiting: float, turns: int) -> float:
        """Income paid in the turns left: what the links' traffic adds, less each Market Loss."""
        paid = 0.0
        for k in range(turns):
            income = min(float(self.board.income_max),
                         income + flow + (waiting if k == 0 else 0.0)) * self.keep
            paid += income
        return paid

    def money(self, state: State, seat: int, turns: int,
              traffic: tuple[dict[str, float], dict[str, float]] | None = None) -> float:
        """``seat``'s expected money at the end, ``turns`` income payments from now: its money
        now, the income it has and its links' traffic, weighed as seeded games of normal
        players showed them to count (see ``FIT``)."""
        flow, waiting = traffic or self.traffic(state)
        p: dict[str, Any] = state["players"][seat]
        cash, values, debt = final_parts(self.board, p)
        kept = self.income_to_come(p["income"], 0.0, 0.0, turns)
        grown = self.income_to_come(p["income"], sum(flow.get(lid, 0.0) for lid in p["links"]),
                                    sum(waiting.get(lid, 0.0) for lid in p["links"]), turns)
        return float(cash + values - debt + FIT.income * kept + FIT.traffic * (grown - kept)
                     + FIT.links * len(p["links"]) * turns * turns / 2)

    def payments(self, state: State) -> int:
        """Income payments still to come: one a turn, this turn's too until it is paid."""
        if state.get("finished"):
            return 0
        if state["last_turn"]:
            return 1
        per_turn = max(1, len(state["future"]) or len(state["current"]))
        waiting = len(state["deck"]) + len(state["current"]) + len(state["future"])
        return -(-waiting // per_turn) + (1 if state["phase"] == "ship" else 0)

    def everyone(self, state: State, turns: int) -> list[float]:
        traffic = self.traffic(state)
        return [self.money(state, s, turns, traffic) for s in range(len(state["players"]))]
