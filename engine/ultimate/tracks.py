"""Track extension on the routes: one step at a time, colour order, and the special spaces that a
track (and a locomotive, where shown) reaching them sets off."""

from __future__ import annotations

from typing import Any

from engine.ultimate.board import Route, Special, tile_value
from engine.ultimate.ctx import Ctx
from engine.ultimate.data import LEVELS


def reach(route: Route, rstate: dict[str, Any]) -> int:
    """How many spaces the route's locomotives reach (the numbers add up, capped by the end)."""
    return min(route.length, sum(tile_value(t) for t in rstate["locos"]))


def lead(rstate: dict[str, Any]) -> int:
    """The furthest space any track has reached (always the wood track)."""
    return int(rstate["tracks"]["wood"])


def step_block(ctx: Ctx, seat: int, colour: str, route: Route) -> str | None:
    """Why a one-space step of ``colour`` on ``route`` is not possible (None when it is)."""
    p = ctx.player(seat)
    if colour not in route.colours:
        return f"The {route.name} route takes no {colour} track."
    if colour not in p["unlocked"]:
        return f"You have no {colour} tracks yet."
    tracks = p["routes"][route.id]["tracks"]
    new = tracks[colour] + 1
    if new > route.length:
        return f"Your {colour} track is already at the end of the {route.name} route."
    level = LEVELS.index(colour)
    if level > 0:
        before = LEVELS[level - 1]
        if tracks[before] <= new:
            return (f"Your {colour} track on the {route.name} route cannot pass or join your "
                    f"{before} track.")
    return None


def step(ctx: Ctx, seat: int, colour: str, route: Route) -> None:
    p = ctx.player(seat)
    tracks = p["routes"][route.id]["tracks"]
    tracks[colour] += 1
    p["moved"][colour] += 1
    ctx.say(f"{ctx.name(seat)} moves their {colour} track on the {route.name} route to space "
            f"{tracks[colour]}.", "track", seat=seat, route=route.id, colour=colour)


def catchup_target(ctx: Ctx, seat: int, colour: str, route: Route) -> int:
    """Where a catch-up move would put ``colour`` (0 or less when it cannot move forward)."""
    p = ctx.player(seat)
    level = LEVELS.index(colour)
    if level == 0 or colour not in route.colours or colour not in p["unlocked"]:
        return 0
    r = p["routes"][route.id]
    target = min(r["tracks"][LEVELS[level - 1]] - 1, reach(route, r))
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
        for sp in route.specials:
            key = f"{route.id}:{sp.key}"
            if key not in p["activated"] and reached(ctx, seat, route, sp):
                p["activated"].append(key)
                found.append((route, sp))
    return found
