"""Building track: a build's tiles checked and costed, link completion and joining, and cheapest
routes (what the board already holds is engine.rotw.trackmap's)."""

from __future__ import annotations

import heapq
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.hexgrid import DIRECTIONS, Direction, Hex, opposite, side_gap
from engine.core.names import listing
from engine.core.types import State
from engine.rotw import network, switches, versions
from engine.rotw.buildterms import BuildTerms, build_terms
from engine.rotw.carddeck import operation
from engine.rotw.cardeffects import after_build, check_charters
from engine.rotw.cards import max_tiles
from engine.rotw.context import MapContext
from engine.rotw.depots import check_depot, place_depots
from engine.rotw.economy import add_points, pay
from engine.rotw.maprules import on
from engine.rotw.timetravel import RULE as TIME_TRAVEL
from engine.rotw.timetravel import (
    check_build_goal,
    check_time_lines,
    check_warp_link,
    is_map_warp,
    warp_cost,
    warp_surcharge,
)
from engine.rotw.trackmap import (
    Board,
    Occupancy,
    board_of,
    closed_west,
    facing_foreign,
    find_link,
    join_target,
    occupancy,
    own_incomplete,
    own_open_ends,
    parse_hexes,
    refuse_west,
    switch_start,
)
from engine.rotw.tx import Tx, money_text, name


def entry_text(sides: frozenset[Direction]) -> str:
    ordered = [d for d in DIRECTIONS if d in sides]
    return ordered[0] if len(ordered) == 1 else ", ".join(ordered[:-1]) + " or " + ordered[-1]


@dataclass
class BuildPlan:
    seat: int
    link_id: int | None
    start_city: str | None
    tiles: list[dict[str, Any]] = field(default_factory=list)
    redirect_out: str | None = None
    cost: int = 0
    end_city: str | None = None
    join_id: int | None = None
    cards_used: list[str] = field(default_factory=list)
    diamond: bool = False
    points: int = 0
    """Points the build earns at once (Hot Springs)."""
    depot: tuple[str, int] | None = None
    switch: switches.SwitchStart | None = None
    """A Switch Track placed at the start of this build (its branch is the new link)."""


