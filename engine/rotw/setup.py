"""A fresh game: cubes into cities, the Operations display, Rail Baron deals, empty players."""

from __future__ import annotations

from typing import Any

from engine.core.rng import Rng
from engine.core.types import Config, State
from engine.rotw.cards import baron_ids, operation, operation_ids
from engine.rotw.context import CUBES_PER_COLOUR, MapContext
from engine.rotw.economy import draw_cube
from engine.rotw.mapdef import CUBE_COLOURS
from engine.rotw.tx import Tx

BOUNTIES_IN_PLAY = 4


def new_player(seat: int, name: str, colour: str) -> dict[str, Any]:
    return {"seat": seat, "name": name, "colour": colour, "money": 0, "bonds": 0, "engine": 1,
            "score": 0, "wraps": 0, "baron": None, "baron_choices": [], "hand": [], "cards": [],
            "colours_delivered": [], "diamond_turn": 0}


def setup(config: Config, rng: Rng, ctx: MapContext) -> State:
    n = len(config["players"])
    md = ctx.mapdef
    state: State = {
        "title": "rotw", "map": md.id, "phase": "baron", "turn": 1, "round": None,
        "players": [new_player(i, p["name"], p["colour"]) for i, p in enumerate(config["players"])],
        "first_player": None, "turn_order": list(range(n)), "order_pos": 0, "extra_actions": 0,
        "auction": None, "bag": dict.fromkeys(CUBE_COLOURS, CUBES_PER_COLOUR),
        "cities": {}, "links": [], "next_link": 1, "western_links": [],
        "new_city_tiles": dict(ctx.new_city_tiles),
        "major_lines": [{"a": m.a, "b": m.b, "points": m.points, "requires": m.requires,
                         "claimed_by": None} for m in md.major_lines],
        "ops": {"display": [], "deck": [], "discard": []},
        "ecm": {"placed": 0, "needed": ctx.ecm_to_end.get(n, 2 * n + 6), "end_triggered": False,
                "last_turn": None},
        "first_engine": {}, "finished": False, "final": None,
    }
    tx = Tx(state, ctx, rng)
    reduction = ctx.cube_reduction.get(n, 0)
    for city in md.cities.values():
        count = max(1, city.cubes - reduction) if city.cubes > 0 else 0
        cubes = [c for c in (draw_cube(tx) for _ in range(count)) if c is not None]
        state["cities"][city.name] = {"colour": city.colour, "cubes": cubes, "ecm": False,
                                      "urbanized": False}
    _deal_operations(state, ctx, rng, n)
    deck = baron_ids(ctx)
    rng.shuffle(deck)
    for p in state["players"]:
        p["baron_choices"] = [deck.pop(), deck.pop()] if len(deck) >= 2 else list(deck)
    return state


def _deal_operations(state: State, ctx: MapContext, rng: Rng, n: int) -> None:
    ids = operation_ids(ctx)
    start = [c for c in ids if operation(ctx, c).get("start")]
    bounties = [c for c in start if operation(ctx, c).get("goal", {}).get("type") == "deliver_to"]
    rng.shuffle(bounties)
    display = bounties[:BOUNTIES_IN_PLAY] + [c for c in start if c not in bounties]
    deck = [c for c in ids if c not in start]
    rng.shuffle(deck)
    for _ in range(2 * n):
        card = _draw_setup_card(deck, ctx, rng)
        if card is None:
            break
        display.append(card)
    state["ops"]["display"] = display
    state["ops"]["deck"] = deck


def _draw_setup_card(deck: list[str], ctx: MapContext, rng: Rng) -> str | None:
    """Railroad Executive dealt at setup goes back into the deck (appendix)."""
    for _ in range(len(deck)):
        card = deck.pop()
        if operation(ctx, card).get("effect", {}).get("type") != "extra_actions":
            return card
        deck.insert(rng.below(len(deck) + 1), card)
    return None
