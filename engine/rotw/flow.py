"""Turn structure: baron choice, first-player auction, three action rounds, income, game end."""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.types import State
from engine.rotw.cards import baron, final_scores
from engine.rotw.context import BOND_DIVIDEND
from engine.rotw.delivery import drop_held_cube
from engine.rotw.economy import income, pay, receive
from engine.rotw.network import complete_links
from engine.rotw.reveal import reveal
from engine.rotw.track import remove_incomplete
from engine.rotw.tx import Tx, money_text, name

MIN_BID = 1000
BID_STEP = 1000
ROUNDS = 3


def to_act(state: State) -> list[int]:
    phase = state["phase"]
    if phase == "baron":
        return [p["seat"] for p in state["players"] if p["baron"] is None]
    if phase == "auction":
        a = state["auction"]
        return [a["order"][a["pos"]]]
    if phase == "actions":
        return [state["turn_order"][state["order_pos"]]]
    if phase == "respond":
        # A declared delivery waits for the Railroad Inspector holders (see inspector.py).
        return [int(state["pending"]["asked"][0])]
    return []


# --- Rail Baron choice --------------------------------------------------------------------------

def choose_baron(tx: Tx, seat: int, card: Any) -> None:
    p = tx.state["players"][seat]
    if card not in p["baron_choices"]:
        dealt = " or ".join(str(c) for c in p["baron_choices"]) or "none"
        raise IllegalAction("bad_baron", f"'{card}' is not one of the two Rail Baron cards you "
                            f"were dealt; choose {dealt} (see /game hand).")
    p["baron"] = card
    p["baron_choices"] = []
    tx.say("baron_chosen", f"You keep Rail Baron {baron(tx.ctx, str(card))['name']}.", seat)
    tx.say("baron", f"{p['name']} has chosen a Rail Baron card.")
    if not to_act(tx.state):
        start_auction(tx, 0)


# --- first-player auction -------------------------------------------------------------------------

def start_auction(tx: Tx, starter: int) -> None:
    n = len(tx.state["players"])
    tx.state["phase"] = "auction"
    tx.state["round"] = None
    tx.state["auction"] = {"high_bid": 0, "high_seat": None, "passed": [],
                           "order": [(starter + i) % n for i in range(n)], "pos": 0}
    tx.say("auction", f"Turn {tx.state['turn']}: the first-player auction opens with "
           f"{name(tx.state, starter)}.")


def min_bid(state: State) -> int:
    return max(MIN_BID, int(state["auction"]["high_bid"]) + BID_STEP)


def check_bid(state: State, amount: Any) -> int:
    if not isinstance(amount, int) or isinstance(amount, bool):
        raise IllegalAction("bad_bid", "A bid is a whole number of dollars, e.g. 3000.")
    low = min_bid(state)
    if amount < low:
        what = "The minimum first bid" if state["auction"]["high_seat"] is None else \
            "A bid must beat the high bid; the lowest"
        raise IllegalAction("low_bid", f"{what} is {money_text(low)}.")
    if amount % BID_STEP:
        raise IllegalAction("bad_bid", "Bids go in steps of $1,000.")
    return amount


def bid(tx: Tx, seat: int, amount: Any) -> None:
    value = check_bid(tx.state, amount)
    a = tx.state["auction"]
    a["high_bid"], a["high_seat"] = value, seat
    tx.say("bid", f"{name(tx.state, seat)} bids {money_text(value)} for first player.")
    _next_bidder(tx)


def auction_pass(tx: Tx, seat: int) -> None:
    tx.state["auction"]["passed"].append(seat)
    tx.say("pass", f"{name(tx.state, seat)} passes in the auction.")
    _next_bidder(tx)


def _next_bidder(tx: Tx) -> None:
    a = tx.state["auction"]
    active = [s for s in a["order"] if s not in a["passed"]]
    if not active or (a["high_seat"] is not None and active == [a["high_seat"]]):
        _close_auction(tx)
        return
    n = len(a["order"])
    for step in range(1, n + 1):
        pos = (a["pos"] + step) % n
        if a["order"][pos] not in a["passed"]:
            a["pos"] = pos
            return


def _close_auction(tx: Tx) -> None:
    state = tx.state
    a = state["auction"]
    n = len(state["players"])
    if a["high_seat"] is not None:
        first = int(a["high_seat"])
        note = pay(tx, first, int(a["high_bid"]))
        tx.say("first_player", f"{name(state, first)} wins the auction for "
               f"{money_text(a['high_bid'])} and goes first{note}.")
    else:
        # Everyone passed: left of the previous first player; on turn 1, the opening bidder.
        prev = state["first_player"]
        first = a["order"][0] if prev is None else (prev + 1) % n
        tx.say("first_player", f"Everyone passed: {name(state, first)} goes first.")
    state["first_player"] = first
    state["turn_order"] = [(first + i) % n for i in range(n)]
    state["auction"] = None
    state["phase"] = "actions"
    state["round"] = 1
    state["order_pos"] = 0
    state["extra_actions"] = 0


# --- action rounds --------------------------------------------------------------------------------

def advance(tx: Tx) -> None:
    state = tx.state
    if state["extra_actions"] > 0:
        state["extra_actions"] -= 1
        if state["extra_actions"] > 0:
            return
    state["order_pos"] += 1
    if state["order_pos"] < len(state["turn_order"]):
        return
    state["order_pos"] = 0
    state["round"] += 1
    if state["round"] <= ROUNDS:
        return
    end_turn(tx)


def end_turn(tx: Tx) -> None:
    state = tx.state
    for seat in state["turn_order"]:
        p = state["players"][seat]
        earned = income(tx, seat)
        receive(tx, seat, earned)
        owed = int(p["bonds"]) * BOND_DIVIDEND
        note = pay(tx, seat, owed) if owed else ""
        tx.say("income", f"{p['name']} earns {money_text(earned)} and pays {money_text(owed)} "
               f"in bond dividends{note}.")
    removed = remove_incomplete(state)
    if removed:
        tx.say("cleanup", f"{removed} incomplete link{'s' if removed > 1 else ''} removed.")
    reveal(tx)
    ecm = state["ecm"]
    if ecm["end_triggered"] and state["turn"] >= ecm["last_turn"]:
        finish(tx)
        return
    state["turn"] += 1
    start_auction(tx, int(state["first_player"]))


def finish(tx: Tx) -> None:
    state = tx.state
    for p in state["players"]:
        drop_held_cube(tx, p["seat"])
    scores = final_scores(state, tx.ctx)

    def rank(s: dict[str, Any]) -> tuple[int, int, int]:
        seat = s["seat"]
        return (s["score"], len(complete_links(state, seat)), state["players"][seat]["money"])

    ordered = sorted(scores, key=rank, reverse=True)
    top = [s["seat"] for s in ordered if rank(s) == rank(ordered[0])]
    winner = top[0] if len(top) == 1 else None
    state["final"] = {"scores": scores, "winner": winner, "tied": top if winner is None else []}
    state["finished"] = True
    state["phase"] = "finished"
    state["round"] = None
    for s in scores:
        if s["baron"]:
            tx.say("reveal", f"{name(state, s['seat'])} reveals {baron(tx.ctx, s['baron'])['name']}"
                   f": +{s['baron_points']} points.")
    if winner is not None:
        tx.say("game_over", f"Game over: {name(state, winner)} wins with "
               f"{ordered[0]['score']} points.")
    else:
        tx.say("game_over", "Game over: " + " and ".join(name(state, s) for s in top)
               + " share the win.")
