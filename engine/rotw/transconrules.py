"""Transcontinental game: whether a board is one of its boards, and what its current phase
allows, read from the state alone.

Kept apart from ``transcon.py`` (the phase change) so that the cube and city rules can ask
without importing the set-up machinery.
"""

from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.core.types import State
from engine.rotw.context import MapContext

RULE = "transcontinental"
"""The map rule of the Transcontinental game's boards."""
EAST, BETWEEN, WEST = "east", "between", "west"
EAST_FLAG, WEST_FLAG = "east_board", "west_board"
"""City flags of the joined map: the board a city is printed on."""
PHASE_WORDS = {EAST: "Eastern phase", BETWEEN: "between the phases", WEST: "Western phase"}


def is_transcon(ctx: MapContext) -> bool:
    """A board of the Transcontinental game (either phase)."""
    return RULE in ctx.mapdef.rules


def phase(state: State) -> str | None:
    """``east``, ``between`` or ``west`` in a Transcontinental game; None in any other game."""
    t = state.get("transcon")
    return str(t["phase"]) if t else None


def frozen(state: State, city: str) -> bool:
    """An Eastern city in the Western phase: no more urbanizing, no more goods growth."""
    t = state.get("transcon")
    return t is not None and city in t.get("frozen", ())


def refuse_frozen(state: State, city: str) -> None:
    if frozen(state, city):
        raise IllegalAction("eastern_city_closed", f"{city} is on the Eastern board: in the "
                            "Western phase Eastern cities can no longer be urbanized or receive "
                            "new goods (Transcontinental rules).")


def crosses_seam(state: State, ctx: MapContext, seat: int) -> bool:
    """A complete link of ``seat`` joins an Eastern city to a Western one."""
    for lk in state["links"]:
        if lk["owner"] == seat and lk["complete"]:
            a, b = (ctx.mapdef.cities.get(c) for c in lk["cities"])
            if a and b and {EAST_FLAG, WEST_FLAG} <= (a.flags | b.flags):
                return True
    return False


def line_boards(ctx: MapContext, a: str, b: str) -> set[str]:
    """Which boards a Major Line lies on (a line across the seam is on both)."""
    boards = set()
    for cname in (a, b):
        flags = ctx.mapdef.cities[cname].flags if cname in ctx.mapdef.cities else frozenset()
        boards |= {"eastern-us" for f in flags if f == EAST_FLAG}
        boards |= {"western-us" for f in flags if f == WEST_FLAG}
    return boards or {ctx.mapdef.id}
