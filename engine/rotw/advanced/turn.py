"""The Advanced Game's order of play: setup share auctions, then each turn the Company Rounds,
Pay Dividends, the Merger Phase and the Shares Phase, until enough cities are empty."""

from __future__ import annotations

from typing import Any

from engine.core.rng import Rng
from engine.core.types import Config, State
from engine.rotw import turnlimit
from engine.rotw.advanced import dividends, mergers
from engine.rotw.advanced.auction import bidder
from engine.rotw.advanced.companies import (
    THOUSAND,
    adv,
    by_price,
    companies,
    company,
    company_defs,
    new_company,
    title_of,
    transfer,
)
from engine.rotw.tx import Tx, money_text, name

ROUNDS = 3
DEFAULT_END = 16
"""Empty cities that end the game unless the players agree on another number."""


def starting_cash(players: int) -> int:
    return 25000 if players <= 3 else 20000


def setup(tx: Tx, config: Config, rng: Rng) -> None:
    """Turn the basic set-up (cubes already in the cities) into the Advanced Game's."""
    state, ctx = tx.state, tx.ctx
    opts = config.get("options") or {}
    n = len(state["players"])
    first = rng.below(n)
    end = int(opts.get("end_empty") or DEFAULT_END)
    # "clock" orders arrivals on the share price track: at the start, later companies in the
    # list count as on top of a shared price.
    state["adv"] = {
        "companies": [new_company(d, i) for i, d in enumerate(company_defs(ctx))],
        "clock": len(company_defs(ctx)), "bank_out": 0, "auction": None, "chooser": first,
        "out": [], "last_winner": None, "last_auctioneer": None, "order": [], "pos": 0,
        "round": 0, "building": None, "merger": None, "end_empty": end}
    state["ecm"]["needed"] = state["adv"]["end_empty"]
    state["phase"] = "share_setup"
    state["first_player"] = first
    for p in state["players"]:
        p["baron_choices"] = []
        transfer(tx, starting_cash(n), "bank", int(p["seat"]))
    # No Rail Barons or Operations cards in this game (the start message is Title.opening).
    state["ops"] = {"display": [], "deck": [], "discard": []}


def to_act(state: State) -> list[int]:
    a = adv(state)
    phase = state["phase"]
    if a["auction"] is not None:
        return [bidder(state)]
    if phase in ("share_setup", "shares"):
        return [int(a["chooser"])]
    if phase in ("company_rounds", "dividends", "mergers"):
        return [int(company(state, int(a["order"][a["pos"]]))["controller"])]
    if phase == "merger_vote":
        return mergers.voters(state)
    return []


def acting_company(state: State) -> int | None:
    if state["phase"] in ("company_rounds", "dividends", "mergers") and \
            adv(state)["auction"] is None:
        a = adv(state)
        return int(a["order"][a["pos"]])
    if state["phase"] == "merger_vote":
        return int(adv(state)["merger"]["stage"])
    return None


# --- setup auctions ---

def after_setup_auction(tx: Tx) -> None:
    """The auctioneer chooses again unless they won; then the next player clockwise does."""
    a = adv(tx.state)
    auctioneer = int(a["last_auctioneer"])
    if a["last_winner"] == auctioneer:
        _next_chooser(tx, auctioneer)
    else:
        a["chooser"] = auctioneer


def setup_pass(tx: Tx, seat: int) -> None:
    a = adv(tx.state)
    a["out"].append(seat)
    tx.say("setup_pass", f"{name(tx.state, seat)} passes and takes no further part in the "
           "setup auctions.")
    _next_chooser(tx, seat)


def _next_chooser(tx: Tx, seat: int) -> None:
    state = tx.state
    a = adv(state)
    n = len(state["players"])
    for k in range(1, n + 1):
        s = (seat + k) % n
        if s not in a["out"]:
            a["chooser"] = s
            return
    _marker_to_left(tx)
    start_turn(tx)


def _marker_to_left(tx: Tx) -> None:
    state = tx.state
    a = adv(state)
    if a["last_winner"] is not None:
        state["first_player"] = (int(a["last_winner"]) + 1) % len(state["players"])
    tx.say("first_player", f"{name(state, state['first_player'])} takes the first player "
           "marker.")


# --- Company Rounds ---

def start_turn(tx: Tx) -> None:
    state = tx.state
    a = adv(state)
    a["order"], a["pos"], a["round"], a["building"] = by_price(state), 0, 1, None
    a["out"], a["last_winner"] = [], None
    state["phase"] = "company_rounds"
    state["round"] = 1
    if not a["order"]:
        tx.say("company_rounds", f"Turn {state['turn']}: no company is in play.")
        _end_company_rounds(tx)
        return
    tx.say("company_rounds", f"Turn {state['turn']}, Company Round 1: "
           + ", ".join(company(state, i)["name"] for i in a["order"]) + ".")


def next_company(tx: Tx) -> None:
    state = tx.state
    a = adv(state)
    a["building"] = None
    a["pos"] += 1
    if a["pos"] < len(a["order"]):
        return
    a["pos"] = 0
    a["round"] += 1
    state["round"] = a["round"]
    if a["round"] <= ROUNDS:
        tx.say("company_rounds", f"Company Round {a['round']}.")
        return
    _end_company_rounds(tx)


