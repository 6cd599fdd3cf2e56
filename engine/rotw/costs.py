"""What a move charges its own mover, priced from the state before it (R12 confirmations).

Only the move's own payment counts. Payments the rules force later in the same step (bond
dividends at the end of a turn, the auction winner paying when another player's pass closes the
auction) are not the mover's choice. No price here depends on chance still to be drawn.
"""

from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.core.types import Action, State
from engine.rotw import actions, carddeck, track
from engine.rotw.cardeffects import mine_cost
from engine.rotw.context import MapContext
from engine.rotw.events import urbanize_cost
from engine.rotw.flow import dropout_price
from engine.rotw.maprules import on
from engine.rotw.mines import MINE_COST, check_place_mine


def own_payment(state: State, ctx: MapContext, seat: int, action: Action) -> int:
    """The dollars ``action`` makes ``seat`` pay at once; 0 for a move that pays nothing or
    that the rules refuse (applying it will say why)."""
    try:
        return _price(state, ctx, seat, action)
    except IllegalAction:
        return 0


def _price(state: State, ctx: MapContext, seat: int, action: Action) -> int:
    kind, phase = action.get("type"), state["phase"]
    if phase == "auction":
        if kind == "pass" and on(state, "auction_half_price_dropouts"):
            own = int(state["auction"].get("bids", {}).get(str(seat), 0))
            return dropout_price(state, own)
        return 0
    if phase != "actions":
        return 0
    if kind == "build":
        return track.plan_build(state, ctx, seat, action).cost
    if kind == "upgrade":
        return actions.upgrade_price(state, ctx, seat, action.get("cards"))[0]
    if kind == "urbanize":
        return urbanize_cost(state, ctx)
    if kind == "western_link":
        return ctx.western_cost
    if kind == "mine":
        check_place_mine(state, ctx, seat, action.get("city"))
        return MINE_COST
    card = action.get("card")
    if kind == "card" and card in state["ops"]["display"]:
        effect = carddeck.operation(ctx, str(card)).get("effect", {})
        if effect.get("type") == "mine":
            return mine_cost(effect)
    return 0
