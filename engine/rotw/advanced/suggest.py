"""Moves offered by click in the Advanced Game, in players' words, naming the company."""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.title import Suggestion, detail_text
from engine.core.types import State
from engine.rotw.advanced import auction, building, goods, mergers, turn
from engine.rotw.advanced.companies import (
    DIVIDEND_CAP,
    THOUSAND,
    adv,
    companies,
    company,
    funding,
    issued_shares,
    title_of,
)
from engine.rotw.advanced.dividends import per_share, price_change
from engine.rotw.context import MapContext
from engine.rotw.tx import money_text

BUILDS = 8
DELIVERIES = 8


def suggest(state: State, ctx: MapContext, seat: int) -> list[Suggestion]:
    if seat not in turn.to_act(state):
        return []
    a = adv(state)
    phase = state["phase"]
    if a["auction"] is not None:
        return _bids(state, seat)
    if phase in ("share_setup", "shares"):
        return _offers(state, seat)
    if phase == "merger_vote":
        ci = int(a["merger"]["stage"])
        return [Suggestion(f"Vote {c} for the {company(state, ci)['name']} merger", "vote",
                           {"choice": c}, group="Vote", secret=True, rank=1 if c == "yes" else 0,
                           style="success" if c == "yes" else "danger") for c in ("yes", "no")]
    ci = int(a["order"][a["pos"]])
    if phase == "dividends":
        return _dividends(state, ci)
    if phase == "mergers":
        out = [Suggestion(f"{company(state, ci)['name']}: merge with {company(state, t)['name']}",
                          "merge", {"with": company(state, t)["name"]}, group="Merge",
                          detail=f"buys its shares for "
                          f"{money_text(mergers.buyout_cost(state, t))}", rank=1)
               for t in mergers.targets(state, ci)]
        out.append(Suggestion("Propose no merger", "pass", group="Pass", style="secondary"))
        return out
    return _company_round(state, ctx, ci)


def _bids(state: State, seat: int) -> list[Suggestion]:
    a = adv(state)["auction"]
    low = auction.min_bid(state)
    name = company(state, int(a["company"]))["name"]
    out = []
    if low <= state["players"][seat]["money"]:
        out.append(Suggestion(f"Bid {money_text(low)} for the {name} share", "bid",
                              {"amount": low}, group="Bid", rank=1))
        out.append(Suggestion("Bid an amount", "bid", group="Bid", needs=("amount",)))
    out.append(Suggestion("Drop out of the bidding", "pass", group="Pass", style="secondary"))
    return out


def _offers(state: State, seat: int) -> list[Suggestion]:
    cash = int(state["players"][seat]["money"])
    out = []
    for ci, c in enumerate(companies(state)):
        low = auction.min_open(state, ci)
        if low > cash:
            continue
        for box in auction.boxes_open(state, ci):
            where = "" if box == "available" else " (Shares Issued box)"
            boss = c["controller"]
            detail = "no one holds it yet" if boss is None else \
                f"controlled by {state['players'][boss]['name']}"
            out.append(Suggestion(f"Auction a {c['name']} share{where} at {money_text(low)}",
                                  "auction", {"company": c["name"], "box": box, "amount": low},
                                  group="Auction", detail=detail, rank=c["price"]))
    last = "Pass (no more setup auctions for you)" if state["phase"] == "share_setup" \
        else "Put no share up for auction"
    out.append(Suggestion(last, "pass", group="Pass", style="secondary"))
    return out


