"""Applying a validated move and listing the moves open to a seat."""

from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.core.types import Action, State
from engine.rotw import (
    actions,
    carddeck,
    delivery,
    flow,
    inspector,
    network,
    taking,
    track,
    transcon,
)
from engine.rotw.commands import COMMANDS
from engine.rotw.context import MAX_BID, MAX_ENGINE, MapContext
from engine.rotw.events import urbanize_cost
from engine.rotw.maprules import on
from engine.rotw.mines import MINE_COST, place_mine
from engine.rotw.transconrules import frozen
from engine.rotw.tx import Tx, name

ACTION_TYPES = ("build", "urbanize", "upgrade", "deliver", "card", "western_link", "mine",
                "pass")
_COMMAND_OF = {c.action: "/" + c.name for c in COMMANDS}
"""What a player types for each action type (refusals name commands, never action types)."""


def apply(tx: Tx, action: Action) -> None:
    state = tx.state
    kind = action.get("type")
    seat = action.get("seat")
    if state.get("finished"):
        raise IllegalAction("game_over", "The game is over.")
    if not isinstance(seat, int) or not 0 <= seat < len(state["players"]):
        raise IllegalAction("bad_seat", "That move names no player of this game.")
    if seat not in flow.to_act(state):
        waiting = ", ".join(name(state, s) for s in flow.to_act(state))
        raise IllegalAction("not_your_turn", f"It is not your move; waiting for {waiting}.")
    phase = state["phase"]
    if phase == "bonds":
        if kind != "return_bonds":
            raise IllegalAction("return_bonds_first", "Between the Transcontinental phases, "
                                "first say how many bonds you return: /returnbonds count:<n> "
                                "(0 keeps them all).")
        flow.return_bonds(tx, seat, action.get("count"))
        return
    if phase == "baron":
        if kind != "choose_baron":
            raise IllegalAction("choose_baron_first", "First choose which of your two Rail Baron "
                                "cards to keep: /baron card:<name> (see /game hand).")
        flow.choose_baron(tx, seat, action.get("card"))
        return
    if phase == "auction":
        if kind == "bid":
            flow.bid(tx, seat, action.get("amount"))
        elif kind == "pass":
            flow.auction_pass(tx, seat)
        else:
            said = _COMMAND_OF.get(str(kind), "That move")
            raise IllegalAction("auction", f"{said} is not a move during the first-player "
                                "auction: /bid amount:<dollars> or /pass.")
        return
    if phase == inspector.PHASE:
        declared = inspector.respond(tx, seat, str(kind))
        if declared is not None:
            _action(tx, int(declared["seat"]), "deliver", declared["action"])
        if state["phase"] == "actions":
            flow.advance(tx)
        flow.baron_interrupt(tx)
        return
    if kind == "mine":
        # Mines: an add-on ability during one's turn in the action rounds, not an action: the
        # turn (and a cube waiting at a Fuel Depot) stays.
        place_mine(tx, seat, action.get("city"))
        return
    if not (kind == "deliver" and action.get("continue")):
        delivery.drop_held_cube(tx, seat)
    if kind == "deliver" and _declare(tx, seat, action):
        return
    _action(tx, seat, str(kind), action)
    flow.advance(tx)
    flow.baron_interrupt(tx)


def _declare(tx: Tx, seat: int, action: Action) -> bool:
    """A delivery someone may stop with a Railroad Inspector waits for their answer."""
    state, ctx = tx.state, tx.ctx
    if not inspector.holders(state, ctx, seat):
        return False
    xcards = _express_cards(state, ctx, seat, action.get("cards"))
    route = delivery.resolve(state, seat, action, len(xcards))
    return inspector.declare(tx, seat, dict(action), route)


def _action(tx: Tx, seat: int, kind: str, action: Action) -> None:
    state, ctx = tx.state, tx.ctx
    if kind == "build":
        track.apply_build(tx, track.plan_build(state, ctx, seat, action))
    elif kind == "upgrade":
        actions.upgrade(tx, seat, action.get("cards"))
    elif kind == "urbanize":
        actions.do_urbanize(tx, seat, str(action.get("city")), str(action.get("colour")))
    elif kind == "deliver":
        xcards = _express_cards(state, ctx, seat, action.get("cards"))
        held = state["players"][seat].get("held_cube")
        route = delivery.resolve(state, seat, action, len(xcards))
        colour = held["colour"] if held and action.get("continue") else str(action["colour"])
        delivery.apply_delivery(tx, seat, colour, route, xcards)
    elif kind == "card":
        taking.check_take(state, ctx, seat, action)
        taking.take(tx, seat, action)
    elif kind == "western_link":
        actions.western_link(tx, seat, str(action.get("city")))
    elif kind == "pass":
        tx.say("pass", f"{name(state, seat)} passes this action.")
    else:
        # Name only the moves this game has: no Western Link on a map without one, no /mine
        # unless the game plays with Mines.
        offered = [k for k in ACTION_TYPES if (k != "western_link" or ctx.western_hexes)
                   and (k != "mine" or on(state, "mines"))]
        *some, last = (_COMMAND_OF[k] for k in offered)
        raise IllegalAction("unknown_action", f"{_COMMAND_OF.get(kind, 'That move')} is not open "
                            f"now: this is the action round, where you may {', '.join(some)} "
                            f"or {last}.")


