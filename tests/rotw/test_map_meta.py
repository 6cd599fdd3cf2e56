"""Every shipped map is registered with its player counts, and the game options fit the maps."""

from __future__ import annotations

import pytest
from rotw_kit import config

from engine.core.errors import IllegalAction
from engine.core.replay import new_game
from engine.rotw.carddeck import operation
from engine.rotw.commands import META
from engine.rotw.title import RotwTitle

maps = pytest.importorskip("maps")


def title() -> RotwTitle:
    return RotwTitle(maps.load, maps.load_cards)


@pytest.mark.parametrize("map_id", [m for m in maps.map_ids()])
def test_every_map_file_is_registered_with_its_player_counts(map_id: str) -> None:
    meta = META.map(map_id)
    assert meta is not None, f"{map_id} has no MapMeta"
    md = maps.load(map_id)
    assert (meta.min_players, meta.max_players) == (md.min_players, md.max_players)
    assert meta.name == md.name
    if md.house_parts():
        assert meta.house_data


def test_player_counts_are_enforced_per_map() -> None:
    t = title()
    with pytest.raises(IllegalAction, match="2-4 players"):
        t.validate_config(config(5, map_id="nippon"))
    t.validate_config(config(4, map_id="nippon"))


def test_an_option_must_mean_something_on_the_chosen_map() -> None:
    t = title()
    cfg = config(3, map_id="europe")
    cfg["options"] = {"black_stars": True}
    with pytest.raises(IllegalAction, match="no meaning"):
        t.validate_config(cfg)
    cfg = config(3, map_id="mexico")
    cfg["options"] = {"black_stars": True}
    t.validate_config(cfg)


def test_black_star_barons_are_out_unless_chosen() -> None:
    t = title()
    ctx = t.context("mexico")
    stars = {b["id"] for b in ctx.cards["barons"] if b.get("black_star")}
    assert len(stars) == 4
    for seed in range(8):
        st = new_game(t, config(4, seed, "mexico"))
        dealt = {c for p in st["players"] for c in p["baron_choices"]}
        assert not dealt & stars
        assert "black_star_cards" not in st["rules"]
    seen: set[str] = set()
    for seed in range(12):
        cfg = config(4, seed, "mexico")
        cfg["options"] = {"black_stars": True}
        st = new_game(t, cfg)
        assert "black_star_cards" in st["rules"]
        seen |= {c for p in st["players"] for c in p["baron_choices"]}
    assert seen & stars


def test_western_optional_rules_default_on_and_can_be_switched_off() -> None:
    t = title()
    st = new_game(t, config(3, 1, "western-us"))
    assert {"city_rotors", "fuel_depots"} <= set(st["rules"])
    assert all(p["depots"] == 4 for p in st["players"])
    cfg = config(3, 1, "western-us")
    cfg["options"] = {"city_rotors": False, "fuel_depots": False}
    st = new_game(t, cfg)
    assert not {"city_rotors", "fuel_depots"} & set(st["rules"])
    assert all(p["depots"] == 0 for p in st["players"]) and st["rotors"] == {}


# The map pages of the compendium: Empty City Markers that end the game by player count, and
# whether 2 and 3 players place one cube fewer per city (the Cube Reduction Chart).
MAP_PAGES = {
    "eastern-us": ({2: 10, 3: 12, 4: 14, 5: 16, 6: 18}, True),
    "mexico": ({2: 8, 3: 9, 4: 10}, False),
    "europe": ({2: 9, 3: 11, 4: 13, 5: 15}, False),
    "western-us": ({2: 10, 3: 12, 4: 14, 5: 16, 6: 18}, True),
    "great-britain": ({2: 10, 3: 12, 4: 14, 5: 16}, False),
    "north-america": ({2: 9, 3: 11, 4: 13, 5: 15}, True),
    "nippon": ({2: 10, 3: 12, 4: 14}, False),
}


@pytest.mark.parametrize("map_id", sorted(MAP_PAGES))
def test_each_map_starts_and_ends_as_its_page_says(map_id: str) -> None:
    ecm, reduce = MAP_PAGES[map_id]
    t = title()
    md = maps.load(map_id)
    assert set(ecm) == set(range(md.min_players, md.max_players + 1))
    for n, markers in ecm.items():
        st = new_game(t, config(n, 3, map_id))
        assert st["ecm"]["needed"] == markers
        less = 1 if reduce and n <= 3 else 0
        for city in md.cities.values():
            assert len(st["cities"][city.name]["cubes"]) == max(1, city.cubes - less), city.name
        info = t.settings(map_id, {}, n)
        assert f"Game end: {markers} Empty City Markers" in info[-1]
        assert ("one fewer with 2 or 3 players" in info[-2]) is reduce


