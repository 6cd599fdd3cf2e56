"""Railways through Time rules: time warps, delivering goods through time, Time Lines.

A time warp is kept as a city of the map that holds no cubes (flag ``time_warp``): a link into it
is complete and ends the build, as a link into a city does. Each city and warp of the state knows
its period (``state["cities"][name]["period"]``), so delivery rules need no map.

A cube reaching one of its deliverer's warps may hop to another of that player's warps in a
period it has not been in yet; the link into the first warp and the link out of the second count
together as one link (the rulebook's examples: Stone Age -> Napoleonic city is a 1-link delivery).
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.types import State
from engine.rotw import network
from engine.rotw.context import MapContext
from engine.rotw.maprules import on
from engine.rotw.switches import pairs
from engine.rotw.timemap import TIME_WARP
from engine.rotw.tx import Tx, name

RULE = "time_travel"
DEFAULT_WARP_COST = 1000


def timed(state: State) -> bool:
    return on(state, RULE)


def is_warp(state: State, city: str) -> bool:
    return bool(state["cities"].get(city, {}).get("warp"))


def refuse_warp(state: State, city: str) -> None:
    """A time warp is no city for goods, New City tiles or Mines."""
    if is_warp(state, city):
        raise IllegalAction("time_warp", f"{city} is a time warp: it holds no goods and takes "
                            "no New City tile, Mine, Fuel Depot or cubes.")


def period(state: State, city: str) -> str | None:
    p = state["cities"].get(city, {}).get("period")
    return None if p is None else str(p)


def warp_cost(ctx: MapContext) -> int:
    t = ctx.mapdef.tables.get("time_warp")
    return int(t.values.get("cost", DEFAULT_WARP_COST)) if t else DEFAULT_WARP_COST


def is_map_warp(ctx: MapContext, city: str | None) -> bool:
    c = ctx.mapdef.cities.get(city or "")
    return c is not None and TIME_WARP in c.flags


def hop_targets(state: State, seat: int, warp: str, visited: list[str]) -> list[str]:
    """The deliverer's other warps a cube at ``warp`` may hop to: in a period the cube has not
    been in, reached by a complete link of the deliverer's own."""
    seen = {period(state, c) for c in visited}
    out = []
    for lk in network.complete_links(state, seat):
        for end in link_places(lk):
            if end != warp and is_warp(state, end) and period(state, end) not in seen \
                    and end not in out:
                out.append(str(end))
    return out


def is_hop(state: State, a: str, b: str) -> bool:
    """Whether a cube going from ``a`` to ``b`` hops through time: warp straight to warp, along
    no link (track never joins two warps)."""
    return is_warp(state, a) and is_warp(state, b)


def warp_jumps(state: State, cities: list[str]) -> int:
    """How many hops through time a delivery's cities make."""
    return sum(1 for a, b in pairwise(cities) if is_hop(state, a, b))


def link_places(lk: dict[str, Any]) -> list[str]:
    """Every city and warp a link joins (a Switch Track branch joins its parent's ends too)."""
    return list(dict.fromkeys(c for pair in pairs(lk) for c in pair))


def link_count(state: State, cities: list[str], links: list[int]) -> int:
    """Links a delivery counts: a hop between two warps joins its two half-links into one."""
    return len(links) - warp_jumps(state, cities)


def crosses_time(state: State, cities: list[str]) -> bool:
    return len({period(state, c) for c in cities if period(state, c) is not None}) > 1


def check_warp_link(ctx: MapContext, origin: str | None, end: str | None) -> None:
    """Track built out of a time warp must reach a city, never another warp."""
    if is_map_warp(ctx, origin) and is_map_warp(ctx, end):
        raise IllegalAction("warp_to_warp", "Track built out of a time warp must connect to a "
                            f"city (Railways through Time), not to {end}.")


def warp_surcharge(ctx: MapContext, new_link_from: str | None, end: str | None) -> int:
    """+$1,000 when a link connects to a time warp: once for the warp it starts at (paid with
    its first tiles) and once for the warp it ends at."""
    return warp_cost(ctx) * (int(is_map_warp(ctx, new_link_from)) + int(is_map_warp(ctx, end)))


def check_build_goal(state: State, ctx: MapContext, start: str, goal: str) -> None:
    """A build aimed at ``goal``: track never runs from one period board to another (the warps
    join the periods), and track out of a warp goes to a city."""
    origin = start
    if start.startswith("link:"):
        found = next((lk for lk in state["links"] if f"link:{lk['id']}" == start), None)
        origin = str(found["cities"][0]) if found else start
    check_warp_link(ctx, origin, goal)
    here, there = period(state, origin), period(state, goal)
    if here is not None and there is not None and here != there:
        raise IllegalAction("other_period", f"{goal} is on another time period board: track "
                            "stays on its own board. Build into a time warp of both boards "
                            "and deliver through time instead.")


