"""The Transcontinental game (compendium pp. 8-9): its options, the Eastern phase's set-up, and
everything between the phases (returned bonds, the Western board joined and populated, the
Western deck, the Western Rail Barons).

The Eastern phase is played on the ``transcontinental-east`` board (the Eastern U.S. in the joined
grid's coordinates); when the West opens, ``state["map"]`` becomes the joined board and every
later move is read against it. ``state["transcon"]`` keeps the phase and the choices.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.rng import Rng
from engine.core.types import State
from engine.rotw.carddeck import baron, baron_ids, operation, operation_ids
from engine.rotw.cards import release_kept_cubes
from engine.rotw.context import CUBES_PER_COLOUR, MapContext
from engine.rotw.economy import draw_cube, total_score
from engine.rotw.mapdef import CUBE_COLOURS
from engine.rotw.maprules import active_rules, ecm_needed
from engine.rotw.minis import MINI_EXPANSIONS
from engine.rotw.reveal import reveal_setup
from engine.rotw.transconrules import BETWEEN, EAST, EAST_FLAG, WEST, WEST_FLAG
from engine.rotw.transconrules import is_transcon as is_transcon  # asked here by set-up
from engine.rotw.tx import Tx, name

EAST_BOARD = "transcontinental-east"
JOINED = "transcontinental"

BARON_CHOICES = {
    "gold_spike": "Option 1: two Gold Spike Transcontinental Rail Barons each, keep one",
    "each_board": "Option 2: two Eastern Rail Barons at the start and two Western ones when "
                  "the West opens, keep one of each",
    "both_at_setup": "Option 2 Variant: two Eastern and two Western Rail Barons at the start, "
                     "keep one of each",
}
OPTIONS = ("barons", "faster_game", "gold_spike_bounties")
"""Game options that only mean something in the Transcontinental game."""
TRANSCON_TEXT = "the Transcontinental game (map:transcontinental)"
TRANSCON_TOP = 100


def opening_board(map_id: str) -> str:
    """The board a game on ``map_id`` starts on: the Eastern phase board for the
    Transcontinental game, the map itself otherwise."""
    return EAST_BOARD if map_id == JOINED else map_id


def check_options(ctx: MapContext, options: dict[str, Any]) -> None:
    if not is_transcon(ctx):
        for key in OPTIONS:
            if key in options:
                raise IllegalAction("option_not_on_map", f"Option {key} is for {TRANSCON_TEXT} "
                                    f"only, not the {ctx.mapdef.name} map.")
        return
    choice = options.get("barons", "gold_spike")
    if choice not in BARON_CHOICES:
        raise IllegalAction("bad_option", "Option barons must be one of: "
                            + ", ".join(BARON_CHOICES) + ".")
    for key in ("faster_game", "gold_spike_bounties"):
        if key in options and not isinstance(options[key], bool):
            raise IllegalAction("bad_option", f"Option {key} is true or false.")
    if options.get("late_baron_choice"):
        raise IllegalAction("option_not_on_map", "The late Rail Baron choice cannot be used in "
                            "the Transcontinental game: its Rail Baron options say when the "
                            "cards are chosen.")


def choices(options: dict[str, Any]) -> dict[str, Any]:
    return {"barons": str(options.get("barons", "gold_spike")),
            "faster_game": bool(options.get("faster_game", False)),
            "gold_spike_bounties": bool(options.get("gold_spike_bounties", False))}


def settings(options: dict[str, Any]) -> list[str]:
    """The choices as ``/game info`` shows them."""
    c = choices(options)
    return ["Transcontinental: the Eastern phase on the Eastern U.S. board, then the Western "
            "phase on both boards joined.",
            f"Rail Barons: {BARON_CHOICES[c['barons']]}.",
            "Gold Spike start cards (Buffalo, Little Rock, Elko, Dodge City, 4 points each), laid "
            "out from the start and kept when the West opens: "
            + ("yes." if c["gold_spike_bounties"] else "no."),
            "Faster Game: " + ("yes (when the West opens, Eastern cities without a link and "
                               "every gray Eastern city lose their cubes)." if c["faster_game"]
                               else "no.")]


def start(state: State, options: dict[str, Any]) -> None:
    """The Eastern phase opens: the choices are kept, its end allows no extra turn."""
    state["transcon"] = {"phase": EAST, **choices(options), "answered": [], "frozen": [],
                         "options": {k: v for k, v in options.items()
                                     if k in MINI_EXPANSIONS or k in ("shorter_game",)}}
    state["ecm"]["turns_after"] = 0


def gold_spike_cards(ctx: MapContext, state: State) -> list[str]:
    """The four Gold Spike start cards, when chosen: laid out with the Eastern start cards and
    kept, while unclaimed, when the West opens (house reading: Buffalo and Little Rock are gray
    Eastern cities, which can only be urbanized, and so served, in the Eastern phase)."""
    if not state["transcon"]["gold_spike_bounties"]:
        return []
    return [c for c in operation_ids(ctx) if deck_of(ctx, c) == "gold_spike"]


def deck_of(ctx: MapContext, cid: str, kind: str = "operations") -> str | None:
    card = operation(ctx, cid) if kind == "operations" else baron(ctx, cid)
    deck = card.get("deck")
    return str(deck) if deck is not None else None


def baron_deck(ctx: MapContext, deck: str) -> list[str]:
    return [b for b in baron_ids(ctx) if deck_of(ctx, b, "barons") == deck]


def deal_barons(state: State, ctx: MapContext, rng: Rng) -> None:
    t = state["transcon"]
    first = baron_deck(ctx, "gold_spike" if t["barons"] == "gold_spike" else "east")
    rng.shuffle(first)
    later = baron_deck(ctx, "west") if t["barons"] == "both_at_setup" else []
    rng.shuffle(later)
    for p in state["players"]:
        p["baron_choices"] = [first.pop(), first.pop()]
        if later:
            p["baron_next"] = [later.pop(), later.pop()]


# --- between the phases ---------------------------------------------------------------------------

def bonds_cost(count: int) -> int:
    """Points to return ``count`` bonds: 2 for the first, 3 for the second, and so on."""
    return sum(range(2, count + 2))


def close_east(tx: Tx) -> None:
    """The Eastern phase is over: players with bonds may now return some."""
    state = tx.state
    t = state["transcon"]
    t["phase"] = BETWEEN
    t["answered"] = []
    state["round"] = None
    tx.say("east_over", "The Eastern phase is over. Before the West opens, each player with "
           "bonds may return some to the bank: the first costs 2 points, the next 3, and so on "
           "(/returnbonds).")
    if any(p["bonds"] for p in state["players"]):
        state["phase"] = "bonds"


def bonds_to_answer(state: State) -> list[int]:
    answered = state["transcon"]["answered"]
    return [p["seat"] for p in state["players"] if p["bonds"] and p["seat"] not in answered]


def most_returnable(p: dict[str, Any]) -> int:
    """The most bonds a player can return: they must have the points to pay for them."""
    k = 0
    while k < int(p["bonds"]) and bonds_cost(k + 1) <= total_score(p):
        k += 1
    return k


def bonds_choice_text(state: State, seat: int, count: int) -> str:
    """How a choice of the bonds step reads in buttons and menus."""
    held = int(state["players"][seat]["bonds"])
    if not count:
        return f"Keep all {held} bond{'s' if held != 1 else ''}"
    return (f"Return {count} bond{'s' if count != 1 else ''} for {bonds_cost(count)} points "
            f"(then {held - count} left)")


def return_bonds(tx: Tx, seat: int, count: Any) -> None:
    state = tx.state
    p = state["players"][seat]
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        raise IllegalAction("bad_count", "Say how many bonds to return: a whole number, 0 to "
                            "keep them all.")
    if count > p["bonds"]:
        raise IllegalAction("too_many_bonds", f"You have {p['bonds']} bond"
                            f"{'s' if p['bonds'] != 1 else ''}; you cannot return {count}.")
    cost = bonds_cost(count)
    if cost > total_score(p):
        raise IllegalAction("not_enough_points", f"Returning {count} bonds costs {cost} points "
                            f"(2 + 3 + ...) and you have {total_score(p)}; you can return at most "
                            f"{most_returnable(p)}.")
    p["bonds"] -= count
    p["score"] -= cost
    while p["score"] < 0 and p["wraps"] > 0:
        p["score"] += TRANSCON_TOP
        p["wraps"] -= 1
    state["transcon"]["answered"].append(seat)
    if count:
        tx.say("bonds_returned", f"{name(state, seat)} returns {count} bond"
               f"{'s' if count > 1 else ''} for {cost} points.")
    else:
        tx.say("bonds_kept", f"{name(state, seat)} keeps every bond.")


def open_west(tx: Tx) -> Tx:
    """The West opens on the joined board; returns the move's context for that board."""
    state = tx.state
    joined = tx.ctx.next_board
    if joined is None:
        raise AssertionError("the Eastern phase board knows no joined board")
    wtx = Tx(state, joined, tx.rng)
    wtx.events, wtx.cash = tx.events, tx.cash
    t = state["transcon"]
    for c in state["cities"].values():
        c["ecm"] = False
    n = len(state["players"])
    needed = ecm_needed(joined, n, state["rules"])
    wtx.say("west_opens", "The West is open: the Western board is joined along the seam and "
            f"stocked with goods. {needed} Empty City Markers on Western cities that start with "
            "more than one cube end the game; Eastern cities no longer grow or urbanize.")
    if t["faster_game"]:
        _faster_game(wtx)
    else:
        # The full game is "for those who have additional cubes" (the Faster Game is for those
        # who do not): a second set goes into the bag (house reading of how many).
        for colour in CUBE_COLOURS:
            state["bag"][colour] += CUBES_PER_COLOUR
        t["added_cubes"] = CUBES_PER_COLOUR * len(CUBE_COLOURS)
        wtx.say("more_cubes", f"A second set of goods cubes ({t['added_cubes']}) goes into the "
                "bag for the Western board.")
    state["map"] = joined.mapdef.id
    state["phase"] = "west_setup"
    rules = set(state["rules"]) | set(active_rules(joined, t["options"]))
    state["rules"] = sorted(rules)
    west = [c for c in joined.mapdef.cities.values() if WEST_FLAG in c.flags]
    if "city_rotors" in rules:
        for c in west:
            if c.name in joined.rotors:
                state["rotors"][c.name] = {"colours": list(joined.rotors[c.name]), "at": 0}
    if "fuel_depots" in rules:
        for p in state["players"]:
            p["depots"] = joined.depots_per_player
    reduction = joined.cube_reduction.get(n, 0)
    for city in west:
        count = max(1, city.cubes - reduction) if city.cubes > 0 else 0
        cubes = [c for c in (draw_cube(wtx) for _ in range(count)) if c is not None]
        state["cities"][city.name] = {"colour": city.colour, "cubes": cubes, "ecm": False,
                                      "urbanized": False}
        if count and not cubes:
            # The bag ran dry (Faster Game): never emptied, so no Empty City Marker yet.
            t.setdefault("unstocked", []).append(city.name)
    known = {(m["a"], m["b"]) for m in state["major_lines"]}
    state["major_lines"] += [{"a": m.a, "b": m.b, "points": m.points, "requires": None,
                              "claimed_by": None} for m in joined.mapdef.major_lines
                             if (m.a, m.b) not in known]
    _west_deck(wtx, n)
    state["ecm"] = {"placed": 0, "needed": needed,
                    "end_triggered": False, "last_turn": None, "turns_after": 1,
                    "only": sorted(c.name for c in west if c.cubes > 1)}
    t["frozen"] = sorted(c.name for c in joined.mapdef.cities.values() if EAST_FLAG in c.flags)
    t["phase"] = WEST
    if t["barons"] == "each_board":
        deck = baron_deck(joined, "west")
        wtx.rng.shuffle(deck)
        for p in state["players"]:
            p["baron_choices"] = [deck.pop(), deck.pop()]
        state["phase"] = "baron"
        wtx.say("baron_choice", "Every player is dealt two Western U.S. Rail Baron cards and "
                "keeps one (/baron); the Eastern ones stay secret until the end.")
    return wtx


