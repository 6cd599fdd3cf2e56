"""The cards of a map's decks by id: card-file entries put in the engine's shape (see
maps/CARDS.md), and the lookups every rule reads a card through."""

from __future__ import annotations

from typing import Any

from engine.core.types import State
from engine.rotw.context import MapContext

GOAL_ALIASES = {"service_bounty": "deliver_to"}


def _normalise_operation(raw: dict[str, Any]) -> list[dict[str, Any]]:
    """One card-file entry -> its copies in the engine's shape (see maps/CARDS.md).

    ``count`` n > 1 gives copies ``<id>#1..#n``; a green-circle card (kind ``green`` or ``goal``)
    carries its goal under ``goal`` whichever key the file used.
    """
    card = dict(raw)
    kind = "goal" if card.get("kind") in ("green", "goal") else str(card.get("kind"))
    card["kind"] = kind
    card.setdefault("short", card["name"])
    if kind == "goal":
        goal = dict(card.pop("goal", None) or card.pop("effect", {}))
        goal["type"] = GOAL_ALIASES.get(goal.get("type", ""), goal.get("type"))
        if "colours" in goal:
            goal.setdefault("count", goal["colours"])
        card["goal"] = goal
    elif "effect" in card:
        eff = dict(card["effect"])
        if "actions" in eff:
            eff.setdefault("count", eff["actions"])
        card["effect"] = eff
    n = int(card.pop("count", 1))
    if n <= 1:
        return [card]
    return [{**card, "id": f"{card['id']}#{i}"} for i in range(1, n + 1)]


def _index(ctx: MapContext, key: str) -> dict[str, dict[str, Any]]:
    cache = ctx.__dict__.setdefault("_card_index", {})
    if key not in cache:
        raw = ctx.cards.get(key, [])
        if key == "operations":
            cards = [c for r in raw for c in _normalise_operation(r)]
        else:
            cards = list(raw)
        cache[key] = {c["id"]: c for c in cards}
    idx: dict[str, dict[str, Any]] = cache[key]
    return idx


def operation(ctx: MapContext, cid: str) -> dict[str, Any]:
    return _index(ctx, "operations")[cid]


def baron(ctx: MapContext, cid: str) -> dict[str, Any]:
    return _index(ctx, "barons")[cid]


def card_kind(cid: str) -> str:
    """The card a copy is of: ``city-growth#2`` is a ``city-growth``."""
    return cid.split("#")[0]


def operation_ids(ctx: MapContext) -> list[str]:
    return list(_index(ctx, "operations"))


def baron_ids(ctx: MapContext) -> list[str]:
    return list(_index(ctx, "barons"))


def effect(ctx: MapContext, cid: str) -> dict[str, Any]:
    e: dict[str, Any] = operation(ctx, cid).get("effect", {})
    return e


def held_with(state: State, ctx: MapContext, seat: int, etype: str) -> list[str]:
    p = state["players"][seat]
    return [c for c in p["cards"] + p["hand"] if effect(ctx, c).get("type") == etype]
