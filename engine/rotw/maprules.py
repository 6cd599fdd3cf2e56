"""Which map-specific rules a game plays with: the map's own list narrowed by the game options."""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.types import State
from engine.rotw.context import MapContext

OPTIONAL_RULES = {"city_rotors": "city_rotors", "fuel_depots": "fuel_depots"}
"""Option name -> map rule it switches off when set to false (the Western U.S. page)."""

OPTION_RULE = {"black_stars": "black_star_cards", **OPTIONAL_RULES}
"""Option name -> the map rule that must exist for the option to mean anything."""


def check_options(ctx: MapContext, options: dict[str, Any]) -> None:
    for key in options:
        need = OPTION_RULE.get(key)
        if need is not None and need not in ctx.mapdef.rules:
            raise IllegalAction("option_not_on_map", f"Option {key} has no meaning on the "
                                f"{ctx.mapdef.name} map.")


def active_rules(ctx: MapContext, options: dict[str, Any]) -> list[str]:
    rules = set(ctx.mapdef.rules)
    for opt, rule in OPTIONAL_RULES.items():
        if options.get(opt) is False:
            rules.discard(rule)
    # Black Star cards are optional (Mexico page): in only when asked for (R2).
    if not options.get("black_stars"):
        rules.discard("black_star_cards")
    return sorted(rules)


def on(state: State, rule: str) -> bool:
    return rule in state.get("rules", ())
