"""Test helpers for the expansion rules: the mini map with extra cards, tables or rules."""

from __future__ import annotations

from typing import Any

from rotw_kit import Kit, small_map_data

from engine.core.replay import new_game
from engine.rotw.carddata import eastern_us_cards
from engine.rotw.carddeck import operation
from engine.rotw.mapdef import parse_map
from engine.rotw.title import RotwTitle


def op(cid: str, kind: str, effect: dict[str, Any], **more: Any) -> dict[str, Any]:
    card = {"id": cid, "name": cid.replace("-", " ").title(), "kind": kind, "text": "",
            "start": False, "effect": effect}
    card.update(more)
    return card


def expansion_kit(ops: list[dict[str, Any]] | None = None,
                  barons: list[dict[str, Any]] | None = None, n: int = 2, seed: int = 1,
                  rules: list[str] | None = None, options: dict[str, Any] | None = None,
                  to_actions: bool = True, **map_changes: Any) -> Kit:
    data = small_map_data(**map_changes.pop("tables", {}))
    data["rules"] = [*data["rules"], *(rules or [])]
    data.update(map_changes)
    mapdef = parse_map(data)
    cards = eastern_us_cards()
    cards["operations"] = [*cards["operations"], *(ops or [])]
    cards["barons"] = [*cards["barons"], *(barons or [])]
    title = RotwTitle(lambda _m: mapdef, lambda _m: cards)
    kit = Kit(n, seed, title)
    if options:
        kit.config["options"] = dict(options)
        kit.state = new_game(title, kit.config)
    if to_actions:
        kit.to_actions()
    return kit


def give(kit: Kit, seat: int, cid: str) -> None:
    """Hand a card to a seat as if taken (test set-up), wherever it lay."""
    st = kit.state
    for pile in (st["ops"]["display"], st["ops"]["deck"], st["ops"]["discard"]):
        if cid in pile:
            pile.remove(cid)
    card = operation(kit.title.context(st["map"]), cid)
    where = "hand" if card["kind"] == "hand" else "cards"
    st["players"][seat][where].append(cid)


def show(kit: Kit, cid: str) -> None:
    """Put a card into the Operations display (test set-up)."""
    st = kit.state
    for pile in (st["ops"]["deck"], st["ops"]["discard"]):
        if cid in pile:
            pile.remove(cid)
    st["ops"]["display"].append(cid)
