"""Operations cards of the expansion decks that act when taken, or that watch new links."""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.names import plural
from engine.core.types import State
from engine.rotw import network, versions
from engine.rotw.barongoals import connects_any
from engine.rotw.carddeck import baron, baron_ids, effect, operation
from engine.rotw.cards import award_goal
from engine.rotw.context import MapContext
from engine.rotw.economy import add_points, add_random_cubes, pay
from engine.rotw.mines import check_mine_city, dig
from engine.rotw.tx import Tx, money_text, name


def check_take_effect(state: State, ctx: MapContext, seat: int, card: dict[str, Any],
                      action: dict[str, Any]) -> None:
    e = card.get("effect", {})
    etype = e.get("type")
    if etype == "mine":
        check_mine_city(state, action.get("city"), "/card card:<id> city:<name>")
    elif etype == "trading_depot":
        lid = action.get("link")
        lk = next((x for x in network.complete_links(state) if x["id"] == lid), None)
        if lk is None or lk["owner"] == seat:
            raise IllegalAction("need_link", "A Trading Depot goes on a complete link of another "
                                "player: /card card:<id> link:<number>.")
        if any(d["link"] == lid for d in state["trading_depots"]):
            raise IllegalAction("link_has_depot", f"Link {lid} already carries a Trading Depot.")
    elif etype == "capital_charter":
        held = [c for c in state["players"][seat]["cards"]
                if effect(ctx, c).get("type") == "capital_charter"]
        if held:
            raise IllegalAction("one_capital_charter", "A player may hold only one Capital "
                                "Charter.")


def take_effect(tx: Tx, seat: int, cid: str, card: dict[str, Any],
                action: dict[str, Any]) -> bool:
    """Apply a taken card's effect; False when it has none to apply at once."""
    state = tx.state
    e = card.get("effect", {})
    etype = e.get("type")
    who = name(state, seat)
    if etype in ("add_cubes", "add_cubes_each"):
        targets = [e["city"]] if etype == "add_cubes" else list(e.get("cities", []))
        parts = []
        for city in targets:
            if city in state["cities"]:
                drawn = add_random_cubes(tx, city, int(e.get("cubes", 1)))
                parts.append(f"{city} gains {', '.join(drawn) or 'nothing'}")
        tx.say("card", f"{who} took {card['name']}: {'; '.join(parts)}.")
    elif etype == "mine":
        _mine(tx, seat, card, str(action["city"]), mine_cost(e),
              int(e.get("max_draws", 5)))
    elif etype == "trading_depot":
        state["trading_depots"].append({"seat": seat, "link": action["link"], "card": cid})
        tx.say("card", f"{who} took {card['name']} and placed it on link {action['link']}.")
    elif etype in ("capital_charter", "city_charter"):
        # Links are numbered in order, so "built after the charter" is "numbered from here".
        state["charters"][cid] = state["next_link"]
        tx.say("card", f"{who} took {card['name']} ({e.get('city')}).")
    elif etype == "railroad_inspector":
        tx.say("card", f"{who} took {card['name']}: it may stop one later delivery of another "
               "player.")
    elif etype == "local_campaign" and not state["cities"][e["city"]]["cubes"]:
        tx.say("card", f"{who} took {card['name']}.")
        local_campaigns(tx, str(e["city"]))
    else:
        return False
    return True


def mine_cost(effect: dict[str, Any]) -> int:
    """What a Mine card charges (R12 may issue bonds for it)."""
    return int(effect.get("cost", 10000))


def _mine(tx: Tx, seat: int, card: dict[str, Any], city: str, cost: int, draws: int) -> None:
    state = tx.state
    note = pay(tx, seat, cost)
    found = dig(tx, city, draws)
    tx.say("card", f"{name(state, seat)} took {card['name']} and mined {city} "
           f"({money_text(cost)}{note}): {', '.join(found) or 'nothing'}.")


