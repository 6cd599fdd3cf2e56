"""Railroad Operations cards (goals, taken cards, held powers) and Rail Baron scoring.

Card data (see ``carddata.py`` for the shape, ``carddeck.py`` for the lookups by id) names each
card's ``kind`` (goal, x, hand, diamond, infinity) and its ``goal`` or ``effect``; this module gives
those keys their rules meaning.
"""

from __future__ import annotations

from typing import Any

from engine.core.names import plural
from engine.core.types import State
from engine.rotw import network, timetravel, versions
from engine.rotw.barongoals import expansion_points, highest_engine
from engine.rotw.carddeck import baron as baron  # the computer player reads it here
from engine.rotw.carddeck import effect, held_with, operation
from engine.rotw.context import MapContext
from engine.rotw.economy import add_points, total_score
from engine.rotw.transconrules import crosses_seam
from engine.rotw.tx import Tx, name


def max_tiles(state: State, ctx: MapContext, seat: int) -> int:
    """Four tiles, or more with a diamond card not yet used this turn (a company of the
    Advanced Game carries its own limit)."""
    best = int(state["players"][seat].get("tile_limit", 4))
    if state["players"][seat]["diamond_turn"] != state["turn"]:
        for c in held_with(state, ctx, seat, "max_tiles"):
            best = max(best, int(effect(ctx, c).get("tiles", 5)))
    return best


# --- goals ------------------------------------------------------------------------------------

def after_delivery(tx: Tx, seat: int, src: str, dest: str, colour: str,
                   link_ids: list[int], route: list[str] | None = None) -> None:
    state, ctx = tx.state, tx.ctx
    cities = route or [src, dest]
    links = timetravel.link_count(state, cities, link_ids)
    p = state["players"][seat]
    if colour not in p["colours_delivered"] and (
            colours_race_open(state, ctx) or not versions.keeps_delivered_cubes(state)):
        p["colours_delivered"].append(colour)
    longest = state.setdefault("deliveries", {})
    longest[str(seat)] = max(links, int(longest.get(str(seat), 0)))
    for depot in state.get("trading_depots", []):
        if depot["link"] in link_ids:
            pts = int(effect(ctx, depot["card"]).get("points", 1)) if depot.get("card") else 1
            add_points(tx, depot["seat"], pts)
            tx.say("trading_depot", f"{name(state, depot['seat'])}'s Trading Depot on link "
                   f"{depot['link']} earns {pts} point{'s' if pts != 1 else ''}.")
    for other in state["players"]:
        for cid in other["cards"]:
            e = effect(ctx, cid)
            if e.get("type") == "hotel" and e.get("city") == dest:
                pts = int(e.get("points", 1))
                add_points(tx, other["seat"], pts)
                tx.say("hotel", f"{other['name']}'s Hotel in {dest} earns {plural(pts, 'point')}.")
    for cid in list(state["ops"]["display"]):
        card = operation(ctx, cid)
        g = card.get("goal")
        if not g:
            continue
        gt = g.get("type")
        met = (gt == "first_delivery"
               or (gt == "deliver_to" and g.get("city") == dest)
               or (gt == "delivery_between" and g.get("to") == dest and g.get("from") == src
                   and g.get("colour", colour) == colour)
               or (gt == "delivery_length" and int(g.get("links", 0)) == links)
               or (gt == "colours_delivered"
                   and len(p["colours_delivered"]) >= int(g.get("count", 4)))
               or timetravel.goal_met(state, g, src, dest, cities))
        if met:
            award_goal(tx, seat, cid, int(g.get("points", 0)))


def award_goal(tx: Tx, seat: int, cid: str, pts: int) -> None:
    add_points(tx, seat, pts, "bounties")
    tx.state["ops"]["display"].remove(cid)
    tx.state["ops"]["discard"].append(cid)
    tx.say("goal", f"{name(tx.state, seat)} wins {operation(tx.ctx, cid)['name']}: "
           f"+{pts} point{'' if pts == 1 else 's'}.")
    release_kept_cubes(tx)


# --- Passenger Line(s): the cubes kept in front of the players --------------------------------

def colours_race_open(state: State, ctx: MapContext) -> bool:
    """A Passenger Line(s) card is on display: players keep one delivered cube of each colour
    in front of them until someone earns it."""
    return any(operation(ctx, c).get("goal", {}).get("type") == "colours_delivered"
               for c in state["ops"]["display"])


def keeps_cube(state: State, ctx: MapContext, seat: int, colour: str) -> bool:
    """The delivered cube stays in front of its deliverer instead of going back to the bag:
    the first of its colour while the race for the card is open."""
    return versions.keeps_delivered_cubes(state) and colours_race_open(state, ctx) and \
        colour not in state["players"][seat]["colours_delivered"]


