"""Applying a move of the Advanced Game and listing the moves open to a seat."""

from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.core.types import Action, State
from engine.rotw.advanced import auction, building, dividends, goods, mergers, turn
from engine.rotw.advanced.companies import adv, company, title_of
from engine.rotw.context import MapContext
from engine.rotw.tx import Tx, name

PHASE_MOVES = {
    "share_setup": "/auction company:<name> amount:<dollars> or /pass",
    "shares": "/auction company:<name> [box:issued] amount:<dollars> or /pass",
    "company_rounds": "/build, /deliver or /pass",
    "dividends": "/dividend amount:<dollars> [repay:<bonds>]",
    "mergers": "/merge with:<company> or /pass",
    "merger_vote": "/vote choice:yes or /vote choice:no",
}


def _wrong(state: State, kind: str) -> IllegalAction:
    if adv(state)["auction"] is not None:
        return IllegalAction("auction", f"/{kind} is not a move while a share is auctioned: "
                             "/bid amount:<dollars> or /pass.")
    what = PHASE_MOVES.get(state["phase"], "nothing")
    return IllegalAction("wrong_phase", f"/{kind} is not a move now; the moves now are {what}.")


def apply(tx: Tx, action: Action) -> None:
    state = tx.state
    kind = str(action.get("type"))
    seat = action.get("seat")
    if state.get("finished"):
        raise IllegalAction("game_over", "The game is over.")
    if not isinstance(seat, int) or not 0 <= seat < len(state["players"]):
        raise IllegalAction("bad_seat", "That move names no player of this game.")
    waiting = turn.to_act(state)
    if seat not in waiting:
        who = ", ".join(name(state, s) for s in waiting)
        ci = turn.acting_company(state)
        for_what = f" (for {title_of(state, ci)})" if ci is not None else ""
        raise IllegalAction("not_your_turn", f"It is not your move; waiting for {who}"
                            f"{for_what}.")
    phase = state["phase"]
    a = adv(state)
    if a["auction"] is not None:
        if kind == "bid":
            auction.bid(tx, seat, action.get("amount"))
        elif kind == "pass":
            auction.drop(tx, seat)
        else:
            raise _wrong(state, kind)
        if a["auction"] is None:
            _after_auction(tx)
        return
    if phase in ("share_setup", "shares"):
        if kind == "auction":
            bidders = [p["seat"] for p in state["players"] if p["seat"] not in a["out"]] \
                if phase == "share_setup" else [p["seat"] for p in state["players"]]
            auction.open_auction(tx, seat, action.get("company"), action.get("box"),
                                 action.get("amount"), bidders)
            if a["auction"] is None:
                _after_auction(tx)
        elif kind == "pass" and phase == "share_setup":
            turn.setup_pass(tx, seat)
        elif kind == "pass":
            tx.say("pass", f"{name(state, seat)} puts no share up for auction.")
            turn.after_share_turn(tx)
        else:
            raise _wrong(state, kind)
        return
    ci = int(a["order"][a["pos"]]) if phase != "merger_vote" else -1
    if phase == "company_rounds":
        _company_action(tx, ci, seat, kind, action)
    elif phase == "dividends" and kind == "dividend":
        amount, repay = dividends.check_dividend(state, ci, action.get("amount"),
                                                 action.get("repay"))
        dividends.pay_dividend(tx, ci, amount, repay)
        turn.after_dividend(tx)
    elif phase == "mergers" and kind == "merge":
        mergers.propose(tx, ci, action.get("with"))
        turn.merger_proposed(tx)
    elif phase == "mergers" and kind == "pass":
        tx.say("pass", f"{title_of(state, ci, True)} proposes no merger.")
        turn.next_merger(tx)
    elif phase == "merger_vote" and kind == "vote":
        if mergers.vote(tx, seat, action.get("choice")):
            turn.after_vote(tx)
    else:
        raise _wrong(state, kind)


def _after_auction(tx: Tx) -> None:
    if tx.state["phase"] == "share_setup":
        turn.after_setup_auction(tx)
    else:
        turn.after_share_turn(tx)


def _company_action(tx: Tx, ci: int, seat: int, kind: str, action: Action) -> None:
    state = tx.state
    a = adv(state)
    if kind == "build":
        plan = building.plan_link(state, tx.ctx, ci, action)
        building.apply_link(tx, ci, plan)
        if a["building"] is None:
            a["building"] = {"company": ci}
            return
        turn.next_company(tx)
    elif kind == "deliver":
        if a["building"] is not None:
            raise IllegalAction("building", f"{title_of(state, ci, True)} is building "
                                "this action: build a second link (/build) or stop (/pass).")
        goods.apply(tx, ci, goods.check(state, ci, action))
        turn.next_company(tx)
    elif kind == "pass":
        if a["building"] is None:
            tx.say("pass", f"{title_of(state, ci, True)} passes.")
        turn.next_company(tx)
    else:
        raise _wrong(state, kind)


def legal(state: State, ctx: MapContext, seat: int) -> list[Action]:
    if seat not in turn.to_act(state):
        return []
    a = adv(state)
    phase = state["phase"]
    if a["auction"] is not None:
        low = auction.min_bid(state)
        out: list[Action] = [{"type": "pass", "seat": seat}]
        if low <= state["players"][seat]["money"]:
            out.insert(0, {"type": "bid", "seat": seat, "amount": low, "template": "amount",
                           "min": low, "step": auction.STEP})
        return out
    if phase in ("share_setup", "shares"):
        out = [{"type": "pass", "seat": seat}]
        cash = int(state["players"][seat]["money"])
        for ci in range(len(a["companies"])):
            for box in auction.boxes_open(state, ci):
                low = auction.min_open(state, ci)
                if low <= cash:
                    out.append({"type": "auction", "seat": seat,
                                "company": company(state, ci)["name"], "box": box,
                                "amount": low, "template": "amount", "min": low,
                                "step": auction.STEP})
        return out
    if phase == "merger_vote":
        return [{"type": "vote", "seat": seat, "choice": c} for c in ("yes", "no")]
    ci = int(a["order"][a["pos"]])
    if phase == "dividends":
        c = company(state, ci)
        top = min(int(c["cash"]) // 1000 * 1000, 3 * int(c["price"]) * 1000)
        return [{"type": "dividend", "seat": seat, "amount": top, "repay": 0,
                 "template": "amount", "min": 0, "max": top, "step": 1000}]
    if phase == "mergers":
        return [{"type": "pass", "seat": seat}] + [
            {"type": "merge", "seat": seat, "with": company(state, t)["name"]}
            for t in mergers.targets(state, ci)]
    out = [{"type": "pass", "seat": seat}]
    for start in building.build_starts(state, ctx, ci):
        out.append({"type": "build", "seat": seat, "start": start, "template": "path"})
    if a["building"] is None:
        out.extend(goods.as_action(seat, m) for m in goods.moves(state, ci))
    return out
