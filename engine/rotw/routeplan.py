"""Delivery plans for the Railways of the World computer player: a cube, a city that takes its
colour, and the chain of links that would carry it there from the player's own track, some of
them still to build and the engine perhaps still to upgrade.

A plan is judged by the points its delivery would bring the player against the actions it takes
(the links to build, the engine levels to buy, the delivery itself): a link worth building is
one on the way to a long delivery, even when it carries nothing on its own yet. The player
works out its plans afresh before each move from the board alone, so it keeps to one for as
long as the board still makes it the best, and its moves stay a function of the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import pairwise

from engine.core.types import State
from engine.rotw import delivery
from engine.rotw.context import MapContext

PLAN_REACH = 4
"""Hexes between two cities a plan expects one build action to link, unless told otherwise (as
the player's builds)."""
MOST_NEW = 2
"""Links still to build in a plan: further ahead, the board changes before they are built."""
LONGEST = 6
"""Links in a planned delivery: the longest a level-6 engine carries (a good player's engine)."""
MOST_STEPS = 8_000
"""Route steps a plan search makes at most (a bound on a move's time on a crowded board)."""
LINK_PRICE = 3000
"""Dollars a hex of a planned link is reckoned to cost (open ground $2,000, hills more)."""


@dataclass(frozen=True)
class Plan:
    cube: str
    """The city where the cube waits."""
    colour: str
    route: tuple[str, ...]
    """The cities the cube passes, from its own to the one that takes it."""
    new: tuple[tuple[str, str], ...]
    """The links of the route still to build, in the route's order."""
    points: int
    """Points the delivery brings the player: its own links on the route, built or planned."""
    upgrades: int
    """Engine levels the player still needs for the route's length."""
    price: int
    """Dollars the links still to build are reckoned to cost (engines not counted)."""

    @property
    def actions(self) -> int:
        """Actions the plan takes: each link, each engine level, and the delivery."""
        return len(self.new) + self.upgrades + 1

    @property
    def worth(self) -> float:
        """Points a plan action brings."""
        return self.points / self.actions


_NEAR: dict[tuple[int, int], tuple[MapContext, dict[str, tuple[tuple[str, int], ...]]]] = {}
"""Each map's neighbours, by its context and reach (kept with the context, so a reused id is
never mistaken)."""


def _near(ctx: MapContext, reach: int) -> dict[str, tuple[tuple[str, int], ...]]:
    """Each city's neighbours a single build can reach, with their distances in hexes."""
    kept = _NEAR.get((id(ctx), reach))
    if kept is not None and kept[0] is ctx:
        return kept[1]
    names = sorted(ctx.mapdef.cities)
    out: dict[str, tuple[tuple[str, int], ...]] = {}
    for a in names:
        here = ctx.city(a).hex
        found = [(b, here.distance(ctx.city(b).hex)) for b in names if b != a]
        out[a] = tuple((b, d) for b, d in found if d <= reach)
    _NEAR[id(ctx), reach] = (ctx, out)
    return out


def plans(state: State, ctx: MapContext, seat: int, mine: set[str],
          reach: int = PLAN_REACH) -> list[Plan]:
    """The player's delivery plans, best first (most points an action, then fewest actions):
    every cube on or a link from its network (``mine``: its cities; anywhere when it has none),
    carried to a city that takes it over at most ``LONGEST`` links, of which at most
    ``MOST_NEW`` are still to build (each joining cities at most ``reach`` hexes apart). Plans
    that need no link and no engine are left out: those are deliveries the player can make
    now."""
    if any("period" in c for c in state["cities"].values()) or state["players"][seat].get(
            "held_cube") is not None:
        return []  # (Railways through Time's periods, a cube held at a depot: not planned)
    near = _near(ctx, reach)
    adj = delivery.adjacency(state)
    built = {a: [(b, owner) for _, b, owner in sorted(rows)] for a, rows in adj.items()}
    linked = {frozenset((a, b)) for a, rows in built.items() for b, _ in rows}
    unbuilt = {a: [(b, d) for b, d in rows if frozenset((a, b)) not in linked]
               for a, rows in near.items()}
    engine = int(state["players"][seat]["engine"])
    # Each city's ways on (made once: the walk below visits cities some 10^5 times a move).
    ways_built: dict[str, list[tuple[str, int | None, int]]] = {
        a: [(b, o, 0) for b, o in built.get(a, ())] for a in state["cities"]}
    ways = {a: ways_built[a] + [(b, None, d) for b, d in unbuilt.get(a, ())]
            for a in state["cities"]}
    found: dict[tuple[str, str, tuple[str, ...]], Plan] = {}
    steps = 0

    def walk(colour: str, takers: set[str], path: list[str], owners: list[int | None],
             new: list[tuple[str, str]], price: int, points: int) -> None:
        nonlocal steps
        at = path[-1]
        options = ways[at] if len(new) < MOST_NEW else ways_built[at]
        for other, owner, hexes in options:
            steps += 1
            if other in path or steps > MOST_STEPS:
                continue
            if not owners and owner is not None and owner != seat:
                continue  # a delivery starts on the mover's own track
            fresh = owner is None
            gained = points + (1 if fresh or owner == seat else 0)
            path.append(other)
            owners.append(owner)
            if fresh:
                new.append((at, other))
            cost = price + LINK_PRICE * hexes
            if other in takers:
                longer = max(0, len(owners) - engine)
                if (new or longer) and (not mine or not mine.isdisjoint(path)):
                    plan = Plan(path[0], colour, tuple(path), tuple(new), gained, longer, cost)
                    key = plan.cube, colour, plan.route
                    # (Two links may join the same cities: the player runs on its own.)
                    if key not in found or found[key].points < gained:
                        found[key] = plan
            elif len(owners) < LONGEST:
                walk(colour, takers, path, owners, new, cost, gained)
            if fresh:
                new.pop()
            owners.pop()
            path.pop()

    takers_of: dict[str, set[str]] = {}
    for city in sorted(state["cities"]):
        cubes = state["cities"][city]["cubes"]
        if not cubes or city not in near:
            continue
        if mine and city not in mine and not any(b in mine for b, _ in near[city]):
            continue
        for colour in sorted(set(cubes)):
            if colour not in takers_of:
                takers_of[colour] = {c for c in state["cities"] if delivery.takes(state, c, colour)}
            walk(colour, takers_of[colour], [city], [], [], 0, 0)
    return sorted(found.values(), key=lambda p: (-p.worth, p.actions, p.route))


def next_links(plan: Plan, mine: set[str]) -> list[tuple[str, str]]:
    """The plan's links still to build that the player can build next: those touching its
    network or the plan's own built track (every one, for a player with no network yet)."""
    if not mine:
        return list(plan.new)
    new = {frozenset(x) for x in plan.new}
    reached = set(mine)
    # The route's built links join their cities to whatever they touch.
    for a, b in zip(plan.route, plan.route[1:], strict=False):
        if frozenset((a, b)) not in new and (a in reached or b in reached):
            reached |= {a, b}
    return [x for x in plan.new if x[0] in reached or x[1] in reached]


MAJOR_NEW = 4
"""Links still to build on a major line a player plans to complete: a longer chain is built
while others race for it, and builds toward far cities carry nothing meanwhile."""


def major_plans(state: State, ctx: MapContext, seat: int, mine: set[str],
                reach: int = PLAN_REACH, extra: Mapping[tuple[str, str], int] | None = None
                ) -> list[Plan]:
    """The open major lines the player could complete with at most ``MAJOR_NEW`` links more,
    each as a plan along the chain of cities needing fewest new links (its own links cost
    none; a city pair anyone has linked is not counted on), its points the line's: best first.
    A player with a network (``mine``) plans only lines whose chain touches it. ``extra``:
    points more for joining a pair of cities (its Rail Baron's), added to the major line
    between them or planned alone."""
    near = _near(ctx, reach)
    adj = delivery.adjacency(state)
    linked = {frozenset((a, b)) for a, rows in adj.items() for _, b, _ in rows}
    own = {a: [b for _, b, owner in rows if owner == seat] for a, rows in adj.items()}
    goals = {frozenset(pair): (pair, points) for pair, points in (extra or {}).items()}
    ends: list[tuple[str, str, int]] = []
    for line in state["major_lines"]:
        a, b = str(line["a"]), str(line["b"])
        if line["claimed_by"] is None and not line.get("requires"):
            bonus = goals.pop(frozenset((a, b)), ((a, b), 0))[1]
            ends.append((a, b, int(line["points"]) + bonus))
    ends += [(a, b, points) for (a, b), points in goals.values()]
    out: list[Plan] = []
    for a, b, points in ends:
        if a not in near or b not in near:
            continue
        chain = _fewest_links(near, own, linked, a, b)
        if chain is None:
            continue
        route, new, price = chain
        if not new or len(new) > MAJOR_NEW or (mine and mine.isdisjoint(route)):
            continue
        out.append(Plan(a, "", tuple(route), tuple(new), points, 0, price))
    return sorted(out, key=lambda p: (-p.worth, p.actions, p.route))


def _fewest_links(near: dict[str, tuple[tuple[str, int], ...]], own: dict[str, list[str]],
                  linked: set[frozenset[str]], a: str, b: str
                  ) -> tuple[list[str], list[tuple[str, str]], int] | None:
    """The chain of cities from ``a`` to ``b`` with fewest links still to build (then cheapest):
    the cities, the links to build and their reckoned price."""
    best: dict[str, tuple[int, int]] = {a: (0, 0)}
    back: dict[str, str] = {}
    todo: list[tuple[int, int, str]] = [(0, 0, a)]
    while todo:
        todo.sort(reverse=True)
        links, price, at = todo.pop()
        if at == b:
            break
        if best[at] < (links, price):
            continue
        steps = [(c, 0, 0) for c in own.get(at, ())] + [
            (c, 1, LINK_PRICE * d) for c, d in near.get(at, ()) if frozenset((at, c)) not in linked]
        for other, more, cost in steps:
            key = (links + more, price + cost)
            if other not in best or key < best[other]:
                best[other] = key
                back[other] = at
                todo.append((key[0], key[1], other))
    if b not in best:
        return None
    route = [b]
    while route[-1] != a:
        route.append(back[route[-1]])
    route.reverse()
    owned = {frozenset((x, y)) for x, ys in own.items() for y in ys}
    new = [(x, y) for x, y in pairwise(route)
           if frozenset((x, y)) not in owned]
    return route, new, best[b][1]
