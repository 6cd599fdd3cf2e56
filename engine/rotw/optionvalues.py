"""Legal values of every option of every move command, ranked and labelled for players.

Serves autocomplete and the follow-up selects of a suggestion that needs more detail. Values are
what the option is typed as (a city name, ``link:<id>``, a card id, thousands of dollars for a
bid); labels say what they mean.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.hexgrid import DIRECTIONS
from engine.core.names import plural
from engine.core.title import OptionValue
from engine.core.types import Action, State
from engine.rotw import flow, moves, network, switches, track, trackmap
from engine.rotw.buildterms import build_terms
from engine.rotw.carddeck import baron, effect, held_with, operation
from engine.rotw.commands import match_city
from engine.rotw.context import MAX_BID, MapContext
from engine.rotw.maprules import on
from engine.rotw.naming import display_card
from engine.rotw.suggest import (
    build_ideas,
    delivery_ideas,
    points_text,
)
from engine.rotw.transcon import bonds_choice_text
from engine.rotw.tx import money_text

YES_NO = [OptionValue("yes", True), OptionValue("no", False)]

Chosen = Mapping[str, Any]
Finder = Callable[[State, MapContext, int, Chosen], list[OptionValue]]


def _city(ctx: MapContext, chosen: Chosen, key: str) -> str | None:
    """The chosen city named by ``key`` (None when not chosen); IllegalAction when unknown."""
    text = chosen.get(key)
    if text in (None, ""):
        return None
    return match_city(ctx, text)


def _cube_text(state: State, city: str) -> str:
    cubes = state["cities"][city]["cubes"]
    return f"{plural(len(cubes), 'cube')}: {', '.join(sorted(cubes))}" if cubes else "no cubes"


# --- /build ---------------------------------------------------------------------------------

def _switch_from(state: State, ctx: MapContext, seat: int) -> list[OptionValue]:
    """Hexes of one's track where a Switch Track can go (a branch can leave them)."""
    out: list[OptionValue] = []
    for start in switches.starts(state, seat):
        try:
            sw = trackmap.switch_start(state, ctx, seat, start)
        except IllegalAction:
            continue
        label = sw.hex.label
        out.append(OptionValue(f"{label} on your {sw.ends[0]} - {sw.ends[1]} link", label))
    return out


def _build_from(state: State, ctx: MapContext, seat: int, chosen: Chosen) -> list[OptionValue]:
    if chosen.get("switch") is True:
        return _switch_from(state, ctx, seat)
    out: list[OptionValue] = []
    for lk in state["links"]:
        if lk["owner"] == seat and not lk["complete"]:
            out.append(OptionValue(f"Your unfinished link from {lk['cities'][0]} (ends at "
                                   f"{lk['tiles'][-1]['hex']})", f"link:{lk['id']}"))
    own = {c for lk in network.complete_links(state, seat) for c in lk["cities"]}
    cities = sorted(ctx.mapdef.cities, key=lambda c: (c not in own,
                                                      -len(state["cities"][c]["cubes"]), c))
    for c in cities:
        # A crowded city of one's own network may have no side left to build from; elsewhere
        # that is rare, and checking every city would make the list slow.
        if c in own and not track.can_build_from(state, ctx, seat, c):
            continue
        where = "your network, " if c in own else ""
        out.append(OptionValue(f"{c} ({where}{_cube_text(state, c)})", c))
    return out


def _start(state: State, ctx: MapContext, seat: int, chosen: Chosen) -> str | None:
    text = chosen.get("from")
    if text in (None, ""):
        return None
    if chosen.get("switch") is True:
        return switches.PREFIX + str(text)
    if str(text).lower().startswith("link:"):
        return str(text).lower()
    return match_city(ctx, text)


