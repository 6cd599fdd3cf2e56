"""The Asian player boards' own rules: construction site tokens, the medal's chosen place and
the Osaka route upgrade."""

from __future__ import annotations

from typing import Any

from engine.ultimate import gains, industry, pool
from engine.ultimate.board import Board, Route, Special
from engine.ultimate.ctx import Ctx
from engine.ultimate.data import LEVELS
from engine.ultimate.hooks import Plugin
from engine.ultimate.plugins.asian.data import add_to

Task = dict[str, Any]
Option = tuple[str, str]


# -- construction site tokens ---------------------------------------------------------------

def site_reached(ctx: Ctx, seat: int, route: Route, at: int) -> None:
    """A construction site space: remove a token of the player's choice (if any is left)."""
    if any(ctx.player(seat)["sites"].values()):
        ctx.player(seat)["pool"].insert(0, {"k": "site", "must": True,
                                            "src": f"{route.name} space {at}"})
        ctx.say(f"{ctx.name(seat)} reaches a construction site space ({route.name} space {at}) "
                "and removes a construction site token.", "site", seat=seat)
    else:
        ctx.say(f"{ctx.name(seat)} reaches a construction site space ({route.name} space {at}), "
                "but has no construction site token left.", "lost", seat=seat)


def site_options(ctx: Ctx, seat: int) -> list[Option]:
    p = ctx.player(seat)
    gains = [("coin", "1 coin")]
    if industry.movable(ctx, seat):
        gains.insert(0, ("industry", "1 industry step"))
    out: list[Option] = []
    for route in ctx.board.routes:
        if p["sites"].get(route.id, 0) > 0:
            out += [(f"site-{route.id}-{g}", f"remove a construction site on {route.name} "
                                             f"and take {words}") for g, words in gains]
    return out


def remove_site(ctx: Ctx, seat: int, choice: str) -> None:
    _, rid, gain = choice.split("-")
    p = ctx.player(seat)
    p["sites"][rid] -= 1
    route = ctx.board.route_by_id[rid]
    places = ctx.board.loco_places(route, p)
    ctx.say(f"{ctx.name(seat)} removes a construction site token from the {route.name} route "
            f"(it now takes {places} locomotive{'s' if places > 1 else ''}).", "site", seat=seat,
            route=rid)
    if gain == "coin":
        p["coins"] += 1
        ctx.say(f"{ctx.name(seat)} takes 1 coin for the construction site.", "coins", seat=seat)
    else:
        p["pool"].insert(0, gains.industry_steps(ctx, seat, 1, "construction site"))


# -- the medal: the player chooses which of the board's medal spaces it goes on ----------

def medal_options(ctx: Ctx, seat: int) -> list[Option]:
    p = ctx.player(seat)
    out: list[Option] = []
    for route in ctx.board.routes:
        for sp in ctx.board.specials_for(route, p["routes"][route.id]):
            if sp.kind == "medal":
                out.append((f"medal-{route.id}-{sp.at}",
                            f"the medal on {route.name} space {sp.at} (with a locomotive)"))
    return out


def place_medal(ctx: Ctx, seat: int, choice: str) -> None:
    _, rid, at = choice.split("-")
    p = ctx.player(seat)
    p["medal_at"] = f"{rid}:medal@{at}"
    route = ctx.board.route_by_id[rid]
    ctx.say(f"{ctx.name(seat)} places the medal on {route.name} space {at} (20 points each "
            "scoring once reached with a track and a locomotive).", "idea", seat=seat)


# -- the Osaka route upgrade ----------------------------------------------------------------

def upgrade_route(ctx: Ctx) -> Route | None:
    return next((r for r in ctx.board.routes if r.upgrade), None)


def lay_upgrade(ctx: Ctx, seat: int) -> None:
    """The route upgrade goes over the whole route: its tracks stay on their spaces and the
    upgrade's colours open on it."""
    route = upgrade_route(ctx)
    if route is None:
        return
    rstate = ctx.player(seat)["routes"][route.id]
    rstate["branch"] = route.upgrade
    up = route.branch(rstate)
    assert up is not None
    for colour in LEVELS[: up.levels]:
        rstate["tracks"].setdefault(colour, 0)
    ctx.say(f"{ctx.name(seat)} extends the {route.name} route to {up.name} "
            f"({up.length} spaces up to {LEVELS[up.levels - 1]}); the tracks stay on their "
            "spaces.", "upgrade", seat=seat, route=route.id)


# -- the plug-in ----------------------------------------------------------------------------------

def _site_space(ctx: Ctx, seat: int, route: Route, sp: Special) -> None:
    site_reached(ctx, seat, route, sp.at)


def _info(board: Board) -> list[str]:
    sites = sum(r.sites for r in board.routes)
    if not sites:
        return []
    return [f"Construction site tokens: {sites} per player; the Osaka route upgrade is an idea "
            "token."]


PLUGIN = Plugin(
    name="asian",
    playing=lambda state: state["board"] == "asian",
    data=add_to,
    info=_info,
    tasks={"site": pool.dropping(lambda ctx, seat, task, choice: remove_site(ctx, seat, choice)),
           "medal_spot": pool.dropping(
               lambda ctx, seat, task, choice: place_medal(ctx, seat, choice))},
    options={"site": lambda ctx, seat, task: site_options(ctx, seat),
             "medal_spot": lambda ctx, seat, task: medal_options(ctx, seat)},
    urgent=("site",),
    reached={"site": _site_space},
    tokens={"osaka": lambda ctx, seat: lay_upgrade(ctx, seat)},
    task_names={"site": "construction site", "medal_spot": "medal"},
)
