"""Moving a goods cube for a company: any number of links, over any company's track, starting on
the company's own link, with at least as many of its own links as all others together; each
company whose links carry the cube moves its income marker one space a link."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.types import Action, State
from engine.rotw import network
from engine.rotw.advanced.companies import company, title_of
from engine.rotw.economy import empty_check
from engine.rotw.tx import Tx

SEARCH_LINKS = 10
"""Links the suggestions' route search follows at most."""
TYPED_LINKS = 24
"""Links a typed delivery to a named city is searched over (a cube has no engine limit)."""
SEARCH_STEPS = 20000
"""Route search budget per move list, so a large network never stalls a turn."""
TYPED_STEPS = 100000
"""Budget of the second search of a delivery typed to a named city, made when the first (every
route, SEARCH_STEPS) runs out having found none: one route length at a time, shortest first,
and only where the city is still in reach, so that a dense network cannot hide every route."""


@dataclass(frozen=True)
class CubeMove:
    city: str
    colour: str
    cities: tuple[str, ...]
    links: tuple[int, ...]
    owners: tuple[int, ...]

    def own(self, ci: int) -> int:
        return sum(1 for o in self.owners if o == ci)


def _adjacency(state: State) -> dict[str, list[tuple[int, str, int]]]:
    adj: dict[str, list[tuple[int, str, int]]] = {}
    for lk in network.complete_links(state):
        a, b = str(lk["cities"][0]), str(lk["cities"][1])
        adj.setdefault(a, []).append((int(lk["id"]), b, int(lk["owner"])))
        adj.setdefault(b, []).append((int(lk["id"]), a, int(lk["owner"])))
    for v in adj.values():
        v.sort()
    return adj


def _fits(ci: int, owners: list[int]) -> bool:
    mine = sum(1 for o in owners if o == ci)
    return mine >= len(owners) - mine


@dataclass
class _Search:
    """One route search: the network, the company, the cube, and what is left of its budget."""

    state: State
    adj: dict[str, list[tuple[int, str, int]]]
    ci: int
    only_to: str | None
    limit: int
    budget: int = SEARCH_STEPS
    out: list[CubeMove] = field(default_factory=list)
    toward: dict[str, int] | None = None
    """With a destination: the fewest links from each city to it for a cube of the colour
    searched (through no other city of its colour); a city missing here cannot reach it."""
    length: int = 0
    """With ``toward``: the route length searched now (one length at a time)."""
    longer: bool = False
    """With ``toward``: whether some route was cut short at this length (a longer one may go)."""


def moves(state: State, ci: int, only_city: str | None = None, only_to: str | None = None,
          limit: int = SEARCH_LINKS) -> list[CubeMove]:
    """Every cube move open to the company within the search bounds (``limit`` links)."""
    if only_to is not None:
        return _moves_to(state, ci, only_city, only_to, limit)
    search = _Search(state, _adjacency(state), ci, only_to, limit)
    for city, c in state["cities"].items():
        if only_city is not None and city != only_city:
            continue
        for colour in sorted(set(c["cubes"])):
            _walk(search, colour, [city], [], [])
    return search.out


def _moves_to(state: State, ci: int, only_city: str | None, dest: str,
              limit: int) -> list[CubeMove]:
    """The moves to ``dest``: every route while the search budget lasts; if it runs out before
    any is found (a dense network has thousands of routes), a second search one route length at
    a time, shortest first, so that a route there is found whenever one exists."""
    colour = state["cities"][dest]["colour"]
    starts = [city for city, c in state["cities"].items()
              if (only_city is None or city == only_city) and colour in c["cubes"]]
    search = _Search(state, _adjacency(state), ci, dest, limit)
    for city in starts:
        _walk(search, colour, [city], [], [])
    if search.out or search.budget > 0:
        return search.out
    short = _Search(state, search.adj, ci, dest, limit, TYPED_STEPS,
                    toward=_toward(state, search.adj, colour, dest))
    for city in starts:
        for length in range(1, limit + 1):
            short.length, short.longer = length, False
            _walk(short, colour, [city], [], [])
            if not short.longer:
                break  # no route was cut short: none is longer
    return short.out


def _toward(state: State, adj: dict[str, list[tuple[int, str, int]]], colour: str,
            dest: str) -> dict[str, int]:
    """Links to ``dest`` at the fewest from each city a cube of ``colour`` may pass on its way
    there (it stops at the first city of its colour, so no other one is on its route)."""
    out = {dest: 0}
    frontier = [dest]
    while frontier:
        nxt = []
        for city in frontier:
            for _lid, other, _owner in adj.get(city, []):
                if other not in out and state["cities"][other]["colour"] != colour:
                    out[other] = out[city] + 1
                    nxt.append(other)
        frontier = nxt
    return out


