"""What a player may choose for a task of the action pool, as (typed value, words) pairs."""

from __future__ import annotations

from itertools import permutations
from typing import Any

from engine.ultimate import industry, locos, tracks
from engine.ultimate.board import tile_value
from engine.ultimate.ctx import Ctx
from engine.ultimate.data import LEVELS

Task = dict[str, Any]
Option = tuple[str, str]
"""(value a player types, label a player reads)."""


def _colours(ctx: Ctx, seat: int, spec: str) -> list[str]:
    allowed = list(LEVELS) if spec == "any" else spec.split("|")
    return [c for c in allowed if c in ctx.player(seat)["unlocked"]]


def _track_options(ctx: Ctx, seat: int, spec: str, skip: tuple[str, ...] = ()) -> list[Option]:
    out = []
    for route in ctx.board.routes:
        if route.id in skip:
            continue
        for c in _colours(ctx, seat, spec):
            if tracks.step_block(ctx, seat, c, route) is None:
                at = ctx.player(seat)["routes"][route.id]["tracks"][c] + 1
                out.append((f"{c}-{route.id}", f"{c} track on {route.name} to space {at}"))
    return out


def _loco_options(ctx: Ctx, seat: int, tiles: list[str], prefix: str, scrap: bool) -> list[Option]:
    out: list[Option] = []
    if not tiles:
        return out
    value = tile_value(tiles[0])
    for route, old in locos.fits(ctx, seat, value):
        if old is None:
            out.append((f"{prefix}-{route.id}", f"#{value} locomotive onto {route.name}"))
        else:
            out.append((f"{prefix}-{route.id}-r{tile_value(old)}",
                        f"#{value} locomotive onto {route.name}, replacing the "
                        f"#{tile_value(old)}"))
    if scrap and not locos.free_slot(ctx, seat):
        word = "take the" if prefix == "loco" else "turn the"
        out.append((f"{prefix}-scrap", f"{word} #{value} over as a factory for the supply"))
    return out


def _factory_options(ctx: Ctx, seat: int) -> list[Option]:
    out: list[Option] = []
    for tile in locos.lowest_stack(ctx):
        name = "factory-new" if tile[-1].isdigit() else f"factory-{tile}"
        out.append((name, f"#{tile_value(tile)} factory from the stack "
                          f"({ctx.board.factories[tile]['text']})"))
    for tile in dict.fromkeys(ctx.state["factory_pool"]):
        out.append((f"factory-pool-{tile}", f"returned #{tile_value(tile)} factory "
                                            f"({ctx.board.factories[tile]['text']})"))
    return out


def options(ctx: Ctx, seat: int, task: Task) -> list[Option]:
    k = task["k"]
    p = ctx.player(seat)
    if k == "track":
        return _track_options(ctx, seat, task["c"])
    if k == "each_route":
        return _track_options(ctx, seat, "any", tuple(task["done"]))
    if k == "catchup":
        out = []
        for route in ctx.board.routes:
            for c in LEVELS[1:]:
                target = tracks.catchup_target(ctx, seat, c, route)
                if target:
                    out.append((f"catchup-{c}-{route.id}",
                                f"{c} track on {route.name} up to space {target}"))
        return out
    if k == "loco":
        out = []
        if task["mode"] in ("loco", "either"):
            out += _loco_options(ctx, seat, locos.lowest_stack(ctx), "loco", True)
        if task["mode"] in ("factory", "either"):
            out += _factory_options(ctx, seat)
        return out
    if k == "place_loco":
        return _loco_options(ctx, seat, [task["tile"]], "loco", True)
    if k == "relocate":
        opts = _loco_options(ctx, seat, [task["tile"]], "move", False)
        if not locos.free_slot(ctx, seat):
            opts.append(("scrap", f"turn the #{tile_value(task['tile'])} over as a factory"))
        return opts
    if k == "factory_slot":
        return [(f"slot-{i + 1}", f"replace the #{tile_value(t)} factory in gap {i + 1}")
                for i, t in enumerate(p["factories"]) if t is not None]
    if k == "industry":
        ws = industry.movable(ctx, seat)
        if len(p["wrenches"]) == 1:
            return [("industry", "move your wrench 1 space")] if ws else []
        return [(f"industry-{w + 1}", f"move wrench {w + 1} (space {p['wrenches'][w]})")
                for w in ws]
    if k == "idea":
        return [(f"idea-{t}", f"idea token: {token_text(ctx, t)}") for t in p["ideas"]]
    if k == "idea_card":
        return [(f"card-{c}", f"idea card: {ctx.board.idea_cards[c]['text']}")
                for c in ctx.state["idea_cards"]]
    if k == "bonus_card":
        return [(f"bonus-{c}", f"end bonus card: {ctx.board.end_bonus[c]['text']}")
                for c in dict.fromkeys(ctx.state["end_deck"])]
    if k == "key":
        return [("key-tracks", "key: 1 wood step and 1 step of any track"),
                ("key-points", "key: 10 points")]
    if k == "idea_pair":
        if len(p["ideas"]) < 2:
            return []
        return [(f"pair-{a}-{b}", f"use {a}, return {b} too") for a, b in
                permutations(p["ideas"], 2)]
    if k == "start":
        return [(f"start-{c}", f"starting bonus: {ctx.board.start_bonus[c]['text']}")
                for c in ctx.state["start_cards"]]
    raise ValueError(f"unknown task kind {k}")


def token_text(ctx: Ctx, token: str) -> str:
    return str(next(t["text"] for t in ctx.board.data["idea_tokens"]["list"]
                    if t["id"] == token))
