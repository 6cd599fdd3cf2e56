from __future__ import annotations

import pytest
from rotw_kit import Kit, actions_kit, connect, set_cubes

from engine.core.errors import IllegalAction


def network_kit() -> Kit:
    """Alice: Chicago-Cleveland, Pittsburgh-Cincinnati, Cincinnati-Baltimore; Bob: Cleveland-
    Pittsburgh. No goal cards, so points are only the links'."""
    kit = actions_kit(2)
    kit.state["ops"]["display"] = []
    connect(kit, 0, "Chicago", "Cleveland")
    connect(kit, 1, "Cleveland", "Pittsburgh", ["C6", "C7", "C8"])
    connect(kit, 0, "Pittsburgh", "Cincinnati")
    connect(kit, 0, "Cincinnati", "Baltimore")
    return kit


def deliver(kit: Kit, city: str, colour: str, route: list[str]) -> list[dict[str, object]]:
    return kit.act({"type": "deliver", "seat": kit.seat, "city": city, "colour": colour,
                    "route": route})


def refused(kit: Kit, code: str, city: str, colour: str, route: list[str]) -> str:
    with pytest.raises(IllegalAction) as err:
        deliver(kit, city, colour, route)
    assert err.value.code == code, err.value.message
    return err.value.message


def test_each_owner_scores_one_point_per_link_and_the_cube_returns_to_the_bag() -> None:
    kit = network_kit()
    kit.state["players"][0]["engine"] = 2
    set_cubes(kit, "Chicago", ["blue", "red"])
    bag = kit.state["bag"]["blue"]
    events = deliver(kit, "Chicago", "blue", ["Chicago", "Cleveland", "Pittsburgh"])
    assert [p["score"] for p in kit.state["players"]] == [1, 1]
    assert kit.state["cities"]["Chicago"]["cubes"] == ["red"]
    assert kit.state["bag"]["blue"] == bag + 1
    assert events[0]["text"] == ("Alice delivered a blue cube Chicago -> Pittsburgh "
                                 "(2 links: Alice +1, Bob +1).")


def test_engine_level_limits_the_links() -> None:
    kit = network_kit()
    set_cubes(kit, "Chicago", ["blue"])
    msg = refused(kit, "engine_too_small", "Chicago", "blue", ["Chicago", "Cleveland",
                                                               "Pittsburgh"])
    assert msg == "Your level 1 engine moves a cube at most 1 link, not 2."


def test_the_mover_must_own_the_first_link() -> None:
    kit = network_kit()
    kit.act({"type": "pass", "seat": 0})
    kit.state["players"][1]["engine"] = 3
    set_cubes(kit, "Chicago", ["blue"])
    refused(kit, "first_link", "Chicago", "blue", ["Chicago", "Cleveland", "Pittsburgh"])
    assert not [a for a in kit.title.legal(kit.state, 1) if a["type"] == "deliver"]


def test_a_cube_stops_at_the_first_city_of_its_colour() -> None:
    kit = network_kit()
    kit.state["players"][0]["engine"] = 2
    set_cubes(kit, "Pittsburgh", ["yellow"])
    msg = refused(kit, "must_stop", "Pittsburgh", "yellow",
                  ["Pittsburgh", "Cincinnati", "Baltimore"])
    assert msg == "A yellow cube must stop at Cincinnati, the first yellow city on that route."


def test_gray_cities_never_receive_and_colours_must_match() -> None:
    kit = network_kit()
    set_cubes(kit, "Chicago", ["blue"])
    msg = refused(kit, "wrong_colour", "Chicago", "blue", ["Chicago", "Cleveland"])
    assert "gray cities take no cubes" in msg
    kit.state["players"][0]["engine"] = 2
    set_cubes(kit, "Cincinnati", ["purple"])
    msg = refused(kit, "wrong_colour", "Cincinnati", "purple", ["Cincinnati", "Baltimore"])
    assert msg == "A purple cube can only be delivered to a purple city; Baltimore is yellow."


def test_no_city_twice() -> None:
    kit = network_kit()
    kit.state["players"][0]["engine"] = 3
    set_cubes(kit, "Cincinnati", ["red"])
    refused(kit, "city_twice", "Cincinnati", "red", ["Cincinnati", "Pittsburgh", "Cincinnati"])


def test_incomplete_links_carry_nothing() -> None:
    kit = actions_kit(2)
    kit.act({"type": "build", "seat": 0, "start": "Kansas City", "path": ["G2"]})
    kit.act({"type": "pass", "seat": 1})
    refused(kit, "no_link", "Kansas City", kit.state["cities"]["Kansas City"]["cubes"][0],
            ["Kansas City", "St. Louis"])


def test_emptying_a_city_places_an_ecm() -> None:
    kit = network_kit()
    set_cubes(kit, "Cleveland", ["red"])
    events = deliver(kit, "Cleveland", "red", ["Cleveland", "Chicago"])
    assert kit.state["cities"]["Cleveland"]["ecm"] and kit.state["ecm"]["placed"] == 1
    assert any(e["type"] == "ecm" for e in events)


def test_legal_lists_every_delivery_with_points() -> None:
    kit = network_kit()
    kit.state["players"][0]["engine"] = 3
    set_cubes(kit, "Chicago", ["yellow", "blue"])
    moves = [a for a in kit.title.legal(kit.state, 0) if a["type"] == "deliver"
             and a["city"] == "Chicago"]
    routes = sorted((a["colour"], tuple(a["route"]), tuple(sorted(a["points"].items())))
                    for a in moves)
    assert routes == [
        ("blue", ("Chicago", "Cleveland", "Pittsburgh"), (("0", 1), ("1", 1))),
        ("yellow", ("Chicago", "Cleveland", "Pittsburgh", "Cincinnati"), (("0", 2), ("1", 1))),
    ]


def test_deliver_command_picks_the_best_route_for_the_mover() -> None:
    kit = network_kit()
    connect(kit, 1, "Chicago", "St. Louis", ["D2", "E3", "F3", "G4"])
    connect(kit, 0, "Chicago", "St. Louis", ["D1", "E2", "F2", "G3", "G4"])
    kit.state["players"][0]["engine"] = 1
    set_cubes(kit, "Chicago", ["blue"])
    act = kit.title.command_to_action(kit.state, 0, "deliver",
                                      {"city": "Chicago", "colour": "blue", "to": "St. Louis"})
    own = next(lk["id"] for lk in kit.state["links"] if lk["owner"] == 0
               and set(lk["cities"]) == {"Chicago", "St. Louis"})
    assert act["links"] == [own]
    kit.act(act)
    assert kit.state["players"][0]["score"] == 1


def test_refusals_for_a_missing_cube_or_a_broken_chain_say_which_rule() -> None:
    kit = network_kit()
    kit.state["players"][0]["engine"] = 2
    set_cubes(kit, "Chicago", ["red"])
    msg = refused(kit, "no_cube", "Chicago", "blue", ["Chicago", "Cleveland"])
    assert "a delivery moves one cube that is in its starting city" in msg
    ids = [lk["id"] for lk in kit.state["links"]]
    with pytest.raises(IllegalAction) as err:
        kit.act({"type": "deliver", "seat": 0, "city": "Chicago", "colour": "red",
                 "links": [ids[0], ids[2]]})
    assert err.value.code == "broken_route"
    assert "each link must leave the city the cube has reached" in err.value.message
