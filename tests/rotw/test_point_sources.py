"""Track points are tallied by where they came from, for the game-over breakdown."""

from __future__ import annotations

from rotw_kit import actions_kit, connect, set_cubes

from engine.rotw.title import _track_parts


def test_a_delivery_that_wins_a_goal_card_tallies_both_parts() -> None:
    kit = actions_kit()
    connect(kit, 0, "Chicago", "Cleveland")
    kit.act({"type": "build", "seat": 0, "start": "Cleveland", "path": ["C6", "C7", "C8"]})
    kit.act({"type": "pass", "seat": 1})
    kit.state["ops"]["display"] = ["railroad-era"]
    set_cubes(kit, "Cleveland", ["blue"])
    kit.act({"type": "deliver", "seat": 0, "city": "Cleveland", "colour": "blue",
             "route": ["Cleveland", "Pittsburgh"]})
    p = kit.state["players"][0]
    # The Chicago - Cleveland Major Line (6) came with the build, then 1 link and the card's +1.
    assert p["points_from"] == {"major_lines": 6, "deliveries": 1, "bounties": 1}
    assert p["score"] == 8
    assert _track_parts(p) == ": deliveries 1 + major lines 6 + bounties 1"


def test_the_breakdown_is_left_out_when_the_tally_does_not_cover_the_track() -> None:
    # A game loaded from a snapshot taken before the tally existed has only part of it.
    player = {"score": 20, "wraps": 0, "points_from": {"deliveries": 12}}
    assert _track_parts(player) == ""
    single = {"score": 12, "wraps": 1, "points_from": {"deliveries": 112}}
    assert _track_parts(single) == ": deliveries 112"  # a lap of the track counts in full
