"""What a Build Track action pays per hex, after the held cards its player plays on it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.hexgrid import Hex
from engine.core.types import State
from engine.rotw.carddeck import effect, operation, operation_ids
from engine.rotw.context import MapContext
from engine.rotw.events import terrain_deltas

BUILD_CARDS = ("land_grant", "tunnel_engineer", "water_cost", "hot_springs", "ferry_line")


def half_down(amount: int) -> int:
    """Half, rounded down to the $1,000 below (the Railways through Time auction)."""
    return amount // 2 // 1000 * 1000


def half_up(amount: int) -> int:
    """Half price, rounded up to the next $1,000 as money is printed."""
    return -(-amount // 2000) * 1000


@dataclass
class BuildTerms:
    free_terrain: set[str] = field(default_factory=set)
    tunnel: bool = False
    water_cost: int | None = None
    ferries: int = 0
    mountain_points: int = 0
    cards: list[str] = field(default_factory=list)
    event: dict[str, int] = field(default_factory=dict)
    """This turn's Current Event: extra cost per tile of a terrain kind, or per ridge."""

    def hex_cost(self, ctx: MapContext, h: Hex) -> int:
        if h in ctx.ferry_hexes:
            # Ferry Line: the crossing is free, snow line included (appendix, North America).
            return 0
        terrain = ctx.mapdef.terrain.get(h)
        snow = ctx.snow_cost if h in ctx.snow_hexes else 0
        kind = "water" if terrain in ("river", "lake") else terrain
        if kind in self.free_terrain:
            # A Government Land Grant pays the terrain, not the snow line surcharge (R22).
            return snow
        base = ctx.terrain_cost(h)
        if terrain == "mountain" and self.tunnel:
            base = half_up(base)
        if kind == "water" and self.water_cost is not None:
            base = self.water_cost
        return max(0, base + self.event.get(str(kind), 0)) + snow

    def ridge_cost(self, ctx: MapContext) -> int:
        cost = half_up(ctx.costs["ridge"]) if self.tunnel else ctx.costs["ridge"]
        return max(0, cost + self.event.get("ridge", 0))


def build_terms(state: State, ctx: MapContext, seat: int, used: Any) -> BuildTerms:
    """Check the cards named for a build (held, each a build card) and fold their effects."""
    if not isinstance(used, list):
        raise IllegalAction("bad_cards", "Cards are given as a list of card ids.")
    terms = BuildTerms(event=terrain_deltas(state, ctx))
    hand = state["players"][seat]["hand"]
    for cid in used:
        etype = effect(ctx, cid).get("type") if cid in hand else None
        if etype not in BUILD_CARDS or cid in terms.cards:
            what = operation(ctx, cid)["name"] if cid in operation_ids(ctx) else f"'{cid}'"
            raise IllegalAction("card_not_held", f"{what} is not a build card in your hand; a "
                                "build uses only held build cards (Government Land Grant, Tunnel "
                                "Engineer, Ferry Line and the like), each once.")
        e = effect(ctx, cid)
        terms.cards.append(str(cid))
        if etype == "land_grant":
            terms.free_terrain.add(str(e.get("free_terrain", "open")))
        elif etype == "tunnel_engineer":
            terms.tunnel = True
        elif etype == "water_cost":
            terms.water_cost = int(e.get("cost", 1000))
        elif etype == "hot_springs":
            terms.mountain_points += int(e.get("points_per_mountain", 1))
        elif etype == "ferry_line":
            terms.ferries += 1
    return terms
