"""The game options that open an Advanced Game: ``advanced=true`` and ``end_empty=N``."""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.rotw.advanced.companies import company_defs
from engine.rotw.advanced.turn import DEFAULT_END
from engine.rotw.context import MapContext

ADVANCED_MAP = "england-wales"


def advanced(options: dict[str, Any]) -> bool:
    return options.get("advanced") is True


def check(ctx: MapContext, options: dict[str, Any]) -> None:
    if not advanced(options):
        if options.get("end_empty") is not None:
            raise IllegalAction("option_needs_advanced", "Option end_empty sets the end of the "
                                "Advanced Game: use it with advanced:true.")
        return
    if not company_defs(ctx):
        raise IllegalAction("option_not_on_map", "The Advanced Game (companies and shares) is "
                            f"played on the England and Wales map only (map:{ADVANCED_MAP}), "
                            f"not on the {ctx.mapdef.name.rstrip('.')} map.")
    end = options.get("end_empty")
    if end is not None:
        cities = sum(1 for c in ctx.mapdef.cities.values() if c.cubes > 0)
        if not isinstance(end, int) or isinstance(end, bool) or not 1 <= end <= cities:
            raise IllegalAction("bad_option", f"Option end_empty is the number of empty cities "
                                f"that ends the game: a whole number from 1 to {cities} "
                                f"(default {DEFAULT_END}).")
    for other in ("event_deck", "city_rotors", "mines", "fuel_depots", "switch_tracks",
                  "hotels", "late_baron_choice", "auction_variant", "shorter_game"):
        if options.get(other) not in (None, False, "standard"):
            raise IllegalAction("option_not_advanced", f"Option {other} belongs to the basic "
                                "game; the Advanced Game is played without it.")


def settings(ctx: MapContext, options: dict[str, Any]) -> list[str]:
    if not advanced(options):
        return []
    end = options.get("end_empty") or DEFAULT_END
    companies = ", ".join(f"{d.name} {d.price}" for d in company_defs(ctx))
    return [f"Advanced Game (companies and shares): ends when {end} cities are empty; "
            f"companies and starting share prices (house): {companies}."]
