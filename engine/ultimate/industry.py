"""The industry track: wrenches move one space at a time and stop at unfilled factory gaps."""

from __future__ import annotations

from engine.ultimate import hooks, industry_board
from engine.ultimate.ctx import Ctx


def can_move(ctx: Ctx, seat: int, wrench: int) -> bool:
    p = ctx.player(seat)
    nxt = p["wrenches"][wrench] + 1
    track = ctx.board.industry
    if nxt >= len(track):
        return False
    if industry_board.shared(ctx):
        return industry_board.can_enter(ctx, nxt)
    if ctx.board.on_upper(p, wrench):  # the upper American track passes the gaps
        return True
    boulder = hooks.industry_block(ctx, seat)  # an American boulder
    if boulder is not None and nxt >= boulder:
        return False
    if track[nxt] == "gap":
        return p["factories"][ctx.board.gaps.index(nxt)] is not None
    return True


def movable(ctx: Ctx, seat: int) -> list[int]:
    return [w for w in range(len(ctx.player(seat)["wrenches"])) if can_move(ctx, seat, w)]


def move(ctx: Ctx, seat: int, wrench: int) -> int:
    """Advance one wrench one space; returns the new position."""
    p = ctx.player(seat)
    p["wrenches"][wrench] += 1
    pos = int(p["wrenches"][wrench])
    which = (" upper" if ctx.board.on_upper(p, wrench) else " lower") if ctx.board.upper \
        else (" second" if wrench else "")
    ctx.say(f"{ctx.name(seat)} moves their{which} wrench to industry space {pos}.", "industry",
            seat=seat, wrench=wrench, pos=pos)
    return pos


def factory_at(ctx: Ctx, seat: int, pos: int) -> str | None:
    if industry_board.shared(ctx):
        i = industry_board.index_at(ctx, pos)
        layer = ctx.state["ind"]["layers"][i] if i is not None else []
        return str(layer[-1]["tile"]) if layer else None
    if ctx.board.industry[pos] != "gap":
        return None
    tile: str | None = ctx.player(seat)["factories"][ctx.board.gaps.index(pos)]
    return tile


def choose_track(ctx: Ctx, seat: int, choice: str) -> None:
    """The third wrench of the dual track goes on the track its owner chooses (and stays)."""
    p = ctx.player(seat)
    wrench = len(p["wrenches"]) - 1
    upper = [w for w in p.get("upper", [1]) if w != wrench]
    if choice == "track-upper":
        upper.append(wrench)
    p["upper"] = upper
    word = "upper" if choice == "track-upper" else "lower"
    ctx.say(f"{ctx.name(seat)} puts the new wrench on the {word} industry track.", "industry",
            seat=seat, wrench=wrench)