def _in_reach(search: _Search, other: str, owners: list[int]) -> bool:
    """Whether a route of the length searched may still reach the destination from ``other``
    (``owners`` include the link to it) and end with enough of the company's own links."""
    if search.toward is None:
        return True
    left = search.length - len(owners)
    mine = sum(1 for o in owners if o == search.ci)
    if search.toward.get(other, search.limit + 1) <= left and 2 * mine - len(owners) + left >= 0:
        return True
    search.longer = search.longer or other in search.toward
    return False


def _walk(search: _Search, colour: str, cities: list[str], links: list[int],
          owners: list[int]) -> None:
    if search.budget <= 0 or len(links) >= search.limit:
        return
    if search.toward is not None and len(links) >= search.length:
        search.longer = True
        return
    for lid, other, owner in search.adj.get(cities[-1], []):
        search.budget -= 1
        if other in cities or (not links and owner != search.ci):
            continue
        owners.append(owner)
        if not _in_reach(search, other, owners):
            owners.pop()
            continue
        cities.append(other)
        links.append(lid)
        if search.state["cities"][other]["colour"] == colour:
            # A cube stops at the first city of its colour (a shorter route to the destination
            # was taken with its own length).
            if _fits(search.ci, owners) and search.only_to in (None, other) \
                    and (search.toward is None or len(links) == search.length):
                search.out.append(CubeMove(cities[0], colour, tuple(cities), tuple(links),
                                           tuple(owners)))
        else:
            _walk(search, colour, cities, links, owners)
        cities.pop()
        links.pop()
        owners.pop()


def best(found: list[CubeMove], ci: int) -> CubeMove:
    """The move with most of the company's own links, then fewest links in all (then the lowest
    link numbers, whatever order the moves were found in)."""
    return max(found, key=lambda m: (m.own(ci), -len(m.links), m.cities,
                                     tuple(-lid for lid in m.links)))


def check(state: State, ci: int, action: Action) -> CubeMove:
    """A typed or clicked delivery, checked link by link."""
    city, colour = action.get("city"), action.get("colour")
    if city not in state["cities"]:
        raise IllegalAction("unknown_city", f"There is no city called {city} on this map.")
    if colour not in state["cities"][str(city)]["cubes"]:
        raise IllegalAction("no_cube", f"{city} has no {colour} cube.")
    route, ids = action.get("route"), action.get("links")
    if not isinstance(route, list) or not isinstance(ids, list) or len(route) != len(ids) + 1 \
            or not ids or route[0] != city:
        raise IllegalAction("bad_route", "A delivery names its cities and links: give a "
                            "destination (to:) and the best route is found.")
    by_id = {int(lk["id"]): lk for lk in network.complete_links(state)}
    owners: list[int] = []
    for i, lid in enumerate(ids):
        lk = by_id.get(lid) if isinstance(lid, int) else None
        if lk is None or {route[i], route[i + 1]} != set(lk["cities"]):
            raise IllegalAction("bad_route", f"No complete link joins {route[i]} and "
                                f"{route[i + 1]}.")
        owners.append(int(lk["owner"]))
        if i + 1 < len(route) - 1 and state["cities"][route[i + 1]]["colour"] == colour:
            raise IllegalAction("first_city", f"A {colour} cube stops at the first {colour} "
                                f"city it reaches: {route[i + 1]}.")
    if len(set(route)) != len(route):
        raise IllegalAction("city_twice", "A cube may not pass through the same city twice.")
    dest = route[-1]
    if state["cities"][dest]["colour"] != colour:
        raise IllegalAction("wrong_colour", f"{dest} is not a {colour} city: a cube goes to a "
                            "city of its own colour.")
    if owners[0] != ci:
        raise IllegalAction("first_link", f"The first link a cube uses must belong to "
                            f"{title_of(state, ci)}.")
    if not _fits(ci, owners):
        mine = sum(1 for o in owners if o == ci)
        raise IllegalAction("own_links", f"{title_of(state, ci, True)} must use at least "
                            f"as many of its own links as all other companies' links together "
                            f"({mine} of its own against {len(owners) - mine}).")
    return CubeMove(str(city), str(colour), tuple(route), tuple(ids), tuple(owners))


def apply(tx: Tx, ci: int, move: CubeMove) -> None:
    state = tx.state
    state["cities"][move.city]["cubes"].remove(move.colour)
    steps = Counter(move.owners)
    parts = []
    for owner, n in sorted(steps.items()):
        company(state, owner)["income"] += n
        parts.append(f"{company(state, owner)['name']} +{n}")
    tx.say("deliver", f"{title_of(state, ci, True)} moves a {move.colour} cube "
           f"{' - '.join(move.cities)} ({len(move.links)} link"
           f"{'s' if len(move.links) != 1 else ''}; income markers: {', '.join(parts)}).",
           company=ci, route=list(move.cities), links=list(move.links))
    # The Advanced Game ends with the turn in which the last marker needed is placed.
    empty_check(tx, move.city, "The game ends at the end of this turn.")


def as_action(seat: int, move: CubeMove) -> dict[str, Any]:
    return {"type": "deliver", "seat": seat, "city": move.city, "colour": move.colour,
            "route": list(move.cities), "links": list(move.links)}
