"""A fresh game: cubes into cities, the Operations display, Rail Baron deals, empty players."""

from __future__ import annotations

from typing import Any

from engine.core.rng import Rng
from engine.core.rulesversion import keep_rules_version
from engine.core.types import Config, State
from engine.rotw import rotors, timetravel, transcon, versions
from engine.rotw.carddeck import baron, baron_ids, card_kind, operation, operation_ids
from engine.rotw.context import CUBES_PER_COLOUR, MapContext
from engine.rotw.economy import draw_cube
from engine.rotw.events import open_deck
from engine.rotw.flow import open_first_turn
from engine.rotw.mapdef import CUBE_COLOURS
from engine.rotw.maprules import active_rules, ecm_needed, on
from engine.rotw.mines import MINES_PER_PLAYER
from engine.rotw.reveal import reveal_setup
from engine.rotw.switches import SWITCHES_PER_PLAYER
from engine.rotw.timemap import period_of_city
from engine.rotw.timetravel import RULE as TIME_TRAVEL
from engine.rotw.tx import Tx

BOUNTIES_IN_PLAY = 4


def new_player(seat: int, name: str, colour: str, keeps_cubes: bool = True) -> dict[str, Any]:
    """A player as the set-up seats them (``keeps_cubes``: the rules keep delivered cubes for
    Passenger Lines, so the player has a place for them)."""
    return {"seat": seat, "name": name, "colour": colour, "money": 0, "bonds": 0, "engine": 1,
            "score": 0, "wraps": 0, "baron": None, "baron_choices": [], "hand": [], "cards": [],
            "colours_delivered": [], "diamond_turn": 0, "depots": 0, "held_cube": None,
            "inspected": False, **({"kept_cubes": []} if keeps_cubes else {})}


def setup(config: Config, rng: Rng, ctx: MapContext) -> State:
    n = len(config["players"])
    md = ctx.mapdef
    rules = active_rules(ctx, config.get("options") or {})
    state: State = {
        "title": "rotw", "map": md.id, "rules": rules, "phase": "baron", "turn": 1,
        "round": None,
        "players": [new_player(i, p["name"], p["colour"], versions.keeps_delivered_cubes(config))
                    for i, p in enumerate(config["players"])],
        "first_player": None, "turn_order": list(range(n)), "order_pos": 0, "extra_actions": 0,
        "auction": None, "bag": dict.fromkeys(CUBE_COLOURS, CUBES_PER_COLOUR),
        "cities": {}, "links": [], "next_link": 1, "western_links": [],
        "new_city_tiles": versions.new_city_tiles(config, ctx),
        "major_lines": [{"a": m.a, "b": m.b, "points": m.points, "requires": m.requires,
                         "claimed_by": None} for m in md.major_lines],
        "ops": {"display": [], "deck": [], "discard": []},
        "ecm": {"placed": 0, "needed": ecm_needed(ctx, n, rules), "end_triggered": False,
                "last_turn": None},
        "first_engine": {}, "finished": False, "final": None,
        "rotors": {c: {"colours": list(w), "at": 0}
                   for c, w in rotors.placed(ctx, config.get("options") or {}).items()}
        if "city_rotors" in rules else {},
        "depots": {}, "charters": {}, "trading_depots": [], "mines": [], "pending": None,
        "deliveries": {},
    }
    keep_rules_version(state, config)
    if "fuel_depots" in rules:
        for p in state["players"]:
            p["depots"] = ctx.depots_per_player
    if "mines" in rules:
        for p in state["players"]:
            p["mines"] = MINES_PER_PLAYER
    if "switch_tracks" in rules:
        for p in state["players"]:
            p["switches"] = SWITCHES_PER_PLAYER
    if transcon.is_transcon(ctx):
        transcon.start(state, config.get("options") or {})
    tx = Tx(state, ctx, rng)
    open_deck(tx)
    reduction = ctx.cube_reduction.get(n, 0)
    fixed = _fixed_cubes(ctx, rules)
    for city in md.cities.values():
        count = max(1, city.cubes - reduction) if city.cubes > 0 else 0
        cubes: list[str] = []
        for colour in fixed.get(city.name, []):
            if state["bag"][colour] > 0 and len(cubes) < count:
                state["bag"][colour] -= 1
                cubes.append(colour)
        cubes += [c for c in (draw_cube(tx) for _ in range(count - len(cubes))) if c is not None]
        state["cities"][city.name] = {"colour": city.colour, "cubes": cubes, "ecm": False,
                                      "urbanized": False}
    if on(state, TIME_TRAVEL):
        timetravel.setup_state(state, ctx, period_of_city(md))
    _deal_operations(tx, n)
    if "transcon" in state:
        transcon.deal_barons(state, ctx, rng)
    else:
        deck = [b for b in baron_ids(ctx)
                if "black_star_cards" in rules or not baron(ctx, b).get("black_star")]
        rng.shuffle(deck)
        for p in state["players"]:
            p["baron_choices"] = [deck.pop(), deck.pop()] if len(deck) >= 2 else list(deck)
    if not any(p["baron_choices"] for p in state["players"]):
        # A map without Rail Baron cards (Railways through Time) starts with the auction.
        open_first_turn(tx)
    elif on(state, "late_baron_choice"):
        # Both dealt Rail Barons stay in hand (secret); the choice comes with the first Major
        # Line (flow.baron_interrupt) or at the end of the game.
        open_first_turn(tx)
    return state


