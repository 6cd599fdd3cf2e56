"""Bank loans: borrowing, the 20% debt service and retiring debt, all in $10 notes."""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.newengland.board import Board
from engine.newengland.context import Ctx, dollars


def service_due(board: Board, loans: int) -> int:
    return loans // board.loan_unit * board.service_per_unit


def forced_loan(board: Board, player: dict[str, Any]) -> int:
    """The smallest loan that lets the player pay the coming debt service (0 if none is needed).

    Each further note adds its own service, so a note nets ``unit - service_per_unit`` cash.
    """
    short = service_due(board, player["loans"]) - player["cash"]
    if short <= 0:
        return 0
    net = board.loan_unit - board.service_per_unit
    notes = -(-short // net)
    return int(notes * board.loan_unit)


def check_notes(board: Board, amount: object, what: str) -> int:
    if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
        raise IllegalAction("bad_amount", f"{what} must be a positive number of dollars.")
    if amount % board.loan_unit:
        raise IllegalAction(
            "bad_amount", f"Bank Loans come in ${board.loan_unit} notes, so {what.lower()} "
            f"must be a multiple of ${board.loan_unit}.")
    return amount


def loan_room(board: Board, player: dict[str, Any]) -> int:
    """The most the player may borrow now: up to the bank's limit on loans, and never less than
    the loan the coming debt service forces."""
    if not board.loan_limit:
        return 10**9
    room = (board.loan_limit - int(player["loans"])) // board.loan_unit * board.loan_unit
    return max(room, forced_loan(board, player))


def borrow(ctx: Ctx, seat: int, amount: object) -> None:
    p = ctx.player(seat)
    value = check_notes(ctx.board, amount, "A loan")
    need = forced_loan(ctx.board, p)
    if value < need:
        raise IllegalAction(
            "loan_too_small", f"You must borrow at least {dollars(need)} so that you can pay "
            "your debt service this turn.")
    room = loan_room(ctx.board, p)
    if value > room:
        limit = f"The bank lends a player at most {dollars(ctx.board.loan_limit)} in all"
        if not p["loans"]:
            raise IllegalAction("loan_limit", f"{limit} (a house limit).")
        more = f"at most {dollars(room)} more" if room > 0 else "nothing more"
        raise IllegalAction("loan_limit", f"{limit} (a house limit); you owe "
                            f"{dollars(p['loans'])}, so you can borrow {more}.")
    p["cash"] += value
    p["loans"] += value
    ctx.say("loan", f"{ctx.name(seat)} borrows {dollars(value)} (loans now {dollars(p['loans'])}).",
            seat=seat, amount=value)


def decline_loan(ctx: Ctx, seat: int) -> None:
    need = forced_loan(ctx.board, ctx.player(seat))
    if need:
        raise IllegalAction(
            "must_borrow", f"You can't pay your debt service from cash, so you must borrow at "
            f"least {dollars(need)} (/loan amount:{need}).")


def pay_service(ctx: Ctx) -> None:
    for seat in ctx.order():
        p = ctx.player(seat)
        due = service_due(ctx.board, p["loans"])
        if due:
            p["cash"] -= due
            ctx.say("service", f"{ctx.name(seat)} pays {dollars(due)} debt service.", seat=seat,
                    amount=due)


def can_retire(board: Board, player: dict[str, Any]) -> bool:
    return bool(player["loans"] > 0 and player["cash"] >= board.loan_unit)


def retire(ctx: Ctx, seat: int, amount: object) -> None:
    p = ctx.player(seat)
    value = check_notes(ctx.board, amount, "The amount retired")
    if value > p["loans"]:
        raise IllegalAction("retire_too_much",
                            f"You owe only {dollars(p['loans'])}, so you can't retire more.")
    if value > p["cash"]:
        raise IllegalAction("retire_no_cash",
                            f"You have only {dollars(p['cash'])} cash to retire debt with.")
    p["cash"] -= value
    p["loans"] -= value
    ctx.say("retire", f"{ctx.name(seat)} retires {dollars(value)} of debt "
            f"(loans now {dollars(p['loans'])}).", seat=seat, amount=value)