def plan_build(state: State, ctx: MapContext, seat: int, action: dict[str, Any]) -> BuildPlan:
    """Check a build against every track rule; raise IllegalAction naming the rule broken."""
    start = action.get("start")
    if not isinstance(start, str):
        raise IllegalAction("bad_start", "A build needs a start: a city name or link:<id>.")
    path = parse_hexes(ctx, action.get("path", []))
    redirect = bool(action.get("redirect", False))
    occ = occupancy(state, ctx)
    plan = BuildPlan(seat, None, None)
    terms = build_terms(state, ctx, seat, action.get("cards") or [])
    plan.cards_used = terms.cards
    ferries = 0

    def tile_cost(h: Hex) -> int:
        return terms.hex_cost(ctx, h)

    link: dict[str, Any] | None = None
    out_dir: Direction | None
    if start.startswith(switches.PREFIX):
        plan.switch = switch_start(state, ctx, seat, start, occ)
        origin = plan.switch.ends[0]
        plan.start_city = origin
        prev = plan.switch.hex
        out_dir = None
        plan.cost += switches.SWITCH_COST
        if path and path[0] == prev:
            path = path[1:]
        if redirect or not path:
            raise IllegalAction("switch_branch", "A Switch Track is placed with the first "
                                "tiles of its branch: give the hexes or a city to head for.")
    elif start.startswith("link:"):
        link = own_incomplete(state, seat, start)
        plan.link_id = link["id"]
        origin = str(link["cities"][0])
        last = link["tiles"][-1]
        prev = ctx.hex(last["hex"])
        out_dir = last["sides"][1]
    else:
        if start not in ctx.mapdef.cities:
            raise IllegalAction("unknown_city", f"There is no city called {start} on this map.")
        origin = start
        plan.start_city = start
        prev = ctx.city(start).hex
        out_dir = None
        if path and path[0] == prev:
            path = path[1:]
        if redirect:
            raise IllegalAction("bad_redirect", "Only the last tile of your incomplete link can be "
                                "redirected; start at link:<id>.")
    if not path and not redirect and action.get("depot") is None:
        raise IllegalAction("empty_build", "Name at least one hex to build in.")

    # A redirect re-lays the last tile (paid again); "then may continue with a normal Build
    # Track action" means it is not one of the action's four new tiles.
    if redirect:
        assert link is not None
        if on(state, "cut_throat"):
            raise IllegalAction("cut_throat", "This game plays the Cut Throat variant: the last "
                                "tile of an incomplete link cannot be redirected.")
        last = link["tiles"][-1]
        in_side: Direction = last["sides"][0]
        if path:
            d = prev.direction_to(path[0])
            if d is None:
                raise IllegalAction("not_adjacent", f"{path[0].label} does not touch "
                                    f"{prev.label}, the end of link {link['id']}.")
            new_out: Direction = d
        else:
            ex = action.get("exit")
            if ex not in DIRECTIONS:
                raise IllegalAction("need_exit", "Redirecting with no new hexes needs an "
                                    "exit side.")
            new_out = ex
        if new_out == last["sides"][1]:
            raise IllegalAction("bad_redirect", "The redirected tile must point a new way.")
        if side_gap(in_side, new_out) < 2:
            raise IllegalAction("sharp_curve", f"A tile cannot join adjacent sides ({in_side} and "
                                f"{new_out}): track only runs straight or in gentle curves.")
        others = [s for lid, s in occ.get(prev, []) if lid != link["id"]]
        if others and ({in_side, new_out} & others[0]):
            raise IllegalAction("crossing_overlap", f"The redirected tile in {prev.label} would "
                                "share a side with the track it crosses.")
        plan.redirect_out = new_out
        plan.cost += tile_cost(prev)
        out_dir = new_out
        if not path:
            _check_open_end(ctx, occ, prev, new_out)
            # The turned tile's open end obeys the rule every new end does.
            if facing_foreign(occ, prev, new_out, None):
                raise IllegalAction("touches_track", f"The redirected tile in {prev.label} "
                                    f"would run into other track at "
                                    f"{prev.neighbour(new_out).label}; links meet only in "
                                    "cities.")

    n_tiles = 0
    placed: dict[Hex, list[frozenset[str]]] = defaultdict(list)
    west = closed_west(state, ctx)
    for i, h in enumerate(path):
        last_step = i == len(path) - 1
        d = prev.direction_to(h)
        if d is None:
            raise IllegalAction("not_adjacent", f"{h.label} does not touch {prev.label}: a link is "
                                "one continuous line of hexes.")
        if i == 0 and out_dir is not None and d != out_dir:
            nxt = prev.neighbour(out_dir).label
            raise IllegalAction("not_continuing", f"Link {plan.link_id} ends facing {out_dir} "
                                f"from {prev.label}; the next tile must be {nxt} (or redirect "
                                "the last tile).")
        if i == 0 and plan.switch is not None and d not in plan.switch.sides:
            ways = entry_text(frozenset(plan.switch.sides))
            raise IllegalAction("switch_side", f"A branch from the Switch Track in "
                                f"{prev.label} may leave by {ways} only: a tile joins "
                                "sides straight on or in a gentle curve.")
        if ctx.is_blocked(prev, h):  # said before a city's entry sides: the barrier is why
            raise IllegalAction("impassable", f"A barrier (impassable terrain) runs between "
                                f"{prev.label} and {h.label}: no track may cross it.")
        if i == 0 and plan.switch is None and plan.start_city is not None:
            city0 = ctx.city(plan.start_city)
            refuse_west(ctx, west, city0.hex, city0.name)
            if d not in city0.entry:
                raise IllegalAction("city_entry", f"{city0.name} can only be entered from "
                                    f"{entry_text(city0.entry)}.")
        if ctx.is_ridge(prev, h):
            plan.cost += terms.ridge_cost(ctx)
        city = ctx.city_by_hex.get(h)
        if city is not None:
            # A link may neither end in nor leave a closed city (Glenn Drover).
            refuse_west(ctx, west, h, city.name)
            if not last_step:
                raise IllegalAction("through_city", f"A link ends at the first city it reaches: "
                                    f"stop at {city.name}.")
            if opposite(d) not in city.entry:
                raise IllegalAction("city_entry", f"{city.name} can only be entered from "
                                    f"{entry_text(city.entry)}.")
            plan.end_city = city.name
            break
        join = join_target(state, ctx, seat, h, d, plan.link_id)
        if join is not None:
            if not last_step:
                raise IllegalAction("through_join", f"The build joins link {join['id']} at "
                                    f"{h.label} and must stop there.")
            plan.join_id = join["id"]
            plan.end_city = str(join["cities"][0])
            break
        if not ctx.mapdef.playable(h):
            raise IllegalAction("off_board", f"{h.label} is not a playable hex.")
        refuse_west(ctx, west, h, h.label)
        if h in ctx.ferry_hexes:
            ferries += 1
            if ferries > terms.ferries:
                raise IllegalAction("ferry_needs_card", f"{h.label} is a ferry crossing: it can "
                                    "only be built with a Ferry Line card, one per card.")
        in_side = opposite(d)
        if not last_step:
            nd = h.direction_to(path[i + 1])
            if nd is None:
                raise IllegalAction("not_adjacent", f"{path[i + 1].label} does not touch "
                                    f"{h.label}: a link is one continuous line of hexes.")
            out: Direction = nd
        else:
            ex = action.get("exit")
            if ex is not None and ex not in DIRECTIONS:
                raise IllegalAction("bad_exit", f"{ex} is not a side; use NE, E, SE, SW, W or NW.")
            out = ex if ex is not None else opposite(in_side)
        if side_gap(in_side, out) < 2:
            raise IllegalAction("sharp_curve", f"A tile in {h.label} cannot join adjacent sides "
                                f"({in_side} and {out}): track only runs straight or in "
                                "gentle curves.")
        sides = frozenset((in_side, out))
        existing = [s for _, s in occ.get(h, [])] + placed[h]
        if len(existing) >= 2:
            raise IllegalAction("hex_full", f"{h.label} already holds a crossing.")
        if existing and sides & existing[0]:
            raise IllegalAction("crossing_overlap", f"A crossing in {h.label} must share no side "
                                "with the track already there.")
        for side, allowed in ((in_side, prev), (out, path[i + 1] if not last_step else None)):
            if facing_foreign(occ, h, side, allowed):
                raise IllegalAction("touches_track", f"The tile in {h.label} would run into other "
                                    f"track at {h.neighbour(side).label}; links meet only "
                                    "in cities.")
        if last_step:
            _check_open_end(ctx, occ, h, out)
        placed[h].append(sides)
        plan.tiles.append({"hex": h.label, "sides": [in_side, out], "crossing": bool(existing)})
        plan.cost += tile_cost(h)
        if ctx.mapdef.terrain.get(h) == "mountain":
            plan.points += terms.mountain_points
        n_tiles += 1
        prev = h

    if not plan.tiles and plan.link_id is None and plan.join_id is None \
            and plan.switch is None and plan.end_city is not None:
        # No hex between neighbouring cities (or a city and its neighbouring time warp) for a
        # tile: a build there would be paid for and make no link. (A Switch Track's branch may
        # go straight into a neighbouring city: the switch itself is the track between.)
        raise IllegalAction("no_hex_between", f"{plan.start_city} and {plan.end_city} are "
                            "neighbours with no hex between them for a tile, so no track can "
                            "join them there: a link between them must run through at least "
                            "one hex.")
    limit = max_tiles(state, ctx, seat)
    if plan.switch is not None and n_tiles > limit - 1:
        raise IllegalAction("too_many_tiles", f"A build lays at most {limit} tiles and the "
                            f"Switch Track counts as one (Switch Tracks): {limit - 1} more, not "
                            f"{n_tiles}.")
    if n_tiles > limit:
        raise IllegalAction("too_many_tiles", f"A build lays at most {limit} tiles, not {n_tiles}.")
    plan.diamond = n_tiles > 4
    if on(state, TIME_TRAVEL):
        for end in plan.switch.ends if plan.switch else [origin]:
            check_warp_link(ctx, end, plan.end_city)
        # A join ends at the start of the joined link, whose warp was paid with its first tiles.
        plan.cost += warp_surcharge(ctx, plan.start_city if plan.link_id is None and plan.tiles
                                    else None, plan.end_city if plan.join_id is None else None)
    if plan.tiles or versions.charters_watch_track_into_city(state):
        check_charters(state, ctx, seat, plan.link_id, [origin, plan.end_city],
                       _cities_entered(plan))
    if plan.end_city is not None:
        ends = plan.switch.ends if plan.switch else switches.branch_ends(link)
        if ends:
            switches.check_end(ends, plan.end_city)
        if plan.end_city == origin:
            raise IllegalAction("same_city", f"A link must join {origin} to a different city.")
        joined = [{o, plan.end_city} for o in ends or [origin]]
        for lk in network.complete_links(state, seat):
            for a, b in switches.pairs(lk):
                if {a, b} in joined:
                    raise IllegalAction("duplicate_link", f"You already have a link between "
                                        f"{a} and {b}.")
    if action.get("depot") is not None:
        # Depots are placed during the action: a city the build itself connects qualifies.
        reached = [] if plan.end_city is None else [plan.end_city, *(
            plan.switch.ends if plan.switch else switches.branch_ends(link) or [origin])]
        plan.cost += check_depot(state, ctx, seat, action["depot"], action.get("depots", 2),
                                 reached)
        plan.depot = (str(action["depot"]), int(action.get("depots", 2)))
    return plan


