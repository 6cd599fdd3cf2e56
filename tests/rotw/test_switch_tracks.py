"""Switch Tracks: a branch off one's own track to a third city, twice a game, $5,000, counting as
one of the build's tiles; an unfinished branch goes at the end of the turn with its switch."""

from __future__ import annotations

import pytest
from expansion_kit import expansion_kit
from rotw_kit import Kit, connect, set_cubes, small_map_data
from suggest_kit import complete, move, values_make_moves

import maps
from engine.core.errors import IllegalAction
from engine.core.replay import new_game
from engine.rotw import network, trackmap
from engine.rotw.title import RotwTitle

BRANCH = ["D6", "E7", "F7", "G7"]
"""From the switch in C6 (on Cleveland - Pittsburgh, C6 C7) down to Cincinnati: three tiles."""


def switch_kit() -> tuple[Kit, int, int]:
    kit = expansion_kit(options={"switch_tracks": True})
    kit.state["ops"]["display"] = []
    seat = kit.seat
    lid = connect(kit, seat, "Cleveland", "Pittsburgh")
    return kit, seat, lid


def money(kit: Kit, seat: int) -> int:
    p = kit.state["players"][seat]
    return int(p["money"]) - 5000 * int(p["bonds"])


def test_a_switch_branch_joins_a_third_city_to_both_ends_of_the_track() -> None:
    kit, seat, lid = switch_kit()
    before = money(kit, seat)
    act = kit.title.command_to_action(kit.state, seat, "build",
                                      {"from": "c6", "switch": True, "to": "Cincinnati"})
    assert act["start"] == "switch:c6" and act["path"] == BRANCH
    kit.act(act)
    assert money(kit, seat) == before - 5000 - 3 * 2000  # the switch and three open tiles
    p = kit.state["players"][seat]
    assert p["switches"] == 1
    branch = kit.state["links"][-1]
    assert branch["complete"] and branch["switch"]["ends"] == ["Cleveland", "Pittsburgh"]
    assert branch["switch"]["link"] == lid and branch["owner"] == seat
    adj = network.graph(kit.state, seat)
    assert {c for _, c in adj["Cincinnati"]} == {"Cleveland", "Pittsburgh"}
    assert any("places a Switch Track in C6" in e["text"] for e in kit.events)
    view = kit.title.view(kit.state, None)
    assert view["switches"] == [{"hex": "C6", "side": "SE", "seat": seat,
                                 "link": branch["id"], "complete": True}]


def test_deliveries_use_the_branch_from_either_end_but_never_twice() -> None:
    kit, seat, _ = switch_kit()
    kit.act({"type": "build", "seat": seat, "start": "switch:C6", "path": BRANCH})
    bid = kit.state["links"][-1]["id"]
    kit.state["order_pos"] = kit.state["turn_order"].index(seat)
    set_cubes(kit, "Pittsburgh", ["yellow"])
    score = kit.state["players"][seat]["score"]
    kit.act({"type": "deliver", "seat": seat, "city": "Pittsburgh", "colour": "yellow",
             "route": ["Pittsburgh", "Cincinnati"], "links": [bid]})
    assert kit.state["players"][seat]["score"] == score + 1  # one link, the owner's
    kit.state["order_pos"] = kit.state["turn_order"].index(seat)
    kit.state["players"][seat]["engine"] = 3
    set_cubes(kit, "Cleveland", ["blue"])
    with pytest.raises(IllegalAction, match=r"twice|visit"):
        kit.act({"type": "deliver", "seat": seat, "city": "Cleveland", "colour": "blue",
                 "route": ["Cleveland", "Cincinnati", "Pittsburgh"], "links": [bid, bid]})
    routes = [a["route"] for a in kit.title.legal(kit.state, seat) if a["type"] == "deliver"
              and a["city"] == "Cleveland"]
    assert ["Cleveland", "Pittsburgh"] in routes
    assert ["Cleveland", "Cincinnati", "Pittsburgh"] not in routes
    set_cubes(kit, "Cincinnati", ["black"])
    with pytest.raises(IllegalAction, match="give the route's cities"):
        kit.act({"type": "deliver", "seat": seat, "city": "Cincinnati", "colour": "black",
                 "links": [bid]})


