"""Taking a Railroad Operations card from the display: checks, then the card's effect."""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.types import State
from engine.rotw import delivery
from engine.rotw.carddeck import operation, operation_ids
from engine.rotw.cardeffects import check_take_effect, take_effect
from engine.rotw.context import MapContext
from engine.rotw.economy import add_points, add_random_cubes, lift_marker
from engine.rotw.timetravel import refuse_warp
from engine.rotw.transconrules import refuse_frozen
from engine.rotw.tx import Tx, name
from engine.rotw.urban import check_urbanize, urbanize


def check_take(state: State, ctx: MapContext, seat: int, action: dict[str, Any]) -> None:
    cid = action.get("card")
    ops = state["ops"]
    if cid not in ops["display"]:
        what = operation(ctx, cid)["name"] if cid in operation_ids(ctx) else "That card"
        raise IllegalAction("card_not_shown", f"{what} is not in the Operations display.")
    card = operation(ctx, str(cid))
    if card["kind"] == "goal":
        raise IllegalAction("goal_card", f"{card['name']} cannot be taken: its bonus goes to the "
                            "first player to reach its goal.")
    e = card.get("effect", {})
    if e.get("type") == "extra_actions" and state["extra_actions"] > 0:
        raise IllegalAction("executive_chain", "A Railroad Executive cannot be used to take "
                            "another Railroad Executive.")
    if e.get("type") == "city_growth":
        city = action.get("city")
        if not isinstance(city, str) or city not in state["cities"]:
            raise IllegalAction("need_city", "City Growth needs a city: /card card:<id> "
                                "city:<name>.")
        refuse_frozen(state, city)
        refuse_warp(state, str(city))
    if e.get("type") == "new_industry":
        city, colour = action.get("city"), action.get("colour")
        if not isinstance(city, str) or not isinstance(colour, str):
            raise IllegalAction("need_city", "New Industry needs a gray city and a colour.")
        check_urbanize(state, city, colour)
    check_take_effect(state, ctx, seat, card, action)
    if e.get("type") == "diplomatic_relations":
        _diplomatic_route(state, seat, e, action)


def take(tx: Tx, seat: int, action: dict[str, Any]) -> None:
    state, ctx = tx.state, tx.ctx
    cid = str(action["card"])
    card = operation(ctx, cid)
    state["ops"]["display"].remove(cid)
    e = card.get("effect", {})
    who = name(state, seat)
    kind = card["kind"]
    if kind == "x":
        state["ops"]["discard"].append(cid)
    elif kind == "hand":
        state["players"][seat]["hand"].append(cid)
    else:
        state["players"][seat]["cards"].append(cid)
    etype = e.get("type")
    if etype == "city_growth":
        city = str(action["city"])
        drawn = add_random_cubes(tx, city, int(e.get("cubes", 2)))
        tx.say("card", f"{who} took {card['name']}: {city} gains {', '.join(drawn) or 'nothing'}.")
    elif etype == "new_industry":
        city, colour = str(action["city"]), str(action["colour"])
        drawn = urbanize(tx, city, colour, int(e.get("cubes", 2)))
        tx.say("card", f"{who} took {card['name']}: {city} becomes {colour} and gains "
               f"{', '.join(drawn) or 'nothing'}.")
        lift_marker(tx, city)
    elif etype == "extra_actions":
        extra = int(e.get("count", 2))
        # +1: taking the card is itself the action that advance() will count off first.
        state["extra_actions"] = extra + 1
        tx.say("card", f"{who} took {card['name']} and now takes {extra} more actions.")
    elif etype == "diplomatic_relations":
        tx.say("card", f"{who} took {card['name']} and delivers at once.")
        route = _diplomatic_route(state, seat, e, action)
        delivery.apply_delivery(tx, seat, str(action["colour"]), route)
        pts = int(e.get("points", 1))
        for owner in sorted(route.points):
            add_points(tx, owner, pts, "deliveries")
        tx.say("diplomatic", "Every railroad on that delivery gains "
               f"{pts} more point{'s' if pts > 1 else ''}.")
    elif not take_effect(tx, seat, cid, card, action):
        tx.say("card", f"{who} took {card['name']}.")


def _diplomatic_route(state: State, seat: int, e: dict[str, Any],
                      action: dict[str, Any]) -> delivery.DeliveryRoute:
    """Diplomatic Relations: a delivery made at once over links of at least two players."""
    if action.get("continue") or action.get("stop"):
        raise IllegalAction("bad_delivery", "Diplomatic Relations needs a whole delivery.")
    route = delivery.resolve(state, seat, action)
    if len(route.points) < int(e.get("min_owners", 2)):
        raise IllegalAction("one_railroad", "Diplomatic Relations needs a delivery over links of "
                            "at least two players: /card card:<id> city:<name> colour:<colour> "
                            "route:<cities>.")
    return route
