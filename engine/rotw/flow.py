"""Turn structure: baron choice, first-player auction, three action rounds, income, game end."""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.names import plural
from engine.core.types import State
from engine.rotw import events, transcon, turnlimit
from engine.rotw.buildterms import half_down, half_up
from engine.rotw.carddeck import baron
from engine.rotw.cards import final_scores
from engine.rotw.context import MAX_BID
from engine.rotw.delivery import drop_held_cube
from engine.rotw.economy import income, pay, receive
from engine.rotw.maprules import on
from engine.rotw.network import complete_links
from engine.rotw.reveal import reveal
from engine.rotw.switches import announce_removed
from engine.rotw.track import remove_incomplete
from engine.rotw.tx import Tx, money_text, name

MIN_BID = 1000
BID_STEP = 1000
ROUNDS = 3
AUCTION_DOWN = "auction_half_down"
"""Railways through Time's own auction: Variant 2's order, drop-outs pay half rounded down."""


def to_act(state: State) -> list[int]:
    phase = state["phase"]
    if phase == "baron":
        # A Transcontinental player may hold a second pair to choose from (baron_next).
        return [p["seat"] for p in state["players"]
                if p["baron"] is None or (p["baron_choices"] and "transcon" in state)]
    if phase == "bonds":
        return transcon.bonds_to_answer(state)
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
        dealt = " or ".join(str(baron(tx.ctx, c)["name"]) for c in p["baron_choices"]) or "none"
        raise IllegalAction("bad_baron", "That is not one of the two Rail Baron cards you "
                            f"were dealt; choose {dealt} (see /game hand).")
    if p["baron"] is None:
        p["baron"] = card
    else:
        # Transcontinental Option 2: a second Rail Baron, kept for the end of the game.
        p.setdefault("more_barons", []).append(card)
    p["baron_choices"] = p.pop("baron_next", [])
    tx.say("baron_chosen", f"You keep Rail Baron {baron(tx.ctx, str(card))['name']}.", seat)
    tx.say("baron", f"{p['name']} has chosen a Rail Baron card.")
    if to_act(tx.state):
        return
    resume = tx.state.pop("resume", None)
    if resume == "finish":
        finish(tx)
    elif resume == "next_turn":
        next_turn(tx)
    elif resume is not None:
        tx.state["phase"] = resume
        tx.say("resume", "Every Rail Baron card is chosen: play goes on.")
    else:
        open_first_turn(tx)


def baron_choice_pending(state: State) -> bool:
    """Late Rail Baron choice: some seat still holds both of its dealt cards."""
    return on(state, "late_baron_choice") and any(
        p["baron"] is None and p["baron_choices"] for p in state["players"])


def baron_interrupt(tx: Tx) -> None:
    """Late Rail Baron choice: after the move that completed the first Major Line, every seat
    chooses its Rail Baron at once; the phase that was under way resumes afterwards."""
    state = tx.state
    if not state.pop("baron_due", False) or state["phase"] in ("baron", "finished") \
            or not baron_choice_pending(state):
        return
    state["resume"] = state["phase"]
    state["phase"] = "baron"
    tx.say("baron_choice", "The first Major Line is complete: every player now chooses which "
           "of their two Rail Baron cards to keep (/baron).")


# --- first-player auction -------------------------------------------------------------------------

FIRST_TURN_STEP = 1000
"""Auction Variant 1: the second player receives $1,000, the third $2,000 and so on."""


def open_first_turn(tx: Tx) -> None:
    """Turn 1 begins: the auction, or with Auction Variant 1 a fixed order and no auction."""
    if not on(tx.state, "auction_first_turn_paid"):
        start_auction(tx, 0)
        return
    # Variant 1: seat 0 stands for the least experienced player (seats are ordered at random,
    # R19) and goes first; the others follow clockwise and are paid for their place.
    state = tx.state
    n = len(state["players"])
    tx.say("first_player", f"Turn 1 has no auction (Auction Variant 1): {name(state, 0)} goes "
           "first.")
    for seat in range(1, n):
        amount = seat * FIRST_TURN_STEP
        receive(tx, seat, amount)
        tx.say("first_turn_pay", f"{name(state, seat)} goes {_ordinal(seat + 1)} and receives "
               f"{money_text(amount)}.")
    _begin_actions(state, 0, list(range(n)))


