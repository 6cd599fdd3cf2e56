"""The Special Ideas module: the special idea token, its five cards, and what the cards leave on
a player's board (doubled industry steps, an engineer from the box, the freight car, the special
factory)."""

from __future__ import annotations

from typing import Any

from engine.core.rng import Rng
from engine.core.types import State
from engine.ultimate import gains, locos, pool
from engine.ultimate.board import Board, Parts, tile_value
from engine.ultimate.ctx import Ctx
from engine.ultimate.hooks import Plugin
from engine.ultimate.module_data import MODULES, parts, printed
from engine.ultimate.plugins.special_ideas.data import SPECIAL_IDEAS, add_to

Task = dict[str, Any]
Option = tuple[str, str]

KINDS = ("special_card", "box_engineer", "freight")
CARDS: dict[str, dict[str, Any]] = {c["id"]: c for c in SPECIAL_IDEAS["cards"]["list"]}
FACTORY = str(SPECIAL_IDEAS["factory_tile"])
FACTORY_WHERE = "the special factory"


def engineers_in_game(ctx: Ctx) -> list[int]:
    """Engineers dealt into the game: the row, those gone, everyone's (Emil's too)."""
    state = ctx.state
    out = [k for k in state["engineer_row"] if k is not None] + list(state["engineers_out"])
    for p in state["players"]:
        out += p["engineers"]
    if state.get("emil"):
        out += state["emil"]["engineers"]
    return out


def box_engineers(ctx: Ctx) -> list[int]:
    """'Choose an engineer not currently in play, from the box ... not ... with the same number
    as an engineer already in the game'; a module's engineers only when it is in play."""
    playing = engineers_in_game(ctx)
    numbers = {printed(k) for k in playing}
    modules = ("", *ctx.state["modules"])
    return [k for k, e in ctx.board.engineers.items()
            if e["group"] in ("A", "B") and k not in playing and printed(k) not in numbers
            and e.get("module", "") in modules
            and not (ctx.board.shared_industry is not None
                     and "industry_board" in e.get("not_with", ()))]


def freight_routes(ctx: Ctx, seat: int) -> list[str]:
    least = int(SPECIAL_IDEAS["freight_min_loco"])
    p = ctx.player(seat)
    return [r.id for r in ctx.board.routes
            if any(tile_value(t) >= least for t in p["routes"][r.id]["locos"])]


def usable(ctx: Ctx, seat: int, card: str) -> bool:
    if card == "freight":
        return bool(freight_routes(ctx, seat))
    if card == "engineer":
        return bool(box_engineers(ctx))
    return True


def options(ctx: Ctx, seat: int, task: Task) -> list[Option]:
    k = task["k"]
    if k == "special_card":
        return [(f"special-{c}", f"special idea card: {CARDS[c]['text']}")
                for c in ctx.state["special_cards"] if usable(ctx, seat, c)]
    if k == "box_engineer":
        return [(f"box-{key}", f"engineer #{printed(key)} from the box: "
                               f"{ctx.board.engineer_text(key)}") for key in box_engineers(ctx)]
    if k == "freight":
        return [(f"freight-{rid}", f"the freight car onto {ctx.board.route_by_id[rid].name}")
                for rid in freight_routes(ctx, seat)]
    raise ValueError(f"unknown task kind {k}")


def apply(ctx: Ctx, seat: int, task: Task, choice: str) -> None:
    p = ctx.player(seat)
    k = task["k"]
    if k == "special_card":
        card = choice.removeprefix("special-")
        ctx.state["special_cards"].remove(card)
        p["special_cards"].append(card)
        ctx.say(f"{ctx.name(seat)} takes the special idea card: {CARDS[card]['text']}.", "idea",
                seat=seat, card=card)
        if card == "double":
            p["double_industry"] = True
        elif card == "engineer":
            p["pool"].insert(0, {"k": "box_engineer", "must": True, "src": "special idea card"})
        elif card == "freight":
            p["pool"].insert(0, {"k": "freight", "must": True, "src": "special idea card"})
        elif card == "factory":
            gap = locos.free_gap(ctx, seat)
            if gap is None:
                p["pool"].insert(0, {"k": "factory_slot", "tile": FACTORY, "must": True,
                                     "src": "special factory"})
            else:
                locos.build_factory(ctx, seat, FACTORY, gap)
        else:
            gains.expand(ctx, seat, CARDS[card]["effects"], False, "special idea card")
    elif k == "box_engineer":
        key = int(choice.removeprefix("box-"))
        p["engineers"].append(key)
        ctx.state["box_engineers"].append(key)
        ctx.say(f"{ctx.name(seat)} takes engineer #{printed(key)} from the box "
                f"({ctx.board.engineer_text(key)}).", "hire", seat=seat, engineer=key)
    elif k == "freight":
        rid = choice.removeprefix("freight-")
        p["freight"] = rid
        ctx.say(f"{ctx.name(seat)} puts the freight car on the {ctx.board.route_by_id[rid].name} "
                "route: 2 track steps there before each scoring.", "freight", seat=seat)


