"""What the Railways of the World computer player sees in the Operations cards whose worth its
position's value cannot show: a Hotel, which scores a point for every delivery anyone makes to
its city for the rest of the game, and the Railroad Executive, an action more this turn.

Both are priors (the move's quick worth, in the units of a delivery's: ``deliver_prior`` a
point), since a trial of the card alone changes neither the score nor the deliveries open.
"""

from __future__ import annotations

from engine.core.types import State
from engine.rotw import delivery
from engine.rotw.carddeck import operation
from engine.rotw.context import MapContext
from engine.rotw.playervalue import progress

HOTEL_REACH = 8
"""Hexes from a Hotel's city within which goods it takes are counted as deliveries to come
there (a delivery of four or five links)."""
HOTEL_SHARE = 0.5
"""The share of those goods reckoned to end in the Hotel's city by the end of the game: others
go to other cities of the colour, while new goods come."""
HOTEL_MOST = 12.0
"""Points a Hotel is reckoned to bring at most."""


def card_prior(state: State, ctx: MapContext, seat: int, card: str, deliver_prior: float,
               best: int, hotel_share: float = 1.0) -> float | None:
    """The prior of taking ``card`` (None for a card not judged here); ``best``: the points of
    the player's best delivery now; ``hotel_share``: how much of the points a Hotel is reckoned
    to bring count."""
    effect = operation(ctx, card).get("effect", {})
    kind = effect.get("type")
    if kind == "hotel":
        return deliver_prior * hotel_share * hotel_points(state, ctx, str(effect["city"])) \
            * int(effect.get("points", 1))
    if kind == "extra_actions":
        # Taken, it gives two actions for the one it costs: the best delivery once more, a
        # little above making it now.
        return deliver_prior * best + 1.0 if best else None
    return None


def hotel_points(state: State, ctx: MapContext, city: str) -> float:
    """Deliveries to ``city`` reckoned to come before the game ends: the goods near it that it
    takes, a share of them, fewer the nearer the end."""
    near = [city] + [c for c, _ in ctx.cities_near(city, HOTEL_REACH)]
    goods = sum(1 for c in near if c != city for col in state["cities"][c]["cubes"]
                if delivery.takes(state, city, col))
    return min(HOTEL_MOST, HOTEL_SHARE * goods * (1.0 - progress(state)))
