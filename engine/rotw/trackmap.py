"""The track on the board: which hexes and sides the links hold, and the checks a build and a
route search share (where a link may start, what it may not face, what it would join)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.hexgrid import Direction, Hex, opposite
from engine.core.types import State
from engine.rotw import switches
from engine.rotw.context import MapContext
from engine.rotw.maprules import on

Occupancy = dict[Hex, list[tuple[int, frozenset[str]]]]


def occupancy(state: State, ctx: MapContext) -> Occupancy:
    occ: Occupancy = defaultdict(list)
    for lk in state["links"]:
        for t in lk["tiles"]:
            occ[ctx.hex(t["hex"])].append((lk["id"], frozenset(t["sides"])))
    for label, lid, side in switches.occupied(state):
        # A switch takes a third side of its hex: the hex is full, that side is taken.
        occ[ctx.hex(label)].append((lid, frozenset((side,))))
    return occ


def find_link(state: State, lid: int) -> dict[str, Any] | None:
    for lk in state["links"]:
        if lk["id"] == lid:
            found: dict[str, Any] = lk
            return found
    return None


def parse_hexes(ctx: MapContext, path: Any) -> list[Hex]:
    if not isinstance(path, list) or not all(isinstance(p, str) for p in path):
        raise IllegalAction("bad_path", "A build path is a list of hex labels like F12.")
    out = []
    for p in path:
        try:
            out.append(ctx.hex(p))
        except ValueError as exc:
            raise IllegalAction("bad_path", str(exc)) from None
    return out


def closed_west(state: State, ctx: MapContext) -> frozenset[Hex]:
    """Glenn Drover variant: hexes west of the mountains while nobody has 30 points."""
    if on(state, "glenn_drover") and not state.get("glenn_open"):
        return ctx.glenn_west
    return frozenset()


def refuse_west(ctx: MapContext, west: frozenset[Hex], h: Hex, what: str) -> None:
    """Glenn Drover: nothing is built in, into or out of a closed hex (``what`` names it)."""
    if h in west:
        raise IllegalAction("glenn_drover", f"{what} is west of the mountains: in the Glenn "
                            "Drover variant nobody builds there until a player reaches "
                            f"{ctx.glenn_points} points.")


def own_incomplete(state: State, seat: int, ref: str) -> dict[str, Any]:
    try:
        lid = int(ref.split(":", 1)[1])
    except (IndexError, ValueError):
        raise IllegalAction("bad_start", f"'{ref}' is not a link end; use link:<id>.") from None
    lk = find_link(state, lid)
    if lk is None or lk["owner"] != seat or lk["complete"]:
        raise IllegalAction("bad_start", f"Link {lid} is not an incomplete link of yours; a build "
                            "starts at a city or at the open end of your own incomplete link.")
    return lk


def facing_foreign(occ: Occupancy, h: Hex, side: Direction, allowed: Hex | None) -> bool:
    """Whether a tile in the neighbour across ``side`` already points at this side."""
    nb = h.neighbour(side)
    if nb == allowed:
        return False
    back = opposite(side)
    return any(back in sides for _, sides in occ.get(nb, []))


@dataclass(frozen=True)
class Board:
    """The track on the board as a route search reads it: made once for the many searches a
    computer player makes from one position."""

    occ: Occupancy
    faced: set[tuple[Hex, Direction]]


def board_of(state: State, ctx: MapContext) -> Board:
    occ = occupancy(state, ctx)
    return Board(occ, facing_sides(occ))


def facing_sides(occ: Occupancy) -> set[tuple[Hex, Direction]]:
    """Every hex and side a tile already points at: ``facing_foreign`` for the whole board."""
    out: set[tuple[Hex, Direction]] = set()
    for h, tiles in occ.items():
        for _, sides in tiles:
            for side in sides:
                out.add((h.neighbour(side), opposite(side)))  # type: ignore[arg-type]
    return out


def _open_ends(state: State, ctx: MapContext, seat: int
               ) -> Iterator[tuple[dict[str, Any], Hex, Direction]]:
    """Each of ``seat``'s incomplete links a tile may join, with the hex and the side through
    which a tile joins it. A branch off a Switch Track is never joined onto (house)."""
    for lk in state["links"]:
        if lk["owner"] == seat and not lk["complete"] and not lk.get("switch"):
            last = lk["tiles"][-1]
            yield lk, ctx.hex(last["hex"]), opposite(last["sides"][1])


def own_open_ends(state: State, ctx: MapContext, seat: int) -> set[tuple[Hex, Direction]]:
    """The hexes and the sides through which a tile would join one of ``seat``'s own
    incomplete links (``join_target`` for every hex at once)."""
    return {(h, d) for _, h, d in _open_ends(state, ctx, seat)}


def switch_start(state: State, ctx: MapContext, seat: int, start: str,
                 occ: Occupancy | None = None) -> switches.SwitchStart:
    """Where a build from ``switch:<hex>`` places its Switch Track and which ways it may go."""
    taken = occ if occ is not None else occupancy(state, ctx)
    return switches.check_start(state, ctx, seat, start,
                                lambda h, d: facing_foreign(taken, h, d, None))


def join_target(state: State, ctx: MapContext, seat: int, h: Hex, d: Direction,
                 own_id: int | None) -> dict[str, Any] | None:
    for lk, end, side in _open_ends(state, ctx, seat):
        if lk["id"] != own_id and end == h and side == d:
            return lk
    return None
