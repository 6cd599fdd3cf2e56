"""A plug-in made only by following docs/architecture.md ("How to add a board or a module"): the
signal box, one extra action space. Taking it (1 worker) offers a choice of 2 coins or 3 points;
each scoring phase then pays 1 point per signal set. Nothing in engine/ knows of it: the tests
register it for a game and take it away after."""

from __future__ import annotations

from typing import Any

from engine.core.types import State
from engine.ultimate import gains, pool
from engine.ultimate.board import Board, Space
from engine.ultimate.ctx import Ctx
from engine.ultimate.hooks import Option, Plugin, Task

SPACE = Space("signal-box", "the signal box", 1, 0, ({"k": "signal"},))
COINS, POINTS = 2, 3


def _spaces(ctx: Ctx, seat: int) -> list[Space]:
    return [SPACE]


def _options(ctx: Ctx, seat: int, task: Task) -> list[Option]:
    return [("signal-coins", f"set a signal for {COINS} coins"),
            ("signal-points", f"set a signal for {POINTS} points")]


def _resolve(ctx: Ctx, seat: int, index: int, task: Task, choice: str) -> None:
    pool.drop(ctx, seat, index)
    p = ctx.player(seat)
    p["signals"] = p.get("signals", 0) + 1
    if choice == "signal-coins":
        gains.expand(ctx, seat, [{"k": "coins", "n": COINS}], False, SPACE.name)
    else:
        gains.score_points(ctx, seat, POINTS, SPACE.name)


def _round_points(board: Board, p: dict[str, Any]) -> dict[str, int]:
    return {"signals": int(p.get("signals", 0))} if p.get("signals") else {}


def _view(ctx: Ctx) -> dict[str, Any]:
    return {"signals": {str(p["seat"]): p.get("signals", 0) for p in ctx.state["players"]}}


def _in_play(state: State) -> bool:
    return True


PLUGIN = Plugin(
    name="signal_box",
    playing=_in_play,
    spaces=_spaces,
    tasks={"signal": _resolve},
    options={"signal": _options},
    task_names={"signal": "signal"},
    round_points=_round_points,
    view=_view,
)
