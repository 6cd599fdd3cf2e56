"""Why a cube cannot be delivered: the rule it hits, the nearest miss and what would fix it.

A refused ``/deliver`` walks the complete links again with the rules relaxed (any length, any
first owner, passing cities of the cube's colour) and explains the route that breaks the fewest.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import pairwise

from engine.core.names import listing
from engine.core.types import State
from engine.rotw.context import MAX_ENGINE
from engine.rotw.delivery import DeliveryRoute, takes
from engine.rotw.switches import pairs
from engine.rotw.timetravel import is_hop, is_warp, period, timed
from engine.rotw.tx import name

RULE_ENGINE = "a cube moves at most as many links as your engine level"
RULE_FIRST = "the first link a cube moves along must be yours"
RULE_STOP = "a cube stops at the first city of its colour it enters"
RULE_COLOUR = "a cube is delivered only to a city of its own colour"
RULE_OWN_TRACK = "in Railways through Time a cube moves over your own track only"
RULE_SAME_PERIOD = "time warps never carry a cube to a city of the period it is in"
RULE_REENTER = "a cube that has left a time period may never re-enter it"


@dataclass
class _Try:
    cities: list[str]
    owners: list[int]
    passes: list[str]
    hops: int = 0
    """Hops through time (warp to warp); each joins two half-links into one link."""
    same_period: list[str] = field(default_factory=list)
    """Warps through which the cube stays in the period it is in."""
    reentered: list[str] = field(default_factory=list)
    """Periods the cube goes back into after leaving them."""

    @property
    def length(self) -> int:
        return len(self.owners) - self.hops

    def faults(self, seat: int, engine: int, express: int) -> tuple[bool, bool, bool]:
        return (self.length > engine, self.owners[0] != seat, len(self.passes) > express)

    def time_faults(self, seat: int) -> tuple[bool, bool, bool]:
        """Railways through Time: someone else's track, a warp within a period, a period
        re-entered."""
        return (any(o != seat for o in self.owners), bool(self.same_period),
                bool(self.reentered))

    def score(self, seat: int, engine: int, timed: bool, express: int) -> tuple[int, int, int]:
        faults = [*self.faults(seat, engine, express), *(self.time_faults(seat) if timed else ())]
        return (sum(faults), max(0, self.length - engine), self.length)


def _nearest(state: State, seat: int, start: str, colour: str, dest: str | None,
             express: int) -> _Try | None:
    """The route to ``dest`` (or to any city taking ``colour``) that breaks the fewest rules, or
    None when no chain of complete links leads there. A try's score never falls as it goes on
    (past a hop's dip), so a walk already no better than the best found is cut short."""
    engine = int(state["players"][seat]["engine"])
    time = timed(state)
    adj: dict[str, list[tuple[str, int]]] = {}
    for lk in state["links"]:
        for a, b in pairs(lk) if lk["complete"] else []:
            adj.setdefault(a, []).append((b, lk["owner"]))
            adj.setdefault(b, []).append((a, lk["owner"]))
    # Through Time: a hop may go to any warp with track: the rules say which hops are faults
    # (a rival's track, the same period, a period left before).
    warps = [c for c in adj if time and is_warp(state, c)]
    best: list[_Try] = []

    def better(t: _Try) -> bool:
        return not best or t.score(seat, engine, time, express) < \
            best[0].score(seat, engine, time, express)

    def walk(t: _Try, hopped: bool) -> None:
        if t.length >= MAX_ENGINE or (t.owners and not better(t)):
            return
        at = t.cities[-1]
        at_warp = len(t.cities) > 1 and at in warps
        if at_warp and not hopped:
            seen = {period(state, c) for c in t.cities}
            for far in warps:
                if far in t.cities:
                    continue
                there = period(state, far)
                stays = there == period(state, at)
                walk(_Try([*t.cities, far], t.owners, t.passes, t.hops + 1,
                          [*t.same_period, at] if stays else t.same_period,
                          [*t.reentered, str(there)] if there in seen and not stays
                          else t.reentered), True)
        for other, owner in adj.get(at, []):
            if other in t.cities:
                continue
            # Out of a warp the cube reached by track, without a hop: the same period again.
            within = [*t.same_period, at] if at_warp and not hopped else t.same_period
            step = _Try([*t.cities, other], [*t.owners, owner], t.passes, t.hops, within,
                        t.reentered)
            arrived = other == dest if dest else takes(state, other, colour)
            if arrived and other not in warps and better(step):
                best[:] = [step]
            if takes(state, other, colour):
                step = replace(step, passes=[*t.passes, other])
            walk(step, False)

    walk(_Try([start], [], []), False)
    return best[0] if best else None


def _period_name(pid: str | None) -> str:
    return str(pid or "").replace("-", " ").title()


def _time_reasons(state: State, seat: int, best: _Try, city: str) -> tuple[list[str],
                                                                            list[str]]:
    """Why a route breaks the rules of delivering through time, and what would fix it."""
    foreign, same, back = best.time_faults(seat)
    path = " - ".join(best.cities)
    why: list[str] = []
    fix: list[str] = []
    if foreign:
        links = [j for j, o in enumerate(best.owners) if o != seat]
        legs = [(a, b) for a, b in pairwise(best.cities) if not is_hop(state, a, b)]
        a, b = legs[links[0]]
        why.append(f"{RULE_OWN_TRACK}, and the link {a} - {b} is "
                   f"{name(state, best.owners[links[0]])}'s")
        fix.append(f"build your own link {a} - {b}")
    start, end = period(state, best.cities[0]), period(state, best.cities[-1])
    if (same or back) and start == end:
        # Both time rules refuse it: the rulebook forbids either way back into a period.
        why.append(f"{best.cities[-1]} is in the {_period_name(end)} period like {city}, and "
                   f"{RULE_SAME_PERIOD} ({RULE_REENTER})")
        fix.append("deliver it over track on that board")
    elif same:
        warp = best.same_period[0]
        why.append(f"{RULE_SAME_PERIOD}, and {path} stays in the "
                   f"{_period_name(period(state, warp))} period at {warp}")
        fix.append("send it through a warp into another period")
    elif back:
        why.append(f"{RULE_REENTER}, and {path} goes back into the "
                   f"{_period_name(best.reentered[0])} period")
        fix.append("send it only through periods it has not been in")
    return why, fix


def _routes_text(found: list[DeliveryRoute]) -> str:
    dests = sorted({r.cities[-1] for r in found})
    return listing(dests, "or")


def explain(state: State, seat: int, city: str, colour: str, dest: str | None,
            express: int, legal_elsewhere: list[DeliveryRoute]) -> str:
    """One or two sentences on why no legal delivery of ``colour`` from ``city`` (to ``dest``)
    exists for ``seat``; ``legal_elsewhere`` are the legal deliveries of that cube to other
    cities (offered instead)."""
    where = f" to {dest}" if dest else ""
    head = f"You cannot deliver the {colour} cube from {city}{where}"
    instead = (f" You can deliver it to {_routes_text(legal_elsewhere)} instead."
               if legal_elsewhere else "")
    if dest is not None and not takes(state, dest, colour):
        dcol = state["cities"][dest]["colour"]
        what = "a gray city, which takes no cubes" if dcol == "gray" else f"{dcol}"
        return f"{head}: {RULE_COLOUR}, and {dest} is {what}.{instead}"
    best = _nearest(state, seat, city, colour, dest, express)
    if best is None:
        goal = dest or f"any {colour} city"
        return (f"{head}: no chain of complete links joins {city} to {goal}. Build or finish "
                f"links first.{instead}")
    engine = int(state["players"][seat]["engine"])
    time = timed(state)
    too_far, not_mine, passes = best.faults(seat, engine, express)
    path = " - ".join(best.cities)
    n = best.length
    why: list[str] = []
    fix: list[str] = []
    if time:
        # (Own track only: a first link of someone else's is named among the others' links.)
        not_mine = False
        why, fix = _time_reasons(state, seat, best, city)
        if best.same_period or best.reentered:
            too_far = passes = False  # no engine or card makes that way legal
    if too_far:
        why.append(f"{RULE_ENGINE}, and {path} is {n} links while your engine is level "
                   f"{engine}")
        fix.append(f"upgrade your engine to level {n} (/upgrade)")
    if not_mine:
        on_route = f" (on the route {path})" if n > 1 and not too_far else ""
        why.append(f"{RULE_FIRST}, and the link {best.cities[0]} - {best.cities[1]}{on_route} "
                   f"is {name(state, best.owners[0])}'s")
        fix.append(f"build your own link out of {city}")
    if passes:
        stops = listing(best.passes)
        why.append(f"{RULE_STOP}, and the route {path} passes {stops}")
        fix.append("use an Express card (express:true) to pass one such city")
    if not why:
        return f"{head}.{instead}"
    reason = "; ".join(why)
    return f"{head}: {reason}. To make it legal, {' and '.join(fix)}.{instead}"
