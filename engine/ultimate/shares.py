"""Choices the other players make out of turn after one player's action: a share of the
manufactory train, or a starting bonus card an additional engineer lays out. Each player in turn
order from the one who acted gets the choice (or is skipped when nothing of it is usable); then
the turn goes on from the player who acted.

``state["share"]`` is None or ``{"owner": seat, "queue": [seats], "task": pool task, "what":
words}``.
"""

from __future__ import annotations

from typing import Any

from engine.ultimate import choices, hooks
from engine.ultimate.ctx import Ctx


def begin(ctx: Ctx, owner: int, task: dict[str, Any], what: str) -> None:
    order = ctx.state["order"]
    at = order.index(owner) if owner in order else 0
    queue = [order[(at + i) % len(order)] for i in range(1, len(order))]
    ctx.state["share"] = {"owner": owner, "queue": queue, "task": task, "what": what}


def pending(ctx: Ctx) -> int | None:
    """The player whose action the others are sharing, if they are."""
    share = ctx.state.get("share")
    return None if share is None else int(share["owner"])


def next_turn(ctx: Ctx) -> bool:
    """Hand the next waiting player its choice (True), or close the sharing (False)."""
    share = ctx.state["share"]
    while share["queue"]:
        seat = share["queue"].pop(0)
        task = dict(share["task"])
        if not choices.options(ctx, seat, task):
            ctx.say(f"{ctx.name(seat)} can use none of {share['what']}.", "share", seat=seat)
            continue
        ctx.state["active"] = seat
        ctx.player(seat)["pool"].append(task)
        ctx.say(f"{ctx.name(seat)} may take 1 of {share['what']}.", "turn", seat=seat)
        return True
    ctx.state["share"] = None
    after = hooks.shared(share["task"]["k"])
    if after is not None:  # the manufactory train moves on once all had their share
        after(ctx)
    return False
