"""Rail Baron goals the expansion maps add (see maps/CARDS.md for the base game's)."""

from __future__ import annotations

from typing import Any

from engine.core.types import State
from engine.rotw import network
from engine.rotw.carddeck import effect
from engine.rotw.context import MapContext
from engine.rotw.transconrules import line_boards


def _reached(state: State, seat: int) -> set[str]:
    return set(network.graph(state, seat))


def _hotels(state: State, ctx: MapContext, seat: int) -> int:
    return sum(1 for c in state["players"][seat]["cards"] if effect(ctx, c).get("type") == "hotel")


def connects_any(state: State, seat: int, g: dict[str, Any]) -> bool:
    adj = network.graph(state, seat)
    for a in g.get("from_any", []):
        comp = network.component(adj, a)
        if any(b in comp for b in g.get("to_any", [])):
            return True
    return False


def expansion_points(state: State, ctx: MapContext, seat: int, g: dict[str, Any]) -> int | None:
    """Points for a goal type of the expansion decks; None when the type is not one of them."""
    gt = g.get("type")
    pts = int(g.get("points", 0))
    cities = state["cities"]
    if gt == "hotels_held":
        held = _hotels(state, ctx, seat)
        steps = [(int(k), int(v)) for k, v in g.get("by_count", {}).items() if int(k) <= held]
        return max(steps)[1] if steps else 0
    if gt in ("connected_to", "connected_urbanized"):
        reached = _reached(state, seat) & set(g.get("cities", []))
        if gt == "connected_urbanized":
            reached = {c for c in reached if cities[c]["urbanized"]}
        return _capped(len(reached) * int(g.get("per_city", 1)), g)
    if gt == "connected_colour":
        # The city's colour now: a gray city counts as gray until it is urbanized.
        hits = [c for c in _reached(state, seat) if cities[c]["colour"] == g.get("colour")]
        return _capped(len(hits) * int(g.get("per_city", 1)), g)
    if gt == "delivery_at_least":
        best = int(state.get("deliveries", {}).get(str(seat), 0))
        return pts if best >= int(g.get("links", 0)) else 0
    if gt == "major_lines_won":
        lines = [line_boards(ctx, m["a"], m["b"]) for m in state["major_lines"]
                 if m["claimed_by"] == seat]
        if g.get("maps"):
            lines = [b for b in lines if b & set(g["maps"])]
        if g.get("each_map") and len(set().union(*lines)) < 2:
            return 0
        return pts if len(lines) >= int(g.get("count", 1)) else 0
    if gt == "connect_any":
        return pts if connects_any(state, seat, g) else 0
    if gt == "first_connect_any":
        key = "|".join(g.get("from_any", [])) + ">" + "|".join(g.get("to_any", []))
        return pts if state.get("first_connect", {}).get(key) == seat else 0
    return None


def _capped(points: int, g: dict[str, Any]) -> int:
    cap = g.get("max")
    return min(points, int(cap)) if cap is not None else points


def highest_engine(state: State, seat: int, g: dict[str, Any]) -> int:
    """Alone at the top; a tie scores only at the level the card names (Nippon's Tanaka: 8)."""
    levels = {p["seat"]: int(p["engine"]) for p in state["players"]}
    mine = levels[seat]
    others = [v for s, v in levels.items() if s != seat]
    if not others or mine > max(others):
        return int(g.get("points", 0))
    tie_at = g.get("ties_score_at")
    if tie_at is not None and mine == max(others) and mine >= int(tie_at):
        return int(g.get("points", 0))
    return 0