def _cities_entered(plan: BuildPlan) -> list[str]:
    """Cities this build's own track runs into: the city a new link starts from (a Switch
    Track branch starts on track, not in a city) and the city its last tile enters (a join
    ends on the other half's track)."""
    out = []
    if plan.tiles and plan.link_id is None and plan.switch is None \
            and plan.start_city is not None:
        out.append(plan.start_city)
    if plan.end_city is not None and plan.join_id is None:
        out.append(plan.end_city)
    return out


def _check_open_end(ctx: MapContext, occ: Occupancy, h: Hex, out: Direction) -> None:
    nb = h.neighbour(out)
    if nb in ctx.city_by_hex:
        raise IllegalAction("must_enter_city", f"The track points into "
                            f"{ctx.city_by_hex[nb].name}: add its hex {nb.label} to finish "
                            "the link.")
    if not ctx.mapdef.playable(nb) or ctx.is_blocked(h, nb):
        raise IllegalAction("dead_end", f"The open end in {h.label} would point off the board "
                            f"({out}).")


def apply_build(tx: Tx, plan: BuildPlan) -> None:
    state, seat, ctx = tx.state, plan.seat, tx.ctx
    note = pay(tx, seat, plan.cost) if plan.cost else ""
    # A card played from hand is named in the build's line, so everyone reads it was used.
    used = list(dict.fromkeys(str(operation(ctx, cid)["name"]) for cid in plan.cards_used))
    if used:
        note += f"; {listing(used)} played and used up"
    p = state["players"][seat]
    for cid in plan.cards_used:
        p["hand"].remove(cid)
        state["ops"]["discard"].append(cid)
    if plan.diamond:
        p["diamond_turn"] = state["turn"]
    if plan.depot is not None:
        place_depots(tx, seat, *plan.depot)
    who = name(state, seat)
    if not plan.tiles and plan.redirect_out is None and plan.switch is None:
        return
    if plan.link_id is None:
        link: dict[str, Any] = {"id": state["next_link"], "owner": seat,
                                "cities": [plan.start_city, None], "tiles": [], "complete": False}
        state["next_link"] += 1
        state["links"].append(link)
        if plan.switch is not None:
            # The branch leaves by its first tile's hex, or straight into a neighbouring city.
            ahead = plan.tiles[0]["hex"] if plan.tiles else \
                ctx.city(plan.end_city).hex.label if plan.end_city is not None else None
            first = plan.switch.hex.direction_to(ctx.hex(ahead)) if ahead is not None else None
            switches.place(tx, link, plan.switch, str(first or plan.redirect_out))
    else:
        found = find_link(state, plan.link_id)
        assert found is not None
        link = found
    if plan.redirect_out is not None:
        link["tiles"][-1]["sides"][1] = plan.redirect_out
    link["tiles"].extend(plan.tiles)
    if plan.join_id is not None:
        other = find_link(state, plan.join_id)
        assert other is not None
        for t in reversed(other["tiles"]):
            link["tiles"].append({"hex": t["hex"], "sides": [t["sides"][1], t["sides"][0]],
                                  "crossing": t["crossing"]})
        state["links"].remove(other)
    if plan.points:
        add_points(tx, seat, plan.points)
        tx.say("hot_springs", f"{who} gains {plan.points} point{'s' if plan.points > 1 else ''} "
               "for track laid on mountains.")
    n = len(plan.tiles)
    laid = [str(t["hex"]) for t in plan.tiles]  # where this move laid track (its pictures show it)
    what = f"{n} tile{'s' if n != 1 else ''}" + (", redirected" if plan.redirect_out else "")
    if plan.end_city is not None:
        link["cities"][1] = plan.end_city
        link["complete"] = True
        tx.say("build", f"{who} built {link['cities'][0]} - {plan.end_city} ({what}, "
               f"{money_text(plan.cost)}{note}).", link=link["id"], tiles=laid)
        check_major_lines(tx, seat)
        if on(state, TIME_TRAVEL):
            check_time_lines(tx, seat)
        after_build(tx, seat, link)
    else:
        tx.say("build", f"{who} built toward {link['tiles'][-1]['hex']} from {link['cities'][0]} "
               f"({what}, {money_text(plan.cost)}{note}).", link=link["id"], tiles=laid)


