from __future__ import annotations

from typing import Any

import pytest
from rotw_kit import Kit, actions_kit, connect, walk

from engine.core.errors import IllegalAction


def build(kit: Kit, start: str, path: list[str], **extra: Any) -> list[Any]:
    return kit.act({"type": "build", "seat": kit.seat, "start": start, "path": path, **extra})


def raises(kit: Kit, code: str, start: str, path: list[str], **extra: Any) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        build(kit, start, path, **extra)
    assert err.value.code == code, err.value.message
    return err.value


def test_open_track_costs_2000_a_tile_and_completes_a_link() -> None:
    kit = actions_kit()
    events = build(kit, "Kansas City", ["G2", "G3", "G4"])
    lk = kit.state["links"][0]
    assert lk["complete"] and lk["cities"] == ["Kansas City", "St. Louis"]
    assert [t["sides"] for t in lk["tiles"]] == [["W", "E"], ["W", "E"]]
    p = kit.state["players"][0]
    assert (p["bonds"], p["money"]) == (1, 1000)  # $4,000 paid with one bond
    assert events[0]["text"] == \
        "Alice built Kansas City - St. Louis (2 tiles, $4,000; 1 bond issued)."


def test_water_costs_3000() -> None:
    kit = actions_kit()
    build(kit, "Pittsburgh", walk("C8", ["SE", "SE", "SE", "SE"]))  # D8, E9 (river), F9, Baltimore
    assert kit.state["players"][0]["bonds"] * 5000 - kit.state["players"][0]["money"] == 7000


def test_mountain_costs_4000() -> None:
    kit = actions_kit()
    build(kit, "Cincinnati", walk("G7", ["NW", "NW", "NE", "NE", "E"]))
    p = kit.state["players"][0]
    assert p["bonds"] * 5000 - p["money"] == 2000 + 4000 + 2000 + 2000


def test_each_ridge_edge_crossed_adds_4000() -> None:
    kit = actions_kit()
    build(kit, "St. Louis", walk("G4", ["NW", "NW", "NE", "NW", "W"]))
    p = kit.state["players"][0]
    assert p["bonds"] * 5000 - p["money"] == 4 * 2000 + 4000


def test_city_entry_sides() -> None:
    kit = actions_kit()
    err = raises(kit, "city_entry", "Chicago", ["C3", "C4", "C5"])
    assert err.message == "Cleveland can only be entered from E, SE or SW."
    err = raises(kit, "city_entry", "New York", walk("C11", ["E"]))
    assert err.message == "New York can only be entered from SW, W or NW."


def test_no_sharp_curves() -> None:
    kit = actions_kit()
    err = raises(kit, "sharp_curve", "Chicago", ["C3", "D2"])
    assert "adjacent sides" in err.message


def test_a_link_stops_at_the_first_city() -> None:
    kit = actions_kit()
    raises(kit, "through_city", "Chicago", ["C3", "D3", "D4", "C5", "C6"])


def test_at_most_four_tiles() -> None:
    kit = actions_kit()
    err = raises(kit, "too_many_tiles", "Kansas City", walk("G1", ["SE", "E", "E", "E", "E"]))
    assert "at most 4" in err.message


@pytest.mark.parametrize("copies", [1, 2])
def test_perfect_engineering_allows_five_tiles_once_per_turn(copies: int) -> None:
    """House reading of "may be used on only 1 of your 3 player actions per turn": both copies
    in one hand still give one five-tile build a turn."""
    kit = actions_kit()
    kit.state["players"][0]["cards"] += [f"perfect-engineering-{i + 1}" for i in range(copies)]
    build(kit, "Kansas City", walk("G1", ["SE", "E", "E", "E", "E"]))
    assert len(kit.state["links"][0]["tiles"]) == 5
    kit.act({"type": "pass", "seat": 1})
    raises(kit, "too_many_tiles", "Mobile", walk("J6", ["W", "W", "NW", "NW", "NW"]))