def _dividends(state: State, ci: int) -> list[Suggestion]:
    c = company(state, ci)
    price = int(c["price"])
    cash = int(c["cash"])
    top = min(cash // THOUSAND * THOUSAND, DIVIDEND_CAP * price * THOUSAND)
    targets = {0, top, min(top, price * THOUSAND),
               min(top, price * THOUSAND // 2 // THOUSAND * THOUSAND)}
    out = []
    for amount in sorted({_whole_shares(c, price, a) for a in targets}, reverse=True):
        new = max(1, price + price_change(price, amount))
        if not amount:
            label = f"{c['name']}: no dividend"
        elif per_share(c, amount):
            label = f"{c['name']}: dividend {money_text(amount)} " \
                f"({money_text(per_share(c, amount))} a share)"
        else:
            label = f"{c['name']}: {money_text(amount)} to the bank as a dividend (no share " \
                "gets anything)"
        out.append(Suggestion(label, "dividend", {"amount": amount}, group="Dividend",
                              detail=f"share price {price} -> {new}", rank=amount))
    out.append(Suggestion(f"{c['name']}: choose the dividend", "dividend", group="Dividend",
                          needs=("amount",), rank=-1, style="secondary"))
    if c["bonds"] and cash >= 5000:
        back = min(int(c["bonds"]), cash // 5000)
        out.append(Suggestion(f"{c['name']}: repay {back} bond{'s' if back > 1 else ''}, no "
                              "dividend", "dividend", {"amount": 0, "repay": back},
                              group="Dividend", style="secondary"))
    return out


def _whole_shares(c: dict[str, Any], price: int, amount: int) -> int:
    """``amount`` less the part that would only go to the bank as the split's remainder, when
    the share price moves the same without it."""
    unit = issued_shares(c) * THOUSAND
    whole = amount - amount % unit if unit else amount
    return whole if whole and price_change(price, whole) == price_change(price, amount) \
        else amount


def _company_round(state: State, ctx: MapContext, ci: int) -> list[Suggestion]:
    c = company(state, ci)
    second = adv(state)["building"] is not None
    out = []
    for start, route in building.candidate_links(state, ctx, ci, BUILDS):
        end = ctx.mapdef.city_at(ctx.hex(route.path[-1]))
        if end is None:
            continue
        cost = route.cost + (building.SECOND_LINK_EXTRA * (len(route.path) - 1) if second
                             else 0)
        try:
            plan = funding(state, ci, cost, building.links_of(state, ci), "This link")
        except IllegalAction:  # a link the company cannot pay for is not offered
            continue
        raised = plan.text(state, ci)
        out.append(Suggestion(f"{c['name']}: build {start} - {end.name}", "build",
                              {"from": start, "to": end.name}, group="Build",
                              detail=detail_text(f"{money_text(cost)}"
                                                 + (f"; {raised}" if raised else "")),
                              rank=50 - cost // THOUSAND))
    if not second:
        found = goods.moves(state, ci)
        found.sort(key=lambda m: (-m.own(ci), len(m.links), m.cities))
        for m in found[:DELIVERIES]:
            out.append(Suggestion(f"{c['name']}: move {m.colour} {m.city} -> {m.cities[-1]}, "
                                  f"{len(m.links)} link{'s' if len(m.links) != 1 else ''}",
                                  "deliver", {"city": m.city, "colour": m.colour,
                                              "to": m.cities[-1]}, group="Deliver",
                                  detail=f"{m.own(ci)} own link{'s' if m.own(ci) != 1 else ''}",
                                  rank=100 + m.own(ci)))
    last = "Stop building (one link)" if second else f"{c['name']}: pass"
    out.append(Suggestion(last, "pass", group="Pass", style="secondary", rank=-100))
    return sorted(out, key=lambda s: -s.rank)


def prompt(state: State, seat: int) -> str:
    """What the seat is asked to do, naming the company it decides for."""
    ci = turn.acting_company(state)
    if ci is None:
        return ""
    # After its first link a company may only add a second link or stop.
    rounds = "build a second link or stop (pass)" if adv(state)["building"] is not None \
        else "build, move a cube or pass"
    what = {"company_rounds": rounds,
            "dividends": "choose the dividend", "mergers": "propose a merger or pass",
            "merger_vote": "vote on the merger"}.get(state["phase"], "")
    return f"for {title_of(state, ci)}: {what}" if what else ""
