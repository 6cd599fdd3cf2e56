"""Action spaces: which are open to a seat now, what they cost, and paying for them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.names import Named, plural, resolve
from engine.ultimate import choices, gains, hooks, industry_board
from engine.ultimate.board import Space
from engine.ultimate.ctx import Ctx

ENGINEER_SPACES = ("left-engineer", "right-engineer")


def _engineer_space(ctx: Ctx, space_id: str, number: int, direct: bool) -> Space:
    e = ctx.board.engineers[number]
    # "hired", not "your": the name shows in the public log too ("Brunel takes 'hired engineer #7'")
    where = "face-up engineer" if direct else "hired engineer"
    return Space(space_id, f"{where} #{ctx.board.engineer_number(number)}: {e['text']}",
                 int(e["workers"]), 0,
                 tuple(e["effects"]), direct=direct)


def last_round_tile(state: dict[str, Any]) -> bool:
    """Whether the last round tile lies on the board: in the last round, never in the solo game
    ('Set the last round token, the turn order cards, and the starting bonus cards aside')."""
    return state["round"] == state["rounds"] and state.get("emil") is None


def _shown(space: Space, last: bool) -> bool:
    """The last round tile covers the turn order spaces with its own space."""
    if space.last_round:
        return last
    return not (space.turn_order and last)


def all_offers(ctx: Ctx, seat: int) -> list[Space]:
    """Every space of the board and of the seat's own engineers, used or not."""
    n = ctx.n
    last = last_round_tile(ctx.state)
    out = [s for s in ctx.board.spaces(n, ctx.state["modules"]) if _shown(s, last)]
    row = ctx.state["engineer_row"]
    for sid, number in zip(ENGINEER_SPACES, row[-3:-1], strict=True):
        if number is not None:
            out.append(_engineer_space(ctx, sid, number, True))
    for number in ctx.player(seat)["engineers"]:
        out.append(_engineer_space(ctx, f"eng{number}", number, False))
    return out + industry_board.car_offers(ctx, seat) + hooks.extra_spaces(ctx, seat)


def find(ctx: Ctx, seat: int, space_id: str) -> Space:
    """The space a player typed: its id or its name, any case, or an unambiguous prefix."""
    offers = all_offers(ctx, seat)
    wanted = resolve(space_id.replace("#", ""), [Named(o.id, o.id, (o.name,)) for o in offers],
                     "action space", missing=f"There is no action space '{space_id}' for you; "
                     "/game help lists the ones you can take now.")
    return next(o for o in offers if o.id == wanted)


def taken(ctx: Ctx, seat: int, offer: Space) -> str | None:
    """Why the space is occupied for this seat (None if it is free)."""
    if offer.reusable:
        return None  # the always open space, or an active maintenance car
    if offer.besides:
        return f"'{offer.name}' is taken {offer.besides}."
    if not offer.direct:  # one of the seat's own engineers
        if int(offer.id[3:]) in ctx.player(seat)["eng_used"]:
            number = ctx.board.engineer_number(int(offer.id[3:]))
            return f"You have already used engineer #{number} this round."
        return None
    entry = ctx.state["spaces"].get(offer.id)
    if entry is not None and entry.get("by") == "blockade":
        return f"'{offer.name}' is closed by a blockade for the whole solo game."
    if entry is not None:
        return f"{ctx.holder(offer.id)} already occupies '{offer.name}' this round."
    closed = hooks.taken(ctx, seat, offer)
    if closed:
        return closed
    if offer.id == "hire" and ctx.state["engineer_row"][-1] is None:
        return "There is no engineer left to hire this round."
    return None


def useless(ctx: Ctx, seat: int, offer: Space) -> str | None:
    """Why placing there is not allowed or could do nothing at all. A space whose every choice
    is impossible is refused; one that can do part of its action may be taken (the rest is lost)."""
    p = ctx.player(seat)
    blocked: list[str] = []
    works = False
    for eff in offer.effects:
        k = eff["k"]
        if k == "order":
            if ctx.state.get("emil") is not None:
                return "Turn order is not used in the solo game."
            order = ctx.state["order"]
            other = "second" if eff["n"] == 1 else "first"
            mine = ctx.state["spaces"].get(other)
            if mine is not None and mine["seat"] == seat:
                return "You cannot occupy both turn order spaces."
            if ctx.n > 2 and len(order) >= eff["n"] and order[eff["n"] - 1] == seat:
                return "You cannot occupy the turn order space below your own pawn."
            if p["workers"] <= 0:
                return "A turn order space needs one of your own workers."
        if k == "doubler" and len(offer.effects) == 1 and (
                ctx.state["doublers"] <= 0 or ctx.board.doubler_room(p) <= 0):
            return "There is no doubler left for you (no supply or no empty doubler space)."
        refuse = hooks.refusal(k)
        why = refuse(ctx, seat, eff) if refuse is not None else None
        if why:
            return why
        if gains.is_choice(k) and not choices.options(ctx, seat, gains.as_task(eff, True, "")):
            blocked.append(_blocked_text(eff))
        else:
            works = True
    return blocked[0] if blocked and not works else None