def test_land_grant_makes_open_terrain_free_and_is_discarded() -> None:
    kit = actions_kit()
    kit.state["players"][0]["hand"].append("land-grant-1")
    build(kit, "Pittsburgh", walk("C8", ["SE", "SE", "SE", "SE"]), cards=["land-grant-1"])
    p = kit.state["players"][0]
    assert p["bonds"] * 5000 - p["money"] == 3000  # only the river hex is paid
    assert p["hand"] == [] and "land-grant-1" in kit.state["ops"]["discard"]


def test_the_first_tile_must_touch_a_city_or_your_open_end() -> None:
    kit = actions_kit()
    raises(kit, "not_adjacent", "Chicago", ["E5"])
    build(kit, "Kansas City", ["G2"])
    kit.act({"type": "pass", "seat": 1})
    raises(kit, "not_continuing", "link:1", ["F2"])
    kit.act({"type": "pass", "seat": 0})
    raises(kit, "bad_start", "link:1", ["G3"])  # seat 1 does not own link 1


def test_incomplete_link_is_continued_in_a_later_action() -> None:
    kit = actions_kit()
    build(kit, "Kansas City", ["G2"])
    assert kit.state["links"][0]["cities"] == ["Kansas City", None]
    kit.act({"type": "pass", "seat": 1})
    build(kit, "link:1", ["G3", "G4"])
    assert kit.state["links"][0]["complete"]
    assert [t["hex"] for t in kit.state["links"][0]["tiles"]] == ["G2", "G3"]


def test_two_halves_join_in_the_middle() -> None:
    kit = actions_kit()
    build(kit, "Kansas City", ["G2"])
    kit.act({"type": "pass", "seat": 1})
    build(kit, "St. Louis", ["G3", "G2"])
    [lk] = kit.state["links"]
    assert lk["complete"] and lk["cities"] == ["St. Louis", "Kansas City"]
    assert [t["hex"] for t in lk["tiles"]] == ["G3", "G2"]
    assert all(t["sides"] == ["E", "W"] for t in lk["tiles"])


def test_redirect_pays_for_the_last_tile_again() -> None:
    kit = actions_kit()
    build(kit, "Kansas City", ["G2"], exit="NE")
    kit.act({"type": "pass", "seat": 1})
    before = kit.state["players"][0]["money"] - kit.state["players"][0]["bonds"] * 5000
    build(kit, "link:1", ["G3", "G4"], redirect=True)
    after = kit.state["players"][0]["money"] - kit.state["players"][0]["bonds"] * 5000
    assert before - after == 4000
    assert kit.state["links"][0]["tiles"][0]["sides"] == ["W", "E"]


def test_crossing_shares_no_side_and_costs_the_same() -> None:
    kit = actions_kit()
    connect(kit, 1, "St. Louis", "Cincinnati", ["G5", "G6", "G7"])
    path = walk("J6", ["NW", "NW", "NE", "NE"])  # I6, H5, G6 (crossing), F6
    build(kit, "Mobile", path, exit="NE")
    lk = kit.state["links"][-1]
    assert [t["crossing"] for t in lk["tiles"]] == [False, False, True, False]
    assert kit.state["players"][0]["bonds"] * 5000 - kit.state["players"][0]["money"] == 8000
    view = kit.title.view(kit.state, None)
    assert view["links"][-1]["tiles"][2] == {"hex": "G6", "sides": ["SW", "NE"], "crossing": True}


def test_crossing_may_not_share_a_side() -> None:
    kit = actions_kit()
    connect(kit, 1, "St. Louis", "Cincinnati", ["G5", "G6", "G7"])
    raises(kit, "crossing_overlap", "Mobile", walk("J6", ["NW", "NW", "NE", "E"]))


def test_no_second_own_link_between_the_same_cities_but_a_rival_may() -> None:
    kit = actions_kit()
    connect(kit, 0, "Kansas City", "St. Louis", ["G2", "G3", "G4"])
    other = walk("G1", ["NE", "E", "E", "SE"])
    raises(kit, "duplicate_link", "Kansas City", other)
    kit.act({"type": "pass", "seat": 0})
    build(kit, "Kansas City", other)
    assert kit.state["links"][-1]["owner"] == 1 and kit.state["links"][-1]["complete"]


