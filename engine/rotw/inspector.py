"""Railroad Inspector (England and Wales): a held card that stops another player's delivery.

A Deliver Goods Cube action that some other player could stop is not carried out at once: it is
held in ``state["pending"]`` and the game enters the ``respond`` phase, where each such holder in
turn order (from the mover's left) answers ``inspect`` (the delivery is stopped: the cube stays,
the mover's action is spent, the card is discarded) or ``allow``. When every holder has allowed
it, the delivery happens as declared. Without a holder who may use the card nothing changes.

House readings (the card is silent): only a Deliver Goods Cube action can be stopped (a delivery
made by taking a card cannot); the step is offered on every delivery a holder may stop, and a
stopped delivery spends nothing else (no Express card, no Fuel Depot). ``once_per_victim``
(default true, as printed) limits each player to being stopped once per game.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.types import State
from engine.rotw.carddeck import effect, operation
from engine.rotw.context import MapContext
from engine.rotw.delivery import DeliveryRoute
from engine.rotw.tx import Tx, name

EFFECT = "railroad_inspector"
PHASE = "respond"


def usable_card(state: State, ctx: MapContext, holder: int, mover: int) -> str | None:
    """The holder's Inspector card that may stop ``mover`` now, if any."""
    if holder == mover:
        return None
    stopped = bool(state["players"][mover].get("inspected"))
    for cid in state["players"][holder]["hand"]:
        e = effect(ctx, cid)
        if e.get("type") == EFFECT and not (stopped and e.get("once_per_victim", True)):
            return str(cid)
    return None


def card_name(ctx: MapContext) -> str:
    """What this map's deck calls the card (England and Wales: Railway Inspector)."""
    for c in ctx.cards.get("operations", ()):
        if c.get("effect", {}).get("type") == EFFECT:
            return str(c["name"])
    return "Railroad Inspector"


def holders(state: State, ctx: MapContext, mover: int) -> list[int]:
    """Seats that may stop ``mover``'s delivery, in turn order from the mover's left."""
    order = list(state["turn_order"])
    i = order.index(mover) if mover in order else 0
    seats = order[i + 1:] + order[:i]
    return [s for s in seats if usable_card(state, ctx, s, mover) is not None]


def pending_delivery(state: State) -> dict[str, Any] | None:
    pending = state.get("pending")
    if isinstance(pending, dict) and pending.get("kind") == "delivery":
        return pending
    return None


def declare(tx: Tx, seat: int, action: dict[str, Any], route: DeliveryRoute) -> bool:
    """Hold a checked delivery for the Inspector holders' answer; False when there are none."""
    state = tx.state
    asked = holders(state, tx.ctx, seat)
    if not asked:
        return False
    state["pending"] = {"kind": "delivery", "seat": seat, "action": dict(action),
                        "colour": route.colour, "route": list(route.cities),
                        "links": list(route.links), "asked": asked}
    state["phase"] = PHASE
    who = " then ".join(name(state, s) for s in asked)
    tx.say("delivery_declared", f"{name(state, seat)} declares a delivery of a {route.colour} "
           f"cube {route.cities[0]} -> {route.cities[-1]}. {who} may stop it with a "
           f"{card_name(tx.ctx)} (/inspect) or let it go ahead (/allow).", seat=seat, asked=asked,
           route=route.cities, links=route.links)
    return True


def respond(tx: Tx, seat: int, kind: str) -> dict[str, Any] | None:
    """Apply ``inspect`` or ``allow``; returns the delivery to carry out when all allowed it."""
    state = tx.state
    pending = pending_delivery(state)
    if pending is None or state["phase"] != PHASE:
        raise IllegalAction("nothing_pending", "No delivery is waiting for an answer.")
    if kind not in ("inspect", "allow"):
        raise IllegalAction("respond", f"{name(state, pending['seat'])}'s delivery waits for "
                            "your answer: /inspect to stop it or /allow to let it go ahead.")
    mover = int(pending["seat"])
    if kind == "inspect":
        cid = usable_card(state, tx.ctx, seat, mover)
        if cid is None:
            raise IllegalAction("card_not_held", f"You hold no {card_name(tx.ctx)} that may "
                                "stop this delivery.")
        state["players"][seat]["hand"].remove(cid)
        state["ops"]["discard"].append(cid)
        state["players"][mover]["inspected"] = True
        _close(state)
        route = pending["route"]
        tx.say("inspected", f"{name(state, seat)} plays {operation(tx.ctx, cid)['name']}: "
               f"{name(state, mover)}'s delivery of a {pending['colour']} cube from {route[0]} "
               f"is stopped; the cube stays and the action is lost.", seat=seat, stopped=mover)
        return None
    pending["asked"].remove(seat)
    tx.say("allowed", f"{name(state, seat)} lets {name(state, mover)}'s delivery go ahead.")
    if pending["asked"]:
        return None
    _close(state)
    return pending


def _close(state: State) -> None:
    state["pending"] = None
    state["phase"] = "actions"
