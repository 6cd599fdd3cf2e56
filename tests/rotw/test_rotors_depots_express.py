"""Western U.S. City Rotors and Fuel Depots, and the Express card, in small scenarios."""

from __future__ import annotations

import pytest
from expansion_kit import expansion_kit, give, op
from rotw_kit import Kit, connect, set_cubes

from engine.core.errors import IllegalAction

ROTOR = {"city_rotors": {"source": "house", "cities": {"St. Louis": ["blue", "yellow"]}}}
DEPOTS = {"fuel_depots": {"source": "rulebook", "per_player": 4, "cost": 5000,
                          "max_per_build": 2}}
EXPRESS = op("express", "hand", {"type": "express", "cities": 1})


def quiet(kit: Kit) -> Kit:
    kit.state["ops"]["display"] = []  # no goal cards: points are the links' only
    return kit


def deliver(kit: Kit, city: str, colour: str, route: list[str], **more: object) -> None:
    kit.act({"type": "deliver", "seat": kit.seat, "city": city, "colour": colour,
             "route": route, **more})


def test_a_rotor_city_takes_its_base_and_shown_colour_and_turns_after_each_delivery() -> None:
    kit = quiet(expansion_kit(rules=["city_rotors"], tables=ROTOR))
    rotor = kit.state["rotors"]["St. Louis"]
    assert rotor == {"colours": ["blue", "yellow", "red", "purple", "black"], "at": 0}
    connect(kit, 0, "Mobile", "St. Louis")
    connect(kit, 1, "Cincinnati", "St. Louis")
    set_cubes(kit, "Mobile", ["yellow", "blue"])
    set_cubes(kit, "Cincinnati", ["black", "blue"])
    with pytest.raises(IllegalAction, match=r"wrong|only"):
        deliver(kit, "Mobile", "yellow", ["Mobile", "St. Louis"])  # shows blue: base only
    deliver(kit, "Mobile", "blue", ["Mobile", "St. Louis"])
    assert kit.state["rotors"]["St. Louis"]["at"] == 1  # now also yellow
    deliver(kit, "Cincinnati", "blue", ["Cincinnati", "St. Louis"])  # base colour always
    assert kit.state["rotors"]["St. Louis"]["at"] == 2
    set_cubes(kit, "Mobile", ["red"])
    deliver(kit, "Mobile", "red", ["Mobile", "St. Louis"])
    assert kit.state["players"][0]["score"] == 2


def test_a_cube_of_the_rotor_colour_must_stop_at_the_rotor_city() -> None:
    kit = quiet(expansion_kit(rules=["city_rotors"], tables=ROTOR))
    kit.state["rotors"]["St. Louis"]["at"] = 1  # shows yellow
    connect(kit, 0, "Mobile", "St. Louis")
    connect(kit, 0, "St. Louis", "Cincinnati")
    kit.state["players"][0]["engine"] = 2
    set_cubes(kit, "Mobile", ["yellow"])
    with pytest.raises(IllegalAction, match="must stop"):
        deliver(kit, "Mobile", "yellow", ["Mobile", "St. Louis", "Cincinnati"])


def express_kit() -> Kit:
    kit = quiet(expansion_kit([EXPRESS]))
    connect(kit, 0, "Mobile", "Cincinnati")
    connect(kit, 0, "Cincinnati", "Baltimore")
    kit.state["players"][0]["engine"] = 2
    set_cubes(kit, "Mobile", ["yellow"])
    return kit


def test_express_passes_one_city_of_the_cubes_colour() -> None:
    kit = express_kit()
    with pytest.raises(IllegalAction, match="must stop"):
        deliver(kit, "Mobile", "yellow", ["Mobile", "Cincinnati", "Baltimore"])
    give(kit, 0, "express")
    act = kit.title.command_to_action(kit.state, 0, "deliver", {
        "city": "Mobile", "colour": "yellow", "to": "Baltimore", "express": True})
    assert act["cards"] == ["express"]
    kit.act(act)
    assert kit.state["players"][0]["score"] == 2 and not kit.state["players"][0]["hand"]


def depot_kit() -> Kit:
    kit = quiet(expansion_kit(rules=["fuel_depots"], tables=DEPOTS))
    connect(kit, 0, "Mobile", "Cincinnati")
    connect(kit, 0, "Cincinnati", "Baltimore")
    connect(kit, 0, "Baltimore", "Atlanta")
    return kit