def test_the_switch_counts_as_one_tile_and_the_branch_needs_a_third_city() -> None:
    kit, seat, _ = switch_kit()
    with pytest.raises(IllegalAction, match="Switch Track counts as one"):
        kit.act({"type": "build", "seat": seat, "start": "switch:C6",
                 "path": ["D6", "E7", "F7", "F8"], "exit": "E"})
    kit.state["players"][seat]["engine"] = 1
    with pytest.raises(IllegalAction, match="may leave by"):
        kit.act({"type": "build", "seat": seat, "start": "switch:C6", "path": ["C5"]})
    with pytest.raises(IllegalAction, match="your own complete track"):
        kit.act({"type": "build", "seat": seat, "start": "switch:E5", "path": ["F5"]})
    with pytest.raises(IllegalAction, match="first tiles of its branch"):
        kit.act({"type": "build", "seat": seat, "start": "switch:C6", "path": []})
    assert kit.state["players"][seat]["switches"] == 2


def test_a_branch_back_to_its_own_cities_is_refused() -> None:
    kit, seat, _ = switch_kit()
    connect(kit, seat, "Chicago", "Cleveland")
    chicago_tile = kit.state["links"][-1]["tiles"][0]["hex"]
    with pytest.raises(IllegalAction):
        kit.title.command_to_action(kit.state, seat, "build", {
            "from": chicago_tile, "switch": True, "to": "Cleveland"})


def test_an_unfinished_branch_is_removed_with_its_switch_at_the_end_of_the_turn() -> None:
    kit, seat, _ = switch_kit()
    kit.act({"type": "build", "seat": seat, "start": "switch:C6", "path": ["D6", "E7"]})
    branch = kit.state["links"][-1]
    assert not branch["complete"] and branch["switch"]["hex"] == "C6"
    kit.state["round"] = 3
    kit.state["order_pos"] = len(kit.state["turn_order"]) - 1
    kit.act({"type": "pass", "seat": kit.seat})
    assert not [lk for lk in kit.state["links"] if lk.get("switch")]
    assert any("the branch and the switch are removed" in e["text"] for e in kit.events)
    assert kit.state["players"][seat]["switches"] == 1  # the use is spent
    assert kit.title.view(kit.state, None)["switches"] == []


def test_two_switches_per_player_and_none_without_the_option() -> None:
    kit, seat, _ = switch_kit()
    kit.state["players"][seat]["switches"] = 0
    with pytest.raises(IllegalAction, match="2 times in the game"):
        kit.act({"type": "build", "seat": seat, "start": "switch:C6", "path": BRANCH})
    assert not [a for a in kit.title.legal(kit.state, seat)
                if str(a.get("start", "")).startswith("switch:")]
    plain = expansion_kit()
    connect(plain, plain.seat, "Cleveland", "Pittsburgh")
    with pytest.raises(IllegalAction, match="without the Switch Tracks"):
        plain.act({"type": "build", "seat": plain.seat, "start": "switch:C6", "path": BRANCH})


def test_a_hex_takes_one_switch_and_then_no_other_track() -> None:
    kit, seat, _ = switch_kit()
    kit.act({"type": "build", "seat": seat, "start": "switch:C6", "path": BRANCH})
    kit.state["order_pos"] = kit.state["turn_order"].index(seat)
    with pytest.raises(IllegalAction, match="C6 already has a Switch Track"):
        kit.act({"type": "build", "seat": seat, "start": "switch:C6", "path": ["D5"]})
    ctx = kit.title.context("mini")
    assert len(trackmap.occupancy(kit.state, ctx)[ctx.hex("C6")]) == 2  # full: no crossing


def test_a_switch_needs_a_hex_of_the_track_not_a_city() -> None:
    kit, seat, _ = switch_kit()
    with pytest.raises(IllegalAction, match="'Pittsburgh' is not a hex label like F12"):
        kit.title.command_to_action(kit.state, seat, "build",
                                    {"from": "Pittsburgh", "switch": True, "to": "Cincinnati"})