def _end_company_rounds(tx: Tx) -> None:
    state = tx.state
    state["round"] = None
    dividends.collect_income(tx)
    a = adv(state)
    a["order"], a["pos"] = by_price(state), 0
    state["phase"] = "dividends"
    _dividend_turn(tx)


# --- Pay Dividends ---

def _dividend_turn(tx: Tx) -> None:
    """Interest is paid as the company's turn comes; a company that cannot pay skips it."""
    state = tx.state
    a = adv(state)
    while a["pos"] < len(a["order"]):
        if dividends.pay_interest(tx, int(a["order"][a["pos"]])):
            return
        a["pos"] += 1
    dividends.stipend(tx)
    _start_mergers(tx)


def after_dividend(tx: Tx) -> None:
    adv(tx.state)["pos"] += 1
    _dividend_turn(tx)


# --- Mergers ---

def _start_mergers(tx: Tx) -> None:
    state = tx.state
    a = adv(state)
    a["order"] = list(reversed(by_price(state)))
    a["pos"] = -1
    state["phase"] = "mergers"
    if not any(mergers.targets(state, ci) for ci in a["order"]):
        tx.say("mergers", "Merger Phase: no two companies in play are connected (or none can "
               "pay), so no merger is possible.")
    next_merger(tx)


def next_merger(tx: Tx) -> None:
    """The next company still in play that has a possible merger; else the Shares Phase."""
    state = tx.state
    a = adv(state)
    state["phase"] = "mergers"
    a["merger"] = None
    while True:
        a["pos"] += 1
        if a["pos"] >= len(a["order"]):
            _start_shares(tx)
            return
        ci = int(a["order"][a["pos"]])
        if company(state, ci)["controller"] is not None and mergers.targets(state, ci):
            return


def merger_proposed(tx: Tx) -> None:
    tx.state["phase"] = "merger_vote"
    _settle_votes(tx)


def after_vote(tx: Tx) -> None:
    _settle_votes(tx)


def _settle_votes(tx: Tx) -> None:
    while not mergers.voters(tx.state):
        if not mergers.count(tx):
            next_merger(tx)
            return


# --- Shares Phase ---

def _start_shares(tx: Tx) -> None:
    state = tx.state
    a = adv(state)
    state["phase"] = "shares"
    n = len(state["players"])
    a["order"] = [(int(state["first_player"]) + k) % n for k in range(n)]
    a["pos"], a["chooser"], a["last_winner"] = 0, a["order"][0], None
    tx.say("shares", "Shares Phase: each player in turn may put one share up for auction, "
           f"starting with {name(state, a['chooser'])}.")


def after_share_turn(tx: Tx) -> None:
    state = tx.state
    a = adv(state)
    a["pos"] += 1
    if a["pos"] < len(a["order"]):
        a["chooser"] = a["order"][a["pos"]]
        return
    if a["last_winner"] is not None:
        _marker_to_left(tx)
    end_turn(tx)


def end_turn(tx: Tx) -> None:
    state = tx.state
    if state["ecm"]["placed"] >= adv(state)["end_empty"]:
        finish(tx)
        return
    if turnlimit.reached(state, tx.ctx):
        turnlimit.ended(tx)
        finish(tx)
        return
    state["turn"] += 1
    turnlimit.announce(tx)
    start_turn(tx)


# --- the end ---

def share_value(c: dict[str, Any]) -> int:
    """A share's final value in thousands: the price less one per unpaid bond, at least 0."""
    return max(0, int(c["price"]) - int(c["bonds"]))


def final_worth(state: State, seat: int) -> dict[str, Any]:
    cash = int(state["players"][seat]["money"])
    parts = []
    total = cash
    for c in companies(state):
        n = int(c["holders"].get(str(seat), 0))
        if n:
            value = share_value(c) * THOUSAND * n
            total += value
            parts.append({"company": c["name"], "shares": n, "value": value})
    return {"seat": seat, "cash": cash, "shares": parts, "total": total}


def finish(tx: Tx) -> None:
    state = tx.state
    scores = [final_worth(state, p["seat"]) for p in state["players"]]
    best = max(s["total"] for s in scores)
    top = [s["seat"] for s in scores if s["total"] == best]
    winner = top[0] if len(top) == 1 else None
    state["final"] = {"scores": scores, "winner": winner, "tied": top if winner is None else []}
    state["finished"] = True
    state["phase"] = "finished"
    state["round"] = None
    for ci, c in enumerate(companies(state)):
        if c["bonds"] and c["controller"] is not None:
            tx.say("bond_value", f"{title_of(state, ci, True)} has {c['bonds']} unpaid "
                   f"bond{'s' if c['bonds'] != 1 else ''}: its shares are worth "
                   f"{share_value(c)} instead of {c['price']}.", company=ci)
    if winner is not None:
        tx.say("game_over", f"Game over: {name(state, winner)} wins with "
               f"{money_text(best)} (cash and shares).")
    else:
        tx.say("game_over", "Game over: " + " and ".join(name(state, s) for s in top)
               + f" share the win with {money_text(best)} each.")