def release_kept_cubes(tx: Tx) -> None:
    """Once no Passenger Line(s) card is left on display (won, or gone with the Eastern deck),
    every kept cube goes back to the bag. (A game begun before cubes were kept has colours
    recorded but no kept cubes: nothing is counted twice.)"""
    if not versions.keeps_delivered_cubes(tx.state) or colours_race_open(tx.state, tx.ctx):
        return
    back = 0
    for p in tx.state["players"]:
        for colour in p.get("kept_cubes", []):
            tx.state["bag"][colour] += 1
            back += 1
        p["kept_cubes"], p["colours_delivered"] = [], []
    if back:
        tx.say("kept_cubes", f"The {plural(back, 'cube')} the players kept for the colours "
               "they delivered go back to the bag.")


def after_upgrade(tx: Tx, seat: int, level: int) -> None:
    """Record who first reached each level; a 'first to level N' baron is revealed at once."""
    key = str(level)
    firsts = tx.state["first_engine"]
    if key in firsts:
        return
    firsts[key] = seat
    for cid in list(tx.state["ops"]["display"]):
        g = operation(tx.ctx, cid).get("goal") or {}
        if g.get("type") == "first_engine" and int(g.get("level", 0)) == level:
            award_goal(tx, seat, cid, int(g.get("points", 0)))
    bid = tx.state["players"][seat]["baron"]
    if bid:
        g = baron(tx.ctx, bid)["goal"]
        if g.get("type") == "first_engine" and int(g.get("level", 0)) == level:
            bname = baron(tx.ctx, bid)["name"]
            tx.say("reveal", f"{name(tx.state, seat)} reveals Rail Baron {bname}: first to a "
                   f"level {level} engine.", revealed={"seat": seat, "baron": bid})


# --- Rail Baron scoring -----------------------------------------------------------------------

def _strict_best(values: dict[int, int], seat: int, lowest: bool = False) -> bool:
    """True when ``seat`` alone has the best value: ties score nothing (R17)."""
    mine = values[seat]
    others = [v for s, v in values.items() if s != seat]
    if not others:
        return True
    return mine < min(others) if lowest else mine > max(others)


def baron_points(state: State, ctx: MapContext, seat: int) -> int:
    bid = state["players"][seat]["baron"]
    if not bid:
        return 0
    return card_points(state, ctx, seat, str(bid))


def card_points(state: State, ctx: MapContext, seat: int, bid: str) -> int:
    """What one Rail Baron card is worth to ``seat`` now."""
    g = baron(ctx, bid)["goal"]
    gt = g.get("type")
    pts = int(g.get("points", 0))
    seats = [p["seat"] for p in state["players"]]

    def per(fn: Any) -> dict[int, int]:
        return {s: int(fn(s)) for s in seats}

    if gt == "links_from":
        per_link = int(g.get("per_link", g.get("per", 2)))
        return min(per_link * network.links_at(state, seat, g["city"]),
                   int(g.get("max", 10**6)))
    if gt == "connect":
        a, *rest = g["cities"]
        return pts if all(network.connected(state, seat, a, b) for b in rest) else 0
    if gt == "western_link":
        # Transcontinental (no Western Links): a link of one's own across the seam stands for
        # one (house reading).
        return pts if any(w["owner"] == seat for w in state["western_links"]) \
            or crosses_seam(state, ctx, seat) else 0
    if gt == "first_engine":
        return pts if state["first_engine"].get(str(g.get("level"))) == seat else 0
    if gt == "highest_engine":
        return highest_engine(state, seat, g)
    extra = expansion_points(state, ctx, seat, g)
    if extra is not None:
        return extra
    measures: dict[str, tuple[Any, bool]] = {
        "fewest_bonds": (lambda s: state["players"][s]["bonds"], True),
        "most_bonds": (lambda s: state["players"][s]["bonds"], False),
        "most_money": (lambda s: state["players"][s]["money"], False),
        "most_links": (lambda s: len(network.complete_links(state, s)), False),
        "most_cities": (lambda s: network.cities_reached(state, s), False),
        "longest_railroad": (lambda s: network.longest_railroad(state, s), False),
        "most_tiles": (lambda s: network.tiles_in_play(state, s), False),
    }
    if gt in measures:
        fn, lowest = measures[gt]
        return pts if _strict_best(per(fn), seat, lowest) else 0
    return 0


def final_scores(state: State, ctx: MapContext) -> list[dict[str, Any]]:
    out = []
    for p in state["players"]:
        bp = baron_points(state, ctx, p["seat"])
        row = {"seat": p["seat"], "score": total_score(p) - p["bonds"] + bp,
               "baron_points": bp, "bond_penalty": p["bonds"], "baron": p["baron"]}
        if p.get("more_barons"):
            # Transcontinental Option 2: an Eastern and a Western Rail Baron each.
            each = [[p["baron"], bp]] + [[b, card_points(state, ctx, p["seat"], b)]
                                         for b in p["more_barons"]]
            row["barons"] = each
            row["baron_points"] = sum(int(v) for _, v in each)
            row["score"] = total_score(p) - p["bonds"] + row["baron_points"]
        if state.get("time_lines"):
            count = timetravel.lines_claimed(state, p["seat"])
            row["time_lines"] = count
            row["time_line_points"] = timetravel.time_line_points(ctx, count)
            row["score"] += row["time_line_points"]
        out.append(row)
    return out
