"""A Railways of the World seat its computer player sees as stuck, and its way out.

A seat with nothing to deliver, its bonds at the cap its income sets and a little net income
(income less interest) can neither borrow for a link nor save up for one soon, and if it spends
that little on first-player bids it never will: it passes for the rest of the game. Such a seat
falls behind; once it is behind, it may take a bond past its cap for a move that opens a
delivery, when its income with that delivery pays every bond's interest with some to spare
(so it borrows into no spiral), and it keeps the money a link needs rather than bid it for
first place. A seat already sinking (its income short of its interest, so the bank lends it a
bond for the interest every turn or two whatever it does) may borrow for any such move whose
delivery pays more than the move costs in interest: it sinks slower after it, and only a
delivery ever stops the spiral.
"""

from __future__ import annotations

from engine.core.types import State
from engine.rotw import delivery, interest, network
from engine.rotw.context import BOND_VALUE, MapContext
from engine.rotw.economy import bonds_needed, income_of
from engine.rotw.playervalue import delivery_points

RELIEF_BONDS = 1
"""Bonds more than it holds a stuck seat may take for a move that opens a delivery."""
STUCK_NET = 1000
"""Net income a turn (income less interest) at or below which a seat with nothing to deliver is
stuck: saving up for a link would take it four turns or more. (A seat with more waits a turn
or two and builds from its income, as computers always did.)"""
NET_LEFT = 1000
"""Income a turn a stuck seat must still have once every bond's interest is paid and the
delivery made, to save toward its next link (so it never borrows to where its income only pays
interest)."""
LINK_PRICE = 6000
"""What a stuck seat keeps for its next link before it bids for first place: most links of two
or three tiles cost $4,000-6,000."""


SPIRAL_SPARE = 1000
"""Income a turn a sinking seat's delivery must bring beyond the interest of the bonds its move
amounts to, so the spiral shrinks by at least a bond's interest each turn."""


def lagging(state: State, seat: int) -> bool:
    """Whether the seat has scored fewer points than the turns played before this one: a seat
    that falls behind that early is not getting going (computers score several a turn)."""
    p = state["players"][seat]
    return int(p["score"]) + 100 * int(p["wraps"]) < int(state["turn"] or 0) - 1


def net_income(state: State, ctx: MapContext, seat: int) -> int:
    """The seat's income less its bonds' interest, a turn."""
    bonds = int(state["players"][seat]["bonds"])
    return income_of(state, ctx, seat) - interest.interest(state, ctx, bonds)


def sinking(state: State, ctx: MapContext, seat: int) -> bool:
    """Whether the lagging seat's income does not pay its bonds' interest and its money will not
    make up this turn's: the bank lends it a bond at the turn's end, and the next one too. (A
    seat that can still pay this turn's interest from its money is left to its usual rules:
    early in a game most seats have bonds and no income yet.)"""
    return (net_income(state, ctx, seat) < 0 and interest.unpaid(state, ctx, seat) > 0
            and lagging(state, seat))


def shrinks_spiral(state: State, ctx: MapContext, seat: int, cost: int, relief: int) -> bool:
    """Whether a ``sinking`` seat with nothing to deliver should make a move costing ``cost``
    that opens a delivery adding ``relief`` to its income: it takes at most ``RELIEF_BONDS``
    bonds now, and the delivery pays the interest of every bond the cost amounts to (money it
    spends is lent back at the turn's end) with ``SPIRAL_SPARE`` more."""
    if relief <= 0 or cost <= 0 or not sinking(state, ctx, seat):
        return False
    p = state["players"][seat]
    if bonds_needed(int(p["money"]), cost) > RELIEF_BONDS:
        return False
    return interest.interest(state, ctx, -(-cost // BOND_VALUE)) + SPIRAL_SPARE <= relief


def relief_cap(state: State, ctx: MapContext, seat: int, cap: int, cost: int,
               relief: int) -> int:
    """The bonds a seat with nothing to deliver may carry for a move costing ``cost`` that opens
    a delivery adding ``relief`` to its income: ``RELIEF_BONDS`` more than it holds when it is
    at its ``cap`` (or past it), ``lagging``, its net income is ``STUCK_NET`` or less and, the
    delivery made, its income pays every bond's interest with ``NET_LEFT`` to spare; else
    ``cap``. (A seat let past its cap once may be stuck again above it: it borrows one more
    only on the same terms.)"""
    if relief <= 0:
        return cap
    p = state["players"][seat]
    money, bonds = int(p["money"]), int(p["bonds"])
    if bonds < cap or net_income(state, ctx, seat) > STUCK_NET or not lagging(state, seat):
        return cap  # the cap is not what stops it, its income soon pays, or it is getting going
    after = bonds + bonds_needed(money, cost)
    if after > bonds + RELIEF_BONDS or interest.interest(state, ctx, after) + NET_LEFT \
            > income_of(state, ctx, seat) + relief:
        return cap
    return after


def onward(state: State, seat: int) -> dict[str, set[str]]:
    """Each city of the seat's network, with the colours its own links carry a cube on from
    there to a city that takes it, within its engine less one link: a new link to a city
    holding such a cube opens a delivery, though the city it joins does not take the cube.
    (Counting only the city joined, stuck Transcontinental seats built links that opened
    nothing and saved up for the next, while a link they could pay opened four points.)"""
    adj = network.graph(state, seat)
    steps = int(state["players"][seat]["engine"]) - 1
    colours = {c for city in state["cities"].values() for c in city["cubes"]}
    out: dict[str, set[str]] = {}
    for hub in adj:
        beyond = network.within(adj, hub, steps) - {hub}
        out[hub] = {c for c in colours if any(delivery.takes(state, x, c) for x in beyond)}
    return out


def keeps_for_link(state: State, ctx: MapContext, seat: int, bid: int, cap: int) -> bool:
    """Whether a lagging seat whose network has nothing to deliver should keep its money for a
    link rather than bid ``bid`` for first place: after paying it, its money and the bonds its
    cap still allows would not buy a ``LINK_PRICE`` link. (Bid away turn after turn, even a net
    income of a few thousand never buys the link.)"""
    if not lagging(state, seat) or not network.complete_links(state, seat) \
            or delivery_points(state, seat):
        return False
    p = state["players"][seat]
    money = int(p["money"])
    issued = bonds_needed(money, bid)
    room = max(0, cap - int(p["bonds"]) - issued)
    return money + BOND_VALUE * (issued + room) - bid < LINK_PRICE
