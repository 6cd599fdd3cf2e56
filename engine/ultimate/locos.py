"""Locomotives on the routes and factories in the industry track, from the shared stacks."""

from __future__ import annotations

from typing import Any

from engine.ultimate import hooks, versions
from engine.ultimate.board import Route, boiled, tile_value
from engine.ultimate.ctx import Ctx


def lowest_stack(ctx: Ctx) -> list[str]:
    """The tiles that can be taken now: the lowest non-empty stack (both #10 stacks together)."""
    stacks = ctx.state["stacks"]
    for number in ctx.board.data["locomotives"]["numbers"]:
        if stacks[str(number)] > 0:
            return [str(number)]
    return [t for t in ctx.board.data["locomotives"]["tens"] if stacks[t] > 0]


def take(ctx: Ctx, tile: str) -> None:
    ctx.state["stacks"][tile] -= 1


def fits(ctx: Ctx, seat: int, value: int) -> list[tuple[Route, str | None]]:
    """Where a locomotive of ``value`` may go: (route, None) for a free slot, (route, tile) to
    replace a lower-numbered one there."""
    p = ctx.player(seat)
    out: list[tuple[Route, str | None]] = []
    for route in ctx.board.routes:
        locos = p["routes"][route.id]["locos"]
        if len(locos) < ctx.board.loco_places(route, p):
            out.append((route, None))
        for tile in dict.fromkeys(locos):
            if tile_value(tile) < value:
                out.append((route, tile))
    return out


def replace_key(held: list[str], tile: str) -> str:
    """How a choice names the locomotive it replaces on a route holding ``held``: ``r9`` for the
    first one worth 9 (as stored games read it), ``r9-9s`` for another one worth as much (the idea
    card's #9 beside a normal #9, a #8 with a boilerman beside a #9), which is a different tile."""
    value = tile_value(tile)
    first = next(t for t in held if tile_value(t) == value)
    return f"r{value}" if tile == first else f"r{value}-{tile}"


def replaced(held: list[str], key: list[str]) -> str | None:
    """The tile a choice's ``r9`` (``["r9"]``) or ``r9-9s`` (``["r9", "9s"]``) names."""
    if not key[0].startswith("r") or not key[0][1:].isdigit():
        return None
    value = int(key[0][1:])
    named = [t for t in held if tile_value(t) == value and (len(key) == 1 or t == key[1])]
    return named[0] if named else None


def twins(held: list[str], tile: str) -> bool:
    """Whether another, different tile on the route is worth as much as ``tile``."""
    return any(t != tile and tile_value(t) == tile_value(tile) for t in held)


def loco_words(ctx: Ctx, tile: str) -> str:
    """A locomotive on a route told apart from another of the same worth, in few words (a
    button keeps 80 characters): the idea card's #9 has no factory side and a boilerman goes
    back to the box, so which one is pushed out matters."""
    value = tile_value(tile)
    if boiled(tile):
        return f"#{value - 1} with a boilerman"
    if not has_factory_side(ctx, tile):
        return f"idea card's #{value}"
    return f"normal #{value}"


def free_slot(ctx: Ctx, seat: int) -> bool:
    p = ctx.player(seat)
    return any(len(p["routes"][r.id]["locos"]) < ctx.board.loco_places(r, p)
               for r in ctx.board.routes)


def put(ctx: Ctx, seat: int, tile: str, route: Route, replace: str | None) -> str | None:
    """Add ``tile`` to ``route`` (replacing ``replace``); returns the tile it pushed out."""
    locos = ctx.player(seat)["routes"][route.id]["locos"]
    if replace is not None:
        locos.remove(replace)
    locos.append(tile)
    locos.sort(key=tile_value, reverse=True)
    what = f"replacing the #{tile_value(replace)}" if replace else "on a free place"
    ctx.say(f"{ctx.name(seat)} puts a #{tile_value(tile)} locomotive on the {route.name} route, "
            f"{what}.", "loco", seat=seat, route=route.id, tile=tile)
    return replace


def has_factory_side(ctx: Ctx, tile: str) -> bool:
    """Whether the tile can be turned over into a factory (the idea card's #9 cannot)."""
    return tile.rstrip("+") in ctx.board.factories


def scrap(ctx: Ctx, seat: int, tile: str) -> None:
    """A locomotive nobody places: turned over, it waits beside the stacks as a factory (a
    boilerman on it goes back to the box). One with no violet side leaves the game."""
    tile = tile.rstrip("+")
    if not has_factory_side(ctx, tile):
        ctx.state.setdefault("box_locos", []).append(tile)
        ctx.say(f"{ctx.name(seat)} returns the #{tile_value(tile)} locomotive to the box: it "
                "has no factory side.", "loco", seat=seat, tile=tile)
        return
    ctx.state["factory_pool"].append(tile)
    ctx.state["factory_pool"].sort(key=lambda t: (tile_value(t), t))
    ctx.say(f"{ctx.name(seat)} turns the #{tile_value(tile)} locomotive over: it is now a "
            "factory beside the stacks.", "loco", seat=seat, tile=tile)


def free_gap(ctx: Ctx, seat: int) -> int | None:
    slots = ctx.player(seat)["factories"]
    return next((i for i, t in enumerate(slots) if t is None), None)


def build_factory(ctx: Ctx, seat: int, tile: str, gap: int) -> None:
    """Put ``tile`` into gap ``gap`` (0-based), returning whatever was there to the supply."""
    slots = ctx.player(seat)["factories"]
    old = slots[gap]
    slots[gap] = tile
    removed = None if old is None else hooks.factory_removed(old.rstrip("+"))
    if removed is not None:  # the special factory, the coal factory, a steelworks
        removed(ctx, seat)
    elif old is not None:
        old = old.rstrip("+")  # its boilerman goes back to the box
        ctx.state["factory_pool"].append(old)
        ctx.state["factory_pool"].sort(key=lambda t: (tile_value(t), t))
        ctx.say(f"{ctx.name(seat)} returns their #{tile_value(old)} factory to the supply.",
                "factory", seat=seat, tile=old)
    text = ctx.board.factory(tile)["text"]
    what = f"a {ctx.board.factory_name(tile)}"
    words = hooks.gives_way(tile)
    if words:  # an American steelworks: "steelworks: 1 wood step"
        what, text = f"the {words}", text.split(": ")[-1]
    ctx.say(f"{ctx.name(seat)} builds {what} ({text}) in industry gap "
            f"{gap + 1}.", "factory", seat=seat, tile=tile, gap=gap)


def factory_effects(ctx: Ctx, tile: str) -> list[dict[str, Any]]:
    """What moving onto a factory gives; a boilerman on it makes it stronger: a points factory
    scores 1 more, a plug-in's factory gives what it lists (``boiled``: the coal factory's 1 more
    track move), a factory with a single benefit resolves it twice, one with several gives the
    owner's choice of one of them twice ('You receive 1 of the benefits twice'); several track
    steps are several benefits, so one step more (version 3)."""
    factory = ctx.board.factory(tile)
    effects: list[dict[str, Any]] = list(factory["effects"])
    if not boiled(tile):
        return effects
    first = effects[0]
    if first["k"] == "points":
        return [*effects, {"k": "points", "n": 1}]
    if "boiled" in factory:
        return list(factory["boiled"])
    if len(effects) > 1:
        return [*effects, {"k": "boiler_twice", "benefits": effects}]
    if first["k"] == "track" and int(first["n"]) > 1 and versions.boiler_adds_one_step(ctx.state):
        # each step is a benefit of its own: 'a combined total of 3 steps' from 2
        return [{**first, "n": int(first["n"]) + 1}]
    return effects + effects


