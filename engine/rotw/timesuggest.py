"""Railways through Time in the suggestions: what a new link is worth for delivering through
time and for claiming Time Lines, so that warp builds are offered with reasons."""

from __future__ import annotations

from typing import Any

from engine.core.types import State
from engine.rotw import delivery, network
from engine.rotw.timetravel import claimable, crosses_time, is_warp, period

FIRST_WARP_VALUE = 1.5
"""A first link into a warp opens nothing yet, but is the start of every delivery through time."""
TIME_DELIVERY_VALUE = 3.0
TIME_LINE_VALUE = 4.0


def _time_cubes(state: State, seat: int) -> int:
    """Cubes the seat could deliver through time now (each cube counted once)."""
    return len({(r.cities[0], r.colour) for r in delivery.all_deliveries(state, seat)
                if crosses_time(state, r.cities)})


def link_value(state: State, seat: int, a: str, b: str) -> tuple[float, list[str]]:
    """Extra worth of a new own link a-b in a Through Time game, with the reasons."""
    link: dict[str, Any] = {"id": -1, "owner": seat, "complete": True, "cities": [a, b],
                            "tiles": []}
    trial = {**state, "links": [*state["links"], link]}
    value, why = 0.0, []
    if is_warp(state, b) or is_warp(state, a):
        own_periods = {period(state, c) for lk in network.complete_links(state, seat)
                       for c in lk["cities"] if is_warp(state, c)}
        new_period = period(state, b if is_warp(state, b) else a)
        if not own_periods:
            value += FIRST_WARP_VALUE
            why.append("a first way into the time warps")
        elif new_period not in own_periods:
            value += FIRST_WARP_VALUE
            why.append("joins this period to your others through time")
    gained = _time_cubes(trial, seat) - _time_cubes(state, seat)
    if gained > 0:
        value += TIME_DELIVERY_VALUE * gained
        why.append(f"{gained} cube{'s' if gained > 1 else ''} to deliver through time")
    # A Time Line completed but not joined to the seat's first one is not claimed (yet).
    now = {(tl["a"], tl["b"]) for tl in claimable(state, seat)}
    for tl in claimable(trial, seat):
        if (tl["a"], tl["b"]) not in now:
            value += TIME_LINE_VALUE
            why.append(f"claims the {tl['a']} - {tl['b']} Time Line")
    return value, why
