"""The scoring phase (routes as far as the locomotives reach, doublers, route bonuses, industry,
the medal) and the final scoring (end bonus cards, engineer majority, ranking)."""

from __future__ import annotations

from typing import Any

from engine.ultimate import hooks
from engine.ultimate.board import Board, Route, tile_value
from engine.ultimate.module_data import printed
from engine.ultimate.tracks import reach


def valuation(board: Board, p: dict[str, Any]) -> tuple[int, ...]:
    """What a space covered by each track colour scores for this player now."""
    if p.get("special_valuation"):
        return board.special_valuation
    return board.revaluation if p["revalued"] else board.valuation


def route_points(board: Board, p: dict[str, Any], route: Route) -> int:
    """Each space up to the locomotives' reach scores as the nearest track on or ahead of it."""
    r = p["routes"][route.id]
    values = valuation(board, p)
    colours = route.colours_for(r)
    doubled_spaces = r.get("dbl", p["doublers"]) if route.doubler_spaces else 0
    total = 0
    for space in range(1, reach(route, r) + 1):
        level = max((i for i, c in enumerate(colours) if r["tracks"][c] >= space),
                    default=None)
        if level is None:
            continue
        value = values[level]
        if space <= min(doubled_spaces, route.doubler_spaces):
            value *= 2
        total += value
    if any(a.startswith(f"{route.id}:route_double@") for a in p["activated"]):
        total *= 2
    for sp in board.specials_for(route, r):
        if sp.kind == "bonus" and f"{route.id}:{sp.key}" in p["activated"]:
            total += int(sp.info["points"])
    return total


def industry_points(board: Board, p: dict[str, Any]) -> int:
    return sum(board.wrench_points(p, i) for i in range(len(p["wrenches"])))


def medal_points(board: Board, p: dict[str, Any]) -> int:
    if not p["medal"]:
        return 0
    if board.medal_choice:
        # the Asian boards: the medal on the space its owner chose, once reached
        return 20 if p.get("medal_at") and p["medal_at"] in p["activated"] else 0
    for route in board.routes:
        for sp in board.specials_for(route, p["routes"][route.id]):
            if sp.kind == "medal" and f"{route.id}:{sp.key}" in p["activated"]:
                return 20
    return 0


def round_breakdown(board: Board, p: dict[str, Any]) -> dict[str, int]:
    out = {route.id: route_points(board, p, route) for route in board.routes}
    out["industry"] = industry_points(board, p)
    out["medal"] = medal_points(board, p)
    for plugin in hooks.plugins():
        if plugin.round_points is not None:
            out.update(plugin.round_points(board, p))
    return out


# -- final scoring -------------------------------------------------------------------------------

def factory_count(board: Board, p: dict[str, Any]) -> int:
    """Factories in the player's own industry track; none with the shared industry board,
    where the card 'scores 0 points when using the industry board'."""
    if board.shared_industry is not None:
        return 0
    return sum(1 for t in p["factories"] if t is not None)


def ends_reached(board: Board, p: dict[str, Any]) -> int:
    return sum(1 for r in board.routes
               if p["routes"][r.id]["tracks"]["wood"] >= r.length_for(p["routes"][r.id]))


def loco_values(p: dict[str, Any]) -> list[int]:
    return sorted((tile_value(t) for r in p["routes"].values() for t in r["locos"]), reverse=True)


def engineer_count(p: dict[str, Any]) -> int:
    return len(p["engineers"]) + int(p["bonus_cards"].count("extra_engineer"))


def measure(board: Board, p: dict[str, Any], spec: dict[str, Any]) -> int:
    """What a card, factory or engineer counts on a player's board (``spec["counts"]``)."""
    what = spec["counts"]
    if what == "factories":
        return factory_count(board, p)
    if what == "doublers":
        return int(p["doublers"])
    if what == "engineers":
        return engineer_count(p)
    if what == "engineer_numbers":
        return sum(board.engineer_number(k) for k in p["engineers"])
    if what == "moved":
        return sum(int(p["moved"][c]) for c in spec["colours"])
    if what == "stations":
        return ends_reached(board, p)
    if what == "ideas":
        return len(p["placed_ideas"])
    if what == "best_locos":
        return sum(loco_values(p)[: spec["n"]])
    if what == "keys":
        return int(p["keys"])
    if what == "extra_workers":
        return int(p["extra_workers"])
    if what == "nothing":
        return 0
    raise ValueError(f"unknown measure {what}")


def points_for(board: Board, p: dict[str, Any], spec: dict[str, Any]) -> int:
    """Points of a measure: ``per`` each, or the best row of a ``table`` of [at least, points]."""
    count = measure(board, p, spec)
    if "table" in spec:
        return max((int(pts) for least, pts in spec["table"] if count >= least), default=0)
    return int(spec.get("per", 1)) * count


def bonus_card_points(board: Board, p: dict[str, Any], card: str) -> int:
    return points_for(board, p, board.end_bonus[card])


def majority(players: list[dict[str, Any]], points: list[int]) -> dict[int, int]:
    """Most engineers first, second-most next; a tie goes to the highest engineer number.
    Players without engineers score nothing."""
    ranked = sorted((p for p in players if engineer_count(p) > 0),
                    key=lambda p: (engineer_count(p),
                                   max(map(printed, p["engineers"]), default=0)),
                    reverse=True)
    return {p["seat"]: points[i] for i, p in enumerate(ranked[: len(points)])}


def ranking(scores: list[int]) -> list[int]:
    """Place of each seat (1 = best); tied players share a place."""
    return [1 + sum(1 for other in scores if other > s) for s in scores]