def check_major_lines(tx: Tx, seat: int) -> None:
    state = tx.state
    adj = network.graph(state, seat)
    own_western = {w["city"] for w in state["western_links"] if w["owner"] == seat}
    for ml in state["major_lines"]:
        if ml["claimed_by"] is not None:
            continue
        comp = network.component(adj, ml["a"])
        if ml["b"] not in comp:
            continue
        if ml.get("requires") == "western_link" and not (own_western & comp):
            continue
        ml["claimed_by"] = seat
        if on(state, "late_baron_choice"):
            state["baron_due"] = True  # flow.baron_interrupt acts on it after this move
        add_points(tx, seat, int(ml["points"]), "major_lines")
        tx.say("major_line", f"{name(state, seat)} completes the {ml['a']} - {ml['b']} Major Line: "
               f"+{ml['points']} points.")


def remove_incomplete(state: State) -> int:
    before = len(state["links"])
    state["links"] = [lk for lk in state["links"] if lk["complete"]]
    return before - len(state["links"])


# --- route finding ------------------------------------------------------------------------------

@dataclass
class Route:
    path: list[str]
    cost: int
    complete: bool
    exit: str | None = None


def build_starts(state: State, ctx: MapContext, seat: int) -> list[str]:
    starts = [lk for lk in state["links"] if lk["owner"] == seat and not lk["complete"]]
    return [f"link:{lk['id']}" for lk in starts] + list(ctx.mapdef.cities) \
        + switches.starts(state, seat)


