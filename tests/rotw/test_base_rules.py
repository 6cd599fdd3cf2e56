"""Base-game rules checked sentence by sentence against the compendium, where no other test did."""

from __future__ import annotations

from typing import Any

import pytest
from rotw_kit import Kit, actions_kit

from engine.core.errors import IllegalAction
from engine.rotw.cards import baron_points


def _barons(kit: Kit, seat: int, card: str) -> None:
    for p in kit.state["players"]:
        p["baron"] = None
    kit.state["players"][seat]["baron"] = card


def test_a_redirected_end_may_not_face_other_track() -> None:
    # A new tile's open end may not run into other track; turning the last tile is no way round.
    kit = actions_kit()
    kit.act({"type": "build", "seat": 0, "start": "Kansas City", "path": ["F1"], "exit": "NE"})
    lid = kit.state["links"][-1]["id"]
    kit.link(1, "Cincinnati", None, [("F2", "E", "W")])  # its W side faces F1
    kit.act({"type": "pass", "seat": 1})
    with pytest.raises(IllegalAction) as err:
        kit.act({"type": "build", "seat": 0, "start": f"link:{lid}", "path": [],
                 "redirect": True, "exit": "E"})
    assert err.value.code == "touches_track"
    kit.act({"type": "build", "seat": 0, "start": f"link:{lid}", "path": [],
             "redirect": True, "exit": "NW"})
    assert kit.state["links"][0]["tiles"][-1]["sides"] == ["SW", "NW"]


@pytest.mark.parametrize(("baron", "seat", "key", "tied", "alone", "points"), [
    ("gould", 0, "bonds", (1, 1, 3), (1, 2), 7),  # fewest bonds
    ("harriman", 1, "engine", (4, 4, 2), (1, 5), 6),  # highest engine
])
def test_a_most_or_fewest_baron_scores_alone_and_not_on_a_tie(
        baron: str, seat: int, key: str, tied: tuple[int, int, int], alone: tuple[int, int],
        points: int) -> None:
    kit = actions_kit(3)
    ctx = kit.title.context("mini")
    _barons(kit, seat, baron)
    for s, value in enumerate(tied):
        kit.state["players"][s][key] = value
    assert baron_points(kit.state, ctx, seat) == 0
    kit.state["players"][alone[0]][key] = alone[1]
    assert baron_points(kit.state, ctx, seat) == points


def _two_lines(baron: str) -> tuple[Kit, Any]:
    """Seat 0 holding ``baron``, with a two-tile link Chicago - Cleveland; seat 1 one Mobile -
    Atlanta: even on cities and tiles."""
    kit = actions_kit()
    _barons(kit, 0, baron)
    kit.link(0, "Chicago", "Cleveland", [("C3", "W", "E"), ("C4", "W", "E")])
    kit.link(1, "Mobile", "Atlanta", [("J7", "W", "E"), ("J8", "W", "E")])
    return kit, kit.title.context("mini")


def test_most_cities_counts_cities_on_own_links() -> None:
    kit, ctx = _two_lines("hopkins")
    assert baron_points(kit.state, ctx, 0) == 0  # two cities each
    kit.link(0, "Cleveland", "Pittsburgh", [("C6", "W", "E"), ("C7", "W", "E")])
    assert baron_points(kit.state, ctx, 0) == 6


def test_most_track_tiles_counts_tiles_of_complete_links_only() -> None:
    kit, ctx = _two_lines("wh-vanderbilt")
    kit.link(1, "Mobile", None, [("I6", "SE", "NW")])  # unfinished: not in play at the end
    assert baron_points(kit.state, ctx, 0) == 0
    kit.link(0, "Pittsburgh", None, [("C9", "W", "E")])
    assert baron_points(kit.state, ctx, 0) == 0
    kit.link(0, "Pittsburgh", "New York", [("C9", "W", "E"), ("C10", "W", "E")])
    assert baron_points(kit.state, ctx, 0) == 6



def test_build_help_names_the_tile_limit_perfect_engineering_gives() -> None:
    kit = actions_kit()
    spec = next(c for c in kit.title.meta.commands if c.name == "build")
    assert kit.title.command_help(kit.state, 0, spec).description == \
        "Build up to 4 tiles of one link"
    kit.state["players"][0]["cards"].append("perfect-engineering-1")
    assert kit.title.command_help(kit.state, 0, spec).description == \
        "Build up to 5 tiles of one link"
    kit.state["players"][0]["diamond_turn"] = kit.state["turn"]  # used this turn already
    assert kit.title.command_help(kit.state, 0, spec).description == \
        "Build up to 4 tiles of one link"
