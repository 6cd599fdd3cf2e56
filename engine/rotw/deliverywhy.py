"""Why a cube cannot be delivered: the rule it hits, the nearest miss and what would fix it.

A refused ``/deliver`` walks the complete links again with the rules relaxed (any length, any
first owner, passing cities of the cube's colour) and explains the route that breaks the fewest.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.names import listing
from engine.core.types import State
from engine.rotw.context import MAX_ENGINE
from engine.rotw.delivery import DeliveryRoute, takes
from engine.rotw.switches import pairs
from engine.rotw.tx import name

RULE_ENGINE = "a cube moves at most as many links as your engine level"
RULE_FIRST = "the first link a cube moves along must be yours"
RULE_STOP = "a cube stops at the first city of its colour it enters"
RULE_COLOUR = "a cube is delivered only to a city of its own colour"


@dataclass
class _Try:
    cities: list[str]
    owners: list[int]
    passes: list[str]

    def faults(self, seat: int, engine: int, express: int) -> tuple[bool, bool, bool]:
        return (len(self.owners) > engine, self.owners[0] != seat,
                len(self.passes) > express)

    def score(self, seat: int, engine: int, express: int) -> tuple[int, int, int]:
        too_far, not_mine, passes = self.faults(seat, engine, express)
        return (int(too_far) + int(not_mine) + int(passes), max(0, len(self.owners) - engine),
                len(self.owners))


def _walks(state: State, start: str, colour: str) -> list[_Try]:
    adj: dict[str, list[tuple[str, int]]] = {}
    for lk in state["links"]:
        for a, b in pairs(lk) if lk["complete"] else []:
            adj.setdefault(a, []).append((b, lk["owner"]))
            adj.setdefault(b, []).append((a, lk["owner"]))
    out: list[_Try] = []

    def walk(cities: list[str], owners: list[int], passes: list[str]) -> None:
        if len(owners) >= MAX_ENGINE:
            return
        for other, owner in adj.get(cities[-1], []):
            if other in cities:
                continue
            out.append(_Try([*cities, other], [*owners, owner], list(passes)))
            walk([*cities, other], [*owners, owner],
                 [*passes, other] if takes(state, other, colour) else passes)

    walk([start], [], [])
    return out


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
    tries = [t for t in _walks(state, city, colour)
             if (t.cities[-1] == dest if dest else takes(state, t.cities[-1], colour))]
    if not tries:
        goal = dest or f"any {colour} city"
        return (f"{head}: no chain of complete links joins {city} to {goal}. Build or finish "
                f"links first.{instead}")
    engine = int(state["players"][seat]["engine"])
    best = min(tries, key=lambda t: t.score(seat, engine, express))
    too_far, not_mine, passes = best.faults(seat, engine, express)
    path = " - ".join(best.cities)
    n = len(best.owners)
    why: list[str] = []
    fix: list[str] = []
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
