"""Typed commands of the Advanced Game turned into moves (destinations into routes)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.title import OptionValue
from engine.core.types import Action, State
from engine.rotw import naming, track
from engine.rotw.advanced import auction, building, goods, mergers, turn
from engine.rotw.advanced.companies import (
    DIVIDEND_CAP,
    adv,
    companies,
    company,
    find_company,
    funding,
    title_of,
)
from engine.rotw.advanced.dividends import per_share, price_change, split_words
from engine.rotw.context import MapContext
from engine.rotw.tx import money_text

MOVES = ("build", "deliver", "bid", "pass", "auction", "dividend", "merge", "vote")


def _dollars(value: Any, what: str) -> int:
    try:
        amount = int(value)
    except (TypeError, ValueError):
        raise IllegalAction("need_number", f"{what} is a whole number of dollars.") from None
    # Players think in thousands, as the money is printed: "6" means $6,000.
    return amount * 1000 if 0 < amount < 1000 else amount


def _count(value: Any, what: str) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise IllegalAction("need_number", f"{what} is a whole number.") from None


def to_action(state: State, ctx: MapContext, seat: int, command: str,
              options: dict[str, Any]) -> Action:
    if command not in MOVES:
        raise IllegalAction("not_advanced", f"/{command} is not a move of the Advanced Game; "
                            "see /game help.")
    if command == "pass":
        return {"type": "pass", "seat": seat}
    if command == "bid":
        return {"type": "bid", "seat": seat, "amount": _dollars(options.get("amount"), "A bid")}
    if command == "auction":
        act: Action = {"type": "auction", "seat": seat,
                       "company": state["adv"]["companies"][
                           find_company(state, options.get("company"))]["name"]}
        if options.get("amount") is not None:
            act["amount"] = _dollars(options["amount"], "A bid")
        if options.get("box"):
            act["box"] = str(options["box"]).strip().lower()
        return act
    if command == "dividend":
        act = {"type": "dividend", "seat": seat,
               "amount": _dollars(options.get("amount"), "A dividend")}
        if options.get("repay") is not None:
            act["repay"] = _count(options["repay"], "The number of bonds to repay")
        return act
    if command == "merge":
        return {"type": "merge", "seat": seat,
                "with": state["adv"]["companies"][find_company(state, options.get("with"))]
                ["name"]}
    if command == "vote":
        return {"type": "vote", "seat": seat, "choice": str(options.get("choice", "")).lower()}
    ci = _company_turn(state, seat, command)
    if command == "build":
        return _build(state, ctx, seat, ci, options)
    return _deliver(state, ctx, seat, ci, options)


def _company_turn(state: State, seat: int, command: str) -> int:
    ci = turn.acting_company(state)
    if state["phase"] != "company_rounds" or ci is None:
        raise IllegalAction("not_company_round", f"/{command} is a company's action, taken in "
                            "the Company Rounds.")
    if seat not in turn.to_act(state):
        who = ", ".join(str(state["players"][s]["name"]) for s in turn.to_act(state))
        raise IllegalAction("not_your_turn", f"It is not your move; waiting for {who} "
                            f"(for {title_of(state, ci)}).")
    return ci


def _build(state: State, ctx: MapContext, seat: int, ci: int,
           options: dict[str, Any]) -> Action:
    start = naming.city(ctx, options.get("from"))
    act: Action = {"type": "build", "seat": seat, "start": start}
    if options.get("path"):
        text = options["path"]
        act["path"] = [s.upper() for s in re.split(r"[\s,]+", str(text).strip()) if s]
        return act
    if not options.get("to"):
        raise IllegalAction("need_target", "Give to:<city> (the cheapest route is found) or "
                            "path:<hexes>.")
    goal = naming.city(ctx, options["to"])
    via = [s.upper() for s in re.split(r"[\s,]+", str(options.get("via") or "").strip()) if s]
    cstate = building.company_state(state, ci)
    route = track.route_toward(cstate, ctx, ci, start, goal, via, allow_partial=False)
    if route is None:
        raise IllegalAction("no_route", f"No legal link leads from {start} to {goal}: every way "
                            "is blocked by other track, barriers, the map edge or where cities "
                            "may be entered, or the company already joins them.")
    act["path"] = route.path
    building.plan_link(state, ctx, ci, act)  # refuse now what the move would refuse
    return act


def _deliver(state: State, ctx: MapContext, seat: int, ci: int,
             options: dict[str, Any]) -> Action:
    city = naming.city(ctx, options.get("city"))
    colour = naming.colour(options.get("colour"))
    if colour not in state["cities"][city]["cubes"]:
        raise IllegalAction("no_cube", f"{city} has no {colour} cube.")
    dest = naming.city(ctx, options["to"]) if options.get("to") else None
    found = goods.moves(state, ci, city, dest, goods.TYPED_LINKS if dest else goods.SEARCH_LINKS)
    found = [m for m in found if m.colour == colour]
    if not found:
        where = f" to {dest}" if dest else ""
        raise IllegalAction("no_delivery", f"{title_of(state, ci, True)} has no legal "
                            f"way to move the {colour} cube from {city}{where}: the first link "
                            "must be its own, the cube stops at the first city of its colour, "
                            "and its own links must be at least half of those used.")
    return goods.as_action(seat, goods.best(found, ci))


def confirmation(state: State, ctx: MapContext, action: Action) -> str | None:
    """A build or merger that would issue shares or take bonds is described first, and so is a
    dividend too small to pay any shareholder."""
    ci = turn.acting_company(state)
    if ci is None or action.get("seat") not in turn.to_act(state):
        return None
    if action.get("type") == "dividend" and state["phase"] == "dividends":
        return _dividend_question(state, ci, action.get("amount"))
    try:
        if action.get("type") == "build" and state["phase"] == "company_rounds":
            cost = building.plan_link(state, ctx, ci, action).cost
        elif action.get("type") == "merge" and state["phase"] == "mergers":
            cost = mergers.buyout_cost(state, find_company(state, action.get("with")))
        else:
            return None
        plan = funding(state, ci, cost, building.links_of(state, ci), "This")
    except IllegalAction:
        return None  # the move itself says why it is refused
    if not plan.shares and not plan.bonds:
        return None
    return (f"This costs {money_text(cost)} and {title_of(state, ci)} has "
            f"{money_text(company(state, ci)['cash'])}: it {plan.text(state, ci)}.")


def _dividend_question(state: State, ci: int, amount: Any) -> str | None:
    c = company(state, ci)
    if not isinstance(amount, int) or amount <= 0 or per_share(c, amount):
        return None
    price = int(c["price"])
    return (f"A {money_text(amount)} dividend is {split_words(c, amount)} (share price "
            f"{price} -> {max(1, price + price_change(price, amount))}).")


def out_of_turn(state: State, command: str) -> str | None:
    if command in ("build", "deliver") and state["phase"] != "company_rounds":
        return f"/{command} is a company's action, taken in the Company Rounds."
    ci = turn.acting_company(state)
    if ci is None or state["phase"] == "merger_vote":
        return None
    who = ", ".join(str(state["players"][s]["name"]) for s in turn.to_act(state))
    return f"It is {who}'s turn, for {title_of(state, ci)}, not yours."


AMOUNT_VALUES = 25
"""Dollar amounts offered in a menu at most (Discord lists 25 entries)."""


def _thousands(low: int, high: int) -> list[int]:
    return list(range(low // 1000, min(high, low + 1000 * (AMOUNT_VALUES - 1)) // 1000 + 1))


def _amounts(state: State, seat: int, command: str,
             chosen: Mapping[str, Any]) -> list[OptionValue]:
    cash = int(state["players"][seat]["money"])
    if command == "bid" and adv(state)["auction"] is not None:
        return [OptionValue(f"${k},000", k)
                for k in _thousands(auction.min_bid(state), cash)]
    if command == "auction" and chosen.get("company") and adv(state)["auction"] is None:
        try:
            ci = find_company(state, chosen["company"])
        except IllegalAction:
            return []
        return [OptionValue(f"${k},000", k)
                for k in _thousands(auction.min_open(state, ci), cash)]
    payer = turn.acting_company(state)
    if command == "dividend" and state["phase"] == "dividends" and payer is not None:
        c = company(state, payer)
        top = min(int(c["cash"]), DIVIDEND_CAP * int(c["price"]) * 1000)
        price = int(c["price"])
        return [OptionValue(f"{money_text(k * 1000)} (share price {price} -> "
                            f"{max(1, price + price_change(price, k * 1000))}"
                            f"{_share_note(c, k * 1000)})", k * 1000)
                for k in reversed(_thousands(0, top))]
    return []


def _share_note(c: dict[str, Any], amount: int) -> str:
    if not amount:
        return ""
    each = per_share(c, amount)
    return f"; {money_text(each)} a share" if each else "; no share gets anything"


def option_values(state: State, ctx: MapContext, seat: int, command: str,
                  option: str, chosen: Mapping[str, Any]) -> list[OptionValue]:
    if option == "amount":
        return _amounts(state, seat, command, chosen)
    if (command, option) in (("auction", "company"), ("merge", "with")):
        return [OptionValue(f"{c['name']} (price {c['price']}, cash "
                            f"{money_text(c['cash'])})", c["name"]) for c in companies(state)]
    ci = turn.acting_company(state)
    if command == "build" and option == "from" and ci is not None:
        return [OptionValue(c, c) for c in building.build_starts(state, ctx, ci)]
    if command == "deliver" and option == "city" and ci is not None:
        cities = sorted({m.city for m in goods.moves(state, ci)})
        return [OptionValue(c, c) for c in cities]
    return []
