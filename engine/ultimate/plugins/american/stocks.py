"""The American stocks board: stock levels, dividend tokens, personal and general payouts and
the final 20 and 10 points for the highest stock prices. A rise in stock price and the dividend
it pays out resolve the token's action like any other gain (``gains``).

``state["stocks"]`` holds ``levels`` (bottom row first; each a left-to-right list of seats, Emil
as -1) and ``tokens`` (the dividend token on each level's star, None until someone reaches it).
"""

from __future__ import annotations

from typing import Any

from engine.ultimate import gains
from engine.ultimate.ctx import Ctx
from engine.ultimate.plugins.american import parts

EMIL = -1
"""Emil's stock price tile in the solo game (he never moves it)."""


def new_stocks(levels: int, seats: int, emil_level: int | None) -> dict[str, Any]:
    rows: list[list[int]] = [[] for _ in range(levels + 1)]
    rows[0] = list(range(seats))
    if emil_level is not None:
        rows[emil_level].append(EMIL)
    return {"levels": rows, "tokens": [None] * (levels + 1)}


def playing(ctx: Ctx) -> bool:
    return "stocks" in ctx.state and bool(parts.of(ctx.board).stocks)


def level_of(ctx: Ctx, who: int) -> int:
    return next(i for i, row in enumerate(ctx.state["stocks"]["levels"]) if who in row)


def token_text(ctx: Ctx, token: str) -> str:
    return str(parts.of(ctx.board).dividends[token]["text"])


def taken_tokens(ctx: Ctx) -> list[str]:
    return [t for t in ctx.state["stocks"]["tokens"] if t is not None]


def free_tokens(ctx: Ctx) -> list[str]:
    used = taken_tokens(ctx)
    return [t for t in parts.of(ctx.board).dividends if t not in used]


def payout(ctx: Ctx, seat: int, src: str) -> bool:
    """Offer the dividends of the seat's level and every level below (any order, any of them);
    False when there is none."""
    task = {"k": "payout", "upto": level_of(ctx, seat), "took": [], "must": False, "src": src}
    if not left(ctx, task):
        return False
    ctx.player(seat)["pool"].append(task)
    return True


def left(ctx: Ctx, task: dict[str, Any]) -> list[int]:
    """The payout's levels not yet taken (a token chosen meanwhile for a new level counts)."""
    tokens = ctx.state["stocks"]["tokens"]
    return [lv for lv in range(1, task["upto"] + 1)
            if tokens[lv] is not None and lv not in task["took"]]


def payout_options(ctx: Ctx, task: dict[str, Any]) -> list[tuple[str, str]]:
    tokens = ctx.state["stocks"]["tokens"]
    return [(f"div-{lv}", f"dividend of level {lv}: {token_text(ctx, tokens[lv])}")
            for lv in left(ctx, task)]


# -- the general payout after a turn that took a steelworks ------------------------------------

def after_turn(ctx: Ctx, seat: int) -> int | None:
    """Called when a seat's pool is empty: starts or continues a general payout (then returns
    None: someone is paid out now); otherwise the seat whose turn ends now."""
    state = ctx.state
    gp = state.get("general_payout")
    if gp is None:
        return seat
    if gp["queue"] == [] and gp.get("times", 1) > 1:  # a second steelworks that same turn
        gp["times"] -= 1
        gp["queue"] = None
    if gp["queue"] is None:  # just triggered: everyone, starting with the taker, in turn order
        order = state["order"]
        i = order.index(gp["by"])
        gp["queue"] = order[i:] + order[:i]
        ctx.say(f"General payout: everyone receives the dividends of their stock level and "
                f"below, starting with {ctx.name(gp['by'])}.", "stock")
    while gp["queue"]:
        who = gp["queue"].pop(0)
        if payout(ctx, who, "general payout"):
            state["active"] = who
            ctx.say(f"{ctx.name(who)} receives the general payout: the dividends of level "
                    f"{level_of(ctx, who)} and below, in any order, now or never.", "turn",
                    seat=who)
            return None
    if gp.get("times", 1) > 1:
        return after_turn(ctx, seat)
    state["general_payout"] = None
    return int(gp["by"])


def trigger_general(ctx: Ctx, seat: int) -> None:
    """One general payout after the turn for each steelworks received in it."""
    gp = ctx.state.get("general_payout")
    if gp is None:
        ctx.state["general_payout"] = {"by": seat, "queue": None, "times": 1}
    else:
        gp["times"] += 1


def final_points(ctx: Ctx) -> dict[int, int]:
    """20 points for the highest stock price, 10 for the second; on one level, the tile further
    left is ahead. Emil's tile takes its place but scores nothing. Tiles still on the bottom row
    never rose and are in no place: their order there is only the setup's, not an arrival."""
    ranked = [who for row in reversed(ctx.state["stocks"]["levels"][1:]) for who in row]
    out: dict[int, int] = {}
    for who, pts in zip(ranked, parts.of(ctx.board).stocks["points"], strict=False):
        if who != EMIL:
            out[who] = int(pts)
    return out


# -- a rise in stock price, the dividends it pays out ---------------------------------------------

def stock_increase(ctx: Ctx, seat: int, why: str) -> None:
    """Move up one level: the first there chooses the level's dividend token; everyone there
    resolves it. At the top a personal payout is received instead."""
    st = ctx.state["stocks"]
    rows = st["levels"]
    now = level_of(ctx, seat)
    if now == len(rows) - 1:
        ctx.say(f"{ctx.name(seat)}'s stock price is already at the top ({why}): a personal "
                "payout instead.", "stock", seat=seat)
        payout(ctx, seat, "personal payout")
        return
    rows[now].remove(seat)
    rows[now + 1].append(seat)
    place = "first" if len(rows[now + 1]) == 1 else "to the right of the others"
    ctx.say(f"{ctx.name(seat)}'s stock price rises to level {now + 1} ({why}; {place}).",
            "stock", seat=seat, level=now + 1)
    token = st["tokens"][now + 1]
    if token is None:
        ctx.player(seat)["pool"].insert(0, {"k": "dividend", "level": now + 1, "must": True,
                                            "src": "stock increase"})
    else:
        resolve_dividend(ctx, seat, now + 1, "dividend")


def choose_dividend(ctx: Ctx, seat: int, level: int, token: str) -> None:
    ctx.state["stocks"]["tokens"][level] = token
    text = token_text(ctx, token)
    ctx.say(f"{ctx.name(seat)} places the dividend token '{text}' on level {level} of the "
            "stocks board.", "stock", seat=seat, token=token)
    resolve_dividend(ctx, seat, level, "dividend")


def resolve_dividend(ctx: Ctx, seat: int, level: int, src: str) -> None:
    token = ctx.state["stocks"]["tokens"][level]
    text = token_text(ctx, token)
    ctx.say(f"{ctx.name(seat)} receives the level {level} dividend: {text}.", "dividend",
            seat=seat, level=level)
    gains.expand(ctx, seat, parts.of(ctx.board).dividends[token]["effects"], False, src)


def take_dividend(ctx: Ctx, seat: int, task: dict[str, Any], level: int) -> None:
    task["took"].append(level)
    resolve_dividend(ctx, seat, level, task["src"])
