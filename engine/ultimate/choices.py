"""What a player may choose for a task of the action pool, as (typed value, words) pairs."""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations
from typing import Any

from engine.core.names import plural
from engine.ultimate import (
    hooks,
    in_full,
    industry,
    industry_board,
    locos,
    tracks,
)
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
                rstate = ctx.player(seat)["routes"][route.id]
                at = rstate["tracks"][c] + 1
                label = f"{c} track on {route.name} to space {at}"
                if tracks.at_fork(route, rstate, c):  # the step itself chooses the branch
                    out += [(f"{c}-{route.id}-{b.id}", f"{label} towards {b.name}")
                            for b in route.branches]
                else:
                    out.append((f"{c}-{route.id}", label))
    return out


def _loco_options(ctx: Ctx, seat: int, tiles: list[str], prefix: str, scrap: bool) -> list[Option]:
    """Where each of ``tiles`` may go. With both #10 stacks open the player takes from either
    ('take 1 of the lowest-numbered locomotives'): the first stack's choices keep the plain
    prefix, the other's name its tile (``loco10b-ts``)."""
    out: list[Option] = []
    for tile in tiles:
        head = prefix if tile == tiles[0] else f"{prefix}{tile}"
        value = tile_value(tile)
        back = f" ({ctx.board.factory(tile)['text']} on its back)" if len(tiles) > 1 else ""
        what = f"#{value} locomotive"
        for route, old in locos.fits(ctx, seat, value):
            # where it goes first, its back last: a button keeps a label's first 80 characters
            if old is None:
                out.append((f"{head}-{route.id}", f"{what} onto {route.name}{back}"))
                continue
            held = ctx.player(seat)["routes"][route.id]["locos"]
            # two different tiles of one worth on a route: each is named for what it is
            old_words = locos.loco_words(ctx, old) if locos.twins(held, old) \
                else f"#{tile_value(old)}"
            out.append((f"{head}-{route.id}-{locos.replace_key(held, old)}",
                        f"{what} onto {route.name}, replacing the {old_words}{back}"))
        if scrap and not locos.free_slot(ctx, seat):
            out.append((f"{head}-scrap", _scrap_text(ctx, tile, f"#{value}{back}",
                                                     prefix == "loco")))
    return out


def _scrap_text(ctx: Ctx, tile: str, what: str, new: bool) -> str:
    if not locos.has_factory_side(ctx, tile):
        return f"return the {what} to the box (it has no factory side)"
    if new:
        return f"take the {what} over as a factory for the supply"
    return f"turn the {what} over as a factory"


def _factory_options(ctx: Ctx, seat: int) -> list[Option]:
    out: list[Option] = []
    if industry_board.shared(ctx) and not in_full.buildable(ctx, seat):
        return out  # no factory space whose action this player could resolve in full
    for tile in locos.lowest_stack(ctx):
        name = "factory-new" if tile[-1].isdigit() else f"factory-{tile}"
        out.append((name, f"#{tile_value(tile)} factory from the stack "
                          f"({ctx.board.factory(tile)['text']})"))
    for tile in dict.fromkeys(ctx.state["factory_pool"]):
        out.append((f"factory-pool-{tile}", f"returned #{tile_value(tile)} factory "
                                            f"({ctx.board.factory(tile)['text']})"))
    return out


def options(ctx: Ctx, seat: int, task: Task) -> list[Option]:
    k = task["k"]
    p = ctx.player(seat)
    if k == "track":
        if task.get("route"):  # the freight car moves tracks on its own route only
            others = tuple(r.id for r in ctx.board.routes if r.id != task["route"])
            return _track_options(ctx, seat, task["c"], others)
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
            opts.append(("scrap", _scrap_text(ctx, task["tile"],
                                              f"#{tile_value(task['tile'])}", False)))
        return opts
    if k == "factory_slot":
        return factory_slots(ctx, seat, task.get("free"))
    if k == "industry":
        ws = industry.movable(ctx, seat)
        if task.get("doublable") and ws:
            return [("double-yes", f"double the {task['n']} industry steps to {2 * task['n']}"),
                    ("double-no", f"keep {task['n']} industry step{'s' if task['n'] > 1 else ''}")]
        if len(p["wrenches"]) == 1:
            return [("industry", "move your wrench 1 space")] if ws else []
        if ctx.board.upper:  # the American dual track: lower and upper wrenches
            return [(f"industry-{w + 1}", f"move the {_track_word(ctx, p, w)} wrench (space "
                                          f"{p['wrenches'][w]})") for w in ws]
        return [(f"industry-{w + 1}", f"move wrench {w + 1} (space {p['wrenches'][w]})")
                for w in ws]
    if k == "idea":
        return [(f"idea-{t}", f"idea token: {token_text(ctx, t)}") for t in p["ideas"]
                if usable_token(ctx, p, t)]
    if k == "idea_card":
        return [(f"card-{c}", f"idea card: {ctx.board.idea_cards[c]['text']}")
                for c in ctx.state["idea_cards"] if not (c == "valuation" and p["revalued"])]
    if k == "income":
        return free_options(ctx, seat)
    if k == "bonus_card":
        return [(f"bonus-{c}", f"end bonus card: {ctx.board.end_bonus[c]['text']}")
                for c in dict.fromkeys(ctx.state["end_deck"])]
    if k == "key":
        out = [("key-tracks", "key: 1 wood step and 1 step of any track"),
               ("key-points", "key: 10 points")]
        return out + (industry_board.workshop_options(ctx, seat)
                      if industry_board.shared(ctx) else [])
    if k == "idea_pair":
        if len(p["ideas"]) < 2:
            return []
        return [(f"pair-{a}-{b}", f"use {a}, return {b} too") for a, b in
                permutations(p["ideas"], 2) if usable_token(ctx, p, a)]
    if k == "wrench_track":
        return [("track-lower", "put the new wrench on the lower industry track"),
                ("track-upper", "put the new wrench on the upper industry track")]
    if k == "build_over":
        return in_full.build_options(ctx, seat, task["tile"])
    if k in SEAT_CHOICES:
        return SEAT_CHOICES[k](ctx, seat)
    if k == "start":
        return [(f"start-{c}", f"starting bonus: {ctx.board.start_bonus[c]['text']}")
                for c in ctx.state["start_cards"]]
    offered = hooks.options(k)
    if offered is None:
        raise ValueError(f"unknown task kind {k}")
    return offered(ctx, seat, task)


