"""Track extension on the routes: one step at a time, colour order, and the special spaces that a
track (and a locomotive, where shown) reaching them sets off."""

from __future__ import annotations

from typing import Any

from engine.ultimate import hooks
from engine.ultimate.board import Route, Special, tile_value
from engine.ultimate.ctx import Ctx
from engine.ultimate.data import LEVELS


def reach(route: Route, rstate: dict[str, Any]) -> int:
    """How many spaces the route's locomotives reach (the numbers add up, capped by the end)."""
    return min(route.length_for(rstate), sum(tile_value(t) for t in rstate["locos"]))


def lead(rstate: dict[str, Any]) -> int:
    """The furthest space any track has reached (always the wood track)."""
    return int(rstate["tracks"]["wood"])


def none_left(ctx: Ctx, seat: int, colour: str, route: Route) -> str | None:
    """Why a new track of ``colour`` cannot start on ``route``: all of that colour are in use
    on other routes (the German boards show silver on 3 routes, and there are 2)."""
    p = ctx.player(seat)
    if p["routes"][route.id]["tracks"].get(colour, 0) > 0:
        return None
    have = int(ctx.board.data["supply"]["tracks_per_player"][colour])
    used = [ctx.board.route_by_id[rid].name for rid, r in p["routes"].items()
            if r["tracks"].get(colour, 0) > 0]
    if len(used) < have:
        return None
    return (f"You have only {have} {colour} track{'s' if have > 1 else ''}, already on the "
            f"{' and '.join(used)} route{'s' if len(used) > 1 else ''}.")


def step_block(ctx: Ctx, seat: int, colour: str, route: Route) -> str | None:
    """Why a one-space step of ``colour`` on ``route`` is not possible (None when it is)."""
    p = ctx.player(seat)
    rstate = p["routes"][route.id]
    if colour not in route.colours_for(rstate):
        return f"The {route.name} route takes no {colour} track."
    if colour not in p["unlocked"]:
        return f"You have no {colour} tracks yet."
    tracks = rstate["tracks"]
    new = tracks[colour] + 1
    if new > route.length_for(rstate):
        return f"Your {colour} track is already at the end of the {route.name} route."
    block = hooks.route_block(ctx, seat, route)  # an American boulder
    if block is not None and new >= block[0]:
        return block[1]
    level = LEVELS.index(colour)
    if level > 0:
        before = LEVELS[level - 1]
        if tracks[before] <= new:
            return (f"Your {colour} track on the {route.name} route cannot pass or join your "
                    f"{before} track.")
    return none_left(ctx, seat, colour, route)


def at_fork(route: Route, rstate: dict[str, Any], colour: str) -> bool:
    """Whether this step of ``colour`` is the one onto the first space after the fork, where
    the player chooses the branch."""
    return bool(route.fork_at and rstate.get("branch") is None
                and rstate["tracks"][colour] == route.fork_at)


def step(ctx: Ctx, seat: int, colour: str, route: Route, branch: str | None = None) -> None:
    p = ctx.player(seat)
    rstate = p["routes"][route.id]
    tracks = rstate["tracks"]
    chosen = ""
    if at_fork(route, rstate, colour):
        rstate["branch"] = branch
        b = route.branch(rstate)
        chosen = f", heading for {b.name} (for the rest of the game)" if b else ""
    tracks[colour] += 1
    p["moved"][colour] += 1
    ctx.say(f"{ctx.name(seat)} moves their {colour} track on the {route.name} route to space "
            f"{tracks[colour]}{chosen}.", "track", seat=seat, route=route.id, colour=colour)
    area = route.area(tracks[colour])
    if colour == "wood" and area and str(area.at) not in rstate["ext"]:
        p["pool"].insert(0, {"k": "extension", "route": route.id, "at": area.at,
                             "size": area.size, "must": True, "src": f"{area.station} station"})
        ctx.say(f"{ctx.name(seat)} reaches {area.station} station and must add a route "
                f"extension of size {area.size}.", "station", seat=seat, route=route.id)


def catchup_target(ctx: Ctx, seat: int, colour: str, route: Route) -> int:
    """Where a catch-up move would put ``colour`` (0 or less when it cannot move forward)."""
    p = ctx.player(seat)
    level = LEVELS.index(colour)
    r = p["routes"][route.id]
    if level == 0 or colour not in route.colours_for(r) or colour not in p["unlocked"]:
        return 0
    if none_left(ctx, seat, colour, route):
        return 0
    target = min(r["tracks"][LEVELS[level - 1]] - 1, reach(route, r))
    block = hooks.route_block(ctx, seat, route)
    if block is not None:
        target = min(target, block[0] - 1)
    return target if target > r["tracks"][colour] else 0


def catchup(ctx: Ctx, seat: int, colour: str, route: Route) -> None:
    p = ctx.player(seat)
    tracks = p["routes"][route.id]["tracks"]
    target = catchup_target(ctx, seat, colour, route)
    p["moved"][colour] += target - tracks[colour]
    tracks[colour] = target
    ctx.say(f"{ctx.name(seat)} moves their {colour} track on the {route.name} route up to "
            f"space {target}.", "track", seat=seat, route=route.id, colour=colour)


def reached(ctx: Ctx, seat: int, route: Route, sp: Special) -> bool:
    """A special space's prerequisite: a track on it (of the colour it shows, if any) and, where
    shown, a locomotive reaching it."""
    r = ctx.player(seat)["routes"][route.id]
    colour = sp.info.get("track")
    built = r["tracks"][colour] if colour else lead(r)
    return bool(built >= sp.at and (not sp.loco or reach(route, r) >= sp.at))


def newly_reached(ctx: Ctx, seat: int) -> list[tuple[Route, Any]]:
    """Special spaces whose prerequisite is met now and was not before (marked as used)."""
    p = ctx.player(seat)
    found = []
    for route in ctx.board.routes:
        for sp in ctx.board.specials_for(route, p["routes"][route.id]):
            key = f"{route.id}:{sp.key}"
            if key not in p["activated"] and reached(ctx, seat, route, sp):
                p["activated"].append(key)
                found.append((route, sp))
    return found