def test_fuel_depots_placed_with_a_build_on_a_connected_city_with_none() -> None:
    kit = depot_kit()
    assert kit.state["players"][0]["depots"] == 4
    kit.state["players"][0]["money"] = 5000
    with pytest.raises(IllegalAction, match="does not reach"):
        kit.act({"type": "build", "seat": 0, "start": "Mobile", "path": [], "depot": "Chicago",
                 "depots": 2})
    kit.act({"type": "build", "seat": 0, "start": "Mobile", "path": [], "depot": "Cincinnati",
             "depots": 2})
    assert kit.state["depots"] == {"Cincinnati": {"0": 2}}
    assert kit.state["players"][0]["money"] == 0 and kit.state["players"][0]["depots"] == 2
    connect(kit, 1, "Cincinnati", "St. Louis")
    with pytest.raises(IllegalAction, match="already holds"):
        kit.act({"type": "build", "seat": 1, "start": "St. Louis", "path": [],
                 "depot": "Cincinnati", "depots": 1})


def test_fuel_depots_may_go_on_the_city_the_same_build_connects() -> None:
    """Depots are placed during the Build Track action, so the city its link reaches counts as
    connected; a link left short of the city does not connect it."""
    kit = depot_kit()
    kit.state["players"][0]["money"] = 30000
    with pytest.raises(IllegalAction, match="does not reach St"):
        kit.act({"type": "build", "seat": 0, "start": "Cincinnati", "path": ["G6"],
                 "depot": "St. Louis", "depots": 2})
    kit.act({"type": "build", "seat": 0, "start": "Cincinnati", "path": ["G6", "G5", "G4"],
             "depot": "St. Louis", "depots": 2})
    assert kit.state["links"][-1]["complete"]
    assert kit.state["depots"] == {"St. Louis": {"0": 2}}
    assert kit.state["players"][0]["money"] == 30000 - 4000 - 5000


def test_rulebook_example_stop_at_a_depot_and_carry_on_next_action() -> None:
    """Mike: a cube of a colour, engine 4, two depots in a city of that colour 4 links on;
    round 1 he passes its colour and stops there, round 2 carries on 3 links: 7 points."""
    kit = quiet(expansion_kit(rules=["fuel_depots"], tables=DEPOTS))
    # Links: Chicago-Cleveland-Pittsburgh-New York-Baltimore (4, ending in yellow Baltimore
    # with the depots), then Baltimore-Cincinnati-St. Louis-Mobile (3, to black Mobile).
    for a, b in (("Chicago", "Cleveland"), ("Cleveland", "Pittsburgh"),
                 ("Pittsburgh", "New York"), ("New York", "Baltimore"),
                 ("Baltimore", "Cincinnati"), ("Cincinnati", "St. Louis"),
                 ("St. Louis", "Mobile")):
        connect(kit, 0, a, b)
    kit.state["cities"]["Baltimore"]["colour"] = "black"  # a city of the cube's colour
    kit.state["depots"]["Baltimore"] = {"0": 2}
    kit.state["players"][0]["depots"] = 2
    kit.state["players"][0]["engine"] = 4
    set_cubes(kit, "Chicago", ["black"])
    deliver(kit, "Chicago", "black", ["Chicago", "Cleveland", "Pittsburgh", "New York",
                                      "Baltimore"], stop=True)
    p = kit.state["players"][0]
    assert p["held_cube"] is not None and p["score"] == 0
    assert kit.state["depots"]["Baltimore"] == {"0": 1}  # one spent to ignore the colour...
    kit.act({"type": "pass", "seat": 1})
    act = kit.title.command_to_action(kit.state, 0, "deliver", {"city": "Baltimore",
                                                                "colour": "black"})
    assert act["continue"] and act["route"][-1] == "Mobile"
    kit.act(act)
    p = kit.state["players"][0]
    assert p["score"] == 7 and p["held_cube"] is None
    assert "Baltimore" not in kit.state["depots"]  # ...and one to carry on
    assert p["depots"] == 4


