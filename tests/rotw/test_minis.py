"""The Optional Mini Expansions as game options: which are on, which a map forbids, Mines and
Hotels, and City Rotors / Fuel Depots away from the Western U.S."""

from __future__ import annotations

import pytest
from expansion_kit import expansion_kit, give
from rotw_kit import Kit, connect

import maps
from engine.core.errors import IllegalAction
from engine.core.replay import new_game
from engine.rotw.economy import bag_count
from engine.rotw.minis import MINI_EXPANSIONS
from engine.rotw.title import RotwTitle

TITLE = RotwTitle(maps.load, maps.load_cards)
OTHER_MAPS = ("eastern-us", "mexico", "europe", "great-britain", "north-america", "nippon",
              "england-wales")


def game_on(map_id: str, **options: bool) -> dict[str, object]:
    config = {"title": "rotw", "map": map_id, "options": options, "seed": 3,
              "rules_version": RotwTitle.meta.rules_version,
              "players": [{"seat": i, "name": n, "colour": c}
                          for i, (n, c) in enumerate((("Ann", "red"), ("Ben", "blue")))]}
    TITLE.validate_config(config)
    return new_game(TITLE, config)


@pytest.mark.parametrize("map_id", OTHER_MAPS)
def test_every_mini_expansion_is_off_by_default_and_on_when_asked(map_id: str) -> None:
    plain = game_on(map_id)
    assert not set(MINI_EXPANSIONS) & set(plain["rules"])  # type: ignore[arg-type]
    assert plain["rotors"] == {}
    every = game_on(map_id, **dict.fromkeys(MINI_EXPANSIONS, True))
    assert set(MINI_EXPANSIONS) <= set(every["rules"])  # type: ignore[arg-type]
    rotors = every["rotors"]
    assert isinstance(rotors, dict)
    coloured = [c for c in maps.load(map_id).cities.values() if c.colour != "gray"]
    # About a quarter of the coloured cities, each rotor matching its city's colour.
    assert round(len(coloured) / 5) <= len(rotors) <= round(len(coloured) / 3)
    for city, r in rotors.items():
        assert r["colours"][0] == maps.load(map_id).cities[city].colour and r["at"] == 0
    players = every["players"]
    assert isinstance(players, list)
    assert all(p["depots"] == 4 and p["mines"] == 2 for p in players)


def test_the_western_us_page_makes_rotors_and_depots_standard() -> None:
    state = game_on("western-us")
    assert {"city_rotors", "fuel_depots"} <= set(state["rules"])  # type: ignore[arg-type]
    off = game_on("western-us", city_rotors=False, fuel_depots=False)
    assert not {"city_rotors", "fuel_depots"} & set(off["rules"])  # type: ignore[arg-type]


def test_a_mini_expansion_a_map_forbids_is_refused_with_its_sentence() -> None:
    why = "its page keeps Fuel Depots for another phase of play."
    kit = expansion_kit(to_actions=False, tables={"mini_expansions": {
        "source": "rulebook", "forbidden": {"fuel_depots": why}}})
    with pytest.raises(IllegalAction, match="Fuel Depots cannot be used on the Mini East map: "
                       + why):
        kit.title.validate_options("mini", {"fuel_depots": True})
    kit.title.validate_options("mini", {"mines": True, "fuel_depots": False})
    with pytest.raises(IllegalAction, match="true or false"):
        kit.title.validate_options("mini", {"mines": "yes"})


def mines_kit() -> Kit:
    kit = expansion_kit(options={"mines": True})
    kit.state["ops"]["display"] = []
    return kit


def test_a_mine_draws_until_a_colour_repeats_and_returns_the_repeat() -> None:
    kit = mines_kit()
    seat = kit.seat
    cubes_before = list(kit.state["cities"]["Cleveland"]["cubes"])
    money, bag = kit.state["players"][seat]["money"], bag_count(kit.state)
    kit.act(kit.title.command_to_action(kit.state, seat, "mine", {"city": "cleveland"}))
    drawn = kit.state["cities"]["Cleveland"]["cubes"][len(cubes_before):]
    chance = kit.log[-1]["chance"]
    assert 1 <= len(drawn) <= 5 and len(set(drawn)) == len(drawn)
    # Five draws at most; fewer only when the last draw repeated a colour and went back.
    assert len(chance) == 5 or len(chance) == len(drawn) + 1
    assert bag_count(kit.state) == bag - len(drawn)
    p = kit.state["players"][seat]
    assert p["mines"] == 1 and "Cleveland" in kit.state["mines"]
    assert p["money"] - 5000 * p["bonds"] == money - 10000
    assert "places a Mine in Cleveland" in kit.events[0]["text"]
    # An add-on, not an action: the same player still takes their action.
    assert kit.seat == seat and kit.state["round"] == 1