def _faster_game(tx: Tx) -> None:
    """Faster Game: cubes leave Eastern cities no link reaches, and every gray Eastern city."""
    state = tx.state
    linked = {c for lk in state["links"] if lk["complete"] for c in lk["cities"]}
    back = 0
    for cname, c in state["cities"].items():
        if cname not in linked or c["colour"] == "gray":
            for colour in c["cubes"]:
                state["bag"][colour] += 1
            back += len(c["cubes"])
            c["cubes"] = []
    tx.say("faster_game", f"Faster Game: {back} cubes leave the Eastern board (cities without a "
           "link, and gray cities) and go back to the bag.")


def _west_deck(tx: Tx, n: int) -> None:
    """Unclaimed Eastern cards leave the game; the Western deck without its start cards is
    shuffled and two cards per player are dealt, after the unclaimed Gold Spike start cards."""
    state, ctx = tx.state, tx.ctx
    ops = state["ops"]
    kept = [c for c in ops["display"] if deck_of(ctx, c) == "gold_spike"]
    eastern = [c for c in ops["display"] + ops["deck"] if c not in kept]
    gone = len(eastern)
    ops["removed"] = ops.get("removed", []) + eastern
    ops["display"] = kept
    release_kept_cubes(tx)  # an unclaimed Passenger Lines card left the game
    deck = [c for c in operation_ids(ctx) if deck_of(ctx, c) == "west"
            and not operation(ctx, c).get("start")]
    tx.rng.shuffle(deck)
    ops["deck"] = deck
    tx.say("west_deck", f"{gone} unclaimed Eastern Operations cards leave the game; the Western "
           "deck is dealt.")
    for _ in range(2 * n):
        if not reveal_setup(tx):
            break
