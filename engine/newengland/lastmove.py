"""Where a New England Railways move happened: the link bought, bid for or built, or the cities a
shipment passed (see engine.core.lastmove)."""

from __future__ import annotations

from itertools import pairwise

from engine.core.lastmove import LastMove, carry, main_event, public_events, record
from engine.core.types import Action, Event, State
from engine.newengland.board import Board

MAIN_EVENTS = ("ship", "bought", "build", "wait", "bid", "pass", "loan", "retire", "skip")


def last_move(board: Board, state: State, action: Action, events: list[Event]) -> LastMove:
    made = record(state, action, events, MAIN_EVENTS)
    ev = main_event(events, [str(action.get("type")), *MAIN_EVENTS])
    links: list[str] = []
    cities: list[str] = []
    if ev is not None:
        data = ev.get("data") or {}
        route = data.get("route")
        if isinstance(route, list):
            cities = [str(c) for c in route]
            links = [lk.id for a, b in pairwise(cities)
                     if (lk := board.find_link(a, b)) is not None]
        elif isinstance(data.get("link"), str):
            links = [data["link"]]
        else:  # a bid or a pass names the link up for sale in its sentence
            links = [lid for lid in board.links if lid in ev["text"]][:1]
        if not links:  # e.g. the link put up for auction after the move
            links = [str(e["data"]["link"]) for e in public_events(events)
                     if isinstance((e.get("data") or {}).get("link"), str)][:1]
        if links and not cities:
            cities = [c for lid in links for c in (board.links[lid].a, board.links[lid].b)]
    if links:
        made["links"] = links
    if cities:
        made["cities"] = cities
    return carry(state.get("last_move"), made)
