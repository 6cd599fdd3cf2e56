"""Moving a commodity cube along built links to the first city that demands its colour."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.types import State
from engine.newengland.board import Board, Link
from engine.newengland.context import Ctx


def is_built(state: State, link: Link) -> bool:
    return bool(state["links"][link.id]["status"] == "built")


def route_links(board: Board, state: State, route: list[str]) -> list[Link] | None:
    out = []
    for a, b in pairwise(route):
        link = board.find_link(a, b)
        if link is None or not is_built(state, link):
            return None
        out.append(link)
    return out


def routes_from(board: Board, state: State, start: str, colour: str) -> list[list[str]]:
    """Every legal route for a ``colour`` cube in ``start``: along built links, no city twice,
    at most the link limit, ending at the first city that demands ``colour``."""
    found: list[list[str]] = []

    def walk(path: list[str]) -> None:
        here = path[-1]
        for link in board.adjacent[here]:
            nxt = link.other(here)
            if nxt in path or not is_built(state, link):
                continue
            if board.cities[nxt].demand == colour:
                found.append([*path, nxt])
            elif len(path) < board.max_ship_links:
                walk([*path, nxt])

    walk([start])
    return found


def _rank(board: Board, state: State, seat: int, route: list[str]) -> tuple[int, int, str]:
    own = sum(1 for link in route_links(board, state, route) or []
              if state["links"][link.id]["owner"] == seat)
    return (-own, len(route), "|".join(route))


def best_route(board: Board, state: State, seat: int, start: str, colour: str,
               dest: str | None = None) -> list[str] | None:
    """The route chosen when a player names no route: most of their own links, then fewest
    links, then alphabetical (so it is always the same)."""
    options = [r for r in routes_from(board, state, start, colour) if dest in (None, r[-1])]
    if not options:
        return None
    return min(options, key=lambda r: _rank(board, state, seat, r))


def shipments(board: Board, state: State, seat: int) -> list[dict[str, Any]]:
    """One ship move per cube colour, origin and destination, with its preferred route."""
    moves: list[dict[str, Any]] = []
    for city in board.cities:
        for colour in sorted(set(state["cities"][city])):
            dests = sorted({r[-1] for r in routes_from(board, state, city, colour)})
            for dest in dests:
                route = best_route(board, state, seat, city, colour, dest)
                assert route is not None
                moves.append({"type": "ship", "seat": seat, "from": city, "to": dest,
                              "cube": colour, "route": route})
    return moves


def anything_to_ship(board: Board, state: State) -> bool:
    return any(routes_from(board, state, city, colour)
               for city in board.cities for colour in set(state["cities"][city]))


def check_route(board: Board, state: State, route: object, cube: object) -> tuple[str, list[Link]]:
    if not isinstance(route, list) or not all(isinstance(c, str) for c in route):
        raise IllegalAction("bad_route", "A shipment needs a route: a list of cities.")
    for city in route:
        if city not in board.cities:
            raise IllegalAction("unknown_city", f"There is no city called {city} on the board.")
    if len(route) < 2:
        raise IllegalAction("bad_route", "A cube must move along at least one link.")
    if len(set(route)) != len(route):
        raise IllegalAction("city_twice", "A cube may visit each city only once.")
    if len(route) - 1 > board.max_ship_links:
        raise IllegalAction("too_far", f"A cube can't move more than {board.max_ship_links} "
                            "Railway Links.")
    for a, b in pairwise(route):
        link = board.find_link(a, b)
        if link is None:
            raise IllegalAction("no_link", f"There is no Railway Link between {a} and {b}.")
        if not is_built(state, link):
            raise IllegalAction("no_link", "A cube can move only along built Railway Links, and "
                                f"{a} - {b} is not built.")
    links = route_links(board, state, route)
    assert links is not None
    start, dest = route[0], route[-1]
    colour = board.cities[dest].demand if cube is None else cube
    if colour not in state["cities"][start]:
        raise IllegalAction("no_cube", f"There is no {colour} cube in {start}.")
    if board.cities[dest].demand != colour:
        raise IllegalAction("wrong_demand", f"{dest} does not demand {colour} cubes; a cube must "
                            "end at a city that demands its colour.")
    for city in route[1:-1]:
        if board.cities[city].demand == colour:
            raise IllegalAction("must_stop", f"A {colour} cube must stop as soon as it enters "
                                f"{city}, which demands {colour}.")
    return str(colour), links


def ship(ctx: Ctx, seat: int, route: object, cube: object) -> None:
    state = ctx.state
    colour, links = check_route(ctx.board, state, route, cube)
    assert isinstance(route, list)
    state["cities"][route[0]].remove(colour)
    state["cup"].append(colour)
    state["shipments"] += 1
    gains: dict[int, int] = {}
    for link in links:
        owner = state["links"][link.id]["owner"]
        gains[owner] = gains.get(owner, 0) + 1
    for owner, gain in gains.items():
        p = ctx.player(owner)
        p["income"] = min(ctx.board.income_max, p["income"] + gain)
    credit = ", ".join(f"{ctx.name(o)} +{g}" for o, g in sorted(gains.items()))
    ctx.say("ship", f"{ctx.name(seat)} ships a {colour} cube {' - '.join(route)}; income "
            f"{credit}.", seat=seat, route=route, cube=colour)