def test_major_line_goes_to_the_first_to_connect_with_own_links() -> None:
    kit = actions_kit()
    connect(kit, 0, "Chicago", "Cleveland")
    events = build(kit, "Cleveland", ["C6", "C7", "C8"])
    assert kit.state["players"][0]["score"] == 6
    assert any(e["type"] == "major_line" for e in events)
    line = next(m for m in kit.state["major_lines"] if m["a"] == "Chicago")
    assert line["claimed_by"] == 0


def test_major_line_needs_the_players_own_links() -> None:
    kit = actions_kit()
    connect(kit, 1, "Chicago", "Cleveland")
    build(kit, "Cleveland", ["C6", "C7", "C8"])
    assert kit.state["players"][0]["score"] == 0
    assert all(m["claimed_by"] is None for m in kit.state["major_lines"])


def test_open_end_may_not_point_into_a_city() -> None:
    kit = actions_kit()
    raises(kit, "must_enter_city", "Kansas City", ["G2", "G3"])


def test_cheapest_route_respects_entry_sides_and_costs() -> None:
    kit = actions_kit()
    path, cost = kit.title.cheapest_route(kit.state, 0, "Chicago", "Cleveland")
    assert path[-1] == "C5" and len(path) == 4 and cost == 6000
    path, cost = kit.title.cheapest_route(kit.state, 0, "Cincinnati", "Pittsburgh",
                                          via=["E6"])
    assert "E6" in path and cost == 10000
    with pytest.raises(IllegalAction):
        kit.title.cheapest_route(kit.state, 0, "Chicago", "Atlanta")


def test_build_command_finds_the_route_or_heads_toward_the_city() -> None:
    kit = actions_kit()
    act = kit.title.command_to_action(kit.state, 0, "build", {"from": "chicago",
                                                              "to": "Cleveland"})
    assert act["start"] == "Chicago" and act["path"][-1] == "C5"
    act = kit.title.command_to_action(kit.state, 0, "build", {"from": "Chicago", "to": "Atlanta"})
    kit.act(act)
    lk = kit.state["links"][0]
    assert not lk["complete"] and len(lk["tiles"]) == 4
    act = kit.title.command_to_action(kit.state, 1, "build",
                                      {"from": "Kansas City", "path": "G2 G3 G4"})
    assert act["path"] == ["G2", "G3", "G4"]


def test_a_build_that_cannot_reach_its_city_asks_first_with_its_cost_and_end() -> None:
    kit = actions_kit()
    kit.state["players"][0]["money"] = 50_000  # no bonds to confirm as well
    act = kit.title.command_to_action(kit.state, 0, "build", {"from": "Chicago", "to": "Atlanta"})
    assert act["toward"] == "Atlanta"
    ask = kit.title.confirmation(kit.state, act)
    assert ask is not None
    assert ask.startswith("Atlanta cannot be reached in one action (at most 4 tiles): this "
                          "builds a partial link of 4 tiles for $")
    assert f"ends at {act['path'][-1]}, short of Atlanta" in ask
    reach = kit.title.command_to_action(kit.state, 0, "build", {"from": "Chicago",
                                                                "to": "Cleveland"})
    assert "toward" not in reach
    assert "cannot be reached" not in str(kit.title.confirmation(kit.state, reach))


def test_a_build_toward_a_city_it_cannot_head_for_says_why() -> None:
    kit = actions_kit()
    connect(kit, 0, "Chicago", "Cleveland")
    kit.state["order_pos"] = kit.state["turn_order"].index(0)
    for to, why in (("Chicago", "A link must join Chicago to a different city."),
                    ("Cleveland", "You already have a link between Chicago and Cleveland.")):
        with pytest.raises(IllegalAction) as err:
            kit.title.command_to_action(kit.state, 0, "build", {"from": "Chicago", "to": to})
        assert err.value.message == why
