"""Whether an action that must be resolved in full can be: the manufactory train's three tokens,
a factory built over on the industry board (and so where a new factory may be built there).

Its track steps are tried on a copy of the player's routes in every order and on every route,
since one step may make room for another (a wood step lets the green track behind it move, a
track reaching a space may open a new colour) and two steps may compete for the same room. Its
doublers and industry steps are counted together. Their other effects (coins, points, coal, a
factory's own) can always be taken.
"""

from __future__ import annotations

from typing import Any

from engine.ultimate import industry, industry_board, tracks, versions
from engine.ultimate.board import Route
from engine.ultimate.ctx import Ctx
from engine.ultimate.data import LEVELS

Effect = dict[str, Any]
Option = tuple[str, str]


def can_resolve(ctx: Ctx, seat: int, effects: list[Effect]) -> bool:
    doublers = sum(int(e["n"]) for e in effects if e["k"] == "doubler")
    if doublers > min(int(ctx.state["doublers"]), ctx.board.doubler_room(ctx.player(seat))):
        return False
    wrench_steps = sum(int(e["n"]) for e in effects if e["k"] == "industry")
    if wrench_steps and _wrench_room(ctx, seat, wrench_steps) < wrench_steps:
        return False
    if any(e["k"] == "idea_pair" for e in effects) and len(ctx.player(seat)["ideas"]) < 2:
        return False
    steps = [_colours(e) for e in effects if e["k"] == "track" for _ in range(int(e["n"]))]
    return not steps or _steps_fit(_trial(ctx, seat), seat, steps)


def buildable(ctx: Ctx, seat: int) -> list[int]:
    """Factory spaces of the industry board's lowest layer whose action the builder could
    resolve in full: in some order and on some routes (version 3), in level order before."""
    layers = ctx.state["ind"]["layers"]
    low = min(len(x) for x in layers)
    every_way = versions.tries_every_way_in_full(ctx.state)
    return [i for i, x in enumerate(layers) if len(x) == low and (
        can_resolve(ctx, seat, list(industry_board.top(ctx, i)["effects"])) if every_way
        else industry_board.resolvable_in_level_order(ctx, seat, i))]


def build_options(ctx: Ctx, seat: int, tile: str) -> list[Option]:
    return [(f"over-{i + 1}", f"build the {ctx.board.factory_name(tile)} over "
                              f"{industry_board.name(ctx, i)}")
            for i in buildable(ctx, seat)]


def _colours(eff: Effect) -> tuple[str, ...]:
    return tuple(LEVELS) if eff["c"] == "any" else tuple(str(eff["c"]).split("|"))


def _trial(ctx: Ctx, seat: int) -> Ctx:
    """A copy in which only the seat's routes, wrenches and what they open may change."""
    mine = ctx.player(seat)
    # a step changes a route's tracks (and, at a fork, its branch): each route is copied with
    # its tracks, the rest shared
    routes = {rid: {**r, "tracks": dict(r["tracks"])} for rid, r in mine["routes"].items()}
    p = {**mine, "routes": routes, "moved": dict(mine["moved"]),
         "unlocked": list(mine["unlocked"]),
         "wrenches": list(mine["wrenches"]), "pool": []}
    players = list(ctx.state["players"])
    players[seat] = p
    return Ctx(ctx.board, {**ctx.state, "players": players}, ctx.rng)


def _steps_fit(trial: Ctx, seat: int, steps: list[tuple[str, ...]]) -> bool:
    """Depth first over which step comes next, its colour and its route."""
    if not steps:
        return True
    for kind in dict.fromkeys(steps):
        rest = list(steps)
        rest.remove(kind)
        for colour in kind:
            for route in trial.board.routes:
                if tracks.step_block(trial, seat, colour, route) is not None:
                    continue
                if not rest:
                    return True
                branch = _trial(trial, seat)
                tracks.step(branch, seat, colour, route)
                _open_colours(branch, seat, route)
                if _steps_fit(branch, seat, rest):
                    return True
    return False


def _open_colours(trial: Ctx, seat: int, route: Route) -> None:
    """A colour opened by a space the step reached is usable by the next step, as in play."""
    p = trial.player(seat)
    if len(p["unlocked"]) == len(LEVELS):
        return
    for sp in trial.board.specials_for(route, p["routes"][route.id]):
        if sp.kind == "unlock" and sp.info["colour"] not in p["unlocked"] and \
                f"{route.id}:{sp.key}" not in p["activated"] and \
                tracks.reached(trial, seat, route, sp):
            p["unlocked"].append(sp.info["colour"])


def _wrench_room(ctx: Ctx, seat: int, need: int) -> int:
    """How many of ``need`` industry steps the seat's wrenches could make one after another."""
    trial = _trial(ctx, seat)
    wrenches = trial.player(seat)["wrenches"]
    made = 0
    while made < need:
        movable = industry.movable(trial, seat)
        if not movable:
            break
        wrenches[movable[0]] += 1
        made += 1
    return made
