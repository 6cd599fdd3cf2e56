"""What a Railways of the World seat's position is worth in final points: where a strong
player's rollout ends is judged by it.

A seat's outlook is its score now less a point a bond (as at the end), plus the points it can
still expect: the deliveries its network and engine open and its links while turns are left to
use them, less the interest its bonds will cost, and its Rail Baron's points if the game ended
now. Each part is weighed as seeded games of normal players showed it to count (``FIT``: a
least-squares fit of the points a seat went on to score, ``bench/rotw_outlook.py``). Its engine,
income and money were tried as parts too: they foretold no better, and came out weighing less
than nothing, which a search must not learn from. Only what the seat sees is
read: the board, every seat's score, money and bonds, and its own Rail Baron (another seat's
is a guess of the search).
"""

from __future__ import annotations

from typing import Any

from engine.core.types import State
from engine.rotw import network
from engine.rotw.cards import baron_points
from engine.rotw.context import MapContext
from engine.rotw.economy import total_score
from engine.rotw.playervalue import delivery_points, progress

PARTS = ("left", "ahead", "best", "links", "bonds", "baron")
"""The parts of an outlook, in ``FIT``'s order. Every part but the baron's is times the share of
the game left (what pays later counts for nothing at the end)."""

DELIVERIES_AHEAD = 4
"""The best deliveries open now that count (about the deliveries of the next turn or two)."""

FIT = (40.18, 0.08, 0.56, 1.82, -2.52, 0.88)
"""Points each part brings by the game's end (in ``PARTS``' order), fitted on 19 seeded games
of normal players (seeds 5000-5018, 920 outlooks at the turns' first actions): the points a seat
goes on to score are foretold within 8.0 points on average (9.1 on 5 games held out, where the
score less the bonds alone misses by 35)."""


def parts(state: State, ctx: MapContext, seat: int) -> list[float]:
    """The parts of ``seat``'s outlook (``PARTS``)."""
    p: dict[str, Any] = state["players"][seat]
    left = 1.0 - progress(state)
    found = delivery_points(state, seat)
    ahead = float(sum(found[:DELIVERIES_AHEAD]))
    best = float(found[0]) if found else 0.0
    links = float(len(network.complete_links(state, seat)))
    baron = float(baron_points(state, ctx, seat)) if p["baron"] else 0.0
    return [left, ahead * left, best * left, links * left, float(p["bonds"]) * left, baron]


def settled(p: dict[str, Any]) -> float:
    """What a seat's outlook starts from: its score now, less a point a bond."""
    return float(total_score(p) - int(p["bonds"]))


def final_points(state: State, ctx: MapContext, seat: int) -> float:
    """``seat``'s expected final score: its final score once the game is over."""
    if state.get("finished"):
        return float(next(f["score"] for f in state["final"]["scores"] if f["seat"] == seat))
    return settled(state["players"][seat]) + sum(
        w * x for w, x in zip(FIT, parts(state, ctx, seat), strict=True))