def test_one_depot_cannot_both_pass_a_colour_and_hold_the_cube() -> None:
    """A single Fuel Depot either ignores the city's colour or extends the delivery: stopping a
    cube in a city of its own colour takes two."""
    kit = depot_kit()
    kit.state["depots"]["Cincinnati"] = {"0": 1}
    set_cubes(kit, "Mobile", ["yellow"])
    with pytest.raises(IllegalAction, match="Stopping in Cincinnati needs 2"):
        deliver(kit, "Mobile", "yellow", ["Mobile", "Cincinnati"], stop=True)
    kit.state["depots"]["Cincinnati"] = {"0": 2}
    deliver(kit, "Mobile", "yellow", ["Mobile", "Cincinnati"], stop=True)
    assert kit.state["depots"]["Cincinnati"] == {"0": 1}
    assert kit.state["players"][0]["held_cube"]["colour"] == "yellow"


def test_a_held_cube_not_carried_on_next_action_is_discarded() -> None:
    kit = depot_kit()
    kit.state["depots"]["Cincinnati"] = {"0": 1}
    set_cubes(kit, "Mobile", ["red"])
    bag = kit.state["bag"]["red"]
    deliver(kit, "Mobile", "red", ["Mobile", "Cincinnati"], stop=True)
    assert kit.state["bag"]["red"] == bag
    kit.act({"type": "pass", "seat": 1})
    kit.act({"type": "pass", "seat": 0})
    assert kit.state["players"][0]["held_cube"] is None
    assert kit.state["bag"]["red"] == bag + 1


def test_depot_lets_a_cube_pass_a_city_of_its_colour() -> None:
    kit = depot_kit()
    kit.state["depots"]["Cincinnati"] = {"0": 1}
    kit.state["players"][0]["engine"] = 2
    set_cubes(kit, "Mobile", ["yellow"])
    deliver(kit, "Mobile", "yellow", ["Mobile", "Cincinnati", "Baltimore"],
            depots=["Cincinnati"])
    assert kit.state["players"][0]["score"] == 2 and not kit.state["depots"]


def test_the_view_shows_rotors_depots_and_a_waiting_cube() -> None:
    kit = quiet(expansion_kit(rules=["city_rotors", "fuel_depots"], tables={**ROTOR, **DEPOTS}))
    connect(kit, 0, "Mobile", "Cincinnati")
    kit.state["depots"]["Cincinnati"] = {"0": 1}
    set_cubes(kit, "Mobile", ["red"])
    deliver(kit, "Mobile", "red", ["Mobile", "Cincinnati"], stop=True)
    view = kit.title.view(kit.state, None)
    assert view["rotors"] == {"St. Louis": {"base": "blue", "shown": "blue"}}
    assert view["fuel_depots"] == {"Cincinnati": {"0": 1}}
    assert view["players"][0]["held_cube"] == {"colour": "red", "city": "Cincinnati"}


def test_depots_unsaid_are_two_or_the_one_left() -> None:
    kit = depot_kit()
    asked = {"from": "Mobile", "depot": "Cincinnati"}
    assert kit.title.command_to_action(kit.state, 0, "build", asked)["depots"] == 2
    kit.state["players"][0]["depots"] = 1
    assert kit.title.command_to_action(kit.state, 0, "build", asked)["depots"] == 1
    assert kit.title.command_to_action(kit.state, 0, "build", {**asked, "depots": 2})[
        "depots"] == 2, "a number said is kept (and refused by the rules if too many)"


def test_a_held_cube_carries_on_along_another_players_link() -> None:
    """House reading: carrying a stopped cube on continues the same delivery, whose first link
    was the mover's own, so the next leg may start on another player's link."""
    kit = depot_kit()
    connect(kit, 1, "Cincinnati", "St. Louis")
    kit.state["depots"]["Cincinnati"] = {"0": 1}
    set_cubes(kit, "Mobile", ["blue"])
    deliver(kit, "Mobile", "blue", ["Mobile", "Cincinnati"], stop=True)
    kit.act({"type": "pass", "seat": 1})
    act = kit.title.command_to_action(kit.state, 0, "deliver", {"city": "Cincinnati",
                                                                "colour": "blue"})
    assert act["continue"] and act["route"] == ["Cincinnati", "St. Louis"]
    kit.act(act)
    assert kit.state["players"][0]["held_cube"] is None
    assert [p["score"] for p in kit.state["players"]] == [1, 1]
