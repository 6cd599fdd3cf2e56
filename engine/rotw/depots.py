"""Fuel Depots (Western U.S.): placed as an add-on to a Build Track action."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.types import State
from engine.rotw import network
from engine.rotw.context import MapContext
from engine.rotw.maprules import on
from engine.rotw.minis import forbidden
from engine.rotw.timetravel import refuse_warp
from engine.rotw.transconrules import WEST, phase
from engine.rotw.tx import Tx, name


def no_depots_reason(state: State, ctx: MapContext) -> str:
    """Why depots cannot be placed now: never in this game, or (Transcontinental) not before the
    Western phase, in the words of the map's own sentence."""
    t = state.get("transcon")
    later = forbidden(ctx).get("fuel_depots")
    if later and t is not None and phase(state) != WEST \
            and t.get("options", {}).get("fuel_depots") is not False:
        return later
    return "This game is played without Fuel Depots."


def check_depot(state: State, ctx: MapContext, seat: int, city: Any, count: Any,
                reached: Collection[str] = ()) -> int:
    """The add-on's price: up to two depots on one city of one's network that has none yet;
    ``reached`` are the cities the build placing them connects (they count as connected)."""
    if not on(state, "fuel_depots"):
        raise IllegalAction("no_fuel_depots", no_depots_reason(state, ctx))
    if not isinstance(city, str) or city not in state["cities"]:
        raise IllegalAction("unknown_city", f"There is no city called {city} on this map.")
    refuse_warp(state, city)
    if not isinstance(count, int) or not 1 <= count <= ctx.depots_per_build:
        raise IllegalAction("bad_depots", f"Place 1 to {ctx.depots_per_build} Fuel Depots.")
    if state["players"][seat]["depots"] < count:
        raise IllegalAction("no_depots_left", f"You have only {state['players'][seat]['depots']} "
                            "Fuel Depots left.")
    if city not in reached and network.links_at(state, seat, city) == 0:
        raise IllegalAction("depot_not_connected", f"Your railroad does not reach {city}.")
    if state["depots"].get(city):
        raise IllegalAction("depot_taken", f"{city} already holds Fuel Depots.")
    return ctx.depot_cost


def place_depots(tx: Tx, seat: int, city: str, count: int) -> None:
    tx.state["players"][seat]["depots"] -= count
    tx.state["depots"][city] = {str(seat): count}
    tx.say("fuel_depot", f"{name(tx.state, seat)} places {count} Fuel Depot"
           f"{'s' if count > 1 else ''} in {city}.")
