"""Delivering one goods cube: route rules, listing every legal delivery, and scoring it.

Expansion rules folded in: City Rotors (a rotor city also takes the colour its rotor shows),
Express (pass one city of the cube's colour), Fuel Depots (spend one to pass a city of the cube's
colour, or to stop there and carry the cube on with the next action).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.types import State
from engine.rotw.cardeffects import local_campaigns
from engine.rotw.cards import after_delivery, keeps_cube
from engine.rotw.economy import add_points, add_random_cubes, empty_check
from engine.rotw.events import on_delivery
from engine.rotw.switches import next_city, pairs
from engine.rotw.timetravel import (
    hop_targets,
    is_hop,
    is_warp,
    link_count,
    link_places,
    timed,
    warp_jumps,
)
from engine.rotw.tx import Tx, name

WESTERN_MARKET = "Chicago"
"""Where red cubes from a Western Link city fetch two new cubes (Eastern U.S. rules)."""

Owned = dict[str, list[tuple[int, str, int]]]


@dataclass
class DeliveryRoute:
    cities: list[str]
    links: list[int]
    points: dict[int, int]
    express: list[str] = field(default_factory=list)
    """Cities of the cube's colour passed with an Express card."""
    depots: list[str] = field(default_factory=list)
    """Cities of the cube's colour passed by spending one's Fuel Depot there."""
    stop: bool = False
    """The cube halts at one's Fuel Depot and goes on with the next action."""
    colour: str = ""


def takes(state: State, city: str, colour: str) -> bool:
    """Whether ``city`` takes a ``colour`` cube: its colour, or the one its City Rotor shows."""
    if state["cities"][city]["colour"] == colour:
        return True
    rotor = state.get("rotors", {}).get(city)
    return bool(rotor) and colour in (rotor["colours"][0], rotor["colours"][rotor["at"]])


def own_depots(state: State, seat: int, city: str) -> int:
    return int(state.get("depots", {}).get(city, {}).get(str(seat), 0))


def adjacency(state: State) -> Owned:
    """Each city's complete links: (link id, the city across, its owner). Callers that ask for
    many routes on one board build it once and pass it to :func:`routes`."""
    adj: Owned = defaultdict(list)
    for lk in state["links"]:
        for a, b in pairs(lk) if lk["complete"] else []:
            adj[a].append((lk["id"], b, lk["owner"]))
            adj[b].append((lk["id"], a, lk["owner"]))
    return adj


def _points(state: State, links: list[int], cities: list[str],
            owner: dict[int, int] | None = None) -> dict[int, int]:
    """The points each owner's links on the route bring; ``owner``: each link's owner, when the
    caller has it."""
    if owner is None:
        owner = owners(state)
    if timed(state) and links:
        # Through Time: own track only, and a warp hop's two half-links are one link.
        return {owner[links[0]]: link_count(state, cities, links)}
    pts: dict[int, int] = {}
    for lid in links:
        pts[owner[lid]] = pts.get(owner[lid], 0) + 1
    return pts


def owners(state: State) -> dict[int, int]:
    return {lk["id"]: lk["owner"] for lk in state["links"]}


