"""The simple player actions: upgrade engine, urbanize, build a Western Link."""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.types import State
from engine.rotw import events
from engine.rotw.buildterms import half_up
from engine.rotw.carddeck import effect
from engine.rotw.cards import after_upgrade
from engine.rotw.context import MAX_ENGINE, MapContext
from engine.rotw.economy import lift_marker, pay
from engine.rotw.track import check_major_lines
from engine.rotw.trackmap import closed_west, refuse_west
from engine.rotw.tx import Tx, money_text, name
from engine.rotw.urban import check_urbanize, urbanize


def check_upgrade(state: State, ctx: MapContext, seat: int) -> int:
    level = int(state["players"][seat]["engine"]) + 1
    if level > MAX_ENGINE:
        raise IllegalAction("max_engine", f"Level {MAX_ENGINE} is the highest engine.")
    return events.engine_cost(state, ctx, ctx.engine_costs.get(level, 0))


UPGRADE_CARDS = ("upgrade_discount", "free_upgrade", "upgrade_reduction")


def upgrade_price(state: State, ctx: MapContext, seat: int, used: Any) -> tuple[int, list[str]]:
    """The price of the next level after at most one held upgrade card (Coal Fueled Engines:
    half, rounded up; Engine Upgrade: free)."""
    cost = check_upgrade(state, ctx, seat)
    if not used:
        return cost, []
    hand = state["players"][seat]["hand"]
    if not isinstance(used, list) or len(used) != 1 or used[0] not in hand \
            or effect(ctx, used[0]).get("type") not in UPGRADE_CARDS:
        raise IllegalAction("card_not_held", "Name one held Engine Upgrade, Coal Fueled "
                            "Engines or Boost card for an upgrade.")
    kind = effect(ctx, used[0]).get("type")
    if kind == "free_upgrade":
        return 0, [str(used[0])]
    if kind == "upgrade_reduction":
        # Boost: $5,000 off, down to nothing.
        return max(0, cost - int(effect(ctx, used[0]).get("amount", 5000))), [str(used[0])]
    return half_up(cost), [str(used[0])]


def upgrade(tx: Tx, seat: int, used: Any = None) -> None:
    cost, spent = upgrade_price(tx.state, tx.ctx, seat, used)
    note = pay(tx, seat, cost) if cost else ""
    p = tx.state["players"][seat]
    for cid in spent:
        p["hand"].remove(cid)
        tx.state["ops"]["discard"].append(cid)
    p["engine"] += 1
    tx.say("upgrade", f"{p['name']} upgraded to a level {p['engine']} engine "
           f"({money_text(cost)}{note}).")
    after_upgrade(tx, seat, int(p["engine"]))


def do_urbanize(tx: Tx, seat: int, city: str, colour: str) -> None:
    check_urbanize(tx.state, city, colour)
    cost = events.urbanize_cost(tx.state, tx.ctx)
    note = pay(tx, seat, cost)
    drawn = urbanize(tx, city, colour, tx.ctx.urbanize_cubes)
    tx.say("urbanize", f"{name(tx.state, seat)} urbanized {city} as {colour} "
           f"({money_text(cost)}{note}); it gains "
           f"{', '.join(drawn) or 'no cubes'}.")
    lift_marker(tx, city)


def check_western(state: State, ctx: MapContext, seat: int, city: str) -> None:
    if "western_link" not in ctx.mapdef.rules and not ctx.western_hexes:
        raise IllegalAction("no_western_link", "This map has no Western Link.")
    if city not in ctx.western_hexes:
        raise IllegalAction("not_western_city", f"A Western Link can only be built at "
                            f"{' or '.join(sorted(ctx.western_hexes))}.")
    refuse_west(ctx, closed_west(state, ctx), ctx.city(city).hex, city)
    if any(w["city"] == city for w in state["western_links"]):
        raise IllegalAction("western_taken", f"{city} already has its Western Link.")
    if not any(lk["complete"] and lk["owner"] == seat and city in lk["cities"]
               for lk in state["links"]):
        raise IllegalAction("western_needs_link", f"You need a complete link of your own to {city} "
                            "before building its Western Link.")


def western_link(tx: Tx, seat: int, city: str) -> None:
    check_western(tx.state, tx.ctx, seat, city)
    note = pay(tx, seat, tx.ctx.western_cost)
    tx.state["western_links"].append({"city": city, "owner": seat,
                                      "hex": tx.ctx.western_hexes[city]})
    bag = tx.state["bag"]
    reds = min(tx.ctx.western_red, bag["red"])
    bag["red"] -= reds
    tx.state["cities"][city]["cubes"].extend(["red"] * reds)
    tx.say("western_link", f"{name(tx.state, seat)} built the Western Link at {city} "
           f"({money_text(tx.ctx.western_cost)}{note}); {reds} red cubes arrive.")
    check_major_lines(tx, seat)

