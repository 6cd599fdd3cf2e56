"""The solo game, "Emil wants to play too": Emil draws cards that name action spaces and blocks
them with his workers; he resolves only locomotives, factories and engineers, which he collects.

Emil is no seat: his pieces live in ``state["emil"]`` and the spaces he blocks are marked
``{"seat": None, "by": "emil"}`` (``"blockade"`` for the 2 coins space). His deck is a list of the
cards still in it; each draw picks one at random then, so nothing in the state tells the next card.
"""

from __future__ import annotations

from typing import Any

from engine.core.types import State
from engine.ultimate import hooks, industry_board, locos, spaces
from engine.ultimate.board import Board, Space, tile_value
from engine.ultimate.ctx import Ctx
from engine.ultimate.module_data import MODULES, printed
from engine.ultimate.scoring import engineer_count

EMIL_COLOURS = ("purple", "yellow", "blue", "red")


def playing(state: State) -> bool:
    return state.get("emil") is not None


def cards(board: Board, modules: list[str]) -> list[str]:
    """Emil's deck: the base cards and the solo card of each module in play."""
    extra = [str(MODULES[m]["emil_card"]) for m in modules if "emil_card" in MODULES[m]]
    return [*board.data["solo"]["deck"]["cards"], *extra]


def new_emil(board: Board, player_colour: str, modules: list[str]) -> dict[str, Any]:
    solo = board.data["solo"]
    workers = int(solo["emil_workers"])
    return {
        "name": str(solo["name"]),
        # "Give Emil 6 workers in the color of your choice": the first colour the player left.
        "colour": next(c for c in EMIL_COLOURS if c != player_colour),
        "workers": workers, "owned": workers, "gained": 0,
        "deck": cards(board, modules), "discard": [],
        "passed": False, "locos": [], "factories": [], "engineers": [],
    }


def lay_blockades(board: Board, state: State) -> None:
    for sid in board.data["solo"]["blocked"]:
        state["spaces"][sid] = {"seat": None, "by": "blockade", "workers": 0, "coins": 0}


def new_round(ctx: Ctx) -> None:
    """Workers back to Emil, his cards reshuffled into a new deck, the blockade back in place."""
    e = ctx.state["emil"]
    e["workers"] = e["owned"]
    e["deck"] = cards(ctx.board, ctx.state["modules"])
    e["discard"] = []
    e["passed"] = False
    lay_blockades(ctx.board, ctx.state)


def gain_workers(ctx: Ctx) -> None:
    """As soon as the player reaches 50 (150) points, Emil gets a worker for good; before he has
    passed it is usable this very round."""
    e = ctx.state.get("emil")
    if e is None:
        return
    score = ctx.player(0)["score"]
    earned = sum(1 for at in ctx.board.data["solo"]["new_worker_at"] if score >= int(at))
    while e["gained"] < earned:
        e["gained"] += 1
        e["owned"] += 1
        if ctx.state["phase"] == "actions" and not e["passed"]:
            e["workers"] += 1
        ctx.say(f"{ctx.name(0)} reached {ctx.board.data['solo']['new_worker_at'][e['gained'] - 1]}"
                f" points: {e['name']} gets another worker ({e['owned']} from now on).", "emil")


def _card_space(ctx: Ctx, card: str) -> Space | None:
    return next((o for o in spaces.all_offers(ctx, 0) if o.id == card), None)


LIGHT_ENGINEER = "light-engineer"
"""The card that blocks a face-up (light side) engineer: 'When this card is revealed, Emil
blocks the light engineer on the game board.'"""


def _card_name(ctx: Ctx, card: str) -> str:
    if card == LIGHT_ENGINEER:
        return "face-up engineer"
    return ctx.board.space(card).name


def _why_not(ctx: Ctx, e: dict[str, Any], card: str) -> tuple[Space | None, str | None]:
    if card == LIGHT_ENGINEER:
        # Of the two face-up engineers, the one nearer the hiring space first (house).
        tried = [_why_not(ctx, e, sid) for sid in reversed(spaces.ENGINEER_SPACES)]
        return next((x for x in tried if x[1] is None), tried[0])
    offer = _card_space(ctx, card)
    if offer is None:
        return None, "that space is not on the board now"
    if ctx.state["spaces"].get(offer.id) is not None or spaces.taken(ctx, 0, offer):
        return offer, "it is already occupied"
    if offer.workers > e["workers"]:
        return offer, f"he has only {e['workers']} worker{'s' if e['workers'] != 1 else ''} left"
    if spaces.useless(ctx, 0, offer):
        return offer, f"{ctx.name(0)} could not use it"
    return offer, None


