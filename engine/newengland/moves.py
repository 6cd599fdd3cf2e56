"""Checking and carrying out one player's move; the automatic steps follow in ``turn``."""

from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.core.types import Action, State
from engine.newengland import auction, money, shipping
from engine.newengland.board import Board
from engine.newengland.context import Ctx, dollars

PHASE_MOVES: dict[str, tuple[str, ...]] = {
    "loans": ("loan", "done"),
    "retire": ("retire", "done"),
    "auction": ("bid", "pass"),
    "build": ("pay", "wait"),
    "ship": ("ship", "done"),
}

PHASE_TEXT = {
    "loans": "the Acquire Bank Loans step (/loan or /done)",
    "retire": "the Retire Bank Loan Debt step (/retire or /done)",
    "auction": "the auction (/bid or /pass)",
    "build": "the decision to build now (/pay or /wait)",
    "ship": "shipping (/ship or /done)",
}


STEP_NAMES = {
    "loans": "Acquire Bank Loans",
    "retire": "Retire Bank Loan Debt",
    "auction": "Auction & Build",
    "build": "Auction & Build: pay or wait",
    "ship": "Ship Commodities",
    "over": "Game over",
}
"""Each step as the rulebook's turn sequence names it (status line and board panel)."""

COMMAND_WORDS = {
    "loan": "Borrowing", "retire": "Retiring debt", "bid": "Bidding", "pass": "Bidding",
    "pay": "Paying to build", "wait": "Leaving a new link for next turn", "ship": "Shipping",
}


def wrong_step(state: State, command: str) -> str | None:
    """Why ``/command`` is no move in the current step (None when it is one)."""
    if state["finished"]:
        return "The game is over."
    phase = state["phase"]
    if command in PHASE_MOVES.get(phase, ()):
        return None
    if command == "done":
        return f"There is nothing to finish with /done now: the game is in {PHASE_TEXT[phase]}."
    doing = COMMAND_WORDS.get(command, f"/{command}")
    return f"{doing} is not open now: the game is in {PHASE_TEXT[phase]}."


def out_of_turn(board: Board, state: State, seat: int, command: str) -> str | None:
    """The rule that keeps ``seat`` from acting now, when there is more to say than whose turn
    it is."""
    step = wrong_step(state, command)
    if step is not None:
        return step
    phase, p = state["phase"], state["players"][seat]
    if phase == "auction" and p["bought"]:
        return "You already bought a Railway Link this turn; each player buys at most one a turn."
    if phase == "auction" and state["auction"] and seat in state["auction"]["out"]:
        return f"You are out of the bidding for {state['auction']['link']}."
    if phase == "retire" and seat not in state["pending"]:
        # Only players who could retire a note are asked; the others made no choice.
        if not p["loans"]:
            return "You have no Bank Loans to retire."
        if p["cash"] < board.loan_unit:
            return (f"Debt is retired in ${board.loan_unit} notes and you have only "
                    f"{dollars(p['cash'])} cash.")
    if phase in ("loans", "retire"):
        return "You have already made your choice in this step."
    if phase == "build":
        b = state["build"]
        return (f"Only {state['players'][b['seat']]['name']}, who bought {b['link']}, decides "
                "whether to pay to build it now.")
    if phase == "ship" and state["ship"] and state["ship"]["round"] == 1 and p["bought"]:
        return ("Players who bought a Railway Link this turn ship in the second round, after "
                "the others.")
    return None


def to_act(state: State) -> list[int]:
    if state["finished"]:
        return []
    phase = state["phase"]
    if phase in ("loans", "retire"):
        return list(state["pending"])
    if phase == "auction" and state["auction"] is not None:
        return [int(state["auction"]["next"])]
    if phase == "build" and state["build"] is not None:
        return [int(state["build"]["seat"])]
    if phase == "ship" and state["ship"] is not None and state["ship"]["queue"]:
        return [int(state["ship"]["queue"][0])]
    return []


def perform(ctx: Ctx, action: Action) -> None:
    state = ctx.state
    seat = action.get("seat")
    kind = action.get("type")
    if state["finished"]:
        raise IllegalAction("game_over", "The game is over.")
    if not isinstance(seat, int) or not 0 <= seat < len(state["players"]):
        raise IllegalAction("bad_seat", "That move names no seat in this game.")
    phase = state["phase"]
    step = wrong_step(state, str(kind))
    if step is not None:
        raise IllegalAction("wrong_step", step)
    if seat not in to_act(state):
        waiting = ", ".join(ctx.name(s) for s in to_act(state))
        why = out_of_turn(ctx.board, state, seat, str(kind))
        raise IllegalAction("not_your_turn", why or f"It is {waiting}'s turn to act in "
                            f"{PHASE_TEXT[phase]}, not yours.")
    if phase == "loans":
        if kind == "loan":
            money.borrow(ctx, seat, action.get("amount"))
        else:
            money.decline_loan(ctx, seat)
            ctx.say("no_loan", f"{ctx.name(seat)} borrows nothing.", seat=seat)
        state["pending"].remove(seat)
    elif phase == "retire":
        if kind == "retire":
            money.retire(ctx, seat, action.get("amount"))
        else:
            ctx.say("no_retire", f"{ctx.name(seat)} keeps their loans.", seat=seat)
        state["pending"].remove(seat)
    elif phase == "auction":
        if kind == "bid":
            auction.bid(ctx, seat, action.get("amount"))
        else:
            auction.drop(ctx, seat)
    elif phase == "build":
        if kind == "pay":
            auction.pay_to_build(ctx, seat)
        else:
            auction.wait_to_build(ctx, seat)
    elif phase == "ship":
        if kind == "ship":
            _check_ends(action)
            shipping.ship(ctx, seat, action.get("route"), action.get("cube"))
        else:
            ctx.say("skip", f"{ctx.name(seat)} ships nothing.", seat=seat)
        state["ship"]["queue"].pop(0)


def _check_ends(action: Action) -> None:
    """``from``/``to`` are optional labels of a route; when given they must match it."""
    route = action.get("route")
    if not isinstance(route, list) or not route:
        return
    if action.get("from") not in (None, route[0]):
        raise IllegalAction("bad_route", f"The route starts at {route[0]}, not {action['from']}.")
    if action.get("to") not in (None, route[-1]):
        raise IllegalAction("bad_route", f"The route ends at {route[-1]}, not {action['to']}.")