def _build_to(state: State, ctx: MapContext, seat: int, chosen: Chosen) -> list[OptionValue]:
    start = _start(state, ctx, seat, chosen)
    out: list[OptionValue] = []
    done: set[str] = set()
    if start is not None:
        for idea in build_ideas(state, ctx, seat, only_start=start):
            if idea.goal in done:
                continue
            done.add(idea.goal)
            how = "" if idea.complete else "toward, "
            out.append(OptionValue(f"{idea.goal} ({how}{plural(idea.tiles, 'tile')}, "
                                   f"{money_text(idea.cost)}; {idea.why or 'a new link'})",
                                   idea.goal))
    if start is not None and not done and not track.can_build_from(state, ctx, seat, start):
        return []
    here = ctx.city(start).hex if start in ctx.mapdef.cities else None
    origin = start
    if start is not None and start.startswith(switches.PREFIX):
        sw = trackmap.switch_start(state, ctx, seat, start)
        here, origin = sw.hex, sw.ends[0]  # (its other end is linked to this one: left out)
    elif start is not None and start.startswith("link:"):
        origin = str(trackmap.own_incomplete(state, seat, start)["cities"][0])
    # A city already linked to the start by the seat cannot be linked again.
    linked = {c for lk in network.complete_links(state, seat) if origin in lk["cities"]
              for c in lk["cities"]}
    # Railways through Time: track stays on its board, and out of a warp it reaches a city.
    board = state["cities"].get(origin or "", {}).get("period")
    warp = state["cities"].get(origin or "", {}).get("warp")
    rest = sorted((c for c in ctx.mapdef.cities if c not in done and c != origin
                   and c not in linked and state["cities"][c].get("period") == board
                   and not (warp and state["cities"][c].get("warp"))),
                  key=lambda c: (here.distance(ctx.city(c).hex) if here else 0, c))
    out += [OptionValue(f"{c} ({_cube_text(state, c)})", c) for c in rest]
    return out


def _route(state: State, ctx: MapContext, seat: int, chosen: Chosen) -> track.Route | None:
    start, goal = _start(state, ctx, seat, chosen), _city(ctx, chosen, "to")
    if start is None or goal is None:
        return None
    cards = [c for c in str(chosen.get("cards") or "").split() if c]
    try:
        terms = build_terms(state, ctx, seat, cards)
    except IllegalAction:
        terms = build_terms(state, ctx, seat, [])
    return track.route_toward(state, ctx, seat, start, goal, terms=terms)


def _build_via(state: State, ctx: MapContext, seat: int, chosen: Chosen) -> list[OptionValue]:
    route = _route(state, ctx, seat, chosen)
    if route is None:
        return []
    return [OptionValue(f"{h} (on the cheapest route)", h) for h in route.path]


def _build_path(state: State, ctx: MapContext, seat: int, chosen: Chosen) -> list[OptionValue]:
    route = _route(state, ctx, seat, chosen)
    if route is None:
        return []
    text = " ".join(route.path)
    return [OptionValue(f"{text} (cheapest, {money_text(route.cost)})", text)]


def _build_exit(state: State, ctx: MapContext, seat: int, chosen: Chosen) -> list[OptionValue]:
    names = {"NE": "north-east", "E": "east", "SE": "south-east", "SW": "south-west",
             "W": "west", "NW": "north-west"}
    return [OptionValue(f"{d} ({names[d]})", d) for d in DIRECTIONS]


def _build_cards(state: State, ctx: MapContext, seat: int, chosen: Chosen) -> list[OptionValue]:
    p = state["players"][seat]
    return [OptionValue(f"{operation(ctx, c)['name']}: {operation(ctx, c).get('text', '')}",
                        c) for c in p["hand"] if effect(ctx, c).get("type") not in
            ("express", "railroad_inspector", "upgrade_discount", "free_upgrade",
             "upgrade_reduction")]


def _build_depot(state: State, ctx: MapContext, seat: int, chosen: Chosen) -> list[OptionValue]:
    if not on(state, "fuel_depots"):
        return []
    own = sorted({c for lk in network.complete_links(state, seat) for c in lk["cities"]})
    goal = chosen.get("to")
    first = [str(goal)] if isinstance(goal, str) and goal in ctx.mapdef.cities else []
    return [OptionValue(c, c) for c in dict.fromkeys(first + own)]