def _blocked_text(eff: dict[str, Any]) -> str:
    k = eff["k"]
    if k == "track":
        what = "any" if eff["c"] == "any" else "a " + " or ".join(eff["c"].split("|"))
        return f"You cannot move {what} track now."
    if k == "loco":
        return "There are no locomotives or factories left for you to take."
    if k == "industry":
        return "Your wrench cannot move: fill the next factory gap first."
    return hooks.blocked(k) or "None of your tracks can move that way now."


@dataclass(frozen=True)
class Payment:
    workers: int
    temp: int
    wood: bool
    coins: int


def payment(ctx: Ctx, seat: int, offer: Space, coins: int | None) -> Payment:
    """How the seat pays: temporary workers first, the wood worker where it earns its extra
    wood step, own workers, then coins in place of missing workers (or as many as asked)."""
    p = ctx.player(seat)
    wood_free = p["wood_worker"] == "supply"
    have = p["workers"] + p["temp"] + (1 if wood_free else 0)
    if offer.turn_order:
        coins = 0
    if coins is None:
        coins = offer.coins + max(0, offer.workers - have)
    if coins < offer.coins:
        raise IllegalAction("needs_coin", f"'{offer.name}' needs {offer.coins} coin"
                            f"{'s' if offer.coins > 1 else ''}.")
    if coins > offer.coins + offer.workers:
        raise IllegalAction("too_many_coins", f"'{offer.name}' takes at most "
                            f"{plural(offer.coins + offer.workers, 'coin')}.")
    if coins > p["coins"]:
        raise IllegalAction("no_coins", f"You have {plural(p['coins'], 'coin')}, and "
                            f"'{offer.name}' would need {coins}.")
    need = offer.workers - (coins - offer.coins)
    if need > have:
        raise IllegalAction("no_workers", f"'{offer.name}' needs {offer.workers} worker"
                            f"{'s' if offer.workers != 1 else ''}; you have {have} and "
                            f"{p['coins']} coin{'s' if p['coins'] != 1 else ''}.")
    shows_wood = any(e["k"] == "track" and e["c"] == "wood" for e in offer.effects)
    wood = wood_free and need > 0 and shows_wood
    if offer.turn_order:
        return Payment(need, 0, False, 0)
    rest = need - (1 if wood else 0)
    temp = min(p["temp"], rest)
    rest -= temp
    own = min(p["workers"], rest)
    rest -= own
    if rest > 0:  # only the wood worker is left to pay with
        wood = True
    return Payment(own, temp, wood, coins)


def pay(ctx: Ctx, seat: int, pay: Payment) -> None:
    p = ctx.player(seat)
    p["workers"] -= pay.workers
    p["temp"] -= pay.temp
    p["coins"] -= pay.coins
    if pay.wood:
        p["wood_worker"] = "placed"


def cost_text(offer: Space) -> str:
    parts = []
    if offer.workers:
        parts.append(f"{offer.workers} worker{'s' if offer.workers > 1 else ''}")
    if offer.coins:
        parts.append(f"{offer.coins} coin{'s' if offer.coins > 1 else ''}")
    return " + ".join(parts) or "free"


def affordable(ctx: Ctx, seat: int, offer: Space) -> bool:
    try:
        payment(ctx, seat, offer, None)
    except IllegalAction:
        return False
    return True


def open_offers(ctx: Ctx, seat: int, single_worker: bool = False) -> list[Space]:
    """The spaces the seat could place on right now (and could pay for)."""
    out = []
    for o in all_offers(ctx, seat):
        if taken(ctx, seat, o) or useless(ctx, seat, o):
            continue
        if single_worker:
            if o.workers != 1 or o.coins or o.turn_order:
                continue
        elif not affordable(ctx, seat, o):
            continue
        out.append(o)
    return out