def routes(state: State, seat: int, city: str, colour: str, express: int = 0,
           depots: bool = False, adj: Owned | None = None) -> list[DeliveryRoute]:
    """Every legal delivery of a ``colour`` cube from ``city`` by ``seat``.

    ``express`` is how many Express passes the mover may use; ``depots`` lets the walk spend the
    mover's Fuel Depots (to pass a city, or to stop at it). A held cube walks on from where it
    stopped, over at most an engine's worth of new links. ``adj`` is the board's
    :func:`adjacency`, if the caller has it.
    """
    held = state["players"][seat].get("held_cube")
    if held is not None:
        if city != held["cities"][-1] or colour != held["colour"] \
                or own_depots(state, seat, city) < 1:
            return []
        start_cities, start_links = list(held["cities"]), list(held["links"])
    elif colour not in state["cities"].get(city, {}).get("cubes", []):
        return []
    else:
        start_cities, start_links = [city], []
    if adj is None:
        adj = adjacency(state)
    engine = int(state["players"][seat]["engine"])
    own_only = timed(state)
    owner = owners(state)
    found: list[DeliveryRoute] = []
    cities = list(start_cities)
    links = list(start_links)
    passed_x: list[str] = []
    passed_d: list[str] = []

    def emit(stop: bool) -> None:
        found.append(DeliveryRoute(list(cities), list(links),
                                   _points(state, links, cities, owner),
                                   list(passed_x), list(passed_d), stop, colour))

    def hop(warp: str, steps: int) -> None:
        # A cube at one of the mover's time warps goes on from another of their warps in a
        # period it has not been in; leaving that warp finishes the link it is on.
        for far in hop_targets(state, seat, warp, cities):
            cities.append(far)
            walk(far, steps - 1)
            cities.pop()

    def walk(at: str, steps: int) -> None:
        for lid, other, owner in adj.get(at, []):
            # (A branch off a Switch Track joins three cities under one link id: a cube never
            # runs along it twice.)
            if other in cities or lid in links or (not links and owner != seat) \
                    or (own_only and owner != seat):
                continue
            if own_only and is_warp(state, other) and is_warp(state, at):
                continue
            cities.append(other)
            links.append(lid)
            if own_only and is_warp(state, other):
                hop(other, steps + 1)
                cities.pop()
                links.pop()
                continue
            depot_here = depots and own_depots(state, seat, other) > 0
            if takes(state, other, colour):
                emit(False)
                if depots and own_depots(state, seat, other) >= 2:
                    emit(True)
                if steps + 1 < engine:
                    if len(passed_x) < express:
                        passed_x.append(other)
                        walk(other, steps + 1)
                        passed_x.pop()
                    if depot_here:
                        passed_d.append(other)
                        walk(other, steps + 1)
                        passed_d.pop()
            else:
                if depot_here:
                    emit(True)
                if steps + 1 < engine:
                    walk(other, steps + 1)
            cities.pop()
            links.pop()

    walk(start_cities[-1], 0)
    return found


def all_deliveries(state: State, seat: int, express: int = 0) -> list[DeliveryRoute]:
    held = state["players"][seat].get("held_cube")
    depots = any(own_depots(state, seat, c) for c in state.get("depots", {}))
    if held is not None:
        return routes(state, seat, held["cities"][-1], held["colour"], express, depots)
    adj = adjacency(state)
    out = []
    for cname, c in state["cities"].items():
        for colour in sorted(set(c["cubes"])):
            out.extend(routes(state, seat, cname, colour, express, depots, adj))
    return out


def resolve(state: State, seat: int, action: dict[str, Any], express: int = 0) -> DeliveryRoute:
    """Check a delivery move against every rule and return its route."""
    city, colour = action.get("city"), action.get("colour")
    held = state["players"][seat].get("held_cube")
    if held is not None and action.get("continue"):
        city, colour = held["cities"][-1], held["colour"]
    elif action.get("continue"):
        raise IllegalAction("no_held_cube", "You have no cube waiting at a Fuel Depot.")
    if not isinstance(city, str) or city not in state["cities"]:
        raise IllegalAction("unknown_city", f"There is no city called {city} on this map.")
    if held is None or not action.get("continue"):
        if colour not in state["cities"][city]["cubes"]:
            raise IllegalAction("no_cube", f"{city} has no {colour} cube: a delivery moves one "
                                "cube that is in its starting city.")
        held = None
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
        adj = adjacency(state)
        for i in range(len(names) - 1):
            a, b = names[i], names[i + 1]
            if is_hop(state, a, b):
                continue  # a hop through time, not a link
            options = [(lid, owner) for lid, other, owner in adj.get(a, []) if other == b]
            if not options:
                raise IllegalAction("no_link", f"There is no complete link between {a} and {b}.")
            # Parallel links: the mover's own first, since points go to the owner.
            options.sort(key=lambda o: (o[1] != seat, o[0]))
            links.append(options[0][0])
    else:
        raise IllegalAction("no_route", "A delivery needs a route (city names) or links.")
    spend = action.get("depots") or []
    if not isinstance(spend, list):
        raise IllegalAction("bad_depots", "Fuel Depots to spend are given as a list of cities.")
    return _check(state, seat, city, str(colour), links, by_id, express,
                  [str(c) for c in spend], bool(action.get("stop")), held,
                  [str(x) for x in action.get("route") or []])


