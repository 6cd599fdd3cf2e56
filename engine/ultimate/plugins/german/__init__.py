"""The German player boards' own parts: the route extensions a station asks for, and the income
tiles an income space hands out.

The boards themselves (routes, stations, special spaces) are data the core reads
(``data``); an income tile, once taken, is used like any action besides the turn's (the
core's ``income`` task), so only what these tiles and extensions add lives here.
"""

from __future__ import annotations

from typing import Any

from engine.ultimate import choices, pool
from engine.ultimate.board import Board, Route, Special
from engine.ultimate.ctx import Ctx
from engine.ultimate.hooks import Option, Plugin, Task
from engine.ultimate.plugins.german.data import add_to


def extension_text(ctx: Ctx, tile: str) -> str:
    """What a route extension's special spaces give, by the tile's own space numbers."""
    parts = [f"{choices.special_text(sp)} at {sp['at']}"
             + (" (locomotive)" if sp.get("loco") else "")
             for sp in ctx.board.extensions[tile]["spaces"]]
    return "; ".join(parts) or "no special spaces"


def _extension_options(ctx: Ctx, seat: int, task: Task) -> list[Option]:
    return [(f"ext-{t}", f"extension {t}: {extension_text(ctx, t)}")
            for t in dict.fromkeys(ctx.state["extensions"])
            if ctx.board.extensions[t]["size"] == task["size"]]


def _extension(ctx: Ctx, seat: int, index: int, task: Task, choice: str) -> None:
    pool.drop(ctx, seat, index)
    tile = choice.removeprefix("ext-")
    ctx.state["extensions"].remove(tile)
    route = ctx.board.route_by_id[task["route"]]
    ctx.player(seat)["routes"][route.id]["ext"][str(task["at"])] = tile
    ctx.say(f"{ctx.name(seat)} adds route extension {tile} to the {route.name} route from "
            f"space {task['at']} (its spaces: {extension_text(ctx, tile)}).",
            "extension", seat=seat,
            route=route.id, tile=tile)


def _income_space(ctx: Ctx, seat: int, route: Route, sp: Special) -> None:
    if ctx.state["income_tiles"]:
        ctx.player(seat)["pool"].insert(0, {"k": "income_pick", "must": True,
                                            "src": "income space"})
    else:
        ctx.say(f"{ctx.name(seat)} reaches an income space, but no income tile is left.", "lost",
                seat=seat)


def _income_options(ctx: Ctx, seat: int, task: Task) -> list[Option]:
    return [(f"take-{t}", f"take the income tile: {ctx.board.income_tiles[t]['text']}")
            for t in ctx.state["income_tiles"]]


def _income_pick(ctx: Ctx, seat: int, index: int, task: Task, choice: str) -> None:
    pool.drop(ctx, seat, index)
    tile = choice.removeprefix("take-")
    ctx.state["income_tiles"].remove(tile)
    ctx.player(seat)["income"].append(tile)
    ctx.say(f"{ctx.name(seat)} takes the income tile '{ctx.board.income_tiles[tile]['text']}' "
            "(usable once each round, on their own turn).", "income", seat=seat, tile=tile)


def _view(ctx: Ctx) -> dict[str, Any]:
    state, board = ctx.state, ctx.board
    return {
        "extensions_left": [{"id": t, "size": board.extensions[t]["size"],
                             "text": extension_text(ctx, t)} for t in state["extensions"]],
        "income_tiles_left": [{"id": t, "text": board.income_tiles[t]["text"]}
                              for t in state["income_tiles"]],
    }


def _info(board: Board) -> list[str]:
    if not board.extensions:
        return []
    sizes = sorted({int(t["size"]) for t in board.extensions.values()})
    return [f"Route extensions: {len(board.extensions)} (sizes "
            f"{', '.join(map(str, sizes))}), first come first served; "
            f"{len(board.income_tiles)} income tiles, each used once per round."
            + (" A third wrench from a route extension goes on the industry track of "
               "your choice." if board.upper else "")]


def _board_labels(board: dict[str, Any], track: dict[str, Any]) -> tuple[str, ...]:
    """House values of the income tiles."""
    tiles = board.get("income_tiles", {})
    if tiles.get("source") != "house":
        return ()
    return ("income tiles: " + ", ".join(t["text"] for t in tiles["list"]),)


PLUGIN = Plugin(
    name="german",
    playing=lambda state: bool(state["extensions"] or state["income_tiles"]),
    data=add_to,
    info=_info,
    tasks={"extension": _extension, "income_pick": _income_pick},
    options={"extension": _extension_options, "income_pick": _income_options},
    urgent=("extension",),
    reached={"income": _income_space},
    task_names={"extension": "route extension", "income_pick": "income tile"},
    view=_view,
    board_labels=_board_labels,
)