SEAT_CHOICES: dict[str, Callable[[Ctx, int], list[Option]]] = {
    "car": industry_board.car_options, "purple": industry_board.purple_options,
}
"""The shared industry board's task kinds whose choices depend on the player alone."""


def factory_slots(ctx: Ctx, seat: int, free: int | None) -> list[Option]:
    """Where a new factory may go: the first empty gap, or in place of a factory that gives way
    (an American steelworks), or of any factory once all gaps are full."""
    slots = ctx.player(seat)["factories"]
    if free is None:
        return [(f"slot-{i + 1}", f"replace the {_slot_name(ctx, t)} in gap {i + 1}")
                for i, t in enumerate(slots) if t is not None]
    out = [(f"slot-{free + 1}", f"build in the empty gap {free + 1}")]
    out += [(f"slot-{i + 1}", f"replace the {words} in gap {i + 1}")
            for i, t in enumerate(slots) for words in [hooks.gives_way(t)] if words]
    return out


def _slot_name(ctx: Ctx, tile: str) -> str:
    words = hooks.gives_way(tile)
    return f"#{tile_value(tile)} {words}" if words else ctx.board.factory_name(tile)


def usable_token(ctx: Ctx, p: dict[str, Any], token: str) -> bool:
    """The revaluation token and the special valuation tile exclude each other; a plug-in's
    token may need more (the special idea token, a special idea card it can take)."""
    usable = hooks.token_usable(token)
    if usable is not None:
        return usable(ctx, int(p["seat"]))
    return not (token == "revalue" and p["special_valuation"])


def free_options(ctx: Ctx, seat: int) -> list[Option]:
    """Actions besides the turn's action: face-up income tiles, and those of the plug-ins in play
    (the American coin spaces, the Coal module's foundries and boilerman space)."""
    return income_options(ctx, seat) + hooks.free_options(ctx, seat)


def income_options(ctx: Ctx, seat: int) -> list[Option]:
    """The seat's income tiles still face up this round."""
    p = ctx.player(seat)
    return [(f"income-{t}", f"income tile: {ctx.board.income_tiles[t]['text']}")
            for t in p["income"] if t not in p["income_used"]]


def special_text(sp: dict[str, Any]) -> str:
    """What a special space gives, in a few words (a plug-in's board names its own)."""
    words = hooks.special_words(str(sp["kind"]))
    if words is not None:
        return words(sp)
    return {
        "unlock": f"{sp.get('colour')} tracks",
        "worker": "a worker",
        "coins": plural(int(sp.get("amount", 0)), "coin"),
        "doubler": f"{sp.get('amount')} doubler",
        "idea": "an idea token",
        "medal": "the medal's space",
        "route_double": "route doubled",
        "bonus": f"{plural(int(sp.get('points', 0)), 'point')} a scoring",
        "key": "a key",
        "income": "an income tile",
        "wrench": "a wrench",
        "industry": f"{sp.get('n')} industry steps",
    }.get(str(sp["kind"]), str(sp["kind"]))


def token_text(ctx: Ctx, token: str) -> str:
    return ctx.board.token_texts[token]


def _track_word(ctx: Ctx, p: dict[str, Any], wrench: int) -> str:
    word = "upper" if ctx.board.on_upper(p, wrench) else "lower"
    same = [w for w in range(len(p["wrenches"])) if ctx.board.on_upper(p, w) == (word == "upper")]
    return f"{word} ({same.index(wrench) + 1})" if len(same) > 1 else word
