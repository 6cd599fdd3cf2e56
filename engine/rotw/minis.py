"""The six Optional Mini Expansions as game options on every map (R2, R23).

Each is a boolean option and the rule of the same name. A map page may make one standard (the
Western U.S. lists City Rotors and Fuel Depots among its rules: on unless set to false) or rule
one out: a map's ``mini_expansions`` table may hold ``{"forbidden": {option: sentence}}``, and
asking for a forbidden one is refused with that sentence when the game is opened.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.rotw.context import MapContext

MINI_EXPANSIONS = {
    "event_deck": "the Event Deck",
    "city_rotors": "City Rotors",
    "mines": "Mines",
    "fuel_depots": "Fuel Depots",
    "switch_tracks": "Switch Tracks",
    "hotels": "Hotels",
}
"""Option name (= rule name) -> how players call it."""


def standard(ctx: MapContext) -> list[str]:
    """The mini-expansions the map's page makes standard (on unless switched off)."""
    return [m for m in MINI_EXPANSIONS if m in ctx.mapdef.rules]


def forbidden(ctx: MapContext) -> dict[str, str]:
    """Mini-expansion -> the sentence of the map page that rules it out."""
    table = ctx.mapdef.tables.get("mini_expansions")
    raw = table.values.get("forbidden", {}) if table is not None else {}
    return {str(k): str(v) for k, v in raw.items() if k in MINI_EXPANSIONS}


def check_minis(ctx: MapContext, options: dict[str, Any]) -> None:
    for opt in MINI_EXPANSIONS:
        value = options.get(opt)
        if value is None:
            continue
        if not isinstance(value, bool):
            raise IllegalAction("bad_option", f"Option {opt} is true or false.")
        why = forbidden(ctx).get(opt)
        if value and why:
            raise IllegalAction("option_not_on_map", f"{MINI_EXPANSIONS[opt]} cannot be used on "
                                f"the {ctx.mapdef.name} map: {why}")
        if value and opt == "city_rotors" and not ctx.rotors and "rotor_cities" not in options:
            raise IllegalAction("option_not_on_map", f"The {ctx.mapdef.name} map names no City "
                                "Rotor cities: name them with rotor_cities.")
        if value and opt == "event_deck" and not ctx.events:
            raise IllegalAction("option_not_on_map", "This server has no Event Deck cards, so "
                                "the Event Deck cannot be used.")


def mini_rules(ctx: MapContext, options: dict[str, Any], rules: set[str]) -> set[str]:
    """``rules`` with the mini-expansions switched on or off as the options ask."""
    out = set(rules)
    for opt in MINI_EXPANSIONS:
        value = options.get(opt)
        if value is True and opt not in forbidden(ctx):
            out.add(opt)
        elif value is False:
            out.discard(opt)
    return out


def in_play(rules: list[str] | set[str]) -> list[str]:
    """How players call the mini-expansions a game plays with, in the compendium's order."""
    return [words for opt, words in MINI_EXPANSIONS.items() if opt in rules]