def route_toward(state: State, ctx: MapContext, seat: int, start: str, goal_city: str,
                 via: list[str] | None = None, allow_partial: bool = True,
                 terms: BuildTerms | None = None) -> Route | None:
    """Dijkstra over (hex, exit side) within the tile limit, obeying the same rules as a build."""
    if goal_city not in ctx.mapdef.cities:
        raise IllegalAction("unknown_city", f"There is no city called {goal_city} on this map.")
    if on(state, TIME_TRAVEL):
        check_build_goal(state, ctx, start, goal_city)
    found, partial = _search(state, ctx, seat, start, [goal_city], list(via or []),
                             allow_partial, terms or BuildTerms())
    return found.get(goal_city) or partial


def routes_from(state: State, ctx: MapContext, seat: int, start: str,
                goals: list[str], terms: BuildTerms | None = None,
                tiles: int | None = None, board: Board | None = None) -> dict[str, Route]:
    """The cheapest complete link from ``start`` to each of ``goals`` this action can build
    (one search for them all); goals out of reach are left out; ``tiles`` caps the length.
    ``board``: the state's track, when many searches share it."""
    found, _ = _search(state, ctx, seat, start, goals, [], False, terms or BuildTerms(), tiles,
                       board)
    return found


def can_build_from(state: State, ctx: MapContext, seat: int, start: str) -> bool:
    """Whether a first tile can be laid from ``start`` (a city or ``link:<id>``) this action."""
    anchor = ctx.city(start).hex if start in ctx.mapdef.cities else None
    others = sorted((c for c in ctx.mapdef.cities if c != start),
                    key=lambda c: ctx.city(c).hex.distance(anchor) if anchor else 0)
    found, partial = _search(state, ctx, seat, start, others, [], True, BuildTerms(), tiles=1)
    return bool(found) or partial is not None