def check_charters(state: State, ctx: MapContext, seat: int, link_id: int | None,
                   ends: list[str | None], entered: list[str]) -> None:
    """City Charter: nobody but its holder builds a new link into the city.

    From rules version 3 that is any new track into it (``entered``: the cities the build's own
    tiles start from or run into); before, a link begun before the charter was spared, and a
    Switch Track branch counted as starting at the first city of the link it leaves."""
    watch_track = versions.charters_watch_track_into_city(state)
    for p in state["players"]:
        if p["seat"] == seat:
            continue
        for cid in p["cards"]:
            e = effect(ctx, cid)
            if e.get("type") != "city_charter":
                continue
            if watch_track:
                barred = e.get("city") in entered
            else:
                since = int(state["charters"].get(cid, 0))
                barred = e.get("city") in ends and (link_id is None or link_id >= since)
            if barred:
                even = ", even to finish a link begun elsewhere" if watch_track else ""
                raise IllegalAction("city_charter", f"{p['name']} holds the City Charter of "
                                    f"{e['city']}: no one else may lay track into it{even}.")


def charter_cities(state: State, link: dict[str, Any]) -> list[str]:
    """The cities a newly completed link counts for a Capital Charter: both ends; from rules
    version 3 a Switch Track branch only at its own end city, the only one its track enters."""
    if link.get("switch") and versions.charters_watch_track_into_city(state):
        return [str(link["cities"][1])]
    return [str(c) for c in link["cities"]]


def after_build(tx: Tx, seat: int, link: dict[str, Any]) -> None:
    """A link was completed: charters, link goals, connection goals."""
    state, ctx = tx.state, tx.ctx
    into = charter_cities(state, link)
    for p in state["players"]:
        for cid in p["cards"]:
            e = effect(ctx, cid)
            if e.get("type") == "capital_charter" and e.get("city") in into:
                pts = int(e.get("points", 1))
                add_points(tx, p["seat"], pts)
                tx.say("charter", f"{p['name']}'s Capital Charter of {e['city']} earns {pts} "
                       "point for the new link.")
    for cid in list(state["ops"]["display"]):
        g = operation(ctx, cid).get("goal") or {}
        gt = g.get("type")
        if (gt == "link_length" and len(link["tiles"]) >= int(g.get("tiles", 4))) or \
                (gt == "connect_via" and _connects_via(state, seat, g)):
            award_goal(tx, seat, cid, int(g.get("points", 0)))
    firsts = state.setdefault("first_connect", {})
    for bid in baron_ids(ctx):
        g = baron(ctx, bid)["goal"]
        if g.get("type") == "first_connect_any":
            key = "|".join(g.get("from_any", [])) + ">" + "|".join(g.get("to_any", []))
            if key not in firsts and connects_any(state, seat, g):
                firsts[key] = seat


def _connects_via(state: State, seat: int, g: dict[str, Any]) -> bool:
    """A route of own links from one city to the other that passes through ``via``."""
    a, b = g["cities"][0], g["cities"][1]
    via = g["via"]
    adj = network.graph(state, seat)
    seen = {a}

    def walk(at: str, passed: bool) -> bool:
        for _, other in adj.get(at, []):
            if other in seen:
                continue
            hit = passed or other == via
            if other == b:
                if hit:
                    return True
                continue
            seen.add(other)
            if walk(other, hit):
                return True
            seen.remove(other)
        return False

    return walk(a, a == via)


def local_campaigns(tx: Tx, city: str) -> None:
    """Local Campaign: its holder scores as soon as the city has no cubes; then it is spent."""
    state, ctx = tx.state, tx.ctx
    if state["cities"][city]["cubes"]:
        return
    for p in state["players"]:
        for cid in list(p["hand"]):
            e = effect(ctx, cid)
            if e.get("type") == "local_campaign" and e.get("city") == city:
                pts = int(e.get("points", 3))
                p["hand"].remove(cid)
                state["ops"]["discard"].append(cid)
                add_points(tx, p["seat"], pts)
                tx.say("local_campaign", f"{city} is empty: {p['name']} plays "
                       f"{operation(ctx, cid)['name']} for {plural(pts, 'point')}.")
