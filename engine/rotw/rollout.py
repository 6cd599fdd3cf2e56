"""The quick player the other seats become in a strong Railways of the World player's lookahead.

The normal player tries its best fourteen moves on copies of the game before each action, some
fifty milliseconds a move: playing the others that way up to the player's next action, for
each of the lines the lookahead follows, would take most of a strong move's time. This one
decides by rules of thumb, never trying a move on a copy:
- upgrade when the engine's next level would carry some cube for at least ``UPGRADE_GAIN``
  points more than the best delivery now (and the price stays within the bonds it carries);
- deliver the cube that brings it the most points when that is at least ``DELIVER_AT``;
- else build the link the normal player's glance likes best, searched from its best-looking
  start city alone;
- else deliver whatever brings a point, or pass.
Outside the action rounds (the auction, a Rail Baron to keep) it takes the normal player's best
prior. Every move it offers is one the rules accept, so the lookahead makes it in place.
"""

from __future__ import annotations

from typing import Protocol

from engine.core.errors import IllegalAction
from engine.core.players import Candidate
from engine.core.types import Action, State
from engine.rotw import actions, delivery
from engine.rotw.playervalue import delivery_points
from engine.rotw.title import RotwTitle

DELIVER_AT = 2
"""Points a delivery must bring the mover to come before a build."""
UPGRADE_GAIN = 2
"""Points more the engine's next level must let the mover's best delivery bring."""
UPGRADE_UP_TO = 6
"""The highest engine a quick player buys."""
QUICK_HUBS = 1
"""Start cities a quick player searches for a link to build (the normal player searches six)."""


class Habits(Protocol):
    """What the quick player asks of the Railways of the World player."""

    title: RotwTitle

    def candidates(self, state: State, seat: int) -> list[Candidate]: ...

    def bond_cap(self, state: State, seat: int, stuck: bool = False) -> int: ...

    def affordable(self, state: State, seat: int, cost: int, cap: int) -> bool: ...

    def quick_builds(self, state: State, seat: int, cap: int, hubs: int,
                     stuck: bool) -> list[Candidate]: ...


def quick_move(player: Habits, state: State, seat: int) -> list[Action]:
    """The one move ``seat`` makes (none when it has no move)."""
    if state["phase"] != "actions":
        found = player.candidates(state, seat)
        return [max(found, key=lambda c: c.prior).action] if found else []
    p = state["players"][seat]
    if p.get("held_cube") is not None:
        # A cube waiting at a Fuel Depot: carry it on as the normal player would.
        found = player.candidates(state, seat)
        return [max(found, key=lambda c: c.prior).action] if found else []
    best, gain = _best_delivery(state, seat)
    cap = player.bond_cap(state, seat, stuck=best is None)
    upgrade = _upgrade(player, state, seat, gain, cap)
    if upgrade is not None:
        return [upgrade]
    if best is not None and gain >= DELIVER_AT:
        return [best]
    builds = player.quick_builds(state, seat, cap, QUICK_HUBS, stuck=best is None)
    if builds:
        return [max(builds, key=lambda c: c.prior).action]
    if best is not None and gain > 0:
        return [best]
    return [{"type": "pass", "seat": seat}]


def _best_delivery(state: State, seat: int) -> tuple[Action | None, int]:
    """The plain delivery (no card, depot or stop) bringing ``seat`` the most points, fewest to
    the others on a tie, with its points."""
    best: tuple[int, int] | None = None
    move: Action | None = None
    for r in delivery.all_deliveries(state, seat):
        if r.stop or r.depots or r.express:
            continue
        mine = r.points.get(seat, 0)
        key = (mine, mine - sum(r.points.values()))
        if best is None or key > best:
            best = key
            move = {"type": "deliver", "seat": seat, "city": r.cities[0], "colour": r.colour,
                    "route": r.cities, "links": r.links}
    return move, best[0] if best else 0


def _upgrade(player: Habits, state: State, seat: int, gain: int, cap: int) -> Action | None:
    """An engine upgrade, if the next level carries a cube for ``UPGRADE_GAIN`` more points
    than ``gain`` and the player can pay for it within its bonds."""
    p = state["players"][seat]
    engine = int(p["engine"])
    if engine >= UPGRADE_UP_TO:
        return None
    try:
        cost = actions.check_upgrade(state, player.title.context(state["map"]), seat)
    except IllegalAction:
        return None
    if not player.affordable(state, seat, cost, cap):
        return None
    p["engine"] = engine + 1
    try:
        ahead = delivery_points(state, seat)
    finally:
        p["engine"] = engine
    if not ahead or ahead[0] < gain + UPGRADE_GAIN:
        return None
    return {"type": "upgrade", "seat": seat}
