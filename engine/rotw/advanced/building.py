"""Company track: links of any length, always finished in the action, built from anywhere the
first time and touching the company's own network after that; the second link of an action
costs $2,000 more a hex.

The shared track rules (geometry, crossings, city entries, barriers, costs) are reused through a
view of the state in which each company stands in a player's place.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.types import Action, State
from engine.rotw import network, track
from engine.rotw.advanced.companies import (
    companies,
    company_party,
    funding,
    raise_money,
    title_of,
    transfer,
)
from engine.rotw.context import MapContext
from engine.rotw.tx import Tx, money_text

SECOND_LINK_EXTRA = 2000
LINK_TILES = 40
"""A link may be as long as desired; no link on a board this size needs more tiles."""
SEARCH_TILES = 6
"""Tiles of the links the suggestions look for (a typed path or destination goes further)."""
SEARCH_STARTS = 6
"""Cities the suggestions build from: those of the network with most cubes nearby first."""


def company_state(state: State, ci: int) -> State:
    """The state as the shared track rules read it, with companies in the players' places."""
    pseudo = [{"seat": i, "name": c["name"], "colour": c["colour"], "hand": [], "cards": [],
               "diamond_turn": 0, "tile_limit": LINK_TILES}
              for i, c in enumerate(companies(state))]
    return {**state, "players": pseudo}


def network_cities(state: State, ci: int) -> set[str]:
    return {str(c) for lk in network.complete_links(state, ci) for c in lk["cities"]}


def links_of(state: State, ci: int) -> int:
    return len(network.complete_links(state, ci))


def plan_link(state: State, ctx: MapContext, ci: int, action: Action) -> track.BuildPlan:
    start = action.get("start")
    if not isinstance(start, str) or start.startswith(("link:", "switch:")):
        raise IllegalAction("bad_start", "A company's link starts at a city: /build from:<city> "
                            "to:<city>.")
    plan = track.plan_build(company_state(state, ci), ctx, ci, {**action, "cards": []})
    if plan.end_city is None:
        raise IllegalAction("incomplete_link", "In the Advanced Game a link must be finished in "
                            "the action it is started: end the path in a city.")
    own = network_cities(state, ci)
    if own and start not in own and plan.end_city not in own:
        raise IllegalAction("not_connected", f"{title_of(state, ci, True)} has built "
                            "before, so every new link must touch its own track: start or end "
                            "it in one of " + ", ".join(sorted(own)) + ".")
    second = adv_building(state) is not None
    if second:
        plan.cost += SECOND_LINK_EXTRA * len(plan.tiles)
    return plan


def adv_building(state: State) -> dict[str, Any] | None:
    out: dict[str, Any] | None = state["adv"].get("building")
    return out



def apply_link(tx: Tx, ci: int, plan: track.BuildPlan) -> None:
    state = tx.state
    money = funding(state, ci, plan.cost, links_of(state, ci),
                    f"The link {plan.start_city} - {plan.end_city}")
    note = raise_money(tx, ci, money)
    transfer(tx, plan.cost, company_party(ci), "bank")
    link = {"id": state["next_link"], "owner": ci, "cities": [plan.start_city, plan.end_city],
            "tiles": plan.tiles, "complete": True}
    state["next_link"] += 1
    state["links"].append(link)
    second = adv_building(state) is not None
    n = len(plan.tiles)
    extra = f", second link of the action: +{money_text(SECOND_LINK_EXTRA)} a hex" if second \
        else ""
    tx.say("build", f"{title_of(state, ci, True)} builds {plan.start_city} - "
           f"{plan.end_city} ({n} tile{'s' if n != 1 else ''}, {money_text(plan.cost)}{extra}"
           f"{note}).", link=link["id"], company=ci)


def build_starts(state: State, ctx: MapContext, ci: int) -> list[str]:
    own = sorted(network_cities(state, ci))
    return own or sorted(ctx.mapdef.cities)


def candidate_links(state: State, ctx: MapContext, ci: int,
                    limit: int = 12) -> list[tuple[str, track.Route]]:
    """Cheap complete links the company may build now (the suggestions' and computer's list),
    cheapest first per start."""
    cstate = company_state(state, ci)
    own = network_cities(state, ci)
    pool = own or {c for c, v in state["cities"].items() if v["cubes"]}
    starts = sorted(pool, key=lambda c: (-len(state["cities"][c]["cubes"]), c))[:SEARCH_STARTS]
    out: list[tuple[str, track.Route]] = []
    for start in starts:
        goals = [c for c in ctx.mapdef.cities if c != start
                 and ctx.city(c).hex.distance(ctx.city(start).hex) <= SEARCH_TILES]
        for route in track.routes_from(cstate, ctx, ci, start, goals,
                                       tiles=SEARCH_TILES).values():
            out.append((start, route))
    out.sort(key=lambda sr: (sr[1].cost, sr[0], sr[1].path))
    return out[:limit]