def factory_reached(ctx: Ctx, seat: int) -> None:
    """A wrench moves onto the special factory: 2 idea tokens the first time, nothing after."""
    p = ctx.player(seat)
    if "special_factory" in p["activated"]:
        ctx.say(f"{ctx.name(seat)}'s special factory gives nothing a second time.", "lost",
                seat=seat)
        return
    p["activated"].append("special_factory")
    for _ in range(int(SPECIAL_IDEAS["factory_ideas"])):
        p["pool"].insert(0, {"k": "idea", "must": False, "src": "special factory",
                             "where": FACTORY_WHERE})


def factory_replaced(ctx: Ctx, seat: int) -> None:
    """Replaced, the special factory and the idea tokens on it go back to the box."""
    p = ctx.player(seat)
    back = [x for x in p["placed_ideas"] if x["where"] == FACTORY_WHERE]
    p["placed_ideas"] = [x for x in p["placed_ideas"] if x["where"] != FACTORY_WHERE]
    ctx.say(f"{ctx.name(seat)}'s special factory goes back to the box"
            + (f" with its {len(back)} idea tokens." if back else "."), "factory", seat=seat)


# -- the plug-in ----------------------------------------------------------------------------------

def _setup(board: Board, state: State, rng: Rng) -> None:
    # With the shared industry board the special factory card goes back to the box.
    state["special_cards"] = [c["id"] for c in SPECIAL_IDEAS["cards"]["list"]
                              if not (board.shared_industry is not None
                                      and "industry_board" in c.get("not_with", ()))]
    for p in state["players"]:
        p["ideas"].append(SPECIAL_IDEAS["token"]["id"])


def _freight_turn(ctx: Ctx, seat: int) -> None:
    """'The freight car activates each round, right before the scoring phase.'"""
    rid = ctx.player(seat)["freight"]
    steps = int(SPECIAL_IDEAS["freight_steps"])
    ctx.player(seat)["pool"].append({"k": "track", "c": "any", "n": steps, "route": rid,
                                     "must": False, "src": "freight car"})
    ctx.say(f"{ctx.name(seat)}'s freight car: up to 2 track steps on the "
            f"{ctx.board.route_by_id[rid].name} route before the scoring.", "freight", seat=seat)


def _cards(cards: list[str]) -> list[dict[str, Any]]:
    return [{"id": c, "text": CARDS[c]["text"]} for c in cards]


def _board_parts(data: dict[str, Any]) -> Parts:
    """The special factory and the special idea token."""
    own = parts("special_ideas", data)
    return Parts(factories={own["factory_tile"]: {"effects": [{"k": "special_factory"}],
                                                  "text": "2 idea tokens, the first time",
                                                  "name": "special factory"}},
                 tokens={own["token"]["id"]: own["token"]["text"]})


def _module_labels(data: dict[str, Any]) -> tuple[str, ...]:
    cards = [c["text"] for c in parts("special_ideas", data)["cards"]["list"]
             if c.get("source") == "house"]
    return (f"{MODULES['special_ideas']['name']}: the fifth card ({', '.join(cards)})",)


PLUGIN = Plugin(
    name="special_ideas", module="special_ideas",
    effects={"special_factory": lambda ctx, seat, eff, src: factory_reached(ctx, seat)},
    tasks=dict.fromkeys(KINDS, pool.dropping(apply)),
    options=dict.fromkeys(KINDS, options),
    task_names={"special_card": "special idea card", "box_engineer": "engineer from the box",
                "freight": "freight car"},
    tokens={SPECIAL_IDEAS["token"]["id"]: lambda ctx, seat: ctx.player(seat)["pool"].insert(
        0, {"k": "special_card", "must": True, "src": "idea token"})},
    token_usable={SPECIAL_IDEAS["token"]["id"]: lambda ctx, seat: any(
        usable(ctx, seat, c) for c in ctx.state["special_cards"])},
    factory_removed={FACTORY: factory_replaced},
    setup=_setup,
    before_scoring=lambda ctx, seat: bool(ctx.player(seat).get("freight")),
    before_scoring_turn=_freight_turn,
    view=lambda ctx: {"special_cards": _cards(ctx.state["special_cards"])},
    player_view=lambda ctx, p: {"special_cards": _cards(p["special_cards"])},
    data=add_to,
    board_parts=_board_parts,
    module_labels=_module_labels,
)
