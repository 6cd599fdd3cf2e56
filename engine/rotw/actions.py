"""The simple player actions: upgrade engine, urbanize, build a Western Link."""

from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.core.types import State
from engine.rotw.cards import after_upgrade
from engine.rotw.context import MAX_ENGINE, MapContext
from engine.rotw.economy import pay, refill
from engine.rotw.track import check_major_lines
from engine.rotw.tx import Tx, money_text, name
from engine.rotw.urban import check_urbanize, urbanize


def check_upgrade(state: State, ctx: MapContext, seat: int) -> int:
    level = int(state["players"][seat]["engine"]) + 1
    if level > MAX_ENGINE:
        raise IllegalAction("max_engine", f"Level {MAX_ENGINE} is the highest engine.")
    return ctx.engine_costs.get(level, 0)


def upgrade(tx: Tx, seat: int) -> None:
    cost = check_upgrade(tx.state, tx.ctx, seat)
    note = pay(tx, seat, cost)
    p = tx.state["players"][seat]
    p["engine"] += 1
    tx.say("upgrade", f"{p['name']} upgraded to a level {p['engine']} engine "
           f"({money_text(cost)}{note}).")
    after_upgrade(tx, seat, int(p["engine"]))


def do_urbanize(tx: Tx, seat: int, city: str, colour: str) -> None:
    check_urbanize(tx.state, city, colour)
    note = pay(tx, seat, tx.ctx.urbanize_cost)
    drawn = urbanize(tx, city, colour, tx.ctx.urbanize_cubes)
    tx.say("urbanize", f"{name(tx.state, seat)} urbanized {city} as {colour} "
           f"({money_text(tx.ctx.urbanize_cost)}{note}); it gains "
           f"{', '.join(drawn) or 'no cubes'}.")


def check_western(state: State, ctx: MapContext, seat: int, city: str) -> None:
    if "western_link" not in ctx.mapdef.rules and not ctx.western_hexes:
        raise IllegalAction("no_western_link", "This map has no Western Link.")
    if city not in ctx.western_hexes:
        raise IllegalAction("not_western_city", f"A Western Link can only be built at "
                            f"{' or '.join(sorted(ctx.western_hexes))}.")
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
    refill(tx, city)
    tx.say("western_link", f"{name(tx.state, seat)} built the Western Link at {city} "
           f"({money_text(tx.ctx.western_cost)}{note}); {reds} red cubes arrive.")
    check_major_lines(tx, seat)

