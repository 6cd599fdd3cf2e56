"""Whether a Railways of the World seat can pay its bonds' interest, as its computer player sees
it before spending.

At the end of each turn a seat earns its income and then pays every bond's interest; what its
income and money cannot pay the bank lends as more bonds, whose interest the next turn's income
must pay as well. A seat whose interest outgrows its income sinks that way turn after turn, so
the player never spends into it: a move is refused when it leaves this turn's interest unpaid
(more than before it), or when it borrows into interest the income would not pay, unless the
delivery the move opens lifts the income enough.
"""

from __future__ import annotations

from engine.core.types import State
from engine.rotw import events
from engine.rotw.context import BOND_VALUE, MapContext
from engine.rotw.economy import bonds_needed, income_of
from engine.rotw.flow import ROUNDS

DEFICIT_TURNS = 2
"""Turns the money left after a move must pay the interest its income does not (a seat that
borrows on no income must deliver within them)."""


def interest(state: State, ctx: MapContext, bonds: int) -> int:
    """What ``bonds`` bonds cost at this turn's end."""
    return bonds * events.dividend(state, ctx)


def unpaid(state: State, ctx: MapContext, seat: int, cost: int = 0, relief: int = 0) -> int:
    """Dollars of this turn's interest its income (raised by ``relief``) and money would leave
    unpaid once the seat has paid ``cost`` (issuing the bonds it needs)."""
    p = state["players"][seat]
    money = int(p["money"])
    issued = bonds_needed(money, cost)
    left = money + BOND_VALUE * issued - cost
    owed = interest(state, ctx, int(p["bonds"]) + issued)
    return max(0, owed - income_of(state, ctx, seat) - relief - left)


def deficit(state: State, ctx: MapContext, seat: int) -> int:
    """Dollars a turn by which the seat's interest outgrows its income (0 when income pays)."""
    p = state["players"][seat]
    return max(0, interest(state, ctx, int(p["bonds"])) - income_of(state, ctx, seat))


def borrows_unpaid(state: State, ctx: MapContext, seat: int, cost: int) -> bool:
    """Whether paying ``cost`` takes a bond whose interest (with the others') the seat's income
    does not pay: money in hand aside, as for a bid, which opens no delivery."""
    p = state["players"][seat]
    issued = bonds_needed(int(p["money"]), cost)
    return bool(issued) and interest(state, ctx, int(p["bonds"]) + issued) > income_of(
        state, ctx, seat)


def sinks(state: State, ctx: MapContext, seat: int, cost: int, relief: int = 0,
          relief_now: bool = False) -> bool:
    """Whether paying ``cost`` would sink the seat into interest it cannot pay: more of this
    turn's interest left unpaid than before, or new bonds whose interest the income (plus
    ``relief``, what a delivery the move opens would add) does not pay within
    ``DEFICIT_TURNS`` turns of the money left. ``relief_now``: the delivery can still be made
    this turn (an action is left), before the interest falls due."""
    if cost <= 0:
        return False
    now = relief if relief_now else 0
    if unpaid(state, ctx, seat, cost, now) > unpaid(state, ctx, seat):
        return True
    p = state["players"][seat]
    money = int(p["money"])
    issued = bonds_needed(money, cost)
    if not issued:
        return False
    left = money + BOND_VALUE * issued - cost
    owed = interest(state, ctx, int(p["bonds"]) + issued)
    return owed - income_of(state, ctx, seat) - relief > left // DEFICIT_TURNS


def income_gain(state: State, ctx: MapContext, seat: int, points: int) -> int:
    """How much more income ``points`` more points would bring the seat."""
    p = state["players"][seat]
    return ctx.income_at(int(p["score"]) + points, int(p["wraps"])) - income_of(state, ctx, seat)


def actions_left(state: State) -> int | None:
    """The seat's actions left in the game, this one included (None while no end is set off)."""
    ecm = state["ecm"]
    if not ecm.get("end_triggered") or state.get("round") is None:
        return None
    this_turn = ROUNDS - int(state["round"]) + 1
    return this_turn + ROUNDS * max(0, int(ecm["last_turn"]) - int(state["turn"]))


def action_after(state: State) -> bool:
    """Whether the seat has another action this turn after the one it is choosing."""
    return state.get("round") is not None and int(state["round"]) < ROUNDS