def test_western_rotors_start_on_the_six_named_cities_showing_their_own_colour() -> None:
    # Western U.S. page: San Francisco takes a red rotor set to show red.
    st = new_game(title(), config(3, 1, "western-us"))
    assert set(st["rotors"]) == {"San Francisco", "Tacoma", "Denver", "Butte",
                                 "Salt Lake City", "Oklahoma City"}
    for city, rotor in st["rotors"].items():
        assert rotor["at"] == 0 and rotor["colours"][0] == st["cities"][city]["colour"]
    assert st["rotors"]["San Francisco"]["colours"][0] == "red"


def test_players_may_choose_other_rotor_cities_more_or_fewer_than_six() -> None:
    t = title()
    few = config(3, 1, "western-us")
    few["options"] = {"rotor_cities": "Boise+fort w"}
    t.validate_config(few)
    st = new_game(t, few)
    assert set(st["rotors"]) == {"Boise", "Fort Worth"}
    # A city the map file gives no second colour turns round the Color Wheel from its own.
    assert st["rotors"]["Fort Worth"]["colours"] == ["blue", "purple", "black", "red", "yellow"]
    assert st["rotors"]["Boise"]["colours"][:2] == ["black", "red"]
    assert "City Rotors on: Boise (black, then red), Fort Worth (blue, then purple)." in \
        t.settings("western-us", few["options"], 3)
    many = config(4, 1, "europe")
    cities = ["Paris", "London", "Berlin", "Madrid", "Rome", "Vienna", "Moscow", "Athens"]
    many["options"] = {"city_rotors": True, "rotor_cities": "+".join(cities)}
    t.validate_config(many)
    assert sorted(new_game(t, many)["rotors"]) == sorted(cities)


@pytest.mark.parametrize(("map_id", "options", "why"), [
    ("western-us", {"rotor_cities": "Boise+Santa Fe"}, "Santa Fe is gray"),
    ("western-us", {"rotor_cities": "Boise+Boise"}, "named twice"),
    ("western-us", {"rotor_cities": "Boise+Atlantis"}, "no city called Atlantis"),
    ("western-us", {"rotor_cities": "Boise+"}, "joined with \\+"),
    ("western-us", {"city_rotors": False, "rotor_cities": "Boise"}, "city_rotors=false"),
    ("mexico", {"rotor_cities": "Monterrey"}, "unless city_rotors=true"),
    ("transcontinental", {"city_rotors": True, "rotor_cities": "Boise"}, "Transcontinental"),
])
def test_rotor_cities_that_cannot_be_placed_are_refused(map_id: str, options: dict[str, object],
                                                        why: str) -> None:
    cfg = config(3, 1, map_id)
    cfg["options"] = options
    with pytest.raises(IllegalAction, match=why):
        title().validate_config(cfg)


# The appendix's yellow-S cards of each map other than its Service Bounties (Shinbashi Station
# takes the place of Nippon's The Railroad Era Begins), and how many Service Bounties it holds.
START_CARDS = {
    "eastern-us": (["Passenger Lines", "Speed Record", "The Railroad Era Begins"], 6),
    "mexico": (["Passenger Lines", "Speed Record", "The Railroad Era Begins"], 4),
    "europe": (["Passenger Lines", "Speed Record", "The Railroad Era Begins"], 5),
    "western-us": (["Golden Spike", "New Train", "Passenger Lines", "The Railroad Era Begins"],
                   6),
    "great-britain": (["Passenger Lines", "Speed Record", "The Railroad Era Begins"], 5),
    "north-america": (["Ferry Line"] * 5 + ["Mine"] * 5
                      + ["New Train", "Passenger Lines", "The Railroad Era Begins"], 6),
    "nippon": (["Long Distance", "Shinbashi Station", "Speed Record"], 2),
}


@pytest.mark.parametrize("map_id", sorted(START_CARDS))
def test_start_cards_four_service_bounties_and_two_cards_a_player_open_the_display(
        map_id: str) -> None:
    others, bounties = START_CARDS[map_id]
    t = title()
    ctx = t.context(map_id)
    st = new_game(t, config(3, 2, map_id))
    shown = [operation(ctx, c) for c in st["ops"]["display"]]
    start = [c["name"] for c in shown if c.get("start")]
    laid = [n for n in start if n.startswith("Service Bounty")]
    assert len(laid) == min(4, bounties)
    assert sorted(n for n in start if n not in laid) == sorted(others)
    # (Mexico's Operations Growth, turned up, is discarded and deals two in its place.)
    growths = sum(1 for c in st["ops"]["discard"] if c.startswith("operations-growth"))
    assert len(shown) - len(start) == 2 * 3 + growths
    if map_id == "nippon":
        assert "blue" in st["cities"]["Tokyo"]["cubes"]
