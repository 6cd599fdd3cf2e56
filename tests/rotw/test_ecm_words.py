"""Empty City Markers: the line counts toward the end, past it says the end is already set;
each marker is counted once, told after the move that placed it, and lifted only by
urbanizing."""

from __future__ import annotations

from rotw_kit import Kit, actions_kit, connect, set_cubes

from engine.core.rng import Rng, new_rng_state
from engine.rotw.economy import add_random_cubes, empty_check, lift_marker
from engine.rotw.mines import dig
from engine.rotw.tx import Tx


def test_markers_count_toward_the_end_then_say_it_is_already_set() -> None:
    kit = actions_kit()
    ecm = kit.state["ecm"]
    needed = ecm["needed"]
    ecm["placed"] = needed - 2
    tx = Tx(kit.state, kit.title.context("mini"), None)  # type: ignore[arg-type]
    for city in ("Chicago", "Cleveland", "Pittsburgh"):
        set_cubes(kit, city, [])
        empty_check(tx, city)
    lines = [e["text"] for e in tx.events if e["type"] == "ecm"]
    assert lines == [
        f"Chicago is empty: Empty City Marker {needed - 1} of the {needed} that end the game.",
        f"Cleveland is empty: Empty City Marker {needed} of the {needed} that end the game.",
        f"Pittsburgh is empty: {needed + 1} Empty City Markers are out; the end was already "
        f"set off at {needed}.",
    ]


def _deliver_out(kit: Kit, city: str, to: str, colour: str) -> list[dict[str, object]]:
    """The seat to act delivers the last ``colour`` cube of ``city`` over a fresh link."""
    connect(kit, kit.seat, city, to)
    set_cubes(kit, city, [colour])
    return kit.act({"type": "deliver", "seat": kit.seat, "city": city, "colour": colour,
                    "route": [city, to]})


def test_the_empty_city_line_follows_the_delivery_that_emptied_it() -> None:
    """"If the last Goods Cube is moved out of a city, an empty city marker should be placed in
    that city": the marker is told after the move that took the cube."""
    kit = actions_kit()
    events = _deliver_out(kit, "Chicago", "St. Louis", "blue")
    kinds = [e["type"] for e in events]
    assert kinds.index("deliver") < kinds.index("ecm")
    assert kit.state["cities"]["Chicago"]["ecm"]


def test_city_growth_on_an_emptied_city_keeps_its_marker_counted_once() -> None:
    """Only Urbanize lifts a marker ("If the city being urbanized was empty, remove the ECM");
    City Growth adds cubes and says nothing of markers. A marker is counted once: goods that
    come and go again under it never count it a second time."""
    kit = actions_kit()
    _deliver_out(kit, "Chicago", "St. Louis", "blue")
    assert kit.state["ecm"]["placed"] == 1
    kit.state["ops"]["display"].append("city-growth-1")
    kit.state["ops"]["deck"].remove("city-growth-1")
    grown = kit.act({"type": "card", "seat": kit.seat, "card": "city-growth-1",
                     "city": "Chicago"})
    assert kit.state["cities"]["Chicago"]["cubes"] and kit.state["cities"]["Chicago"]["ecm"]
    assert kit.state["ecm"]["placed"] == 1
    assert not [e for e in grown if e["type"].startswith("ecm")]
    # The grown cubes leave again: the city is empty under the marker it already has.
    for cube in kit.state["cities"]["Chicago"]["cubes"]:
        kit.state["bag"][cube] += 1
    kit.state["cities"]["Chicago"]["cubes"] = []
    tx = Tx(kit.state, kit.title.context("mini"), None)  # type: ignore[arg-type]
    empty_check(tx, "Chicago")
    assert [e["text"] for e in tx.events] == [
        "Chicago is empty again; its Empty City Marker was counted when it was placed."]
    assert kit.state["ecm"]["placed"] == 1


def test_urbanizing_an_empty_city_lifts_its_marker_after_the_urbanize_line() -> None:
    kit = actions_kit()
    _deliver_out(kit, "Cleveland", "Pittsburgh", "blue")
    assert kit.state["cities"]["Cleveland"]["ecm"] and kit.state["ecm"]["placed"] == 1
    kit.all_pass_auction()
    while kit.state["phase"] != "actions":
        kit.act({"type": "pass", "seat": kit.seat})
    kit.state["players"][kit.seat]["money"] = 10000
    events = kit.act({"type": "urbanize", "seat": kit.seat, "city": "Cleveland",
                      "colour": "yellow"})
    kinds = [e["type"] for e in events]
    assert kinds.index("urbanize") < kinds.index("ecm_lifted")
    lifted = next(e["text"] for e in events if e["type"] == "ecm_lifted")
    assert lifted == (f"Cleveland's Empty City Marker comes off as it is urbanized: 0 of the "
                      f"{kit.state['ecm']['needed']} are out.")
    assert not kit.state["cities"]["Cleveland"]["ecm"] and kit.state["ecm"]["placed"] == 0


def test_a_marker_lifted_after_the_end_is_set_off_counts_the_markers_out() -> None:
    # More markers out than set off the end: the line names both numbers apart, never "22 of
    # the 14".
    kit = actions_kit()
    _deliver_out(kit, "Cleveland", "Pittsburgh", "blue")
    needed = int(kit.state["ecm"]["needed"])
    kit.state["ecm"].update(placed=needed + 3, end_triggered=True)
    kit.state["cities"]["Cleveland"]["cubes"] = ["yellow"]
    tx = Tx(kit.state, kit.title.context("mini"), None)  # type: ignore[arg-type]
    lift_marker(tx, "Cleveland")
    assert [e["text"] for e in tx.events] == [
        f"Cleveland's Empty City Marker comes off as it is urbanized: {needed + 2} Empty City "
        f"Markers are out; the end, set off at {needed}, stays set off."]
    assert kit.state["ecm"]["end_triggered"] and kit.state["ecm"]["placed"] == needed + 2


def test_mines_and_events_leave_a_marker_in_place() -> None:
    kit = actions_kit()
    _deliver_out(kit, "Cleveland", "Pittsburgh", "blue")
    tx = Tx(kit.state, kit.title.context("mini"), Rng(new_rng_state(4)))
    assert add_random_cubes(tx, "Cleveland", 2)
    dig(tx, "Cleveland", 3)
    assert kit.state["cities"]["Cleveland"]["ecm"] and kit.state["ecm"]["placed"] == 1
    assert not tx.events
