"""Railways through Time set-up words and cards: which period boards a game uses, and the deck
without the cards of periods not in play."""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.rotw.mapdef import MapDef
from engine.rotw.timemap import default_periods, parse_periods, periods


def in_play(cards: dict[str, Any], mapdef: MapDef, chosen: list[str]) -> dict[str, Any]:
    """The card data minus the Operations cards of periods not in play (a card naming a city or
    a warp of an unused board, or a Time Bounty of an unused period)."""
    def kept(card: dict[str, Any]) -> bool:
        e = card.get("effect") or card.get("goal") or {}
        if "city" in e and e["city"] not in mapdef.cities:
            return False
        return "period" not in e or e["period"] in chosen

    return {**cards, "operations": [c for c in cards.get("operations", []) if kept(c)]}


def period_lines(base: MapDef, options: dict[str, Any], players: int | None) -> list[str]:
    """``/game info`` lines: the period boards in play (chosen, or the default for the count)."""
    names = {p.id: p for p in periods(base)}
    raw = options.get("periods")
    try:
        chosen = parse_periods(base, raw) if raw is not None else None
    except IllegalAction:
        chosen = None
    if chosen is None and players:
        chosen = default_periods(base, players)
        how = f"the default for {players} players"
    else:
        how = "chosen when the game was opened"
    if chosen is None:
        return ["Time periods: chosen at the start for the player count (players + 1 boards, "
                "one with a red city)."]
    shown = ", ".join(f"{names[c].name} ({names[c].era})" for c in chosen)
    lines = [f"Time periods ({how}): {shown}."]
    if players and len(chosen) != players + 1:
        lines.append(f"The rulebook recommends {players + 1} boards for {players} players.")
    if not any(names[c].red_city for c in chosen):
        lines.append("No board in play has a red city; the rulebook recommends at least one.")
    return lines
