"""North America: the snow line surcharge and ferry crossings built only with a Ferry Line."""

from __future__ import annotations

import pytest
from expansion_kit import expansion_kit, give, op

from engine.core.errors import IllegalAction
from engine.rotw.track import plan_build

FERRY = op("ferry-line", "hand", {"type": "ferry_line"})
TABLES = {"snow_line": {"source": "house", "cost": 1000, "hexes": ["F6", "E6", "H6"]}}
SPECIALS = [{"kind": "ferry", "hex": "H6", "city": None, "source": "house"}]


def kit():  # type: ignore[no-untyped-def]
    k = expansion_kit([FERRY], rules=["snow_line", "ferries"], tables=TABLES, specials=SPECIALS)
    return k, k.title.context("mini")


def test_snow_line_adds_1000_per_tile_north_of_it() -> None:
    k, ctx = kit()
    # F6 open + E6 mountain, both north of the line: $2,000 + $4,000 + 2 x $1,000.
    plan = plan_build(k.state, ctx, 0, {"start": "Cincinnati", "path": ["F6", "E6"]})
    assert plan.cost == 8000
    plan = plan_build(k.state, ctx, 0, {"start": "Cincinnati", "path": ["G6"]})
    assert plan.cost == 2000


def test_a_ferry_hex_needs_a_ferry_line_card_and_is_then_free_of_the_snow_line() -> None:
    k, ctx = kit()
    with pytest.raises(IllegalAction, match="Ferry Line"):
        plan_build(k.state, ctx, 0, {"start": "Cincinnati", "path": ["H6", "I6"]})
    give(k, 0, "ferry-line")
    plan = plan_build(k.state, ctx, 0, {"start": "Cincinnati", "path": ["H6", "I6"],
                                        "cards": ["ferry-line"]})
    assert plan.cost == 2000  # the lake hex under the snow line costs nothing, I6 is open
    k.act({"type": "build", "seat": 0, "start": "Cincinnati", "path": ["H6", "I6"],
           "cards": ["ferry-line"]})
    assert not k.state["players"][0]["hand"]


def test_route_finder_avoids_ferry_hexes_without_the_card() -> None:
    k, _ = kit()
    act = k.title.command_to_action(k.state, 0, "build", {"from": "Cincinnati", "to": "Mobile"})
    assert "H6" not in act["path"]


def test_a_land_grant_pays_the_terrain_but_not_the_snow_line_surcharge() -> None:
    # R22: the surcharge is not terrain, so a Government Land Grant on F6 (open, north of the
    # line) still costs the $1,000 surcharge; G6 (open, south of it) becomes free.
    grant = op("grant", "hand", {"type": "land_grant", "free_terrain": "open"})
    k = expansion_kit([FERRY, grant], rules=["snow_line", "ferries"], tables=TABLES,
                      specials=SPECIALS)
    ctx = k.title.context("mini")
    give(k, 0, "grant")
    north = plan_build(k.state, ctx, 0, {"start": "Cincinnati", "path": ["F6"],
                                         "cards": ["grant"]})
    assert north.cost == 1000
    south = plan_build(k.state, ctx, 0, {"start": "Cincinnati", "path": ["G6"],
                                         "cards": ["grant"]})
    assert south.cost == 0