def _build_depots(state: State, ctx: MapContext, seat: int, chosen: Chosen) -> list[OptionValue]:
    if not on(state, "fuel_depots"):
        return []
    return [OptionValue("2 Fuel Depots", 2), OptionValue("1 Fuel Depot", 1)]


def _build_redirect(state: State, ctx: MapContext, seat: int,
                    chosen: Chosen) -> list[OptionValue]:
    mine = any(lk["owner"] == seat and not lk["complete"] for lk in state["links"])
    return YES_NO if mine and not on(state, "cut_throat") else []


def _build_switch(state: State, ctx: MapContext, seat: int,
                  chosen: Chosen) -> list[OptionValue]:
    return YES_NO if switches.starts(state, seat) else []


def _build_grant(state: State, ctx: MapContext, seat: int, chosen: Chosen) -> list[OptionValue]:
    return YES_NO if held_with(state, ctx, seat, "land_grant") else []


# --- /deliver -------------------------------------------------------------------------------

def _deliveries(state: State, ctx: MapContext, seat: int, chosen: Chosen,
                skip: str) -> list[Any]:
    city = None if skip == "city" else _city(ctx, chosen, "city")
    dest = None if skip == "to" else _city(ctx, chosen, "to")
    colour = None if skip == "colour" else chosen.get("colour")
    held = state["players"][seat].get("held_cube")
    return [d for d in delivery_ideas(state, ctx, seat)
            if (city is None or held or d.city == city)
            and (dest is None or d.dest == dest)
            and (colour in (None, "") or held or d.colour == str(colour).lower())
            and bool(d.express) == bool(chosen.get("express", d.express))
            and bool(d.stop) == bool(chosen.get("stop", d.stop))]


