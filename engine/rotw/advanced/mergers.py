"""The Merger Phase: a controller proposes one merger with a connected company; the shareholders
of each company vote in secret, one vote a share, revealed together (a tie goes the controller's
way); the merging company buys the target's shares and takes over its track."""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.types import State
from engine.rotw.advanced.building import links_of, network_cities
from engine.rotw.advanced.companies import (
    AVAILABLE_AT_START,
    SHARES,
    THOUSAND,
    adv,
    companies,
    company,
    company_party,
    find_company,
    funding,
    held,
    raise_money,
    title_of,
    transfer,
)
from engine.rotw.tx import Tx, money_text, name

PREMIUM = 1000
"""The merging company pays the target's share price plus $1,000 a share."""


def connected(state: State, a: int, b: int) -> bool:
    return bool(network_cities(state, a) & network_cities(state, b))


def buyout_cost(state: State, target: int) -> int:
    t = company(state, target)
    shares = sum(int(n) for n in t["holders"].values()) + int(t["issued"])
    return shares * (int(t["price"]) * THOUSAND + PREMIUM)


def targets(state: State, ci: int) -> list[int]:
    out = []
    for j, c in enumerate(companies(state)):
        if j == ci or c["controller"] is None or not connected(state, ci, j):
            continue
        try:
            _afford(state, ci, j)
        except IllegalAction:
            continue
        out.append(j)
    return out


def _afford(state: State, ci: int, target: int) -> None:
    funding(state, ci, buyout_cost(state, target), links_of(state, ci),
            f"Buying the shares of {title_of(state, target)}")


def propose(tx: Tx, ci: int, which: Any) -> None:
    state = tx.state
    target = find_company(state, which)
    if target == ci:
        raise IllegalAction("self_merge", "A company cannot merge with itself.")
    if company(state, target)["controller"] is None:
        raise IllegalAction("not_in_play", f"{title_of(state, target, True)} is not in "
                            "play (no player holds a share of it).")
    if not connected(state, ci, target):
        raise IllegalAction("not_connected", f"{title_of(state, ci, True)} and "
                            f"{title_of(state, target)} can merge only if their track is "
                            "connected (they share a city).")
    _afford(state, ci, target)
    a = adv(state)
    a["merger"] = {"company": ci, "target": target, "stage": ci, "votes": {}}
    cost = buyout_cost(state, target)
    tx.say("merger", f"{title_of(state, ci, True)} proposes to merge with "
           f"{title_of(state, target)} (buying its shares for {money_text(cost)}). The "
           f"shareholders of {title_of(state, ci)} vote first, in secret (/vote).", company=ci)


def voters(state: State) -> list[int]:
    m = adv(state)["merger"]
    stage = int(m["stage"])
    return [p["seat"] for p in state["players"]
            if held(state, stage, p["seat"]) and str(p["seat"]) not in m["votes"]]


def vote(tx: Tx, seat: int, choice: Any) -> bool:
    """Record a secret vote; True when every vote of the stage is in."""
    state = tx.state
    m = adv(state)["merger"]
    if choice not in ("yes", "no"):
        raise IllegalAction("bad_vote", "Vote yes or no: /vote choice:yes.")
    m["votes"][str(seat)] = choice == "yes"
    tx.say("vote_cast", f"You vote {choice} (secret until every vote is in).", seat)
    tx.say("voted", f"{name(state, seat)} has voted.")
    return not voters(state)


def count(tx: Tx) -> bool:
    """Reveal the stage's votes together; True when the merger goes ahead or moves on."""
    state = tx.state
    m = adv(state)["merger"]
    stage = int(m["stage"])
    c = company(state, stage)
    yes = sum(held(state, stage, int(s)) for s, v in m["votes"].items() if v)
    no = sum(held(state, stage, int(s)) for s, v in m["votes"].items() if not v)
    boss = c["controller"]
    passed = yes > no or (yes == no and bool(m["votes"].get(str(boss))))
    shown = ", ".join(f"{name(state, int(s))} {'yes' if v else 'no'} ({held(state, stage, int(s))})"
                      for s, v in sorted(m["votes"].items()))
    tie = " - a tie, decided by the controller" if yes == no else ""
    tx.say("votes", f"Votes of {title_of(state, stage)}: {shown}. {yes} for, {no} against"
           f"{tie}: the merger is {'approved' if passed else 'rejected'}.", company=stage)
    if not passed:
        return False
    if stage == m["company"]:
        m["stage"] = m["target"]
        m["votes"] = {}
        tx.say("merger", f"Now the shareholders of {title_of(state, m['target'])} vote (/vote).")
        return True
    merge(tx, int(m["company"]), int(m["target"]))
    return False


def merge(tx: Tx, ci: int, target: int) -> None:
    state = tx.state
    t = company(state, target)
    cost = buyout_cost(state, target)
    note = raise_money(tx, ci, funding(state, ci, cost, links_of(state, ci), "The merger"))
    each = int(t["price"]) * THOUSAND + PREMIUM
    for seat_text, n in sorted(t["holders"].items()):
        if n:
            transfer(tx, each * int(n), company_party(ci), int(seat_text))
    transfer(tx, each * int(t["issued"]), company_party(ci), "bank")
    # House: the target's money and bonds go with its track to the merging company.
    cash, bonds = int(t["cash"]), int(t["bonds"])
    transfer(tx, cash, company_party(target), company_party(ci))
    company(state, ci)["bonds"] += bonds
    moved = 0
    for lk in state["links"]:
        if lk["owner"] == target:
            lk["owner"] = ci
            moved += 1
    tx.say("merged", f"{title_of(state, ci, True)} takes over {title_of(state, target)}: "
           f"{money_text(each)} a share to its holders and the bank ({money_text(cost)}"
           f"{note}); its {moved} link{'s' if moved != 1 else ''}, its cash of "
           f"{money_text(cash)} and {f'its {bonds}' if bonds else 'no'} "
           f"bond{'s' if bonds != 1 else ''} pass to {title_of(state, ci)}. "
           f"{title_of(state, target, True)} may be restarted in the Shares Phase.", company=ci)
    t.update(holders={}, controller=None, issued=0, available=AVAILABLE_AT_START,
             tile=SHARES - AVAILABLE_AT_START, bonds=0, income=0,
             restarts=int(t["restarts"]) + 1)
    if t["price"] != t["start"]:
        t["price"] = t["start"]
        adv(state)["clock"] += 1
        t["arrived"] = adv(state)["clock"]
