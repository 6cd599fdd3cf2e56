"""Where a Railways of the World move happened: the hexes of new track, a delivery's path from
its origin to its destination, the cities a move changed (see engine.core.lastmove)."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from engine.core.lastmove import LastMove, carry, main_event, record
from engine.core.types import Action, Event, State
from engine.rotw.context import MapContext
from engine.rotw.timetravel import is_hop, link_count
from engine.rotw.trackmap import find_link

MAIN_EVENTS = ("build", "deliver", "deliver_stop", "urbanize", "upgrade", "card", "bid", "pass",
               "western_link", "mine", "fuel_depot", "switch_track", "time_line", "merger")
"""Event types that say what a move was, when the action's own type names none."""
NAMING = ("card", "mine", "fuel_depot", "switch_track", "time_line")
"""Event types whose sentence names the cities the move was about (a card's city)."""


def last_move(state: State, ctx: MapContext, action: Action, events: list[Event],
              secret: bool) -> LastMove:
    made = record(state, action, events, MAIN_EVENTS)
    hexes: list[str] = []
    cities: list[str] = []
    route: list[str] = []
    ev = main_event(events, [str(action.get("type")), *MAIN_EVENTS])
    data: dict[str, Any] = dict(ev.get("data") or {}) if ev is not None else {}
    kind = ev["type"] if ev is not None else ""
    if secret:  # named by what everyone was told ("voted"), never by what was chosen
        made["kind"] = kind
    if kind == "build":
        link = find_link(state, int(data.get("link", -1)))
        hexes += [str(h) for h in data.get("tiles") or []]
        if link is not None:
            cities += [str(c) for c in link["cities"] if c]
    elif kind in ("deliver", "deliver_stop") and data.get("route"):
        cities += [str(c) for c in data["route"]]
        route = _path(state, ctx, cities, [int(x) for x in data.get("links") or []])
        if kind == "deliver" and action.get("type") == "deliver" and "points" in data:
            made["text"] = _delivery_words(state, made, action, cities, data)
    if not secret and ev is not None and not cities and not hexes and kind in NAMING:
        cities += _named(ctx, ev["text"])
    if not secret:
        for key in ("city", "start"):
            place = action.get(key)
            if isinstance(place, str) and place in ctx.mapdef.cities and place not in cities:
                cities.append(place)
    if kind != "deliver" and kind != "deliver_stop":
        hexes += [ctx.city(c).hex.label for c in cities if c in ctx.mapdef.cities]
    if kind == "western_link":
        hexes += [str(w["hex"]) for w in state["western_links"] if w["city"] in cities]
    if hexes:
        made["hexes"] = list(dict.fromkeys(hexes))
    if route:
        made["route"] = route
    if cities:
        made["cities"] = cities
    return carry(state.get("last_move"), made)


def _named(ctx: MapContext, text: str) -> list[str]:
    """The cities an event's sentence names (a card's city), longest names first so that "York"
    is not found inside "New York"."""
    found: list[str] = []
    for name in sorted(ctx.mapdef.cities, key=len, reverse=True):
        if name in text and not any(name in f for f in found):
            found.append(name)
    return found


def _path(state: State, ctx: MapContext, cities: list[str], links: list[int]) -> list[str]:
    """A delivery's hexes in the order the cube passes them (city, track tiles, city...). A hop
    through time passes no track: the next link is the one leaving the warp it arrives at."""
    def city_hex(name: str) -> list[str]:
        return [ctx.city(name).hex.label] if name in ctx.mapdef.cities else []

    path = city_hex(cities[0]) if cities else []
    ahead = iter(links)
    for here, there in pairwise(cities):
        if not is_hop(state, here, there):
            lid = next(ahead, None)
            if lid is None:
                break
            link = find_link(state, lid)
            if link is not None:
                path += _link_hexes(state, link, here, there)
        path += city_hex(there)
    return path


def _link_hexes(state: State, link: dict[str, Any], here: str, there: str) -> list[str]:
    """The track hexes a cube passes along ``link`` from ``here`` to ``there``. A branch off a
    Switch Track holds only its own tiles, so the cube's way from a city of the track it leaves
    runs along that track up to the switch first."""
    tiles = [str(t["hex"]) for t in link["tiles"]]
    sw = link.get("switch")
    if not sw:
        return tiles if link["cities"][0] == here else tiles[::-1]
    end = here if here in sw["ends"] else there  # the city of the track the branch leaves
    stem: list[str] = []
    parent = find_link(state, int(sw["link"]))
    if parent is not None:
        along = [str(t["hex"]) for t in parent["tiles"]]
        along = along if parent["cities"][0] == end else along[::-1]
        if sw["hex"] in along:
            stem = along[:along.index(sw["hex"]) + 1]
    onward = stem + tiles  # the branch's tiles run from its switch to its own city
    return onward if here == end else onward[::-1]


def _delivery_words(state: State, made: LastMove, action: Action, cities: list[str],
                    data: dict[str, Any]) -> str:
    """"bob delivered red Pittsburgh -> Chicago, 3 links, +3 (ann +1)"."""
    seat = made["seat"]
    points = {int(k): int(v) for k, v in (data.get("points") or {}).items()}
    n = link_count(state, cities, [int(x) for x in data.get("links") or []])
    colour = str(action.get("colour") or "")
    colour = colour or "a cube"
    others = ", ".join(f"{state['players'][s]['name']} +{p}"
                       for s, p in sorted(points.items()) if s != seat)
    mine = points.get(seat, 0) if seat is not None else 0
    return (f"{made['who']} delivered {colour} {cities[0]} -> {cities[-1]}, {n} link"
            f"{'s' if n != 1 else ''}, +{mine}" + (f" ({others})" if others else ""))
