"""The last resort of a Railways of the World seat sinking into bonds with nothing it may do.

A seat whose income no longer pays its bonds' interest, with nothing to deliver and no link or
engine its way-out rules (``wayout``) allow, would pass turn after turn while the bank lends it
its interest: its bonds compound, and only a delivery ever stops them. (Easy Transcontinental
seats with a scattered network and a level-1 engine did so, one to 289 bonds by the game's
end.) Such a seat takes the next step of its best delivery plan instead: a link of it, or the
engine level it needs, borrowing at most ``LAST_BONDS`` bonds for it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.players import clean
from engine.core.types import Action, State
from engine.rotw import network, wayout
from engine.rotw.buildcards import LinkOffers
from engine.rotw.context import MapContext
from engine.rotw.economy import bonds_needed
from engine.rotw.playervalue import delivery_points
from engine.rotw.routeplan import next_links, plans

LAST_BONDS = 2
"""Bonds a sinking seat may take for its plan's next step (most links cost $4,000-8,000)."""
PLANS_TRIED = 6
"""Delivery plans, best first, whose next step is looked for."""


def last_resort(state: State, ctx: MapContext, seat: int, legal: list[dict[str, Any]],
                reach: int, trial: Callable[[Action], State | None]) -> list[Action]:
    """The next step of the ``sinking`` seat's best delivery plan it can pay for within
    ``LAST_BONDS`` bonds (none when it is not sinking or finds none); on a board without plans,
    the link that opens the best delivery (``trial`` makes a move on a copy of the game as the
    seat may know it: None if refused)."""
    if not wayout.sinking(state, ctx, seat):
        return []
    money = int(state["players"][seat]["money"])
    mine = {c for lk in network.complete_links(state, seat) for c in lk["cities"]}
    offers = LinkOffers(state, ctx, seat)
    upgrade = next((a for a in legal if a["type"] == "upgrade"), None)
    found_plans = plans(state, ctx, seat, mine, reach)
    if not found_plans and mine:
        return _opening_link(state, ctx, seat, mine, reach, offers, trial)
    for plan in found_plans[:PLANS_TRIED]:
        steps = next_links(plan, mine)
        for a, b in steps:
            for start, goal in ((a, b), (b, a)):
                found = offers.links(start, [goal])
                if goal in found and bonds_needed(money, found[goal][1]) <= LAST_BONDS:
                    return [found[goal][0]]
        if not plan.new and plan.upgrades and upgrade is not None \
                and bonds_needed(money, int(upgrade.get("cost", 0))) <= LAST_BONDS:
            return [clean(upgrade)]
    return []


def _opening_link(state: State, ctx: MapContext, seat: int, mine: set[str], reach: int,
                  offers: LinkOffers, trial: Callable[[Action], State | None]) -> list[Action]:
    """The link from the seat's network, within ``LAST_BONDS`` bonds, after which its best
    delivery brings the most points (the cheaper of two alike); none if no link opens one."""
    money = int(state["players"][seat]["money"])
    best: tuple[int, int, str, str] | None = None
    chosen: Action | None = None
    for start in sorted(mine):
        goals = [name for name, _ in ctx.cities_near(start, reach) if name not in mine]
        for goal, (action, cost) in sorted(offers.links(start, goals).items()):
            if bonds_needed(money, cost) > LAST_BONDS:
                continue
            after = trial(action)
            opened = delivery_points(after, seat) if after is not None else []
            if not opened:
                continue
            key = (-opened[0], cost, start, goal)
            if best is None or key < best:
                best, chosen = key, action
    return [chosen] if chosen is not None else []
