"""The Event Deck mini-expansion: a Future and a Current event slot beside the board.

At the start a card is drawn into the Future slot (a Future Event card drawn then is discarded
and replaced). After each turn's Income and Dividends the Current card is discarded, the Future
card moves to the Current slot and a new card is drawn into the Future slot. A card marked Future
Event acts once, when it enters the Future slot; any other card acts for the whole turn it spends
in the Current slot. The cards themselves are house data (R18), see ``maps/decks``.

Each draw is one chance outcome (a random card of those left), recorded on the move that made it.
When the deck runs out, the discard pile is its new deck (house: the text does not say).
"""

from __future__ import annotations

from typing import Any

from engine.core.types import State
from engine.rotw import network, versions
from engine.rotw.context import BOND_DIVIDEND, MapContext
from engine.rotw.economy import add_points, add_random_cubes, pay, receive, total_score
from engine.rotw.maprules import on
from engine.rotw.transconrules import frozen
from engine.rotw.tx import Tx, money_text, name

BLANK = "blank"
"""Id prefix of the deck's blank cards: they have no event."""

CURRENT_KINDS = ("terrain_cost", "urbanize_cost", "engine_cost", "income", "dividend",
                 "delivery_points", "delivery_cash")
FUTURE_KINDS = ("add_cubes", "cash", "points")


def card(ctx: MapContext, cid: str) -> dict[str, Any]:
    for c in ctx.events:
        if c["id"] == cid:
            return c
    return {"id": cid, "name": "Blank card", "future": False, "text": "No event.",
            "effect": {"type": "none"}}


def deck_ids(state: State, ctx: MapContext) -> list[str]:
    return [str(c["id"]) for c in ctx.events] + [
        f"{BLANK}-{i + 1}" for i in range(versions.event_blanks(state, ctx))]


def _draw(tx: Tx) -> str | None:
    ev = tx.state["events"]
    if not ev["deck"]:
        ev["deck"], ev["discard"] = sorted(ev["discard"]), []
        if ev["deck"]:
            tx.say("event", "The Event Deck is used up: its discard pile is its new deck.")
    if not ev["deck"]:
        return None
    return str(ev["deck"].pop(tx.rng.below(len(ev["deck"]))))


def open_deck(tx: Tx) -> None:
    """Set-up: the first Future card (a Future Event card drawn now is discarded)."""
    if not on(tx.state, "event_deck"):
        return
    tx.state["events"] = {"deck": deck_ids(tx.state, tx.ctx), "future": None, "current": None,
                          "discard": []}
    ev = tx.state["events"]
    while ev["future"] is None:
        cid = _draw(tx)
        if cid is None:
            return
        if card(tx.ctx, cid)["future"]:
            ev["discard"].append(cid)
            continue
        ev["future"] = cid


def _line(c: dict[str, Any]) -> str:
    return f"{c['name']} ({c['text']})"


def advance(tx: Tx) -> None:
    """After Income and Dividends: Current to the discard, Future to Current, a new Future."""
    state, ctx = tx.state, tx.ctx
    ev = state.get("events")
    if not ev:
        return
    if ev["current"] is not None:
        ev["discard"].append(ev["current"])
    ev["current"], ev["future"] = ev["future"], None
    turn = state["turn"]
    if ev["current"] is not None:
        now = card(ctx, ev["current"])
        if now["future"]:
            tx.say("event", f"{now['name']} moves to the Current Event slot; it already acted, "
                   f"so turn {turn} has no Current Event.")
        else:
            tx.say("event", f"Current Event for turn {turn}: {_line(now)}")
    cid = _draw(tx)
    if cid is None:
        return
    ev["future"] = cid
    nxt = card(ctx, cid)
    tx.say("event", f"New Future Event: {_line(nxt)}")
    if nxt["future"]:
        fire(tx, nxt)


def current(state: State, ctx: MapContext) -> dict[str, Any]:
    """The effect of the card acting in the Current slot this turn ({} when none)."""
    ev = state.get("events")
    if not ev or ev["current"] is None:
        return {}
    c = card(ctx, ev["current"])
    if c["future"]:
        return {}
    e: dict[str, Any] = c["effect"]
    return e


def _delta(state: State, ctx: MapContext, kind: str) -> int:
    e = current(state, ctx)
    return int(e.get("delta", 0)) if e.get("type") == kind else 0


def terrain_deltas(state: State, ctx: MapContext) -> dict[str, int]:
    """Extra cost per tile of a terrain kind (open, water, mountain) or per ridge this turn."""
    e = current(state, ctx)
    if e.get("type") != "terrain_cost":
        return {}
    return {str(e["terrain"]): int(e["delta"])}


def engine_cost(state: State, ctx: MapContext, printed: int) -> int:
    return max(0, printed + _delta(state, ctx, "engine_cost"))