def turn(ctx: Ctx) -> None:
    """Emil's turn: draw until a card names a space he can block, or pass."""
    e = ctx.state["emil"]
    if e["passed"]:
        return
    while e["deck"] and e["workers"] > 0:
        card = e["deck"].pop(ctx.rng.below(len(e["deck"])))
        e["discard"].append(card)
        offer, why = _why_not(ctx, e, card)
        if offer is None or why:
            name = offer.name if offer else _card_name(ctx, card)
            ctx.say(f"{e['name']} draws '{name}' but cannot block it ({why}); he draws again.",
                    "emil")
            continue
        _block(ctx, e, offer)
        return
    e["passed"] = True
    why = "has no workers left" if e["workers"] <= 0 else "has no cards left"
    ctx.say(f"{e['name']} {why} and passes for the rest of the round.", "emil")


def _block(ctx: Ctx, e: dict[str, Any], offer: Space) -> None:
    e["workers"] -= offer.workers
    ctx.state["spaces"][offer.id] = {"seat": None, "by": "emil", "workers": offer.workers,
                                     "coins": offer.coins}
    paid = spaces.cost_text(offer)
    supply = " (the coins from the supply)" if offer.coins else ""
    e["last"] = offer.name
    ctx.say(f"{e['name']} blocks '{offer.name}' ({paid}{supply}).", "place", space=offer.id,
            emil=True)
    for eff in offer.effects:
        if eff["k"] == "loco":
            _collect(ctx, e, eff["mode"])
        elif eff["k"] == "hire":
            _hire(ctx, e)


def _collect(ctx: Ctx, e: dict[str, Any], mode: str) -> None:
    stack = locos.lowest_stack(ctx)
    if industry_board.shared(ctx):
        mode = "factory"  # with the industry board he always builds a factory
    if mode != "factory" and stack:
        tile = stack[0]
        locos.take(ctx, tile)
        hooks.tile_taken(ctx, None, tile)
        e["locos"].append(tile)
        ctx.say(f"{e['name']} collects a #{tile_value(tile)} locomotive.", "emil")
        return
    pool = ctx.state["factory_pool"]
    candidates = [*pool, *stack]
    if not candidates:
        return
    tile = min(candidates, key=lambda t: (tile_value(t), t))
    if tile in pool:
        pool.remove(tile)
    else:
        locos.take(ctx, tile)
        hooks.tile_taken(ctx, None, tile)
    if industry_board.shared(ctx):
        industry_board.build_for_emil(ctx, e["name"], tile)
        return
    e["factories"].append(tile)
    ctx.say(f"{e['name']} collects a #{tile_value(tile)} factory.", "emil")


def _hire(ctx: Ctx, e: dict[str, Any]) -> None:
    row = ctx.state["engineer_row"]
    number = row[-1]
    if number is None:
        return
    row[-1] = None
    e["engineers"].append(number)
    ctx.say(f"{e['name']} collects engineer #{ctx.board.engineer_number(number)} "
            f"({ctx.board.engineer_text(number)}).",
            "emil")


def majority(ctx: Ctx) -> dict[int, int]:
    """Engineer majority against Emil: first place unless Emil collected more engineers than the
    player, then second place; a player without engineers scores nothing, as usual."""
    mine = engineer_count(ctx.player(0))
    if mine == 0:
        return {}
    first, second = ctx.board.data["engineer_majority"]["points"][:2]
    return {0: int(second if len(ctx.state["emil"]["engineers"]) > mine else first)}


def view(state: State) -> dict[str, Any] | None:
    e = state.get("emil")
    if e is None:
        return None
    return {"name": e["name"], "colour": e["colour"], "workers": e["workers"],
            "owned": e["owned"], "cards_left": len(e["deck"]), "discard": list(e["discard"]),
            "passed": e["passed"], "locos": [tile_value(t) for t in e["locos"]],
            "factories": [tile_value(t) for t in e["factories"]],
            "engineers": [printed(k) for k in e["engineers"]], "last": e.get("last")}
