"""Cash, bonds, the income/score track, the goods bag and Empty City Markers."""

from __future__ import annotations

from typing import Any

from engine.core.types import State
from engine.rotw.context import BOND_VALUE, TRACK_TOP, MapContext
from engine.rotw.mapdef import CUBE_COLOURS
from engine.rotw.transconrules import frozen
from engine.rotw.tx import Tx, name


def bonds_needed(money: int, amount: int) -> int:
    """Exactly the $5,000 bonds a payment needs (R12)."""
    short = amount - money
    return 0 if short <= 0 else -(-short // BOND_VALUE)


def pay(tx: Tx, seat: int, amount: int) -> str:
    """Pay the bank, issuing bonds as needed; returns a note for the event text ("" if none)."""
    p = tx.state["players"][seat]
    n = bonds_needed(p["money"], amount)
    if n:
        p["bonds"] += n
        p["money"] += n * BOND_VALUE
        tx.cash[seat] = tx.cash.get(seat, 0) + n * BOND_VALUE
    p["money"] -= amount
    tx.cash[seat] = tx.cash.get(seat, 0) - amount
    if n:
        return f"; {n} bond{'s' if n > 1 else ''} issued"
    return ""


def receive(tx: Tx, seat: int, amount: int) -> None:
    tx.state["players"][seat]["money"] += amount
    tx.cash[seat] = tx.cash.get(seat, 0) + amount


def total_score(p: dict[str, Any]) -> int:
    return int(p["score"]) + TRACK_TOP * int(p["wraps"])


POINT_SOURCES = {
    "deliveries": "deliveries",
    "major_lines": "major lines",
    "bounties": "bounties",
    "other": "other cards and events",
}
"""Where track points come from, in the order and words of the game-over breakdown."""


def add_points(tx: Tx, seat: int, points: int, source: str = "other") -> None:
    """Move along the track; reaching the end wraps to the start and banks the top value (R13).
    ``source`` (a key of POINT_SOURCES) is tallied for the game-over breakdown."""
    p = tx.state["players"][seat]
    p["score"] += points
    tally = p.setdefault("points_from", {})
    tally[source] = tally.get(source, 0) + points
    while p["score"] >= TRACK_TOP:
        p["score"] -= TRACK_TOP
        p["wraps"] += 1
    state = tx.state
    if "glenn_drover" in state.get("rules", ()) and not state.get("glenn_open") \
            and total_score(p) >= tx.ctx.glenn_points:
        state["glenn_open"] = True
        tx.say("glenn_drover", f"{p['name']} reaches {tx.ctx.glenn_points} points: building west "
               "of the mountains is open from now on.")


def income(tx: Tx, seat: int) -> int:
    return income_of(tx.state, tx.ctx, seat)


def income_of(state: State, ctx: MapContext, seat: int) -> int:
    p = state["players"][seat]
    return ctx.income_at(int(p["score"]), int(p["wraps"]))


# --- goods bag -------------------------------------------------------------------------------

def bag_count(state: State) -> int:
    return sum(int(v) for v in state["bag"].values())


def draw_cube(tx: Tx) -> str | None:
    """One blind draw from the bag (None when empty): one chance outcome per cube."""
    bag = tx.state["bag"]
    total = bag_count(tx.state)
    if total == 0:
        return None
    k = tx.rng.below(total)
    for colour in CUBE_COLOURS:
        if k < bag[colour]:
            bag[colour] -= 1
            return colour
        k -= bag[colour]
    raise AssertionError("bag counts inconsistent")


def add_random_cubes(tx: Tx, city: str, count: int) -> list[str]:
    """Draw up to ``count`` cubes onto ``city``. An Empty City Marker already there stays and
    stays counted: only urbanizing lifts one (:func:`lift_marker`)."""
    drawn: list[str] = []
    if frozen(tx.state, city):
        return drawn  # Transcontinental, Western phase: Eastern cities have no goods growth
    for _ in range(count):
        c = draw_cube(tx)
        if c is None:
            break
        drawn.append(c)
    if drawn:
        tx.state["cities"][city]["cubes"].extend(drawn)
    return drawn


def lift_marker(tx: Tx, city: str) -> None:
    """Urbanizing an empty city removes its Empty City Marker (the compendium's Urbanize); the
    end, once set off, stays set off. Said after the move that urbanized it."""
    c = tx.state["cities"][city]
    if not (c["ecm"] and c["cubes"]):
        return
    c["ecm"] = False
    ecm = tx.state["ecm"]
    ecm["placed"] -= 1
    if ecm["end_triggered"]:
        # More may be out than set off the end: "22 of the 14" would read as a miscount.
        count = (f"{ecm['placed']} Empty City Markers are out; the end, set off at "
                 f"{ecm['needed']}, stays set off")
    else:
        count = f"{ecm['placed']} of the {ecm['needed']} are out"
    tx.say("ecm_lifted", f"{city}'s Empty City Marker comes off as it is urbanized: {count}.")


LAST_TURN = "The last Empty City Marker is placed: this turn and one more full turn remain."


def empty_check(tx: Tx, city: str, end_note: str = LAST_TURN) -> None:
    """An emptied city takes an ECM; ``end_note`` announces the marker that sets off the end."""
    c = tx.state["cities"][city]
    ecm = tx.state["ecm"]
    if c["cubes"] or ("only" in ecm and city not in ecm["only"]):
        # Transcontinental, Western phase: only Western cities that start with two cubes or
        # more take a marker.
        return
    if c["ecm"]:
        # Goods came and went again under the marker: it was counted when it was placed.
        tx.say("ecm", f"{city} is empty again; its Empty City Marker was counted when it was "
               "placed.")
        return
    c["ecm"] = True
    ecm["placed"] += 1
    placed, needed = int(ecm["placed"]), int(ecm["needed"])
    if ecm["end_triggered"] or placed > needed:
        count = f"{placed} Empty City Markers are out; the end was already set off at {needed}"
    else:
        ends = "the Eastern phase" if ecm.get("turns_after") == 0 else "the game"
        count = f"Empty City Marker {placed} of the {needed} that end {ends}"
    tx.say("ecm", f"{city} is empty: {count}.")
    if ecm["placed"] >= ecm["needed"] and not ecm["end_triggered"]:
        ecm["end_triggered"] = True
        after = int(ecm.get("turns_after", 1))
        ecm["last_turn"] = tx.state["turn"] + after
        if after:
            tx.say("end_triggered", end_note)
        else:
            tx.say("end_triggered", "The last Empty City Marker of the Eastern phase is placed: "
                   "the Eastern phase ends with this turn (no extra turn); then the West opens.")


def seat_name(tx: Tx, seat: int) -> str:
    return name(tx.state, seat)