def _search(state: State, ctx: MapContext, seat: int, start: str, goal_cities: list[str],
            via: list[str], allow_partial: bool, terms: BuildTerms,
            tiles: int | None = None, board: Board | None = None
            ) -> tuple[dict[str, Route], Route | None]:
    """Complete links to ``goal_cities`` and, with ``allow_partial``, the cheapest partial link
    ending nearest to the first of them; ``tiles`` caps the tile limit."""
    vias = parse_hexes(ctx, list(via))
    if board is None:
        board = board_of(state, ctx)
    occ, faced = board.occ, board.faced
    limit = min(max_tiles(state, ctx, seat), tiles or max_tiles(state, ctx, seat))
    west = closed_west(state, ctx)
    own_pairs = {frozenset(pair) for lk in network.complete_links(state, seat)
                 for pair in switches.pairs(lk)}
    ends: list[str] = []
    seeds: list[tuple[Hex, str]]
    if start.startswith(switches.PREFIX):
        sw = switch_start(state, ctx, seat, start, occ)
        origin, ends = sw.ends[0], sw.ends
        seeds = [(sw.hex, str(d)) for d in sw.sides]
        limit -= 1  # the Switch Track counts as one of the action's tiles
    elif start.startswith("link:"):
        lk = own_incomplete(state, seat, start)
        origin = str(lk["cities"][0])
        ends = switches.branch_ends(lk)
        last = lk["tiles"][-1]
        seeds = [(ctx.hex(last["hex"]), last["sides"][1])]
    else:
        if start not in ctx.mapdef.cities:
            raise IllegalAction("unknown_city", f"There is no city called {start} on this map.")
        origin = start
        c0 = ctx.city(start)
        seeds = [(c0.hex, d) for d in DIRECTIONS if d in c0.entry and c0.hex not in west]
    timed = on(state, TIME_TRAVEL)
    goals = {ctx.city(g).hex: ctx.city(g) for g in goal_cities
             if not (g == origin or g in ends
                     or any(frozenset((o, g)) in own_pairs for o in ends or [origin])
                     or (timed and is_map_warp(ctx, origin) and is_map_warp(ctx, g))
                     or ctx.city(g).hex in west)}
    found: dict[str, Route] = {}
    if not goals:
        return found, None
    aim = ctx.city(goal_cities[0]).hex
    heap: list[tuple[int, int, Hex, str, int, tuple[Hex, ...]]] = []
    counter = 0
    # Through Time: a new link out of a time warp pays the warp's $1,000 with its first tiles.
    first = warp_cost(ctx) if timed and not start.startswith("link:") \
        and is_map_warp(ctx, origin) else 0
    for h, d in seeds:
        heap.append((first, counter, h, d, 0, ()))
        counter += 1
    heapq.heapify(heap)
    seen: set[tuple[Hex, str, int, int]] = set()
    best_partial: tuple[int, int, tuple[Hex, ...], str] | None = None
    # The board's checks made once as sets (the loop runs some 10^5 times a move): the sides
    # a tile faces (``board``), the open ends of the player's own links, and each hex's price.
    joins = own_open_ends(state, ctx, seat)
    price: dict[Hex, int] = {}
    ridge_price = terms.ridge_cost(ctx)
    while heap:
        cost, _, prev, d, vi, path = heapq.heappop(heap)
        if d == "goal":
            goal = goals[prev]
            if goal.name not in found:
                found[goal.name] = Route([h.label for h in path] + [goal.hex.label], cost, True)
                if len(found) == len(goals):
                    break
            continue
        key = (prev, d, vi, len(path))
        if key in seen:
            continue
        seen.add(key)
        dd: Direction = d  # type: ignore[assignment]
        h, blocked, ridged = ctx.edge(prev, dd)
        if blocked:
            continue
        ridge = ridge_price if ridged else 0
        if h in goals:
            # A city next to the start city is no link: a tile must lie between them, so only a
            # way round through other hexes reaches it (a Switch Track is the track between).
            if opposite(dd) in goals[h].entry and vi == len(vias) \
                    and (path or start.startswith(("link:", switches.PREFIX))):
                counter += 1
                warp = warp_cost(ctx) if timed and is_map_warp(ctx, goals[h].name) else 0
                heapq.heappush(heap, (cost + ridge + warp, counter, h, "goal", vi, path))
            continue
        if h in ctx.city_by_hex or not ctx.mapdef.playable(h) or len(path) >= limit \
                or h in path or (h, dd) in joins \
                or (h in ctx.ferry_hexes and not terms.ferries) or h in west:
            continue
        existing = occ.get(h, [])
        if len(existing) >= 2:
            continue
        in_side = opposite(dd)
        nvi = vi + 1 if vi < len(vias) and vias[vi] == h else vi
        here = price.get(h)
        if here is None:
            here = price[h] = terms.hex_cost(ctx, h)
        step = cost + ridge + here
        npath = (*path, h)
        for o in _EXITS[in_side]:
            if existing and {in_side, o} & existing[0][1]:
                continue
            if (h, o) in faced:
                continue
            counter += 1
            heapq.heappush(heap, (step, counter, h, o, nvi, npath))
            if not allow_partial:
                continue
            nb, blocked, _ = ctx.edge(h, o)
            if nvi == len(vias) and ctx.mapdef.playable(nb) \
                    and nb not in ctx.city_by_hex and not blocked:
                cand = (nb.distance(aim), step, npath, o)
                if best_partial is None or cand[:2] < best_partial[:2]:
                    best_partial = cand
    if found or best_partial is None or not allow_partial:
        return found, None
    _, pcost, ppath, pexit = best_partial
    return found, Route([h.label for h in ppath], pcost, False, pexit)