@pytest.mark.parametrize(("bag", "placed", "back"), [
    ({"red": 2}, 1, 1),  # the second red repeats: it is discarded, one red stays
    ({"red": 1, "yellow": 1, "blue": 1, "purple": 1, "black": 1}, 5, 0),
])
def test_a_mine_stops_at_a_repeat_or_after_five_draws(bag: dict[str, int], placed: int,
                                                      back: int) -> None:
    """The bag decides: two cubes of one colour stop the mine at the repeat, and the repeat is
    not placed; five draws of the five colours (the most there can be) all go on the city."""
    kit = mines_kit()
    seat = kit.seat
    kit.state["bag"] = {**dict.fromkeys(kit.state["bag"], 0), **bag}
    before = list(kit.state["cities"]["Cleveland"]["cubes"])
    kit.act({"type": "mine", "seat": seat, "city": "Cleveland"})
    drawn = kit.state["cities"]["Cleveland"]["cubes"][len(before):]
    assert len(drawn) == placed == len(set(drawn))
    assert bag_count(kit.state) == back


def test_a_depleted_mine_stays_and_each_player_mines_twice_only() -> None:
    kit = mines_kit()
    first = kit.seat
    kit.act({"type": "mine", "seat": first, "city": "Cleveland"})
    with pytest.raises(IllegalAction, match="Cleveland already has a depleted Mine"):
        kit.act({"type": "mine", "seat": kit.seat, "city": "Cleveland"})
    with pytest.raises(IllegalAction, match="Pittsburgh is blue: a Mine goes on a gray city"):
        kit.act({"type": "mine", "seat": kit.seat, "city": "Pittsburgh"})
    kit.state["players"][first]["mines"] = 0
    kit.state["order_pos"] = kit.state["turn_order"].index(first)
    with pytest.raises(IllegalAction, match="2 times in the game"):
        kit.act({"type": "mine", "seat": first, "city": "Kansas City"})
    legal = kit.title.legal(kit.state, first)
    assert not [a for a in legal if a["type"] == "mine"]


def test_mines_are_refused_in_a_game_without_them() -> None:
    kit = expansion_kit()
    with pytest.raises(IllegalAction, match="without the Mines mini-expansion"):
        kit.act({"type": "mine", "seat": kit.seat, "city": "Cleveland"})
    assert not [a for a in kit.title.legal(kit.state, kit.seat) if a["type"] == "mine"]


def test_hotels_put_a_marker_in_the_owner_colour_on_each_hotel_city() -> None:
    kit = expansion_kit(options={"hotels": True})
    hotel = next(c for c in kit.state["ops"]["deck"] + kit.state["ops"]["display"]
                 if c.startswith("hotel-"))
    give(kit, 1, hotel)
    view = kit.title.view(kit.state, None)
    ctx = kit.title.context("mini")
    city = ctx.cards["operations"][[o["id"] for o in ctx.cards["operations"]].index(
        hotel.split("#")[0])]["effect"]["city"]
    assert view["hotels"] == [{"city": city, "seat": 1}]
    plain = expansion_kit()
    give(plain, 1, hotel)
    assert plain.title.view(plain.state, None)["hotels"] == []


def test_fuel_depots_work_on_a_map_that_does_not_make_them_standard() -> None:
    kit = expansion_kit(options={"fuel_depots": True})
    seat = kit.seat
    connect(kit, seat, "Chicago", "Cleveland")
    kit.act({"type": "build", "seat": seat, "start": "Chicago", "depot": "Cleveland",
             "depots": 2})
    assert kit.state["depots"] == {"Cleveland": {str(seat): 2}}
    assert kit.state["players"][seat]["depots"] == 2
