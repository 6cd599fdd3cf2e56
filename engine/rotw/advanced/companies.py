"""Companies of the Advanced Game: their data, shares, control, share prices and money.

Money moves only through :func:`transfer`, between the bank, a player and a company, so the
state's ``bank_out`` (all the bank has paid out, net) always equals what players and companies
hold together.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.types import State
from engine.rotw.context import BOND_VALUE, MapContext
from engine.rotw.tx import Tx, money_text

TABLE = "advanced_companies"
"""The map table that lists the companies; a map without it has no Advanced Game."""
SHARES = 10
AVAILABLE_AT_START = 5
THOUSAND = 1000
BOND_INTEREST = 1000
MIN_PRICE = 1
DIVIDEND_CAP = 3
"""A dividend is at most three times the share price."""
PLAYER_STIPEND = 5000
"""Every player takes this from the bank after the dividends."""


@dataclass(frozen=True)
class CompanyDef:
    colour: str
    name: str
    price: int
    """Starting share price, in thousands of dollars."""


def company_defs(ctx: MapContext) -> tuple[CompanyDef, ...]:
    table = ctx.mapdef.tables.get(TABLE)
    if table is None:
        return ()
    return tuple(CompanyDef(str(c["colour"]), str(c.get("name") or c["colour"].title()),
                            int(c["price"])) for c in table.values.get("companies", []))


def adv(state: State) -> dict[str, Any]:
    out: dict[str, Any] = state["adv"]
    return out


def companies(state: State) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = adv(state)["companies"]
    return out


def company(state: State, ci: int) -> dict[str, Any]:
    return companies(state)[ci]


def title_of(state: State, ci: int, first: bool = False) -> str:
    """"the Red company" ("The Red company" to open a sentence)."""
    return f"{'The' if first else 'the'} {company(state, ci)['name']} company"


def new_company(d: CompanyDef, order: int) -> dict[str, Any]:
    return {"colour": d.colour, "name": d.name, "start": d.price, "price": d.price,
            "arrived": order, "cash": 0, "tile": SHARES - AVAILABLE_AT_START,
            "available": AVAILABLE_AT_START, "issued": 0, "holders": {}, "controller": None,
            "bonds": 0, "income": 0, "restarts": 0}


def find_company(state: State, text: Any) -> int:
    """A company by its name or colour, as typed ("red", "Red company")."""
    want = str(text or "").strip().lower().removesuffix(" company").removeprefix("the ")
    for i, c in enumerate(companies(state)):
        if want in (c["name"].lower(), c["colour"]):
            return i
    names = ", ".join(c["name"] for c in companies(state))
    raise IllegalAction("unknown_company", f"There is no company called '{text}'; the "
                        f"companies are {names}.")


def held(state: State, ci: int, seat: int) -> int:
    return int(company(state, ci)["holders"].get(str(seat), 0))


def held_total(c: dict[str, Any]) -> int:
    return sum(int(v) for v in c["holders"].values())


def issued_shares(c: dict[str, Any]) -> int:
    """Shares that take a dividend: those players hold and those in the Shares Issued box."""
    return held_total(c) + int(c["issued"])


def controlled(state: State) -> list[int]:
    return [i for i, c in enumerate(companies(state)) if c["controller"] is not None]


def give_share(tx: Tx, ci: int, seat: int) -> None:
    """``seat`` takes one share; control passes only to someone holding MORE than the
    controller (a tie keeps control), and the first share takes control at once."""
    c = company(tx.state, ci)
    c["holders"][str(seat)] = held(tx.state, ci, seat) + 1
    boss = c["controller"]
    if boss is None or (boss != seat and held(tx.state, ci, seat) > held(tx.state, ci, boss)):
        c["controller"] = seat
        who = tx.state["players"][seat]["name"]
        tx.say("control", f"{who} now controls {title_of(tx.state, ci)}.", company=ci)


def order_key(c: dict[str, Any]) -> tuple[int, int]:
    """Highest share price first; on a tie the last to arrive at that price."""
    return (-int(c["price"]), -int(c["arrived"]))


def by_price(state: State) -> list[int]:
    """Controlled companies, highest share price first (the Company Rounds' order)."""
    return sorted(controlled(state), key=lambda i: order_key(company(state, i)))


def set_price(state: State, ci: int, price: int) -> None:
    c = company(state, ci)
    price = max(MIN_PRICE, price)
    if price != c["price"]:
        c["price"] = price
        a = adv(state)
        a["clock"] += 1
        c["arrived"] = a["clock"]


# --- money ---

Party = int | str
"""A player's seat, ``"bank"``, or ``"c<index>"`` for a company."""


def company_party(ci: int) -> str:
    return f"c{ci}"


def _add(tx: Tx, party: Party, amount: int) -> None:
    if party == "bank":
        adv(tx.state)["bank_out"] -= amount
    elif isinstance(party, int):
        tx.state["players"][party]["money"] += amount
        tx.cash[party] = tx.cash.get(party, 0) + amount
    else:
        company(tx.state, int(party[1:]))["cash"] += amount


def transfer(tx: Tx, amount: int, payer: Party, payee: Party) -> None:
    if amount:
        _add(tx, payer, -amount)
        _add(tx, payee, amount)


# --- raising money ---

@dataclass(frozen=True)
class Funding:
    shares: int
    bonds: int

    def text(self, state: State, ci: int) -> str:
        parts = []
        price = int(company(state, ci)["price"]) * THOUSAND
        if self.shares:
            parts.append(f"issues {self.shares} share{'s' if self.shares > 1 else ''} at "
                         f"{money_text(price)}")
        if self.bonds:
            parts.append(f"takes {self.bonds} bond{'s' if self.bonds > 1 else ''} "
                         f"({money_text(self.bonds * BOND_VALUE)})")
        return " and ".join(parts)


def funding(state: State, ci: int, amount: int, links: int, what: str) -> Funding:
    """How the company pays ``amount``: its cash, then shares from its tile (only as many as
    needed), then bonds once every share is issued, at most one per complete link it owns."""
    c = company(state, ci)
    short = amount - int(c["cash"])
    if short <= 0:
        return Funding(0, 0)
    price = int(c["price"]) * THOUSAND
    shares = min(int(c["tile"]), -(-short // price))
    short -= shares * price
    bonds = 0 if short <= 0 else -(-short // BOND_VALUE)
    if bonds and int(c["bonds"]) + bonds > links:
        room = max(0, links - int(c["bonds"]))
        raise IllegalAction("company_cash", f"{what} costs {money_text(amount)}: "
                            f"{title_of(state, ci, True)} has {money_text(c['cash'])}, "
                            f"{c['tile']} share{'s' if c['tile'] != 1 else ''} left to issue "
                            f"at {money_text(price)} and room for {room} more "
                            f"bond{'s' if room != 1 else ''} (a company may hold one bond per "
                            "complete link it owns).")
    return Funding(shares, bonds)


def raise_money(tx: Tx, ci: int, plan: Funding) -> str:
    """Issue the planned shares and bonds; a note for the event text."""
    c = company(tx.state, ci)
    for _ in range(plan.shares):
        c["tile"] -= 1
        c["issued"] += 1
        transfer(tx, int(c["price"]) * THOUSAND, "bank", company_party(ci))
    if plan.bonds:
        c["bonds"] += plan.bonds
        transfer(tx, plan.bonds * BOND_VALUE, "bank", company_party(ci))
    text = plan.text(tx.state, ci)
    return f"; it {text}" if text else ""