def _check(state: State, seat: int, city: str, colour: str, links: list[int],
           by_id: dict[int, dict[str, Any]], express: int, spend: list[str], stop: bool,
           held: dict[str, Any] | None, named: list[str]) -> DeliveryRoute:
    if not links:
        raise IllegalAction("no_route", "A delivery moves the cube along at least one link.")
    engine = int(state["players"][seat]["engine"])
    first = by_id[links[0]]
    if held is None and first["owner"] != seat:
        raise IllegalAction("first_link", "You must own the first link the cube moves along.")
    cities = list(held["cities"]) if held else [city]
    route = DeliveryRoute(cities, list(held["links"]) if held else [], {}, stop=stop,
                          colour=colour)
    for i, lid in enumerate(links):
        lk = by_id[lid]
        if not lk["complete"]:
            raise IllegalAction("incomplete_link", f"Link {lid} is not complete; cubes move only "
                                "along complete links.")
        if timed(state):
            _time_step(state, seat, lk, cities)
        at = cities[-1]
        after = named.index(at) + 1 if at in named else len(named)
        nxt = next_city(lk, at, named[after] if after < len(named) else None)
        if nxt is None:
            raise IllegalAction("broken_route", f"Link {lid} does not leave {at}: each link must "
                                "leave the city the cube has reached.")
        if nxt in cities:
            raise IllegalAction("city_twice", f"The cube may not visit {nxt} twice.")
        if lid in route.links:
            raise IllegalAction("link_twice", f"The cube may not run along link {lid} twice.")
        cities.append(nxt)
        route.links.append(lid)
        if i < len(links) - 1 and takes(state, nxt, colour):
            if nxt in spend and own_depots(state, seat, nxt) > 0:
                route.depots.append(nxt)
            elif len(route.express) < express:
                route.express.append(nxt)
            else:
                raise IllegalAction("must_stop", f"A {colour} cube must stop at {nxt}, the "
                                    f"first {colour} city on that route.")
    dest = cities[-1]
    # (A held cube's earlier links are not counted again; Through Time has no Fuel Depots.)
    count = len(links) if not timed(state) else link_count(state, cities, route.links) \
        - (link_count(state, list(held["cities"]), list(held["links"])) if held else 0)
    if count > engine:
        raise IllegalAction("engine_too_small", f"Your level {engine} engine moves a cube at most "
                            f"{engine} link{'s' if engine > 1 else ''}, not {count}.")
    if held is not None and own_depots(state, seat, held["cities"][-1]) < 1:
        raise IllegalAction("no_depot", "Carrying the cube on needs one of your Fuel Depots "
                            f"in {held['cities'][-1]}.")
    if stop:
        # One depot to carry on later, and one more to ignore a city of the cube's colour.
        need = 2 if takes(state, dest, colour) else 1
        if own_depots(state, seat, dest) < need:
            raise IllegalAction("no_depot", f"Stopping in {dest} needs {need} of your Fuel "
                                "Depots there.")
    elif not takes(state, dest, colour):
        dcol = state["cities"][dest]["colour"]
        why = "a time warp takes no cubes" if is_warp(state, dest) else \
            "gray cities take no cubes" if dcol == "gray" else f"{dest} is {dcol}"
        raise IllegalAction("wrong_colour", f"A {colour} cube can only be delivered to a {colour} "
                            f"city; {why}.")
    route.points = _points(state, route.links, cities)
    return route


def _time_step(state: State, seat: int, lk: dict[str, Any], cities: list[str]) -> None:
    """Through Time: each link is the mover's own, and a link leaving a warp other than the one
    the cube reached is a hop through time (appended to ``cities``) that the rules must allow."""
    if lk["owner"] != seat:
        raise IllegalAction("own_track_only", "In Railways through Time you deliver over your "
                            f"own track only; link {lk['id']} is another player's.")
    at = cities[-1]
    if not is_warp(state, at):
        return
    targets = hop_targets(state, seat, at, cities)
    places = link_places(lk)
    far = [c for c in places if c != at and c in targets]
    if far:
        cities.append(far[0])
        return
    if at in places:
        raise IllegalAction("warp_same_period", f"A cube in {at} may not go back into its own "
                            "period through the warp: time warps only join different periods.")
    raise IllegalAction("warp_period", f"Link {lk['id']} does not leave a time warp of yours "
                        "in a period this cube has not been in: a cube never re-enters a "
                        "period it has left.")


