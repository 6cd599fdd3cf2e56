"""Delivering one goods cube: route rules, listing every legal delivery, and scoring it."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.types import State
from engine.rotw.cardeffects import local_campaigns
from engine.rotw.cards import after_delivery
from engine.rotw.economy import add_points, add_random_cubes, empty_check
from engine.rotw.tx import Tx, name

WESTERN_MARKET = "Chicago"
"""Where red cubes from a Western Link city fetch two new cubes (Eastern U.S. rules)."""

Owned = dict[str, list[tuple[int, str, int]]]


@dataclass
class DeliveryRoute:
    cities: list[str]
    links: list[int]
    points: dict[int, int]


def _adjacency(state: State) -> Owned:
    adj: Owned = defaultdict(list)
    for lk in state["links"]:
        if lk["complete"]:
            a, b = lk["cities"]
            adj[a].append((lk["id"], b, lk["owner"]))
            adj[b].append((lk["id"], a, lk["owner"]))
    return adj


def _points(state: State, links: list[int]) -> dict[int, int]:
    owner = {lk["id"]: lk["owner"] for lk in state["links"]}
    pts: dict[int, int] = {}
    for lid in links:
        pts[owner[lid]] = pts.get(owner[lid], 0) + 1
    return pts


def routes(state: State, seat: int, city: str, colour: str) -> list[DeliveryRoute]:
    """Every legal delivery of a ``colour`` cube from ``city`` by ``seat``."""
    if colour not in state["cities"].get(city, {}).get("cubes", []):
        return []
    adj = _adjacency(state)
    engine = int(state["players"][seat]["engine"])
    colours = {n: c["colour"] for n, c in state["cities"].items()}
    found: list[DeliveryRoute] = []
    cities = [city]
    links: list[int] = []

    def walk(at: str) -> None:
        for lid, other, owner in adj.get(at, []):
            if other in cities or (not links and owner != seat):
                continue
            cities.append(other)
            links.append(lid)
            if colours[other] == colour:
                found.append(DeliveryRoute(list(cities), list(links), _points(state, links)))
            elif len(links) < engine:
                walk(other)
            cities.pop()
            links.pop()

    walk(city)
    return found


def all_deliveries(state: State, seat: int) -> list[DeliveryRoute]:
    out = []
    for cname, c in state["cities"].items():
        for colour in sorted(set(c["cubes"])):
            out.extend(routes(state, seat, cname, colour))
    return out


def resolve(state: State, seat: int, action: dict[str, Any]) -> DeliveryRoute:
    """Check a delivery move against every rule and return its route."""
    city, colour = action.get("city"), action.get("colour")
    if not isinstance(city, str) or city not in state["cities"]:
        raise IllegalAction("unknown_city", f"There is no city called {city} on this map.")
    if colour not in state["cities"][city]["cubes"]:
        raise IllegalAction("no_cube", f"{city} has no {colour} cube.")
    by_id = {lk["id"]: lk for lk in state["links"]}
    links: list[int] = []
    if action.get("links"):
        raw = action["links"]
        if not isinstance(raw, list) or not all(isinstance(x, int) for x in raw):
            raise IllegalAction("bad_links", "Links are given as a list of link numbers.")
        links = list(raw)
        for lid in links:
            if lid not in by_id:
                raise IllegalAction("unknown_link", f"There is no link {lid}.")
    elif action.get("route"):
        if not isinstance(action["route"], list):
            raise IllegalAction("bad_route", "A route is a list of city names.")
        names = [str(x) for x in action["route"]]
        if names and names[0] != city:
            names = [city, *names]
        adj = _adjacency(state)
        for i in range(len(names) - 1):
            a, b = names[i], names[i + 1]
            options = [(lid, owner) for lid, other, owner in adj.get(a, []) if other == b]
            if not options:
                raise IllegalAction("no_link", f"There is no complete link between {a} and {b}.")
            # Parallel links: the mover's own first, since points go to the owner.
            options.sort(key=lambda o: (o[1] != seat, o[0]))
            links.append(options[0][0])
    else:
        raise IllegalAction("no_route", "A delivery needs a route (city names) or links.")
    return _check(state, seat, city, str(colour), links, by_id)


def _check(state: State, seat: int, city: str, colour: str, links: list[int],
           by_id: dict[int, dict[str, Any]]) -> DeliveryRoute:
    if not links:
        raise IllegalAction("no_route", "A delivery moves the cube along at least one link.")
    engine = int(state["players"][seat]["engine"])
    if len(links) > engine:
        raise IllegalAction("engine_too_small", f"Your level {engine} engine moves a cube at most "
                            f"{engine} link{'s' if engine > 1 else ''}, not {len(links)}.")
    first = by_id[links[0]]
    if first["owner"] != seat:
        raise IllegalAction("first_link", "You must own the first link the cube moves along.")
    cities = [city]
    for i, lid in enumerate(links):
        lk = by_id[lid]
        if not lk["complete"]:
            raise IllegalAction("incomplete_link", f"Link {lid} is not complete; cubes move only "
                                "along complete links.")
        at = cities[-1]
        if at not in lk["cities"]:
            raise IllegalAction("broken_route", f"Link {lid} does not leave {at}.")
        nxt = lk["cities"][1] if lk["cities"][0] == at else lk["cities"][0]
        if nxt in cities:
            raise IllegalAction("city_twice", f"The cube may not visit {nxt} twice.")
        cities.append(nxt)
        here = state["cities"][nxt]["colour"]
        if here == colour and i < len(links) - 1:
            raise IllegalAction("must_stop", f"A {colour} cube must stop at {nxt}, the first "
                                f"{colour} city on that route.")
    dest = cities[-1]
    dcol = state["cities"][dest]["colour"]
    if dcol != colour:
        why = "gray cities take no cubes" if dcol == "gray" else f"{dest} is {dcol}"
        raise IllegalAction("wrong_colour", f"A {colour} cube can only be delivered to a {colour} "
                            f"city; {why}.")
    return DeliveryRoute(cities, links, _points(state, links))


def apply_delivery(tx: Tx, seat: int, colour: str, route: DeliveryRoute) -> None:
    state = tx.state
    src, dest = route.cities[0], route.cities[-1]
    state["cities"][src]["cubes"].remove(colour)
    state["bag"][colour] += 1
    for owner, pts in sorted(route.points.items()):
        add_points(tx, owner, pts)
    split = ", ".join(f"{name(state, s)} +{p}" for s, p in sorted(route.points.items()))
    tx.say("deliver", f"{name(state, seat)} delivered a {colour} cube {src} -> {dest} "
           f"({len(route.links)} link{'s' if len(route.links) > 1 else ''}: {split}).",
           route=route.cities, links=route.links, points={str(k): v for k, v in
                                                         route.points.items()})
    empty_check(tx, src)
    local_campaigns(tx, src)
    western = {w["city"] for w in state["western_links"]}
    if colour == "red" and dest == WESTERN_MARKET and src in western:
        drawn = add_random_cubes(tx, WESTERN_MARKET, tx.ctx.western_redraw)
        tx.say("western_market", f"{WESTERN_MARKET} restocks from the West: "
               f"{', '.join(drawn) or 'the bag is empty'}.")
    after_delivery(tx, seat, src, dest, colour, route.links)
