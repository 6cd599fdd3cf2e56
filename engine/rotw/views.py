"""What a seat (or a spectator) sees: the board renderer's contract, plus a seat's own secrets."""

from __future__ import annotations

from typing import Any

from engine.core.types import State
from engine.rotw import events, network
from engine.rotw.carddeck import baron, operation
from engine.rotw.cards import colours_race_open
from engine.rotw.context import MapContext
from engine.rotw.economy import bag_count, income_of
from engine.rotw.flow import places, to_act
from engine.rotw.inspector import pending_delivery
from engine.rotw.maprules import on
from engine.rotw.minis import in_play
from engine.rotw.transconrules import PHASE_WORDS


def _baron_brief(ctx: MapContext, cid: str) -> dict[str, Any]:
    b = baron(ctx, cid)
    return {"id": cid, "name": b["name"], "text": b.get("text", "")}


def _card_brief(ctx: MapContext, cid: str) -> dict[str, Any]:
    c = operation(ctx, cid)
    return {"id": cid, "name": c["name"], "short": c.get("short", c["name"]), "kind": c["kind"],
            "text": c.get("text", "")}


def hotel_markers(state: State, ctx: MapContext) -> list[dict[str, Any]]:
    """Hotels mini-expansion: a marker in its owner's colour on the city of each Hotel card."""
    if not on(state, "hotels"):
        return []
    return [{"city": str(operation(ctx, c)["effect"]["city"]), "seat": p["seat"]}
            for p in state["players"] for c in p["cards"]
            if operation(ctx, c).get("effect", {}).get("type") == "hotel"]


def transcon_view(state: State) -> dict[str, Any] | None:
    """The Transcontinental game's phase and choices (None in any other game)."""
    t = state.get("transcon")
    if not t:
        return None
    return {"phase": t["phase"], "phase_name": PHASE_WORDS[t["phase"]], "barons": t["barons"],
            "faster_game": t["faster_game"], "gold_spike_bounties": t["gold_spike_bounties"],
            "bonds_answered": list(t["answered"]) if t["phase"] == "between" else []}


def view(state: State, ctx: MapContext, seat: int | None) -> dict[str, Any]:
    current = to_act(state)
    a = state["auction"]
    race = colours_race_open(state, ctx)
    players = []
    for p in state["players"]:
        players.append({
            "seat": p["seat"], "name": p["name"], "colour": p["colour"], "money": p["money"],
            "bonds": p["bonds"], "engine": p["engine"], "score": p["score"],
            "income": income_of(state, ctx, p["seat"]),
            "links": len(network.complete_links(state, p["seat"])),
            "cards": [operation(ctx, c).get("short", operation(ctx, c)["name"])
                      for c in p["cards"]],
            "wraps": p["wraps"],
            "depots": p.get("depots", 0),
            "mines": p.get("mines", 0),
            "switches": p.get("switches", 0),
            # stopped by an Inspector: public, as the stopped player shows the card face up
            "inspected": bool(p.get("inspected")),
            "colours_delivered": list(p["colours_delivered"]) if race else [],
            "held_cube": None if not p.get("held_cube") else {
                "colour": p["held_cube"]["colour"], "city": p["held_cube"]["cities"][-1]},
        })
    cities = []
    for cname, c in state["cities"].items():
        city = ctx.city(cname)
        cities.append({"name": cname, "hex": city.hex.label, "colour": c["colour"],
                       "printed_colour": city.colour, "urbanized": c["urbanized"],
                       "cubes": list(c["cubes"]), "ecm": c["ecm"]})
    links = [{"id": lk["id"], "owner": lk["owner"], "cities": list(lk["cities"]),
              "hexes": [t["hex"] for t in lk["tiles"]],
              "tiles": [{"hex": t["hex"], "sides": list(t["sides"]), "crossing": t["crossing"]}
                        for t in lk["tiles"]],
              "complete": lk["complete"]} for lk in state["links"]]
    ecm = state["ecm"]
    final = state["final"]
    out: dict[str, Any] = {
        "title": "rotw", "map": state["map"], "phase": state["phase"], "turn": state["turn"],
        "round": state["round"],
        "current_seat": current[0] if state["phase"] in ("auction", "actions", "respond")
        else None,
        "to_act": current, "first_player": state["first_player"],
        "turn_order": list(state["turn_order"]),
        "auction": None if a is None else {"high_bid": a["high_bid"], "high_seat": a["high_seat"],
                                           "passed": list(a["passed"])},
        "players": players, "cities": cities, "links": links,
        "western_links": [dict(w) for w in state["western_links"]],
        "operations_display": [_card_brief(ctx, c) for c in state["ops"]["display"]],
        "major_lines": [{"a": m["a"], "b": m["b"], "points": m["points"],
                         "claimed_by": m["claimed_by"]} for m in state["major_lines"]],
        "time_lines": [{"a": t["a"], "b": t["b"], "period": t["period"],
                        "claimed_by": t["claimed_by"]} for t in state.get("time_lines", [])],
        "ecm": {"placed": ecm["placed"], "needed": ecm["needed"],
                "end_triggered": ecm["end_triggered"], "last_turn": ecm.get("last_turn")},
        "bag": {"count": bag_count(state)},
        "rotors": {c: {"base": r["colours"][0], "shown": r["colours"][r["at"]]}
                   for c, r in state.get("rotors", {}).items()},
        "fuel_depots": {c: dict(d) for c, d in state.get("depots", {}).items()},
        "trading_depots": [{"seat": d["seat"], "link": d["link"]}
                           for d in state.get("trading_depots", [])],
        "mines": list(state.get("mines", [])),
        "switches": [{"hex": lk["switch"]["hex"], "side": lk["switch"]["side"],
                      "seat": lk["owner"], "link": lk["id"], "complete": lk["complete"]}
                     for lk in state["links"] if lk.get("switch")],
        "hotels": hotel_markers(state, ctx),
        "mini_expansions": in_play(state["rules"]),
        "events": events.public(state, ctx),
        "transcontinental": transcon_view(state),
        "final": None if final is None else {
            # Best first, as the text standings list them.
            "scores": [{"seat": s["seat"], "place": place, "score": s["score"],
                        "baron_points": s["baron_points"],
                        "time_line_points": s.get("time_line_points", 0),
                        "bond_penalty": s["bond_penalty"]}
                       for place, s in places(state, final["scores"])],
            "barons": {str(s["seat"]): [str(b) for b, _ in s.get("barons") or [[s["baron"], 0]]
                                        if b] for s in final["scores"]},
            "winner": final["winner"]},
    }
    pending = pending_delivery(state)
    if pending is not None:
        # Only while a delivery waits for the Railroad Inspector holders (inspector.py).
        out["pending_delivery"] = {
            "seat": pending["seat"], "colour": pending["colour"], "from": pending["route"][0],
            "to": pending["route"][-1], "route": list(pending["route"]),
            "links": list(pending["links"]), "asked": list(pending["asked"])}
    if seat is not None and 0 <= seat < len(state["players"]):
        p = state["players"][seat]
        out["you"] = {"seat": seat,
                      "baron": _baron_brief(ctx, p["baron"]) if p["baron"] else None,
                      "more_barons": [_baron_brief(ctx, b) for b in p.get("more_barons", [])],
                      "baron_choices": [_baron_brief(ctx, b) for b in p["baron_choices"]],
                      "hand": [_card_brief(ctx, c) for c in p["hand"]]}
    return out
