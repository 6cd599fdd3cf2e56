"""Share auctions: in the setup (until every player has passed) and in the Shares Phase (one
chance per player). The auctioneer names a company share and opens the bidding; the others,
clockwise, bid higher or drop out; the last one left pays and takes the share."""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.types import State
from engine.rotw.advanced.companies import (
    THOUSAND,
    adv,
    company,
    company_party,
    find_company,
    give_share,
    title_of,
    transfer,
)
from engine.rotw.tx import Tx, money_text, name

STEP = 1000
BOXES = ("available", "issued")
BOX_WORDS = {"available": "Available Company Shares box", "issued": "Shares Issued box"}


def min_open(state: State, ci: int) -> int:
    """The lowest opening bid: the company's current share price (at the setup, the start
    price, which is the same)."""
    return int(company(state, ci)["price"]) * THOUSAND


def boxes_open(state: State, ci: int) -> list[str]:
    c = company(state, ci)
    out = []
    if c["available"] > 0:
        out.append("available")
    if state["phase"] == "shares" and c["issued"] > 0:
        out.append("issued")
    return out


def _amount(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise IllegalAction("bad_bid", "A bid is a whole number of dollars, e.g. 6000.")
    if value % STEP:
        raise IllegalAction("bad_bid", "Bids go in steps of $1,000.")
    return value


def _afford(state: State, seat: int, amount: int) -> None:
    cash = int(state["players"][seat]["money"])
    if amount > cash:
        raise IllegalAction("no_cash", f"You have {money_text(cash)}; a player bids only money "
                            "they hold (players take no bonds in the Advanced Game).")


def open_auction(tx: Tx, seat: int, which: Any, box: Any, amount: Any,
                 bidders: list[int]) -> None:
    state = tx.state
    ci = find_company(state, which)
    c = company(state, ci)
    chosen = str(box or ("available" if c["available"] else "issued"))
    if chosen not in BOXES:
        raise IllegalAction("bad_box", "A share comes from the 'available' box or the 'issued' "
                            "box.")
    if chosen not in boxes_open(state, ci):
        where = BOX_WORDS[chosen]
        extra = " (shares from that box are sold in the Shares Phase only)" \
            if chosen == "issued" and state["phase"] != "shares" else ""
        raise IllegalAction("empty_box", f"{title_of(state, ci, True)} has no share in "
                            f"its {where}{extra}.")
    value = _amount(amount if amount is not None else min_open(state, ci))
    if value < min_open(state, ci):
        raise IllegalAction("low_bid", f"The opening bid for a {c['name']} share is at least "
                            f"its share price, {money_text(min_open(state, ci))}.")
    _afford(state, seat, value)
    n = len(state["players"])
    order = [(seat + k) % n for k in range(n) if (seat + k) % n in bidders]
    adv(state)["auction"] = {"company": ci, "box": chosen, "high_bid": value, "high_seat": seat,
                             "order": order, "pos": 0, "passed": [], "auctioneer": seat}
    tx.say("share_auction", f"{name(state, seat)} puts a {c['name']} share from the "
           f"{BOX_WORDS[chosen]} up for auction and bids {money_text(value)}.", company=ci)
    _next(tx)


def min_bid(state: State) -> int:
    return int(adv(state)["auction"]["high_bid"]) + STEP


def bid(tx: Tx, seat: int, amount: Any) -> None:
    state = tx.state
    a = adv(state)["auction"]
    value = _amount(amount)
    if value < min_bid(state):
        raise IllegalAction("low_bid", f"A bid must beat the high bid of "
                            f"{money_text(a['high_bid'])}: at least "
                            f"{money_text(min_bid(state))}.")
    _afford(state, seat, value)
    a["high_bid"], a["high_seat"] = value, seat
    tx.say("bid", f"{name(state, seat)} bids {money_text(value)} for the "
           f"{company(state, a['company'])['name']} share.")
    _next(tx)


def drop(tx: Tx, seat: int) -> None:
    a = adv(tx.state)["auction"]
    a["passed"].append(seat)
    tx.say("pass", f"{name(tx.state, seat)} drops out of the bidding.")
    _next(tx)


def bidder(state: State) -> int:
    a = adv(state)["auction"]
    return int(a["order"][a["pos"]])


def _next(tx: Tx) -> None:
    a = adv(tx.state)["auction"]
    left = [s for s in a["order"] if s not in a["passed"]]
    if left == [a["high_seat"]]:
        _close(tx)
        return
    n = len(a["order"])
    for step in range(1, n + 1):
        pos = (a["pos"] + step) % n
        s = a["order"][pos]
        if s not in a["passed"] and s != a["high_seat"]:
            a["pos"] = pos
            return
    _close(tx)


def _close(tx: Tx) -> None:
    state = tx.state
    data = adv(state)
    a = data["auction"]
    ci, seat, price = int(a["company"]), int(a["high_seat"]), int(a["high_bid"])
    c = company(state, ci)
    if a["box"] == "available":
        c["available"] -= 1
        transfer(tx, price, seat, company_party(ci))
        where = f"paid to {title_of(state, ci)}"
    else:
        c["issued"] -= 1
        transfer(tx, price, seat, "bank")
        where = "paid to the bank"
    tx.say("share_sold", f"{name(state, seat)} buys a {c['name']} share for "
           f"{money_text(price)} ({where}).", company=ci)
    if c["restarts"] and c["controller"] is None:
        tx.say("restart", f"{title_of(state, ci, True)} is back in the game.")
    give_share(tx, ci, seat)
    data["auction"] = None
    data["last_winner"] = seat
    data["last_auctioneer"] = a["auctioneer"]
