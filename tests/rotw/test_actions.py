from __future__ import annotations

import pytest
from rotw_kit import actions_kit, connect, set_cubes

from engine.core.errors import IllegalAction
from engine.rotw.cards import baron_points
from engine.rotw.flow import standing_key
from engine.rotw.network import longest_railroad


def spent(kit, seat: int = 0) -> int:
    p = kit.state["players"][seat]
    return int(p["bonds"] * 5000 - p["money"])


def test_urbanize_pays_10000_recolours_and_adds_two_cubes() -> None:
    kit = actions_kit()
    before = len(kit.state["cities"]["Cleveland"]["cubes"])
    kit.act({"type": "urbanize", "seat": 0, "city": "Cleveland", "colour": "purple"})
    c = kit.state["cities"]["Cleveland"]
    assert c["colour"] == "purple" and c["urbanized"] and len(c["cubes"]) == before + 2
    assert spent(kit) == 10000
    assert kit.state["new_city_tiles"]["purple"] == 5
    view = next(v for v in kit.title.view(kit.state, None)["cities"] if v["name"] == "Cleveland")
    assert (view["colour"], view["printed_colour"]) == ("purple", "gray")


def test_urbanize_rules() -> None:
    kit = actions_kit()
    with pytest.raises(IllegalAction, match="no red New City tiles"):
        kit.act({"type": "urbanize", "seat": 0, "city": "Cleveland", "colour": "red"})
    with pytest.raises(IllegalAction, match="Only gray cities"):
        kit.act({"type": "urbanize", "seat": 0, "city": "Chicago", "colour": "blue"})
    kit.state["new_city_tiles"]["blue"] = 0
    with pytest.raises(IllegalAction, match="No blue New City tiles are left"):
        kit.act({"type": "urbanize", "seat": 0, "city": "Cleveland", "colour": "blue"})
    assert not any(a["type"] == "urbanize" and a["colour"] == "blue"
                   for a in kit.title.legal(kit.state, 0))


def test_urbanizing_an_empty_city_removes_its_ecm() -> None:
    kit = actions_kit()
    set_cubes(kit, "Cleveland", [])
    kit.state["cities"]["Cleveland"]["ecm"] = True
    kit.state["ecm"]["placed"] = 1
    kit.act({"type": "urbanize", "seat": 0, "city": "Cleveland", "colour": "black"})
    assert not kit.state["cities"]["Cleveland"]["ecm"] and kit.state["ecm"]["placed"] == 0


def test_upgrade_follows_the_cost_table_up_to_level_8() -> None:
    kit = actions_kit()
    kit.act({"type": "upgrade", "seat": 0})
    assert kit.state["players"][0]["engine"] == 2 and spent(kit) == 5000
    kit.state["players"][1]["engine"] = 8
    with pytest.raises(IllegalAction, match="Level 8 is the highest"):
        kit.act({"type": "upgrade", "seat": 1})


def test_western_link_needs_own_link_costs_30000_and_brings_four_reds() -> None:
    kit = actions_kit()
    with pytest.raises(IllegalAction, match="complete link of your own to Kansas City"):
        kit.act({"type": "western_link", "seat": 0, "city": "Kansas City"})
    with pytest.raises(IllegalAction, match="only be built at"):
        kit.act({"type": "western_link", "seat": 0, "city": "Chicago"})
    connect(kit, 0, "Kansas City", "St. Louis")
    reds = kit.state["cities"]["Kansas City"]["cubes"].count("red")
    kit.act({"type": "western_link", "seat": 0, "city": "Kansas City"})
    assert kit.state["cities"]["Kansas City"]["cubes"].count("red") == reds + 4
    assert spent(kit) == 30000
    assert kit.state["western_links"] == [{"city": "Kansas City", "owner": 0, "hex": "G0"}]
    connect(kit, 1, "Kansas City", "Chicago")
    with pytest.raises(IllegalAction, match="already has its Western Link"):
        kit.act({"type": "western_link", "seat": 1, "city": "Kansas City"})


def test_red_cubes_from_a_western_link_city_restock_chicago() -> None:
    kit = actions_kit()
    kit.state["ops"]["display"] = []
    connect(kit, 0, "Kansas City", "Chicago")
    kit.state["western_links"].append({"city": "Kansas City", "owner": 1, "hex": "G0"})
    set_cubes(kit, "Kansas City", ["red"])
    set_cubes(kit, "Chicago", [])
    events = kit.act({"type": "deliver", "seat": 0, "city": "Kansas City", "colour": "red",
                      "route": ["Kansas City", "Chicago"]})
    assert len(kit.state["cities"]["Chicago"]["cubes"]) == 2
    assert any(e["type"] == "western_market" for e in events)


