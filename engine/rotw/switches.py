"""Switch Tracks: a branch off one's own track, as the compendium's mini-expansion says.

Twice a game, during a Build Track action, a player pays $5,000 to put a Switch Track on a hex of
their own track and builds a new branch from it; the switch counts as one of the action's tiles.
The branch must reach a third city before the turn's income or it is removed with its switch.

Where the text is silent (house readings, listed in the player guide):
- the switch goes on a hex of one of the player's complete links, never on a crossing hex nor on
  a hex that already has a switch; the branch leaves the hex by a side the link's tile does not
  use, straight on or in a gentle curve from one of that tile's sides (R11: no sharp curves);
- the branch must end in a third city, not in either city of the link it leaves; a city next to
  the switch's hex is reached with no further tile (the switch is the track between);
- a finished branch joins its city to both cities of that link: a cube may go from either of
  them to the branch's city (one link of the owner's, one point), never along the branch twice;
- the branch and its switch belong to the switch's owner; the link it leaves is unchanged;
- a removed branch takes its switch with it: the use of the ability is spent, as is its price.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.hexgrid import DIRECTIONS, Direction, Hex, side_gap
from engine.core.types import State
from engine.rotw.context import MapContext
from engine.rotw.maprules import on
from engine.rotw.tx import Tx, name

SWITCH_COST = 5000
SWITCHES_PER_PLAYER = 2
PREFIX = "switch:"


@dataclass
class SwitchStart:
    hex: Hex
    parent: int
    ends: list[str]
    sides: list[Direction]
    """Sides a branch may leave the hex by."""


def pairs(lk: dict[str, Any]) -> list[tuple[str, str]]:
    """The city pairs a complete link joins: one, or two for a branch off a Switch Track."""
    a, b = lk["cities"]
    sw = lk.get("switch")
    if not sw:
        return [(a, b)]
    return [(str(end), b) for end in sw["ends"]]


def next_city(lk: dict[str, Any], at: str, wanted: str | None) -> str | None:
    """Where a cube at ``at`` goes along ``lk`` (``wanted`` picks one of a branch's two ends)."""
    ends = [y if x == at else x for x, y in pairs(lk) if at in (x, y)]
    if wanted in ends:
        return wanted
    if len(ends) > 1:
        raise IllegalAction("switch_route", f"Link {lk['id']} runs from {at} through a Switch "
                            f"Track to {' and '.join(ends)}: give the route's cities to say "
                            "which.")
    return ends[0] if ends else None


def occupied(state: State) -> list[tuple[str, int, str]]:
    """(hex, link id, side) of every switch: the third side it takes in its hex."""
    return [(lk["switch"]["hex"], lk["id"], lk["switch"]["side"])
            for lk in state["links"] if lk.get("switch")]


def _tile_at(lk: dict[str, Any], label: str) -> dict[str, Any] | None:
    return next((t for t in lk["tiles"] if t["hex"] == label), None)


def check_start(state: State, ctx: MapContext, seat: int, start: str,
                facing: Any) -> SwitchStart:
    """Where a Switch Track may go, and the sides its branch may take from there.

    ``facing(h, side)`` tells whether other track already points at that side of ``h``."""
    if not on(state, "switch_tracks"):
        raise IllegalAction("no_switch_tracks", "This game is played without the Switch Tracks "
                            "mini-expansion (option switch_tracks).")
    if int(state["players"][seat].get("switches", 0)) < 1:
        raise IllegalAction("no_switches_left", "Each player may place a Switch Track "
                            f"{SWITCHES_PER_PLAYER} times in the game (Switch Tracks), and you "
                            "have placed both.")
    typed = start[len(PREFIX):].strip()
    try:
        h = ctx.hex(typed.upper())
    except ValueError:
        said = f"'{typed[:20]}'" if typed else "Nothing"
        raise IllegalAction("bad_switch", f"{said} is not a hex label like F12: a Switch Track "
                            "goes on a hex of your own track (from:<hex> switch:true).") from None
    own = [lk for lk in state["links"] if lk["complete"] and lk["owner"] == seat
           and _tile_at(lk, h.label) is not None]
    if not own:
        raise IllegalAction("switch_not_own", f"A Switch Track goes on your own complete track "
                            f"(Switch Tracks); {h.label} has none of yours.")
    tiles = [t for lk in state["links"] for t in lk["tiles"] if t["hex"] == h.label]
    if len(tiles) > 1:
        raise IllegalAction("switch_crossing", f"{h.label} holds a crossing: a Switch Track "
                            "needs a hex with one track in it.")
    if any(hx == h.label for hx, _, _ in occupied(state)):
        raise IllegalAction("switch_taken", f"{h.label} already has a Switch Track.")
    parent = own[0]
    tile = _tile_at(parent, h.label)
    assert tile is not None
    used = set(tile["sides"])
    sides: list[Direction] = []
    for d in DIRECTIONS:
        nb = h.neighbour(d)
        if d in used or not any(side_gap(d, s) >= 2 for s in used):
            continue
        if not ctx.mapdef.playable(nb) and nb not in ctx.city_by_hex:
            continue
        if ctx.is_blocked(h, nb) or facing(h, d):
            continue
        sides.append(d)
    if not sides:
        raise IllegalAction("switch_no_way", f"No branch can leave the track in {h.label}: "
                            "every free side is a sharp curve, blocked or taken.")
    return SwitchStart(h, int(parent["id"]), [str(c) for c in parent["cities"]], sides)


def check_end(ends: list[str], end_city: str) -> None:
    if end_city in ends:
        raise IllegalAction("switch_third_city", "A Switch Track's branch must reach a third "
                            f"city, not {end_city}, which the track it leaves already joins.")


def branch_ends(link: dict[str, Any] | None) -> list[str]:
    sw = link.get("switch") if link else None
    return [str(c) for c in sw["ends"]] if sw else []


def place(tx: Tx, link: dict[str, Any], sw: SwitchStart, side: str) -> None:
    seat = int(link["owner"])
    p = tx.state["players"][seat]
    p["switches"] -= 1
    link["switch"] = {"hex": sw.hex.label, "side": side, "link": sw.parent, "ends": sw.ends}
    tx.say("switch_track", f"{name(tx.state, seat)} places a Switch Track in {sw.hex.label} on "
           f"the {sw.ends[0]} - {sw.ends[1]} link; {p['switches']} left.")


def announce_removed(tx: Tx) -> None:
    """Before the end-of-turn clean-up: unfinished branches go, with their switches."""
    for lk in tx.state["links"]:
        if lk.get("switch") and not lk["complete"]:
            tx.say("switch_removed", f"{name(tx.state, int(lk['owner']))}'s branch from the "
                   f"Switch Track in {lk['switch']['hex']} reached no city: the branch and the "
                   "switch are removed.")


def starts(state: State, seat: int) -> list[str]:
    """Build starts at a Switch Track: every hex of one's complete track that is no crossing."""
    if not on(state, "switch_tracks") or int(state["players"][seat].get("switches", 0)) < 1:
        return []
    count: dict[str, int] = {}
    for lk in state["links"]:
        for t in lk["tiles"]:
            count[t["hex"]] = count.get(t["hex"], 0) + 1
    taken = {hx for hx, _, _ in occupied(state)}
    return [PREFIX + t["hex"] for lk in state["links"]
            if lk["complete"] and lk["owner"] == seat
            for t in lk["tiles"] if count[t["hex"]] == 1 and t["hex"] not in taken]
