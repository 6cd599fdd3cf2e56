"""A refused /deliver names the rule it hits, the nearest route and what would make it legal."""

from __future__ import annotations

import pytest
from rotw_kit import Kit, set_cubes
from test_delivery import network_kit

from engine.core.errors import IllegalAction


def typed(kit: Kit, seat: int, **options: object) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        kit.title.command_to_action(kit.state, seat, "deliver", dict(options))
    return err.value


def test_an_engine_too_small_says_the_links_needed_and_the_level() -> None:
    kit = network_kit()
    set_cubes(kit, "Chicago", ["blue"])
    err = typed(kit, 0, city="Chicago", colour="blue")
    assert err.code == "no_delivery"
    assert "at most as many links as your engine level" in err.message
    assert "Chicago - Cleveland - Pittsburgh is 2 links while your engine is level 1" \
        in err.message
    assert "upgrade your engine to level 2" in err.message


def test_a_first_link_of_another_player_names_its_owner() -> None:
    kit = network_kit()
    kit.act({"type": "pass", "seat": 0})
    kit.state["players"][1]["engine"] = 3
    set_cubes(kit, "Chicago", ["blue"])
    err = typed(kit, 1, city="chic", colour="Blue", to="Pitts")
    assert "the first link a cube moves along must be yours" in err.message
    assert "the link Chicago - Cleveland (on the route Chicago - Cleveland - Pittsburgh) is "\
        "Alice's" in err.message
    assert "build your own link out of Chicago" in err.message


def yellow_from_pittsburgh(to: str) -> IllegalAction:
    """Alice, level 2 engine, sends Pittsburgh's yellow cube ``to`` a city."""
    kit = network_kit()
    kit.state["players"][0]["engine"] = 2
    set_cubes(kit, "Pittsburgh", ["yellow"])
    return typed(kit, 0, city="Pittsburgh", colour="yellow", to=to)


def test_a_destination_of_the_wrong_colour_offers_the_legal_ones() -> None:
    err = yellow_from_pittsburgh("Chicago")
    assert "only to a city of its own colour" in err.message
    assert "Chicago is" in err.message
    assert "You can deliver it to Cincinnati instead." in err.message


def test_a_city_of_the_cubes_colour_on_the_way_suggests_an_express() -> None:
    err = yellow_from_pittsburgh("Baltimore")
    assert "stops at the first city of its colour" in err.message
    assert "passes Cincinnati" in err.message
    assert "Express card" in err.message


def test_outside_the_action_round_a_delivery_is_refused_as_such() -> None:
    kit = network_kit()
    kit.state["phase"] = "auction"
    set_cubes(kit, "Chicago", ["blue"])
    err = typed(kit, 0, city="Chicago", colour="blue")
    assert err.code == "not_action_round"
    assert "first-player auction" in err.message


def test_a_missing_cube_lists_what_the_city_holds() -> None:
    kit = network_kit()
    set_cubes(kit, "Chicago", ["red", "blue"])
    err = typed(kit, 0, city="Chicago", colour="black")
    assert err.message.startswith("Chicago has no black cube (it holds blue and red)")
