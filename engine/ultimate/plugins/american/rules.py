"""The American player boards' rules beside the stocks board: boulders and blasting, the coin
spaces with their done tokens, the golden spike, doublers on three routes and the steelworks."""

from __future__ import annotations

from typing import Any

from engine.ultimate import choices, gains, locos, versions
from engine.ultimate.board import Board, Route
from engine.ultimate.ctx import Ctx
from engine.ultimate.plugins.american import parts, stocks

Option = tuple[str, str]


# -- boulders --------------------------------------------------------------------------------------

def route_boulder(ctx: Ctx, seat: int, route: Route) -> int | None:
    """The space a boulder still blocks on ``route`` (nothing moves onto or past it)."""
    b = parts.of(ctx.board).boulders
    if b and b["route"] == route.id and "route" in ctx.player(seat).get("boulders", ()):
        return int(b["route_at"])
    return None


def industry_boulder(ctx: Ctx, seat: int) -> int | None:
    b = parts.of(ctx.board).boulders
    if b and "industry" in ctx.player(seat).get("boulders", ()):
        return int(b["industry_at"])
    return None


def _boulder_name(ctx: Ctx, which: str) -> str:
    b = parts.of(ctx.board).boulders
    if which == "route":
        return f"the boulder on {ctx.board.route_by_id[b['route']].name} space {b['route_at']}"
    return "the boulder on the 15-point space of the lower industry track"


def blast(ctx: Ctx, seat: int, where: str) -> None:
    """A blasting space reached: one boulder goes, and 10 points."""
    left = ctx.player(seat).get("boulders", [])
    if not left:
        ctx.say(f"{ctx.name(seat)} reaches a blasting space ({where}), but no boulder is left.",
                "lost", seat=seat)
        return
    if len(left) == 1:
        remove_boulder(ctx, seat, left[0])
        return
    ctx.player(seat)["pool"].insert(0, {"k": "blast", "must": True, "src": where})


def blast_options(ctx: Ctx, seat: int) -> list[Option]:
    return [(f"blast-{w}", f"blast {_boulder_name(ctx, w)}")
            for w in ctx.player(seat).get("boulders", [])]


def remove_boulder(ctx: Ctx, seat: int, which: str) -> None:
    p = ctx.player(seat)
    p["boulders"].remove(which)
    pts = int(parts.of(ctx.board).boulders["points"])
    ctx.score(seat, pts, "actions")
    ctx.say(f"{ctx.name(seat)} blasts {_boulder_name(ctx, which)} and scores "
            f"{ctx.points(pts)}.", "blast", seat=seat, boulder=which)


# -- coin spaces ---------------------------------------------------------------------------------

COIN_SPACE_RULE = ("A coin space is paid with 1 coin once your track of the colour it shows has "
                   "reached it, once only, on your own turn of the action phase (before or after "
                   "your action, or before passing); not during a payout nor with the worker "
                   "moved from the turn order spaces.")

def coin_spaces(ctx: Ctx, seat: int) -> list[Option]:
    """Reached coin spaces not yet done, each paid with 1 coin on the seat's own turn."""
    p = ctx.player(seat)
    if p["coins"] < 1:
        return []
    out = []
    for route in ctx.board.routes:
        for sp in ctx.board.specials_for(route, p["routes"][route.id]):
            key = f"{route.id}:{sp.key}"
            if sp.kind == "coinstock" and key in p["activated"] and key not in p["done"]:
                out.append((f"coinspace-{route.id}-{sp.at}",
                            f"pay 1 coin at {route.name} space {sp.at}: a stock increase"))
    return out


def pay_coin_space(ctx: Ctx, seat: int, choice: str) -> None:
    _, rid, at = choice.split("-")
    route = ctx.board.route_by_id[rid]
    p = ctx.player(seat)
    p["coins"] -= 1
    p["done"].append(f"{rid}:coinstock@{at}")
    ctx.say(f"{ctx.name(seat)} pays 1 coin at {route.name} space {at} and covers it with a "
            "done token.", "coinspace", seat=seat, route=rid)
    stocks.stock_increase(ctx, seat, f"{route.name} space {at}")


# -- the golden spike ----------------------------------------------------------------------------