def _spend_depot(state: State, seat: int, city: str) -> None:
    mine = state["depots"][city]
    mine[str(seat)] -= 1
    state["players"][seat]["depots"] += 1  # back to its owner's supply
    if not mine[str(seat)]:
        del mine[str(seat)]
    if not mine:
        del state["depots"][city]


def drop_held_cube(tx: Tx, seat: int) -> None:
    """A cube left at a Fuel Depot that is not carried on with the next action is discarded."""
    p = tx.state["players"][seat]
    held = p.get("held_cube")
    if held is None:
        return
    p["held_cube"] = None
    tx.state["bag"][held["colour"]] += 1
    tx.say("cube_dropped", f"{p['name']}'s {held['colour']} cube waiting in "
           f"{held['cities'][-1]} is discarded.")


def _emptied(tx: Tx, src: str, held: dict[str, Any] | None) -> None:
    """After the line that tells the delivery: the city it took the cube from may now be empty
    (a held cube left its city with an earlier action)."""
    if held is None:
        empty_check(tx, src)
        local_campaigns(tx, src)


def apply_delivery(tx: Tx, seat: int, colour: str, route: DeliveryRoute,
                   express_cards: list[str] | None = None) -> None:
    state = tx.state
    p = state["players"][seat]
    src, dest = route.cities[0], route.cities[-1]
    held = p.get("held_cube")
    if held is not None:
        p["held_cube"] = None
        _spend_depot(state, seat, held["cities"][-1])
    else:
        state["cities"][src]["cubes"].remove(colour)
    for cid in (express_cards or [])[:len(route.express)]:
        p["hand"].remove(cid)
        state["ops"]["discard"].append(cid)
    for city in route.depots:
        _spend_depot(state, seat, city)
    who = name(state, seat)
    if route.stop:
        if takes(state, dest, colour):
            _spend_depot(state, seat, dest)
        p["held_cube"] = {"colour": colour, "cities": list(route.cities),
                          "links": list(route.links)}
        tx.say("deliver_stop", f"{who} moves a {colour} cube {src} -> {dest} and stops it at a "
               "Fuel Depot; it goes on with the next action.", route=route.cities,
               links=route.links)
        _emptied(tx, src, held)
        return
    if keeps_cube(state, tx.ctx, seat, colour):
        p.setdefault("kept_cubes", []).append(colour)
    else:
        state["bag"][colour] += 1
    for owner, pts in sorted(route.points.items()):
        add_points(tx, owner, pts, "deliveries")
    split = ", ".join(f"{name(state, s)} +{p}" for s, p in sorted(route.points.items()))
    extra = "".join(f"; passes {c} by Express" for c in route.express) + \
        "".join(f"; passes {c} at a Fuel Depot" for c in route.depots)
    n = link_count(state, route.cities, route.links)
    through = " through time" if warp_jumps(state, route.cities) else ""
    tx.say("deliver", f"{who} delivered a {colour} cube {src} -> {dest}{through} "
           f"({n} link{'s' if n > 1 else ''}: {split}{extra}).",
           route=route.cities, links=route.links, points={str(k): v for k, v in
                                                         route.points.items()})
    _emptied(tx, src, held)
    rotor = state.get("rotors", {}).get(dest)
    if rotor:
        rotor["at"] = (rotor["at"] + 1) % len(rotor["colours"])
        tx.say("rotor", f"{dest}'s City Rotor turns: it now also takes "
               f"{rotor['colours'][rotor['at']]} cubes.")
    western = {w["city"] for w in state["western_links"]}
    if colour == "red" and dest == WESTERN_MARKET and src in western:
        drawn = add_random_cubes(tx, WESTERN_MARKET, tx.ctx.western_redraw)
        tx.say("western_market", f"{WESTERN_MARKET} restocks from the West: "
               f"{', '.join(drawn) or 'the bag is empty'}.")
    after_delivery(tx, seat, src, dest, colour, route.links, route.cities)
    on_delivery(tx, seat, colour)
