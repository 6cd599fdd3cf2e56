"""Income after the Company Rounds, then Pay Dividends: bond interest, repayments, the dividend,
the share price moves, and $5,000 for every player."""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.types import State
from engine.rotw.advanced.building import links_of
from engine.rotw.advanced.companies import (
    BOND_INTEREST,
    DIVIDEND_CAP,
    PLAYER_STIPEND,
    THOUSAND,
    companies,
    company,
    company_party,
    issued_shares,
    set_price,
    title_of,
    transfer,
)
from engine.rotw.context import BOND_VALUE
from engine.rotw.tx import Tx, money_text


def collect_income(tx: Tx) -> None:
    """Each company takes the income its marker shows, then every marker goes back to zero."""
    state = tx.state
    for ci, c in enumerate(companies(state)):
        if c["income"] <= 0:
            continue
        earned = tx.ctx.income_at(int(c["income"]), 0)
        transfer(tx, earned, "bank", company_party(ci))
        tx.say("income", f"{title_of(state, ci, True)} earns {money_text(earned)} "
               f"(income marker on {c['income']}).", company=ci)
        c["income"] = 0


def price_change(price: int, dividend: int) -> int:
    """How far a dividend (in dollars) moves a share price (in thousands)."""
    if dividend <= 0:
        return -2
    thousands = dividend // THOUSAND
    if 2 * thousands <= price:
        return -1
    if thousands < price:
        return 0
    return thousands // price


def pay_interest(tx: Tx, ci: int) -> bool:
    """$1,000 a bond; False when the company could not pay and so pays no dividend."""
    state = tx.state
    c = company(state, ci)
    due = int(c["bonds"]) * BOND_INTEREST
    if not due:
        return True
    if c["cash"] >= due:
        transfer(tx, due, company_party(ci), "bank")
        tx.say("interest", f"{title_of(state, ci, True)} pays {money_text(due)} interest "
               f"on {c['bonds']} bond{'s' if c['bonds'] != 1 else ''}.", company=ci)
        return True
    short = due - int(c["cash"])
    more = -(-short // BOND_VALUE)
    if c["bonds"] + more <= links_of(state, ci):
        c["bonds"] += more
        transfer(tx, more * BOND_VALUE, "bank", company_party(ci))
        transfer(tx, due, company_party(ci), "bank")
        tx.say("interest", f"{title_of(state, ci, True)} takes {more} more "
               f"bond{'s' if more != 1 else ''} to pay {money_text(due)} interest.", company=ci)
        return True
    lost = int(c["cash"])
    transfer(tx, lost, company_party(ci), "bank")
    old = int(c["price"])
    set_price(state, ci, old - 2)
    tx.say("interest", f"{title_of(state, ci, True)} cannot pay its {money_text(due)} "
           f"interest: its {money_text(lost)} goes to the bank, it pays no dividend and its "
           f"{price_fall(old, int(c['price']))}.", company=ci)
    return False


def price_fall(old: int, new: int) -> str:
    """The fall of a share price by 2, told truly where the floor of 1 stops it."""
    if old - new == 2:
        return f"share price falls by 2 to {new}"
    if old == new:
        return f"share price stays at {new}, the lowest a share price goes"
    return f"share price falls to {new}, the lowest a share price goes"


def check_dividend(state: State, ci: int, amount: Any, repay: Any) -> tuple[int, int]:
    c = company(state, ci)
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0 \
            or amount % THOUSAND:
        raise IllegalAction("bad_dividend", "A dividend is a whole number of thousands of "
                            "dollars, e.g. 6000 (0 pays none).")
    back = 0 if repay is None else repay
    if not isinstance(back, int) or isinstance(back, bool) or not 0 <= back <= c["bonds"]:
        raise IllegalAction("bad_repay", f"{title_of(state, ci, True)} can repay 0 to "
                            f"{c['bonds']} bonds.")
    cash = int(c["cash"]) - back * BOND_VALUE
    if cash < 0:
        raise IllegalAction("no_cash", f"Repaying {back} bonds costs "
                            f"{money_text(back * BOND_VALUE)}; {title_of(state, ci)} has "
                            f"{money_text(c['cash'])}.")
    cap = DIVIDEND_CAP * int(c["price"]) * THOUSAND
    if amount > cap:
        raise IllegalAction("dividend_cap", f"A dividend may be at most 3 times the share "
                            f"price: {money_text(cap)} for {title_of(state, ci)}.")
    if amount > cash:
        raise IllegalAction("no_cash", f"{title_of(state, ci, True)} has "
                            f"{money_text(cash)} to pay with; it may not issue shares or bonds "
                            "to pay a dividend.")
    return amount, back


def per_share(c: dict[str, Any], amount: int) -> int:
    """What each issued share takes of a dividend: an even split rounded down to whole
    $1,000s (the money is in $1,000 notes)."""
    shares = issued_shares(c)
    return (amount // shares) // THOUSAND * THOUSAND if shares else 0


def split_words(c: dict[str, Any], amount: int) -> str:
    """How a dividend is shared out, truthfully: a dividend too small for $1,000 a share pays no
    shareholder anything (the rulebook's remainder, all of it, goes to the bank)."""
    shares = issued_shares(c)
    each = per_share(c, amount)
    plural = "s" if shares != 1 else ""
    if amount and not each:
        return (f"less than {money_text(THOUSAND)} for each of {shares} issued share{plural}, "
                "so no shareholder gets anything: the bank takes it all")
    held = sum(int(n) for n in c["holders"].values())
    to_bank = amount - each * held
    bank = f"; the bank keeps {money_text(to_bank)}" if to_bank else ""
    return f"{money_text(each)} on each of {shares} issued share{plural}{bank}"


def pay_dividend(tx: Tx, ci: int, amount: int, repay: int) -> None:
    state = tx.state
    c = company(state, ci)
    if repay:
        c["bonds"] -= repay
        transfer(tx, repay * BOND_VALUE, company_party(ci), "bank")
        tx.say("repay", f"{title_of(state, ci, True)} repays {repay} "
               f"bond{'s' if repay != 1 else ''} ({money_text(repay * BOND_VALUE)}).",
               company=ci)
    old = int(c["price"])
    each = per_share(c, amount)
    words = split_words(c, amount)
    transfer(tx, amount, company_party(ci), "bank")
    for seat_text, n in sorted(c["holders"].items()):
        if n:
            transfer(tx, each * int(n), "bank", int(seat_text))
    set_price(state, ci, old + price_change(old, amount))
    paid = f"pays a {money_text(amount)} dividend: {words}" if amount else "pays no dividend"
    tx.say("dividend", f"{title_of(state, ci, True)} {paid}. Share price {old} -> "
           f"{c['price']}.", company=ci)


def stipend(tx: Tx) -> None:
    for p in tx.state["players"]:
        transfer(tx, PLAYER_STIPEND, "bank", int(p["seat"]))
    tx.say("stipend", f"Every player takes {money_text(PLAYER_STIPEND)} from the bank.")
