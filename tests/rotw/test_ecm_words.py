"""The Empty City Marker line counts toward the end, and past it says the end is already set."""

from __future__ import annotations

from rotw_kit import actions_kit, set_cubes

from engine.rotw.economy import empty_check
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