_EXITS: dict[Direction, tuple[Direction, ...]] = {
    d: tuple(o for o in DIRECTIONS if side_gap(d, o) >= 2) for d in DIRECTIONS}
"""The sides a tile entered by a side may leave by (no sharp turn)."""


def partial_build_question(state: State, ctx: MapContext, action: dict[str, Any]) -> str | None:
    """A build headed for a city it cannot reach this action is a partial link: say so first."""
    goal = action.get("toward")
    if action.get("type") != "build" or not isinstance(goal, str) or not action.get("path"):
        return None
    seat = int(action["seat"])
    plan = plan_build(state, ctx, seat, action)
    if plan.end_city is not None:
        return None
    n = len(plan.tiles)
    limit = max_tiles(state, ctx, seat)
    most = f"{limit - 1} tiles after the Switch Track" if plan.switch else f"{limit} tiles"
    return (f"{goal} cannot be reached in one action (at most {most}): this builds a "
            f"partial link of {n} tile{'s' if n != 1 else ''} for {money_text(plan.cost)} "
            f"that ends at {plan.tiles[-1]['hex']}, short of {goal}. "
            "Finish it with a later build (an incomplete link is removed at the end of the turn).")


def cheapest_route(state: State, ctx: MapContext, seat: int, start: str, goal_city: str,
                   via: list[str] | None = None) -> tuple[list[str], int]:
    """The cheapest complete link from ``start`` to ``goal_city`` this turn's tile limit allows."""
    route = route_toward(state, ctx, seat, start, goal_city, via, allow_partial=False)
    if route is None:
        raise IllegalAction("no_route", f"No legal link from {start} reaches {goal_city} within "
                            f"{max_tiles(state, ctx, seat)} tiles.")
    return route.path, route.cost