def legal(state: State, ctx: MapContext, seat: int) -> list[Action]:
    if seat not in flow.to_act(state):
        return []
    phase = state["phase"]
    p = state["players"][seat]
    if phase == "baron":
        return [{"type": "choose_baron", "seat": seat, "card": c} for c in p["baron_choices"]]
    if phase == "bonds":
        return [{"type": "return_bonds", "seat": seat, "count": k,
                 "points": transcon.bonds_cost(k)}
                for k in range(transcon.most_returnable(p) + 1)]
    if phase == inspector.PHASE:
        return [{"type": "inspect", "seat": seat}, {"type": "allow", "seat": seat}]
    if phase == "auction":
        passing: Action = {"type": "pass", "seat": seat}
        if flow.min_bid(state) > MAX_BID:  # the high bid is at the cap: only passing is left
            return [passing]
        return [{"type": "bid", "seat": seat, "amount": flow.min_bid(state),
                 "template": "amount", "min": flow.min_bid(state), "step": flow.BID_STEP},
                passing]
    out: list[Action] = [{"type": "pass", "seat": seat}]
    for start in track.build_starts(state, ctx, seat):
        out.append({"type": "build", "seat": seat, "start": start, "template": "path"})
    if p["engine"] < MAX_ENGINE:
        out.append({"type": "upgrade", "seat": seat,
                    "cost": actions.check_upgrade(state, ctx, seat)})
        for cid in p["hand"]:
            if carddeck.effect(ctx, cid).get("type") in actions.UPGRADE_CARDS:
                cost, _ = actions.upgrade_price(state, ctx, seat, [cid])
                out.append({"type": "upgrade", "seat": seat, "cards": [cid], "cost": cost})
    grays = [c for c, v in state["cities"].items()
             if v["colour"] == "gray" and not v["urbanized"] and not v.get("warp")
             and not frozen(state, c)]
    colours = [c for c, n in state["new_city_tiles"].items() if n > 0 and c != "red"]
    for city in grays:
        for colour in colours:
            out.append({"type": "urbanize", "seat": seat, "city": city, "colour": colour,
                        "cost": urbanize_cost(state, ctx)})
    out.extend(_delivery_moves(state, ctx, seat))
    out.extend(_card_moves(state, ctx, seat, grays, colours))
    for city in sorted(ctx.western_hexes):
        try:
            actions.check_western(state, ctx, seat, city)
        except IllegalAction:
            continue
        out.append({"type": "western_link", "seat": seat, "city": city,
                    "cost": ctx.western_cost})
    if on(state, "mines") and p.get("mines", 0) > 0:
        out.extend({"type": "mine", "seat": seat, "city": c, "cost": MINE_COST}
                   for c, v in state["cities"].items()
                   if v["colour"] == "gray" and c not in state["mines"] and not v.get("warp")
                   and not frozen(state, c))
    return out


def _express_cards(state: State, ctx: MapContext, seat: int, used: object) -> list[str]:
    if not used:
        return []
    hand = state["players"][seat]["hand"]
    if not isinstance(used, list) or any(c not in hand or carddeck.effect(ctx, c).get("type")
                                         != "express" for c in used):
        raise IllegalAction("card_not_held", "A delivery can only use Express cards you hold.")
    return [str(c) for c in used]


def _delivery_moves(state: State, ctx: MapContext, seat: int) -> list[Action]:
    express = carddeck.held_with(state, ctx, seat, "express")
    held = state["players"][seat].get("held_cube")
    out: list[Action] = []
    for r in delivery.all_deliveries(state, seat, 1 if express else 0):
        act: Action = {"type": "deliver", "seat": seat, "city": r.cities[0],
                       "colour": r.colour,
                       "route": r.cities, "links": r.links,
                       "points": {str(k): v for k, v in r.points.items()}}
        if held:
            start = len(held["links"])
            act.update(city=held["cities"][-1], route=r.cities[start:], links=r.links[start:])
            act["continue"] = True
        if r.express:
            act["cards"] = express[:1]
        if r.depots:
            act["depots"] = list(r.depots)
        if r.stop:
            act["stop"] = True
            act["points"] = {}
        out.append(act)
    return out


def _card_moves(state: State, ctx: MapContext, seat: int, grays: list[str],
                colours: list[str]) -> list[Action]:
    out: list[Action] = []
    for cid in state["ops"]["display"]:
        card = carddeck.operation(ctx, cid)
        if card["kind"] == "goal":
            continue
        etype = card.get("effect", {}).get("type")
        if etype == "extra_actions" and state["extra_actions"] > 0:
            continue
        if etype == "city_growth":
            out.extend({"type": "card", "seat": seat, "card": cid, "city": c}
                       for c, v in state["cities"].items()
                       if not v.get("warp") and not frozen(state, c))
        elif etype == "new_industry":
            out.extend({"type": "card", "seat": seat, "card": cid, "city": c, "colour": col}
                       for c in grays for col in colours)
        elif etype == "mine":
            out.extend({"type": "card", "seat": seat, "card": cid, "city": c}
                       for c in grays if c not in state["mines"])
        elif etype == "trading_depot":
            taken = {d["link"] for d in state["trading_depots"]}
            out.extend({"type": "card", "seat": seat, "card": cid, "link": lk["id"]}
                       for lk in network.complete_links(state)
                       if lk["owner"] != seat and lk["id"] not in taken)
        elif etype == "capital_charter" and carddeck.held_with(state, ctx, seat, "capital_charter"):
            continue
        elif etype == "diplomatic_relations":
            if state["players"][seat].get("held_cube"):
                continue
            out.extend({"type": "card", "seat": seat, "card": cid, "city": r.cities[0],
                        "colour": r.colour, "route": r.cities}
                       for r in delivery.all_deliveries(state, seat)
                       if len(r.points) >= 2 and not r.stop and not r.depots)
        else:
            out.append({"type": "card", "seat": seat, "card": cid})
    return out


