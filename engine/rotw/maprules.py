"""Which map-specific rules and variants a game plays with: the map's own list narrowed and
widened by the game options (R2)."""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.types import State
from engine.rotw import rotors
from engine.rotw.context import MapContext
from engine.rotw.minis import check_minis, mini_rules

OPTION_RULE = {"black_stars": "black_star_cards", "periods": "time_travel"}
"""Option name -> the map rule that must exist for the option to mean anything."""

VARIANTS = ("cut_throat", "shorter_game", "glenn_drover", "late_baron_choice")
"""Boolean variant options (the compendium's Variants section); each is the rule of its name."""

AUCTION_VARIANTS = {"standard": None, "first_turn_paid": "auction_first_turn_paid",
                    "half_price_dropouts": "auction_half_price_dropouts"}
"""auction_variant option value -> the rule it turns on (First Player Auction Variants 1, 2)."""

GLENN_DROVER_PLAYERS = 2


def check_options(ctx: MapContext, options: dict[str, Any], players: int | None = None) -> None:
    for key in options:
        need = OPTION_RULE.get(key)
        if need is not None and need not in ctx.mapdef.rules:
            raise IllegalAction("option_not_on_map", f"Option {key} has no meaning on the "
                                f"{ctx.mapdef.name} map.")
    check_minis(ctx, options)
    rotors.check(ctx, options, active_rules(ctx, options))
    variant = options.get("auction_variant", "standard")
    if variant not in AUCTION_VARIANTS:
        raise IllegalAction("bad_option", "Option auction_variant must be one of: "
                            + ", ".join(AUCTION_VARIANTS) + ".")
    if variant != "standard" and "time_travel" in ctx.mapdef.rules:
        raise IllegalAction("bad_option", "Railways through Time has its own auction (drop-outs "
                            "pay half their bid, rounded down, and take the last free place): "
                            "leave out auction_variant.")
    if options.get("glenn_drover"):
        if not ctx.glenn_west:
            raise IllegalAction("option_not_on_map", "The Glenn Drover variant is for the "
                                f"Eastern U.S. map only, not {ctx.mapdef.name}.")
        if players is not None and players != GLENN_DROVER_PLAYERS:
            raise IllegalAction("option_player_count", "The Glenn Drover variant is for a "
                                f"2-player game; this game has {players} players.")


def active_rules(ctx: MapContext, options: dict[str, Any]) -> list[str]:
    rules = mini_rules(ctx, options, set(ctx.mapdef.rules))
    # Black Star cards are optional (Mexico page): in only when asked for (R2).
    if not options.get("black_stars"):
        rules.discard("black_star_cards")
    rules |= {v for v in VARIANTS if options.get(v) is True}
    auction = AUCTION_VARIANTS.get(str(options.get("auction_variant", "standard")))
    if auction is not None:
        rules.add(auction)
    if "time_travel" in rules:
        # Railways through Time's own auction: Variant 2's order, half the bid rounded down.
        rules |= {"auction_half_price_dropouts", "auction_half_down"}
    return sorted(rules)


SHORTER_GAME_ECM = 2


def ecm_needed(ctx: MapContext, n: int, rules: list[str]) -> int:
    needed = ctx.ecm_to_end.get(n, 2 * n + 6)
    if "shorter_game" in rules:
        # Shorter Games variant; at least one marker is still needed to end the game.
        needed = max(1, needed - SHORTER_GAME_ECM)
    return needed


def ecm_line(ctx: MapContext, options: dict[str, Any], players: int | None) -> str:
    """``/game info``: the Empty City Markers that end the game, from the map's chart."""
    chart = ", ".join(f"{n}: {k}" for n, k in sorted(ctx.ecm_to_end.items()))
    rules = active_rules(ctx, options)
    shorter = "; 2 fewer in the shorter game" if "shorter_game" in rules else ""
    count = f"{ecm_needed(ctx, players, rules)} " if players else ""
    return (f"Game end: {count}Empty City Markers (the chart by players: {chart}{shorter}), "
            "then the rest of that turn and one more full turn.")


def cube_line(ctx: MapContext) -> str:
    """``/game info``: the goods each city starts with, by the map's cube reduction chart."""
    fewer = {n: k for n, k in sorted(ctx.cube_reduction.items()) if k > 0}
    if not fewer:
        return "Goods at the start: the number printed on each city, whatever the player count."
    counts = " or ".join(str(n) for n in fewer)
    less = {1: "one"}.get(max(fewer.values()), str(max(fewer.values())))
    return (f"Goods at the start: the number printed on each city, {less} fewer with {counts} "
            "players (at least one).")


def on(state: State, rule: str) -> bool:
    return rule in state.get("rules", ())