def _ordinal(k: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")


def start_auction(tx: Tx, starter: int, order: list[int] | None = None) -> None:
    n = len(tx.state["players"])
    tx.state["phase"] = "auction"
    tx.state["round"] = None
    tx.state["auction"] = {"high_bid": 0, "high_seat": None, "passed": [], "bids": {},
                           "order": list(order) if order is not None
                           else [(starter + i) % n for i in range(n)], "pos": 0}
    tx.say("auction", f"Turn {tx.state['turn']}: the first-player auction opens with "
           f"{name(tx.state, tx.state['auction']['order'][0])}.")


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
    if amount > MAX_BID:
        raise IllegalAction("high_bid", f"A first-player bid is at most {money_text(MAX_BID)} "
                            "(a house limit; the rules let bonds pay any bid, but no bid near it "
                            "is worth its bonds).")
    if amount % BID_STEP:
        raise IllegalAction("bad_bid", "Bids go in steps of $1,000.")
    return amount


def bid(tx: Tx, seat: int, amount: Any) -> None:
    value = check_bid(tx.state, amount)
    a = tx.state["auction"]
    a["high_bid"], a["high_seat"] = value, seat
    a.setdefault("bids", {})[str(seat)] = value
    tx.say("bid", f"{name(tx.state, seat)} bids {money_text(value)} for first player.")
    _next_bidder(tx)


def auction_pass(tx: Tx, seat: int) -> None:
    a = tx.state["auction"]
    a["passed"].append(seat)
    own = int(a.get("bids", {}).get(str(seat), 0))
    if on(tx.state, "auction_half_price_dropouts") and own:
        cost = dropout_price(tx.state, own)
        note = pay(tx, seat, cost) if cost else ""
        way = "down" if on(tx.state, AUCTION_DOWN) else "up"
        tx.say("pass", f"{name(tx.state, seat)} drops out of the auction and pays "
               f"{money_text(cost)} (half of their {money_text(own)} bid, rounded {way}){note}.")
    else:
        tx.say("pass", f"{name(tx.state, seat)} passes in the auction.")
    _next_bidder(tx)


def dropout_price(state: State, own: int) -> int:
    """What dropping out costs: Auction Variant 2 takes half the bid rounded up to the next
    $1,000 (money comes in $1,000 notes: a $3,000 bid costs $2,000); Railways through Time
    takes half rounded down (a $3,000 bid costs $1,000)."""
    if not own:
        return 0
    return half_down(own) if on(state, AUCTION_DOWN) else half_up(own)


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
    elif on(state, "auction_half_price_dropouts"):
        # Variant 2 with no bid at all: the drop-out order still fixes the turn order, so the
        # last to pass goes first (house reading; the text does not treat this case).
        first = a["passed"][-1]
        tx.say("first_player", f"Everyone passed: {name(state, first)}, the last to pass, "
               "goes first.")
    else:
        # Everyone passed: left of the previous first player; on turn 1, the opening bidder.
        prev = state["first_player"]
        first = a["order"][0] if prev is None else (prev + 1) % n
        tx.say("first_player", f"Everyone passed: {name(state, first)} goes first.")
    if on(state, "auction_half_price_dropouts"):
        # Variant 2: the winner first, then the others in reverse order of dropping out.
        order = [first] + [s for s in reversed(a["passed"]) if s != first]
        tx.say("turn_order", "Turn order: " + ", ".join(name(state, s) for s in order) + ".")
    else:
        order = [(first + i) % n for i in range(n)]
    _begin_actions(state, first, order)


def _begin_actions(state: State, first: int, order: list[int]) -> None:
    state["first_player"] = first
    state["turn_order"] = order
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
        earned = max(0, income(tx, seat) + events.income_change(state, tx.ctx, seat))
        receive(tx, seat, earned)
        owed = int(p["bonds"]) * events.dividend(state, tx.ctx)
        note = pay(tx, seat, owed) if owed else ""
        tx.say("income", f"{p['name']} earns {money_text(earned)} and pays {money_text(owed)} "
               f"in bond dividends{note}.")
    announce_removed(tx)
    removed = remove_incomplete(state)
    if removed:
        tx.say("cleanup", f"{removed} incomplete link{'s' if removed > 1 else ''} removed.")
    reveal(tx)
    ecm = state["ecm"]
    if ecm["end_triggered"] and state["turn"] >= ecm["last_turn"]:
        if "transcon" in state and state["transcon"]["phase"] == "east":
            transcon.close_east(tx)
            if state["phase"] != "bonds":
                _open_west(tx)
            return
        finish(tx)
        return
    if turnlimit.reached(state, tx.ctx):
        turnlimit.ended(tx)
        finish(tx)
        return
    next_turn(tx)


def next_turn(tx: Tx) -> None:
    state = tx.state
    state["turn"] += 1
    turnlimit.announce(tx)
    events.advance(tx)
    if on(state, "auction_half_price_dropouts"):
        # Variant 2: the next auction keeps the turn order just played.
        start_auction(tx, int(state["turn_order"][0]), list(state["turn_order"]))
    else:
        start_auction(tx, int(state["first_player"]))


def return_bonds(tx: Tx, seat: int, count: Any) -> None:
    """Between the Transcontinental phases; the West opens once every answer is in."""
    transcon.return_bonds(tx, seat, count)
    if not to_act(tx.state):
        _open_west(tx)


def _open_west(tx: Tx) -> None:
    west = transcon.open_west(tx)
    if west.state["phase"] == "baron":
        west.state["resume"] = "next_turn"
        return
    next_turn(west)


def standing_key(state: State, score: dict[str, Any]) -> tuple[int, int, int]:
    """Final order: points, then most complete links, then most money."""
    seat = score["seat"]
    return (score["score"], len(complete_links(state, seat)), state["players"][seat]["money"])


def standings(state: State, scores: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``scores`` best first."""
    return sorted(scores, key=lambda s: standing_key(state, s), reverse=True)


def places(state: State, scores: list[dict[str, Any]]) -> list[tuple[int, dict[str, Any]]]:
    """``scores`` best first, each with its place (players level on every tie-break share one)."""
    out: list[tuple[int, dict[str, Any]]] = []
    previous: tuple[int, int, int] | None = None
    place = 0
    for i, s in enumerate(standings(state, scores)):
        key = standing_key(state, s)
        if key != previous:
            place, previous = i + 1, key
        out.append((place, s))
    return out


def finish(tx: Tx) -> None:
    state = tx.state
    if baron_choice_pending(state):
        # Late Rail Baron choice with no Major Line ever completed: the choice is made at the
        # end, before the scoring (house reading).
        state["resume"] = "finish"
        state["phase"] = "baron"
        state["round"] = None
        tx.say("baron_choice", "The game is over but not yet scored: every player now chooses "
               "which of their two Rail Baron cards to keep (/baron).")
        return
    for p in state["players"]:
        drop_held_cube(tx, p["seat"])
    scores = final_scores(state, tx.ctx)
    ordered = standings(state, scores)
    best = standing_key(state, ordered[0])
    top = [s["seat"] for s in ordered if standing_key(state, s) == best]
    winner = top[0] if len(top) == 1 else None
    state["final"] = {"scores": scores, "winner": winner, "tied": top if winner is None else []}
    state["finished"] = True
    state["phase"] = "finished"
    state["round"] = None
    for s in scores:
        for bid, pts in s.get("barons") or ([[s["baron"], s["baron_points"]]] if s["baron"]
                                            else []):
            tx.say("reveal", f"{name(state, s['seat'])} reveals {baron(tx.ctx, bid)['name']}"
                   f": +{plural(pts, 'point')}.")
    if winner is not None:
        tx.say("game_over", f"Game over: {name(state, winner)} wins with "
               f"{plural(ordered[0]['score'], 'point')}{_tie_break(state, ordered)}.")
    else:
        tx.say("game_over", "Game over: " + " and ".join(name(state, s) for s in top)
               + " share the win.")


def _tie_break(state: State, ordered: list[dict[str, Any]]) -> str:
    """How a tie on points was broken, for the game-over line ("" when points decided)."""
    first, second = ordered[0], ordered[1] if len(ordered) > 1 else None
    if second is None or second["score"] != first["score"]:
        return ""
    tied = [s for s in ordered if s["score"] == first["score"]][1:]
    others = " and ".join(name(state, s["seat"]) for s in tied)
    (_, links_a, cash_a) = standing_key(state, first)
    (_, links_b, cash_b) = standing_key(state, second)
    if links_a != links_b:
        why = f"more complete links ({links_a} to {links_b})"
    else:
        why = f"more money ({money_text(cash_a)} to {money_text(cash_b)})"
    return f", tied on points with {others} and ahead on the tie-break: {why}"
