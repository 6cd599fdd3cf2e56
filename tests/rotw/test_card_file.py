"""The engine reads the shipped Eastern U.S. card file (maps/CARDS.md contract)."""

from __future__ import annotations

import pytest
from rotw_kit import MINI, Kit

from engine.core.errors import IllegalAction
from engine.rotw.carddeck import operation, operation_ids
from engine.rotw.cards import baron_points
from engine.rotw.title import RotwTitle


def file_title() -> RotwTitle:
    maps = pytest.importorskip("maps")
    try:
        cards = maps.load_cards("eastern-us")
    except KeyError:
        pytest.skip("no Eastern U.S. card file yet")
    return RotwTitle(lambda _m: MINI, lambda _m: cards)


def test_counts_become_numbered_copies_and_green_cards_are_goals() -> None:
    title = file_title()
    ctx = title.context("mini")
    ids = operation_ids(ctx)
    assert len(ids) == 31
    assert {"city-growth#1", "city-growth#4", "railroad-executive#2"} <= set(ids)
    bounties = [c for c in ids if operation(ctx, c).get("goal", {}).get("type") == "deliver_to"]
    assert len(bounties) == 6
    assert operation(ctx, "passenger-lines")["goal"]["count"] == 4


def test_display_and_goal_cards_from_the_file() -> None:
    kit = Kit(2, 4, file_title())
    display = kit.state["ops"]["display"]
    assert sum(c.startswith("bounty-") for c in display) == 4
    assert len(display) == 4 + 3 + 4
    kit.to_actions()
    with pytest.raises(IllegalAction, match="cannot be taken"):
        kit.act({"type": "card", "seat": 0, "card": "speed-record"})


def test_file_effects_executive_and_land_grant() -> None:
    kit = Kit(2, 4, file_title())
    kit.to_actions()
    kit.state["ops"]["display"] = ["railroad-executive#1"]
    kit.act({"type": "card", "seat": 0, "card": "railroad-executive#1"})
    kit.state["players"][0]["hand"].append("land-grant#1")
    kit.act({"type": "build", "seat": 0, "start": "Kansas City", "path": ["G2", "G3", "G4"],
             "cards": ["land-grant#1"]})
    assert kit.state["players"][0]["bonds"] == 0 and kit.seat == 0


def test_file_baron_links_from_uses_per_link() -> None:
    kit = Kit(2, 4, file_title())
    kit.state["players"][0]["baron"] = "fisk"
    kit.link(0, "Mobile", "Atlanta", [("A0", "W", "E")])
    assert baron_points(kit.state, kit.title.context("mini"), 0) == 2