def spike_points(board: Board, p: dict[str, Any]) -> int:
    """Each route end at the golden spike reached scores 10 points (25 with the idea token)."""
    if not parts.of(board).spike:
        return 0
    ends = sum(1 for r in board.routes for sp in r.specials
               if sp.kind == "spike" and f"{r.id}:{sp.key}" in p["activated"])
    with_token = any(x["token"] == "spike" for x in p["placed_ideas"])
    return ends * int(parts.of(board).spike["with_token" if with_token else "points"])


# -- doublers on three routes --------------------------------------------------------------------

def doubler_routes(ctx: Ctx, seat: int) -> list[Route]:
    p = ctx.player(seat)
    return [r for r in ctx.board.routes if "dbl" in p["routes"][r.id]
            and p["routes"][r.id]["dbl"] < r.doubler_spaces]


def place_doublers(ctx: Ctx, seat: int, n: int) -> None:
    """Doublers just taken go on a route with room: at once when only one has room. Other
    boards' doublers fill their one route's spaces from the left: nothing to place."""
    for _ in range(n):
        routes = doubler_routes(ctx, seat)
        if not routes:
            return
        if len(routes) == 1:
            put_doubler(ctx, seat, routes[0].id)
        else:
            ctx.player(seat)["pool"].insert(0, {"k": "doubler_place", "must": True,
                                                "src": "doubler"})


def doubler_options(ctx: Ctx, seat: int) -> list[Option]:
    p = ctx.player(seat)
    return [(f"dbl-{r.id}", f"doubler onto {r.name} space {p['routes'][r.id]['dbl'] + 1}")
            for r in doubler_routes(ctx, seat)]


def put_doubler(ctx: Ctx, seat: int, rid: str) -> None:
    r = ctx.player(seat)["routes"][rid]
    r["dbl"] += 1
    ctx.say(f"{ctx.name(seat)} places a doubler on the {ctx.board.route_by_id[rid].name} route "
            f"(space {r['dbl']}).", "doubler", seat=seat, route=rid)


# -- steelworks ----------------------------------------------------------------------------------

def after_take(ctx: Ctx, seat: int, tile: str) -> None:
    """The last tile of a stack taken: the steelworks beside it goes to the taker."""
    works = ctx.state.get("steelworks")
    if not works or tile not in works or ctx.state["stacks"].get(tile, 1) > 0:
        return
    works.remove(tile)
    ctx.say(f"{ctx.name(seat)} takes the last #{tile} locomotive and receives the steelworks "
            "beside the stack; a general payout follows this turn.", "steelworks", seat=seat)
    if ctx.board.shared_industry is not None:
        # 'You cannot add a steelworks to the industry board ... return it to the box and
        # move 1 wrench 1 space forward.'
        ctx.say(f"{ctx.name(seat)} returns the steelworks to the box (it cannot go on the "
                "industry board) and may move a wrench 1 space instead.", "steelworks",
                seat=seat)
        ctx.player(seat)["pool"].insert(0, gains.industry_steps(ctx, seat, 1, "steelworks"))
    else:
        ctx.player(seat)["pool"].insert(0, {"k": "steel", "tile": f"{tile}w", "must": True,
                                            "src": "steelworks"})
    stocks.trigger_general(ctx, seat)


def steel_options(ctx: Ctx, seat: int) -> list[Option]:
    """Where the steelworks may go, or the box. It is built like any other factory (version
    3): the first empty gap, or in place of a factory once the five gaps are full."""
    if versions.steelworks_like_factory(ctx.state):
        out = [(f"steel-{value.removeprefix('slot-')}", f"steelworks: {words}")
               for value, words in choices.factory_slots(ctx, seat, locos.free_gap(ctx, seat))]
    else:
        out = [(f"steel-{i + 1}", f"build the steelworks in industry gap {i + 1}")
               for i, t in enumerate(ctx.player(seat)["factories"]) if t is None]
    return [*out, ("steel-box", "return the steelworks to the box")]


def is_steelworks(tile: str | None) -> bool:
    return tile is not None and tile.endswith("w")


def steelworks_name(tile: str) -> str | None:
    """A steelworks gives way to a new factory even while a gap is still empty."""
    return "steelworks" if is_steelworks(tile) else None


def emil_took(ctx: Ctx, tile: str) -> None:
    """Emil empties a stack: he builds nothing, so its steelworks goes back to the box."""
    works = ctx.state.get("steelworks")
    if works and tile in works and ctx.state["stacks"].get(tile, 1) == 0:
        works.remove(tile)
        ctx.say(f"{ctx.state['emil']['name']} takes the last #{tile}; the steelworks beside the "
                "stack goes back to the box.", "steelworks")