def test_a_switch_branch_is_offered_by_click_and_its_choices_make_legal_moves() -> None:
    title = RotwTitle(maps.load, maps.load_cards)
    kit = Kit(2, 6, title, "eastern-us")
    kit.config["options"] = {"switch_tracks": True}
    kit.state = new_game(title, kit.config)
    kit.to_actions()
    seat = kit.seat
    connect(kit, seat, "Pittsburgh", "Cleveland")
    offered = [s for s in title.suggest(kit.state, seat) if s.options.get("switch")]
    assert offered and offered[0].needs == ("from", "to")
    starts = title.option_values(kit.state, seat, "build", "from", {"switch": True})
    track_hexes = {t["hex"] for t in kit.state["links"][-1]["tiles"]}
    assert starts and {v.value for v in starts} <= track_hexes
    assert values_make_moves(title, kit.state, seat, "build", "to",
                             {"switch": True, "from": starts[0].value}, limit=3)
    after = move(title, kit.state, seat, "build", complete(title, kit.state, seat, offered[0]))
    assert after["players"][seat]["switches"] == 1


def test_a_delivery_along_a_branch_is_traced_along_its_track_up_to_the_switch() -> None:
    kit, seat, lid = switch_kit()
    kit.act({"type": "build", "seat": seat, "start": "switch:C6", "path": BRANCH})
    bid = kit.state["links"][-1]["id"]
    parent = [str(t["hex"]) for t in trackmap.find_link(kit.state, lid)["tiles"]]
    assert parent == ["C6", "C7"]  # Cleveland -> Pittsburgh, the switch in C6
    for start, end, colour, way in (
        ("Pittsburgh", "Cincinnati", "yellow", ["C7", "C6", "D6", "E7", "F7"]),
        ("Cleveland", "Cincinnati", "yellow", ["C6", "D6", "E7", "F7"]),
        ("Cincinnati", "Pittsburgh", "blue", ["F7", "E7", "D6", "C6", "C7"]),
    ):
        kit.state["order_pos"] = kit.state["turn_order"].index(seat)
        set_cubes(kit, start, [colour])
        kit.act({"type": "deliver", "seat": seat, "city": start, "colour": colour,
                 "route": [start, end], "links": [bid]})
        route = kit.state["last_move"]["route"]
        assert route[1:-1] == way, "cities' hexes at the ends, the track between"
        assert len(set(route)) == len(route)


def test_a_branch_may_go_straight_from_its_switch_into_a_neighbouring_city() -> None:
    # "The new link can continue into any adjacent hex where you can legally build": the switch
    # is the track between its hex and a neighbouring city, so the branch needs no more tiles.
    data = small_map_data()
    data["terrain"]["hexes"]["D6"] = "city"
    data["cities"]["list"].append({"name": "Akron", "hex": "D6", "colour": "red", "cubes": 1,
                                   "entry": ["NW", "NE", "W"], "flags": []})
    kit = expansion_kit(options={"switch_tracks": True}, cities=data["cities"],
                        terrain=data["terrain"])
    kit.state["ops"]["display"] = []
    seat = kit.seat
    connect(kit, seat, "Cleveland", "Pittsburgh")
    before = money(kit, seat)
    act = kit.title.command_to_action(kit.state, seat, "build",
                                      {"from": "c6", "switch": True, "to": "Akron"})
    assert act["start"].upper() == "SWITCH:C6" and act["path"] == ["D6"], "found straight"
    kit.act(act)
    assert money(kit, seat) == before - 5000, "the switch alone: no tile laid"
    branch = kit.state["links"][-1]
    assert branch["complete"] and branch["tiles"] == []
    assert branch["switch"]["hex"] == "C6" and branch["switch"]["side"] == "SE"
    adj = network.graph(kit.state, seat)
    assert {c for _, c in adj["Akron"]} == {"Cleveland", "Pittsburgh"}
    kit.state["order_pos"] = kit.state["turn_order"].index(seat)
    set_cubes(kit, "Pittsburgh", ["red"])
    kit.act({"type": "deliver", "seat": seat, "city": "Pittsburgh", "colour": "red",
             "route": ["Pittsburgh", "Akron"], "links": [branch["id"]]})
    assert kit.state["last_move"]["route"] == ["C8", "C7", "C6", "D6"]