def _fixed_cubes(ctx: MapContext, rules: list[str]) -> dict[str, list[str]]:
    """Cubes the set-up places on purpose (Shinbashi Station: one blue cube on Tokyo)."""
    out: dict[str, list[str]] = {}
    if "shinbashi_station" not in rules:
        return out
    for cid in operation_ids(ctx):
        cube = operation(ctx, cid).get("goal", {}).get("setup_cube")
        if cube:
            out.setdefault(str(cube["city"]), []).append(str(cube["colour"]))
    return out


def _replaced(ctx: MapContext, rules: list[str]) -> set[str]:
    """Start cards another start card takes the place of (Shinbashi Station replaces The
    Railroad Era Begins)."""
    if "shinbashi_station" not in rules:
        return set()
    out = set()
    for cid in operation_ids(ctx):
        gone = operation(ctx, cid).get("goal", {}).get("replaces")
        if gone:
            out |= {c for c in operation_ids(ctx) if card_kind(c) == gone}
    return out


def _deal_operations(tx: Tx, n: int) -> None:
    """Start cards open the display, then two cards per player are dealt.

    Nippon's set-up speaks of "the two start cards": we read that as its two Service Bounty
    cards, which are both laid out because fewer than four exist; its other yellow-S cards open
    the display as on every map (house reading).
    """
    state, ctx, rng = tx.state, tx.ctx, tx.rng
    gone = _replaced(ctx, state["rules"])
    # The Transcontinental game opens with the Eastern deck only (its cards name their deck).
    deck_in_play = "east" if "transcon" in state else None
    ids = [c for c in operation_ids(ctx)
           if c not in gone and transcon.deck_of(ctx, c) == deck_in_play]
    start = [c for c in ids if operation(ctx, c).get("start")
             and not versions.dealt_into_deck(state, state["map"], operation(ctx, c))]
    bounties = [c for c in start if operation(ctx, c).get("goal", {}).get("type") == "deliver_to"]
    rng.shuffle(bounties)
    display = bounties[:BOUNTIES_IN_PLAY] + [c for c in start if c not in bounties]
    if "transcon" in state:
        display += transcon.gold_spike_cards(ctx, state)
    deck = [c for c in ids if c not in start]
    rng.shuffle(deck)
    state["ops"]["display"] = display
    state["ops"]["deck"] = deck
    for _ in range(2 * n):
        if not reveal_setup(tx):
            break