# --- Time Lines ---------------------------------------------------------------------------------

def period_graph(state: State, seat: int) -> network.Adjacency:
    """The seat's own links between cities, warps left out (a Time Line is built on its board
    and a connection to a warp cannot claim it)."""
    adj: network.Adjacency = {}
    for lk in network.complete_links(state, seat):
        for a, b in pairs(lk):
            if is_warp(state, a) or is_warp(state, b):
                continue
            adj.setdefault(a, []).append((lk["id"], b))
            adj.setdefault(b, []).append((lk["id"], a))
    return adj


def _time_graph(state: State, seat: int) -> network.Adjacency:
    """The seat's whole network with its warps in different periods joined to each other."""
    adj: network.Adjacency = {}
    for lk in network.complete_links(state, seat):
        for a, b in pairs(lk):
            adj.setdefault(a, []).append((lk["id"], b))
            adj.setdefault(b, []).append((lk["id"], a))
    warps = [c for c in adj if is_warp(state, c)]
    for w in warps:
        for v in warps:
            if period(state, w) != period(state, v):
                adj[w].append((0, v))
    return adj


def claimable(state: State, seat: int) -> list[dict[str, Any]]:
    """The unclaimed Time Lines the seat's track claims now, in chart order: each joined on its
    own board (warps left out); the first freely, the later ones only when they connect to the
    seat's first Time Line (warps included)."""
    lines = state.get("time_lines") or []
    local = period_graph(state, seat)
    first = next((x for x in lines if x["claimed_by"] == seat and x.get("first")), None)
    whole: network.Adjacency | None = None
    out: list[dict[str, Any]] = []
    for tl in lines:
        if tl["claimed_by"] is not None or tl["b"] not in network.component(local, tl["a"]):
            continue
        if first is None:
            first = tl
        else:
            whole = whole or _time_graph(state, seat)
            if first["a"] not in network.component(whole, tl["a"]):
                continue
        out.append(tl)
    return out


def check_time_lines(tx: Tx, seat: int) -> None:
    """Claim every Time Line the seat now completes and may claim."""
    state = tx.state
    lines = state.get("time_lines") or []
    had_first = any(x["claimed_by"] == seat and x.get("first") for x in lines)
    for i, tl in enumerate(claimable(state, seat)):
        tl["claimed_by"] = seat
        tl["first"] = not had_first and i == 0
        count = sum(1 for x in lines if x["claimed_by"] == seat)
        tx.say("time_line", f"{name(state, seat)} claims the {tl['a']} - {tl['b']} Time Line "
               f"({count} claimed; Time Lines score at the end of the game).")


def time_line_points(ctx: MapContext, count: int) -> int:
    """End-of-game points for claiming ``count`` Time Lines (the chart on the score board)."""
    t = ctx.mapdef.tables.get("time_line_points")
    if t is None or count <= 0:
        return 0
    chart = {int(k): int(v) for k, v in t.values.get("by_count", {}).items()}
    best = max((k for k in chart if k <= count), default=0)
    return chart.get(best, 0)


def lines_claimed(state: State, seat: int) -> int:
    return sum(1 for tl in state.get("time_lines") or [] if tl["claimed_by"] == seat)


def setup_state(state: State, ctx: MapContext, period_of: dict[str, str]) -> None:
    """Mark each city's period and the warps, and lay out the Time Lines (no claims yet)."""
    for cname, c in state["cities"].items():
        c["period"] = period_of.get(cname)
        if is_map_warp(ctx, cname):
            c["warp"] = True
    t = ctx.mapdef.tables.get("time_lines")
    state["time_lines"] = [{"a": str(x["a"]), "b": str(x["b"]), "period": str(x["period"]),
                            "claimed_by": None} for x in (t.values["lines"] if t else [])]


def goal_met(state: State, g: dict[str, Any], src: str, dest: str, cities: list[str]) -> bool:
    """The two goal cards of Railways through Time: Time Blazer and the Time Bounties."""
    gt = g.get("type")
    if gt == "through_time":
        return crosses_time(state, cities)
    if gt == "time_bounty":
        where = str(g.get("period"))
        return period(state, dest) == where and period(state, src) != where
    return False