def _first(ideas: list[Any], key: Callable[[Any], str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for d in ideas:
        out.setdefault(key(d), d)
    return out


def _deliver_city(state: State, ctx: MapContext, seat: int, chosen: Chosen) -> list[OptionValue]:
    best = _first(_deliveries(state, ctx, seat, chosen, "city"), lambda d: d.city)
    return [OptionValue(f"{c} (best: {d.colour} to {d.dest}, {points_text(d.own)}; "
                        f"{_cube_text(state, c)})", c) for c, d in best.items()]


def _deliver_colour(state: State, ctx: MapContext, seat: int,
                    chosen: Chosen) -> list[OptionValue]:
    best = _first(_deliveries(state, ctx, seat, chosen, "colour"), lambda d: d.colour)
    return [OptionValue(f"{c} (best: {d.city} -> {d.dest}, {points_text(d.own)})", c)
            for c, d in best.items()]


def _deliver_to(state: State, ctx: MapContext, seat: int, chosen: Chosen) -> list[OptionValue]:
    best = _first(_deliveries(state, ctx, seat, chosen, "to"), lambda d: d.dest)
    return [OptionValue(f"{c} ({d.colour} from {d.city}, {plural(d.links, 'link')}, "
                        f"{points_text(d.own)})", c) for c, d in best.items()]


def _deliver_express(state: State, ctx: MapContext, seat: int,
                     chosen: Chosen) -> list[OptionValue]:
    return YES_NO if held_with(state, ctx, seat, "express") else []


def _deliver_stop(state: State, ctx: MapContext, seat: int, chosen: Chosen) -> list[OptionValue]:
    return YES_NO if on(state, "fuel_depots") else []


# --- the other commands ---------------------------------------------------------------------

def _bid_amount(state: State, ctx: MapContext, seat: int, chosen: Chosen) -> list[OptionValue]:
    if state["phase"] != "auction" or state["auction"] is None:
        return []
    # Every legal bid, lowest first (bids above one's cash are paid with bonds).
    low = flow.min_bid(state) // 1000
    money = int(state["players"][seat]["money"]) // 1000
    return [OptionValue(f"${k},000" + ("" if k <= money else " (more than your cash: bonds)"),
                        k) for k in range(low, MAX_BID // 1000 + 1)]


def _upgrade_cards(state: State, ctx: MapContext, seat: int,
                   chosen: Chosen) -> list[OptionValue]:
    out = []
    for a in moves.legal(state, ctx, seat):
        if a["type"] == "upgrade" and a.get("cards"):
            cid = a["cards"][0]
            out.append(OptionValue(f"{operation(ctx, cid)['name']} (upgrade for "
                                   f"{money_text(int(a['cost']))})", cid))
    return out


def _legal_of(state: State, ctx: MapContext, seat: int, kind: str) -> list[Action]:
    return [a for a in moves.legal(state, ctx, seat) if a["type"] == kind]


def _urbanize_city(state: State, ctx: MapContext, seat: int,
                   chosen: Chosen) -> list[OptionValue]:
    own = {c for lk in network.complete_links(state, seat) for c in lk["cities"]}
    cities = sorted({a["city"] for a in _legal_of(state, ctx, seat, "urbanize")},
                    key=lambda c: (c not in own, -len(_neighbours(state, c)), c))
    out = []
    for c in cities:
        notes = ["in your network"] if c in own else []
        linked = len(_neighbours(state, c))
        if linked:
            notes.append(plural(linked, "link"))
        out.append(OptionValue(f"{c} ({', '.join(notes)})" if notes else c, c))
    return out


def _neighbours(state: State, city: str) -> set[str]:
    return {other for _, other in network.graph(state).get(city, [])}


def _colour_values(state: State, city: str | None, colours: list[str]) -> list[OptionValue]:
    """Colours for a city, ranked by the cubes waiting in cities linked to it."""
    near = _neighbours(state, city) if city else set()
    waiting = {c: sum(state["cities"][n]["cubes"].count(c) for n in near) for c in colours}
    ranked = sorted(colours, key=lambda c: (-waiting[c], c))
    return [OptionValue(f"{c} ({plural(waiting[c], 'cube')} of it in linked cities)"
                        if waiting[c] else c, c) for c in ranked]


def _urbanize_colour(state: State, ctx: MapContext, seat: int,
                     chosen: Chosen) -> list[OptionValue]:
    city = _city(ctx, chosen, "city")
    colours = sorted({a["colour"] for a in _legal_of(state, ctx, seat, "urbanize")
                      if city is None or a["city"] == city})
    return _colour_values(state, city, colours)


def _card_card(state: State, ctx: MapContext, seat: int, chosen: Chosen) -> list[OptionValue]:
    out: dict[str, OptionValue] = {}
    for a in _legal_of(state, ctx, seat, "card"):
        card = operation(ctx, a["card"])
        out.setdefault(card["name"], OptionValue(
            f"{card['name']}: {card.get('text', '')}", a["card"]))
    return list(out.values())


def _card_moves(state: State, ctx: MapContext, seat: int, chosen: Chosen,
                skip: str) -> list[Action]:
    cid = display_card(state, ctx, chosen.get("card")) if chosen.get("card") else None
    city = None if skip == "city" else _city(ctx, chosen, "city")
    colour = None if skip == "colour" else chosen.get("colour")
    link = None if skip == "link" else chosen.get("link")
    name = operation(ctx, cid)["name"] if cid else None
    return [a for a in _legal_of(state, ctx, seat, "card")
            if (name is None or operation(ctx, a["card"])["name"] == name)
            and (city is None or a.get("city") == city)
            and (colour in (None, "") or a.get("colour") == str(colour).lower())
            and (link in (None, "") or str(a.get("link")) == str(link))]


def _card_city(state: State, ctx: MapContext, seat: int, chosen: Chosen) -> list[OptionValue]:
    cities = dict.fromkeys(a["city"] for a in _card_moves(state, ctx, seat, chosen, "city")
                           if "city" in a)
    ranked = sorted(cities, key=lambda c: (-len(_neighbours(state, c)), c))
    return [OptionValue(f"{c} ({_cube_text(state, c)})", c) for c in ranked]


def _card_colour(state: State, ctx: MapContext, seat: int, chosen: Chosen) -> list[OptionValue]:
    colours = sorted({a["colour"] for a in _card_moves(state, ctx, seat, chosen, "colour")
                      if "colour" in a})
    return _colour_values(state, _city(ctx, chosen, "city"), colours)


def _card_link(state: State, ctx: MapContext, seat: int, chosen: Chosen) -> list[OptionValue]:
    out = []
    for lid in dict.fromkeys(a["link"] for a in _card_moves(state, ctx, seat, chosen, "link")
                             if "link" in a):
        lk = trackmap.find_link(state, lid)
        if lk is None:
            continue
        owner = state["players"][lk["owner"]]["name"]
        out.append(OptionValue(f"{lk['cities'][0]} - {lk['cities'][1]} ({owner}'s link)", lid))
    return out


def _card_route(state: State, ctx: MapContext, seat: int, chosen: Chosen) -> list[OptionValue]:
    routes = dict.fromkeys(" > ".join(a["route"]) for a in
                           _card_moves(state, ctx, seat, chosen, "route") if "route" in a)
    return [OptionValue(r, r) for r in routes if len(r) <= 100]


def _baron_card(state: State, ctx: MapContext, seat: int, chosen: Chosen) -> list[OptionValue]:
    return [OptionValue(f"{baron(ctx, c)['name']}: {baron(ctx, c).get('text', '')}", c)
            for c in state["players"][seat]["baron_choices"]]


def _mine_city(state: State, ctx: MapContext, seat: int, chosen: Chosen) -> list[OptionValue]:
    own = {c for lk in network.complete_links(state, seat) for c in lk["cities"]}
    cities = sorted({a["city"] for a in _legal_of(state, ctx, seat, "mine")},
                    key=lambda c: (c not in own, c))
    return [OptionValue(f"{c} (in your network)" if c in own else c, c) for c in cities]


def _western_city(state: State, ctx: MapContext, seat: int, chosen: Chosen) -> list[OptionValue]:
    return [OptionValue(f"{a['city']} ({money_text(int(a['cost']))})", a["city"])
            for a in _legal_of(state, ctx, seat, "western_link")]


def _return_count(state: State, ctx: MapContext, seat: int,
                  chosen: Chosen) -> list[OptionValue]:
    return [OptionValue(bonds_choice_text(state, seat, int(a["count"])), int(a["count"]))
            for a in _legal_of(state, ctx, seat, "return_bonds")]


FINDERS: dict[tuple[str, str], Finder] = {
    ("build", "from"): _build_from,
    ("build", "to"): _build_to,
    ("build", "via"): _build_via,
    ("build", "path"): _build_path,
    ("build", "exit"): _build_exit,
    ("build", "redirect"): _build_redirect,
    ("build", "grant"): _build_grant,
    ("build", "switch"): _build_switch,
    ("build", "cards"): _build_cards,
    ("build", "depot"): _build_depot,
    ("build", "depots"): _build_depots,
    ("deliver", "city"): _deliver_city,
    ("deliver", "colour"): _deliver_colour,
    ("deliver", "to"): _deliver_to,
    ("deliver", "express"): _deliver_express,
    ("deliver", "stop"): _deliver_stop,
    ("bid", "amount"): _bid_amount,
    ("upgrade", "cards"): _upgrade_cards,
    ("urbanize", "city"): _urbanize_city,
    ("urbanize", "colour"): _urbanize_colour,
    ("card", "card"): _card_card,
    ("card", "city"): _card_city,
    ("card", "colour"): _card_colour,
    ("card", "link"): _card_link,
    ("card", "route"): _card_route,
    ("baron", "card"): _baron_card,
    ("westernlink", "city"): _western_city,
    ("mine", "city"): _mine_city,
    ("returnbonds", "count"): _return_count,
}


def option_values(state: State, ctx: MapContext, seat: int, command: str, option: str,
                  chosen: Chosen) -> list[OptionValue]:
    finder = FINDERS.get((command, option))
    if finder is None or seat not in flow.to_act(state):
        return []
    try:
        return finder(state, ctx, seat, chosen)
    except IllegalAction:
        # Something already chosen is not on the map: nothing fits it.
        return []
