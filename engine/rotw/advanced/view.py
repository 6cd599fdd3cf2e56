"""What the Advanced Game shows: the companies (price, cash, shares, bonds, controller, income
marker), every player's holdings, the auction and the merger under way. A merger vote stays
secret until every vote is in: the public view names only who has voted."""

from __future__ import annotations

from typing import Any

from engine.core.types import State
from engine.rotw import views
from engine.rotw.advanced import turn
from engine.rotw.advanced.building import links_of
from engine.rotw.advanced.companies import adv, companies, held_total
from engine.rotw.context import MapContext
from engine.rotw.tx import money_text

PHASES = {"share_setup": "Setup share auctions", "company_rounds": "Company Rounds",
          "dividends": "Pay Dividends", "mergers": "Mergers", "merger_vote": "Merger vote",
          "shares": "Shares Phase", "finished": "Game over"}


def view(state: State, ctx: MapContext, seat: int | None) -> dict[str, Any]:
    out = views.view({**state, "final": None}, ctx, seat)
    a = adv(state)
    acting = turn.to_act(state)
    out["to_act"] = acting
    out["current_seat"] = acting[0] if len(acting) == 1 else None
    out["first_player"] = state["first_player"]
    out["operations_display"] = []
    out["major_lines"] = []
    for p in out["players"]:
        p["holdings"] = {c["name"]: int(c["holders"].get(str(p["seat"]), 0))
                         for c in companies(state) if c["holders"].get(str(p["seat"]))}
    auction = a["auction"]
    merger = a["merger"]
    out["advanced"] = {
        "phase": PHASES.get(state["phase"], state["phase"]),
        "round": a["round"] if state["phase"] == "company_rounds" else None,
        "acting_company": turn.acting_company(state),
        "end_empty": a["end_empty"],
        "companies": [{
            "index": i, "name": c["name"], "colour": c["colour"], "price": c["price"],
            "start": c["start"], "cash": c["cash"], "tile": c["tile"],
            "available": c["available"], "issued": c["issued"], "held": held_total(c),
            "bonds": c["bonds"], "controller": c["controller"], "income": c["income"],
            "links": links_of(state, i)} for i, c in enumerate(companies(state))],
        "auction": None if auction is None else {
            "company": auction["company"], "box": auction["box"],
            "high_bid": auction["high_bid"], "high_seat": auction["high_seat"],
            "passed": list(auction["passed"])},
        "merger": None if merger is None else {
            "company": merger["company"], "target": merger["target"], "stage": merger["stage"],
            "voted": sorted(int(s) for s in merger["votes"])},
    }
    if state.get("final"):
        out["final"] = {"scores": [dict(s) for s in state["final"]["scores"]],
                        "winner": state["final"]["winner"], "advanced": True}
    if "you" in out:
        # No Rail Barons or cards in this game: a seat's only secret is its merger vote.
        out["you"] = {"seat": seat}
        if merger is not None and str(seat) in merger["votes"]:
            out["you"]["merger_vote"] = "yes" if merger["votes"][str(seat)] else "no"
    return out


def summary(state: State) -> str:

    if state.get("finished") and state.get("final"):
        return final_standings(state)
    cash = ", ".join(f"{p['name']} {money_text(p['money'])}" for p in state["players"])
    a = adv(state)
    step = PHASES.get(state["phase"], state["phase"])
    if state["phase"] == "company_rounds":
        step = f"Company Round {a['round']}"
    return f"Turn {state['turn']}, {step} (Advanced Game). Cash: {cash}."


def final_standings(state: State) -> str:

    lines = ["Final standings (cash plus shares at their final value):"]
    ordered = sorted(state["final"]["scores"], key=lambda s: -s["total"])
    place, previous = 0, None
    for i, s in enumerate(ordered):
        if s["total"] != previous:
            place, previous = i + 1, s["total"]
        parts = [f"cash {money_text(s['cash'])}"] + [
            f"{h['shares']} {h['company']} {money_text(h['value'])}" for h in s["shares"]]
        lines.append(f"{place}. {state['players'][s['seat']]['name']} "
                     f"{money_text(s['total'])} ({', '.join(parts)})")
    return "\n".join(lines)


def opening(state: State) -> str:
    first = state["players"][state["first_player"]]
    cash = money_text(int(first["money"]))
    return (f"Advanced Game: every player starts with {cash} to invest. {first['name']} has "
            "the first player marker and opens the setup share auctions (/auction "
            "company:<name> amount:<dollars>, or /pass to stay out of them).")