def test_only_red_cubes_from_a_city_with_its_western_link_restock_chicago() -> None:
    # Eastern U.S. page: the red cube goes back to the bag, then two are drawn onto Chicago.
    kit = actions_kit()
    kit.state["ops"]["display"] = []
    connect(kit, 0, "Cleveland", "Chicago")
    connect(kit, 1, "Kansas City", "Chicago")
    kit.state["western_links"].append({"city": "Kansas City", "owner": 1, "hex": "G0"})
    set_cubes(kit, "Cleveland", ["red"])
    set_cubes(kit, "Kansas City", ["red"])
    set_cubes(kit, "Chicago", [])
    events = kit.act({"type": "deliver", "seat": 0, "city": "Cleveland", "colour": "red",
                      "route": ["Cleveland", "Chicago"]})
    assert kit.state["cities"]["Chicago"]["cubes"] == []
    assert not any(e["type"] == "western_market" for e in events)
    in_bag = sum(kit.state["bag"].values())
    kit.act({"type": "deliver", "seat": 1, "city": "Kansas City", "colour": "red",
             "route": ["Kansas City", "Chicago"]})
    assert len(kit.state["cities"]["Chicago"]["cubes"]) == 2
    assert sum(kit.state["bag"].values()) == in_bag + 1 - 2


def test_new_york_kansas_city_line_needs_the_players_own_western_link() -> None:
    kit = actions_kit()
    connect(kit, 0, "Kansas City", "St. Louis")
    connect(kit, 0, "St. Louis", "Cincinnati")
    connect(kit, 0, "Cincinnati", "Pittsburgh")
    connect(kit, 0, "Pittsburgh", "New York")
    kit.state["western_links"].append({"city": "Des Moines", "owner": 1, "hex": "J0"})
    kit.act({"type": "upgrade", "seat": 0})
    assert kit.state["major_lines"][0]["claimed_by"] is None
    kit.act({"type": "pass", "seat": 1})
    kit.act({"type": "western_link", "seat": 0, "city": "Kansas City"})
    assert kit.state["major_lines"][0]["claimed_by"] == 0
    assert kit.state["players"][0]["score"] == 20


def test_des_moines_western_link_must_join_the_route() -> None:
    kit = actions_kit()
    connect(kit, 0, "Kansas City", "St. Louis")
    connect(kit, 0, "St. Louis", "Cincinnati")
    connect(kit, 0, "Cincinnati", "Pittsburgh")
    connect(kit, 0, "Pittsburgh", "New York")
    connect(kit, 0, "Des Moines", "Mobile")
    kit.act({"type": "western_link", "seat": 0, "city": "Des Moines"})
    assert kit.state["major_lines"][0]["claimed_by"] is None
    kit.act({"type": "pass", "seat": 1})
    kit.act(kit.title.command_to_action(kit.state, 0, "build",
                                        {"from": "Des Moines", "to": "Kansas City"}))
    assert kit.state["links"][-1]["complete"]
    assert kit.state["major_lines"][0]["claimed_by"] == 0


def test_pass_as_an_action_gives_up_the_action() -> None:
    kit = actions_kit()
    events = kit.act({"type": "pass", "seat": 0})
    assert kit.seat == 1 and events[0]["text"] == "Alice passes this action."


def test_the_western_link_is_not_one_of_its_owners_links() -> None:
    """House reading (the Eastern U.S. page calls it a Special Link tile but says only what it
    opens): it counts for neither J.P. Morgan's most links, the longest railroad nor the
    tie-break on links."""
    kit = actions_kit()
    ctx = kit.title.context("mini")
    connect(kit, 0, "Kansas City", "St. Louis")
    connect(kit, 1, "Chicago", "Cleveland")
    kit.state["western_links"].append({"city": "Kansas City", "owner": 0, "hex": "G0"})
    kit.state["players"][0]["baron"] = "morgan"
    assert baron_points(kit.state, ctx, 0) == 0
    assert longest_railroad(kit.state, 0) == longest_railroad(kit.state, 1) == 1
    score = {"score": 10, "seat": 0}
    assert standing_key(kit.state, score)[1] == standing_key(kit.state, {**score, "seat": 1})[1]