def urbanize_cost(state: State, ctx: MapContext) -> int:
    return max(0, ctx.urbanize_cost + _delta(state, ctx, "urbanize_cost"))


def dividend(state: State, ctx: MapContext) -> int:
    """What each bond costs at this turn's Income and Dividends."""
    return max(0, BOND_DIVIDEND + _delta(state, ctx, "dividend"))


def income_change(state: State, ctx: MapContext, seat: int) -> int:
    e = current(state, ctx)
    if e.get("type") != "income" or seat not in chosen(state, str(e.get("who", "all"))):
        return 0
    return int(e["amount"])


def chosen(state: State, who: str) -> list[int]:
    """The seats an event names: everyone, or those tied for most or fewest of something."""
    seats = [int(p["seat"]) for p in state["players"]]
    if who == "all":
        return seats
    measure, _, what = who.partition("_")
    scores = {s: _measure(state, s, what) for s in seats}
    best = max(scores.values()) if measure in ("most", "highest") else min(scores.values())
    return [s for s in seats if scores[s] == best]


def _measure(state: State, seat: int, what: str) -> int:
    if what == "points":
        return total_score(state["players"][seat])
    if what == "links":
        return len(network.complete_links(state, seat))
    return int(state["players"][seat]["engine"])


def on_delivery(tx: Tx, seat: int, colour: str) -> None:
    """Current Events that pay for deliveries of a colour this turn."""
    e = current(tx.state, tx.ctx)
    kind = e.get("type")
    if kind not in ("delivery_points", "delivery_cash") or e.get("colour") not in (colour, "any"):
        return
    who = name(tx.state, seat)
    if kind == "delivery_points":
        pts = int(e["points"])
        add_points(tx, seat, pts, "deliveries")
        tx.say("event", f"{who} gains {pts} more point{'s' if pts != 1 else ''} for the "
               "delivery (Current Event).")
    else:
        receive(tx, seat, int(e["amount"]))
        tx.say("event", f"{who} receives {money_text(int(e['amount']))} for the delivery "
               "(Current Event).")


def _cities(state: State, ctx: MapContext, e: dict[str, Any]) -> list[str]:
    """The cities a cube-growth event names: of a colour (or any), largest printed first; never
    a time warp, nor an Eastern city in the Transcontinental Western phase (no goods growth)."""
    colour = str(e.get("colour", "any"))
    found = [c for c, v in state["cities"].items()
             if (colour == "any" or v["colour"] == colour) and not v.get("warp")
             and not frozen(state, c)
             and (not e.get("only_empty") or not v["cubes"])]
    found.sort(key=lambda c: (-ctx.city(c).cubes, c))
    limit = int(e.get("limit", 0))
    return found[:limit] if limit else found


def fire(tx: Tx, c: dict[str, Any]) -> None:
    """A Future Event card acts as it enters the Future slot."""
    state, ctx = tx.state, tx.ctx
    e = c["effect"]
    kind = e.get("type")
    if kind == "add_cubes":
        parts = []
        for city in _cities(state, ctx, e):
            drawn = add_random_cubes(tx, city, int(e["cubes"]))
            parts.append(f"{city} gains {', '.join(drawn) or 'nothing (the bag is empty)'}")
        tx.say("event", f"{c['name']}: " + ("; ".join(parts) or "no city qualifies") + ".")
    elif kind == "cash":
        amount = int(e["amount"])
        for seat in chosen(state, str(e.get("who", "all"))):
            if amount >= 0:
                receive(tx, seat, amount)
                tx.say("event", f"{name(state, seat)} receives {money_text(amount)} "
                       f"({c['name']}).")
            else:
                note = pay(tx, seat, -amount)
                tx.say("event", f"{name(state, seat)} pays {money_text(-amount)} "
                       f"({c['name']}){note}.")
    elif kind == "points":
        pts = int(e["points"])
        for seat in chosen(state, str(e.get("who", "all"))):
            add_points(tx, seat, pts)
            tx.say("event", f"{name(state, seat)} gains {pts} point{'s' if pts != 1 else ''} "
                   f"({c['name']}).")


def brief(ctx: MapContext, cid: str | None) -> dict[str, Any] | None:
    if cid is None:
        return None
    c = card(ctx, cid)
    return {"name": c["name"], "text": c["text"], "future": bool(c["future"])}


def public(state: State, ctx: MapContext) -> dict[str, Any] | None:
    """The slots as everyone sees them (the deck's order is never shown: it has none)."""
    ev = state.get("events")
    if not ev:
        return None
    return {"current": brief(ctx, ev["current"]), "future": brief(ctx, ev["future"]),
            "deck": len(ev["deck"]), "discard": len(ev["discard"])}
