"""Auctioning each displayed link in turn, and the dice roll that decides whether it is built."""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.types import State
from engine.newengland.board import Board
from engine.newengland.context import Ctx, dollars


def describe(ctx: Ctx, lid: str) -> str:
    link = ctx.board.links[lid]
    return f"{lid} (build {link.build}, value {link.value})"


def open_auction(ctx: Ctx, lid: str) -> None:
    order = [s for s in ctx.order() if not ctx.player(s)["bought"]]
    ctx.state["auction"] = {"link": lid, "order": order, "out": [], "high": 0, "bidder": None,
                            "next": order[0] if order else None}
    ctx.say("auction", f"{describe(ctx, lid)} is up for auction.", link=lid)


def lowest_bid(board: Board, state: State) -> int:
    return max(board.min_bid, int(state["auction"]["high"]) + 1)


def min_bid(ctx: Ctx) -> int:
    return lowest_bid(ctx.board, ctx.state)


def _following(a: dict[str, Any], seat: int) -> int | None:
    order: list[int] = a["order"]
    i = order.index(seat)
    for k in range(1, len(order) + 1):
        s = order[(i + k) % len(order)]
        if s not in a["out"]:
            return s
    return None


def tick(ctx: Ctx) -> bool:
    """Settle what needs no decision; True when the current bidder must choose."""
    a = ctx.state["auction"]
    while True:
        live = [s for s in a["order"] if s not in a["out"]]
        if a["bidder"] is not None and live == [a["bidder"]]:
            _sell(ctx)
            return False
        if not live:
            ctx.state["links"][a["link"]]["status"] = "removed"
            ctx.state["auction"] = None
            ctx.state["auction_pos"] += 1
            ctx.say("unsold", f"Nobody buys {a['link']}; it is put aside for good.", link=a["link"])
            return False
        seat = a["next"]
        if ctx.player(seat)["cash"] < min_bid(ctx):
            a["out"].append(seat)
            ctx.say("drop", f"{ctx.name(seat)} can't bid {dollars(min_bid(ctx))} and drops out.",
                    seat=seat)
            a["next"] = _following(a, seat)
            continue
        return True


def bid(ctx: Ctx, seat: int, amount: object) -> None:
    a = ctx.state["auction"]
    if not isinstance(amount, int) or isinstance(amount, bool):
        raise IllegalAction("bad_amount", "A bid must be a whole number of dollars.")
    least = min_bid(ctx)
    if amount < least:
        # Before anyone bids there is no bid to beat, only the house minimum.
        why = (f", more than the current bid of {dollars(a['high'])}" if a["bidder"] is not None
               else " (the house minimum bid)")
        raise IllegalAction("bid_too_low", f"A bid must be at least {dollars(least)}{why}.")
    cash = ctx.player(seat)["cash"]
    if amount > cash:
        raise IllegalAction("bid_too_high", f"You can't bid more than your cash ({dollars(cash)}).")
    a["high"], a["bidder"] = amount, seat
    a["next"] = _following(a, seat)
    ctx.say("bid", f"{ctx.name(seat)} bids {dollars(amount)} for {a['link']}.", seat=seat,
            amount=amount)


def drop(ctx: Ctx, seat: int) -> None:
    a = ctx.state["auction"]
    a["out"].append(seat)
    a["next"] = _following(a, seat)
    ctx.say("pass", f"{ctx.name(seat)} passes and is out of the bidding for {a['link']}.",
            seat=seat)


def _sell(ctx: Ctx) -> None:
    state = ctx.state
    a = state["auction"]
    lid, seat, price = a["link"], a["bidder"], a["high"]
    p = ctx.player(seat)
    p["cash"] -= price
    p["bought"] = True
    p["links"].append(lid)
    state["links"][lid]["owner"] = seat
    state["auction"] = None
    state["auction_pos"] += 1
    dice = ctx.roll(2)
    total = sum(dice)
    need = ctx.board.links[lid].build
    text = f"{ctx.name(seat)} buys {lid} for {dollars(price)} and rolls {dice[0]}+{dice[1]}={total}"
    if total >= need:
        state["links"][lid]["status"] = "built"
        ctx.say("bought", f"{text}: built at once.", seat=seat, link=lid, dice=dice)
        return
    cost = need - total
    if p["cash"] >= cost:
        state["links"][lid]["status"] = "unfinished"
        state["build"] = {"link": lid, "seat": seat, "roll": total, "cost": cost}
        state["phase"] = "build"
        ctx.say("bought", f"{text}, {cost} short of {need}: pay {dollars(cost)} to build now "
                "(/pay) or finish it next turn (/wait).", seat=seat, link=lid, dice=dice)
        return
    state["links"][lid]["status"] = "unfinished"
    ctx.say("bought", f"{text}, short of {need} and without {dollars(cost)} to make it up: "
            "it is finished next turn.", seat=seat, link=lid, dice=dice)


def pay_to_build(ctx: Ctx, seat: int) -> None:
    b = ctx.state["build"]
    p = ctx.player(seat)
    if p["cash"] < b["cost"]:
        raise IllegalAction("no_cash", f"Building now costs {dollars(b['cost'])} and you have "
                            f"{dollars(p['cash'])}.")
    p["cash"] -= b["cost"]
    ctx.state["links"][b["link"]]["status"] = "built"
    ctx.state["build"] = None
    ctx.state["phase"] = "auction"
    ctx.say("build", f"{ctx.name(seat)} pays {dollars(b['cost'])} and builds {b['link']} now.",
            seat=seat, link=b["link"])


def wait_to_build(ctx: Ctx, seat: int) -> None:
    b = ctx.state["build"]
    ctx.state["build"] = None
    ctx.state["phase"] = "auction"
    ctx.say("wait", f"{ctx.name(seat)} leaves {b['link']} to be finished next turn.", seat=seat,
            link=b["link"])
