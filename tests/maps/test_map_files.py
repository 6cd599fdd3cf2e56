"""Every map file: loads, follows the schema, and keeps the format's invariants."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import maps
from engine.core.hexgrid import hex_from_label
from engine.rotw.mapdef import CUBE_COLOURS, MapError, parse_map

MAP_IDS = maps.map_ids()
SHARED = Path(__file__).resolve().parents[3] / "shared" / "data" / "rotw"


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    schema = maps.load_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_map_ids_are_the_json_files_but_the_schema() -> None:
    files = {p.stem for p in Path(maps.__file__).parent.glob("*.json")}
    # The Transcontinental board is composed from the Eastern and Western U.S. files.
    assert set(MAP_IDS) == files - {"schema"} | {"transcontinental"}
    assert "eastern-us" in MAP_IDS
    assert sorted(MAP_IDS) == MAP_IDS


def test_unknown_map_names_the_known_ones() -> None:
    with pytest.raises(KeyError) as err:
        maps.load("atlantis")
    assert "atlantis" in str(err.value)
    for known in MAP_IDS:
        assert known in str(err.value)


def test_load_is_cached() -> None:
    assert maps.load("eastern-us") is maps.load("eastern-us")


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_map_follows_the_schema(map_id: str, validator: jsonschema.Draft202012Validator) -> None:
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message[:120]}"
              for e in validator.iter_errors(maps.load_data(map_id))]
    assert errors == []


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_map_invariants(map_id: str) -> None:
    m = maps.load(map_id)
    data = maps.load_data(map_id)
    assert m.id == data["id"] == map_id
    for city in m.cities.values():
        assert m.terrain[city.hex] == "city", city.name
        assert m.city_at(city.hex) is city
    assert sum(1 for t in m.terrain.values() if t == "city") == len(m.cities)
    for line in m.major_lines:
        assert line.a in m.cities and line.b in m.cities and line.a != line.b
        assert line.points > 0
    for special in m.specials:
        assert special.city is None or special.city in m.cities
    ecm = m.table("ecm_to_end")["by_players"]
    for n in range(m.min_players, m.max_players + 1):
        assert ecm[str(n)] > 0, f"no end-game threshold for {n} players"
    income = m.table("income_track")["income"]
    assert len(income) == 101, "the income track has one space per score 0..100"
    assert income[0] == 0 and all(i % 1000 == 0 for i in income)
    levels = m.table("engine_costs")["by_level"]
    assert sorted(int(k) for k in levels) == list(range(2, 9))
    for edge in m.ridges | m.impassable:
        a, b = sorted(edge)
        assert a.distance(b) == 1


@pytest.mark.parametrize("map_id", sorted(set(maps.card_map_ids()) & set(MAP_IDS)))
def test_card_counts_match_the_card_file(map_id: str) -> None:
    counts = maps.load(map_id).table("card_counts")
    cards = maps.load_cards(map_id)
    assert len(cards["barons"]) == counts["barons"]
    assert sum(int(c.get("count", 1)) for c in cards["operations"]) == counts["operations"]


@pytest.mark.parametrize("map_id", [m for m in MAP_IDS if m not in ("through-time",
                                                                    "transcontinental")])
def test_new_city_tiles_are_the_boxs_with_no_red(map_id: str) -> None:
    """Components: 24 New City tiles in Railways of the World, 16 in Railways of Nippon; none is
    red (Urbanize). The split by colour is a house value in the map file."""
    mapdef = maps.load(map_id)
    assert mapdef.tables["new_city_tiles"].source == "house"
    tiles = mapdef.table("new_city_tiles")["by_colour"]
    assert "red" not in tiles and set(tiles) <= set(CUBE_COLOURS)
    assert sum(tiles.values()) == (16 if map_id == "nippon" else 24)


# --- the Eastern U.S. -------------------------------------------------------------------------

def test_eastern_us_board() -> None:
    m = maps.load("eastern-us")
    assert (m.min_players, m.max_players) == (2, 6)
    assert len(m.cities) == 52
    assert len(m.terrain) == 804
    assert len(m.ridges) == 121
    assert m.rules == frozenset({"western_link"})
    assert m.cities["Boston"].label == "F27"
    assert m.cities["New York"].colour == "red" and m.cities["New York"].cubes == 5
    assert sum(1 for c in m.cities.values() if c.colour == "gray") == 29
    assert {c.name for c in m.cities.values() if "western_link" in c.flags} == {
        "Kansas City", "Des Moines"}
    for ridge in m.ridges:
        assert all(m.playable(h) for h in ridge)


def test_eastern_us_board_is_one_connected_region() -> None:
    m = maps.load("eastern-us")
    start = next(iter(m.terrain))
    seen = {start}
    todo = [start]
    while todo:
        h = todo.pop()
        for _, n in h.neighbours():
            if m.playable(n) and n not in seen:
                seen.add(n)
                todo.append(n)
    assert len(seen) == len(m.terrain)


def test_eastern_us_western_link_hexes_lie_west_of_their_cities_off_the_board() -> None:
    m = maps.load("eastern-us")
    links = {s.city: s for s in m.specials if s.kind == "western_link"}
    assert set(links) == {"Kansas City", "Des Moines"}
    for city, special in links.items():
        c = m.cities[str(city)]
        assert special.hex.row == c.hex.row
        assert special.hex.col < c.hex.col
        assert not m.playable(special.hex)
        assert special.source == "house"


def test_eastern_us_major_lines() -> None:
    m = maps.load("eastern-us")
    rulebook = [ln for ln in m.major_lines if ln.source == "rulebook"]
    assert [(ln.a, ln.b, ln.points, ln.requires) for ln in rulebook] == [
        ("New York", "Kansas City", 20, "western_link")]
    house = [ln for ln in m.major_lines if ln.source == "house"]
    assert 8 <= len(house) <= 10
    assert all(4 <= ln.points <= 10 and ln.requires is None for ln in house)
    pairs = [frozenset((ln.a, ln.b)) for ln in m.major_lines]
    assert len(pairs) == len(set(pairs))
    # longer lines never pay less than shorter ones
    by_distance = sorted(house, key=lambda ln: m.cities[ln.a].hex.distance(m.cities[ln.b].hex))
    points = [ln.points for ln in by_distance]
    assert points == sorted(points)


def test_eastern_us_tables() -> None:
    m = maps.load("eastern-us")
    assert m.table("ecm_to_end")["by_players"] == {"2": 10, "3": 12, "4": 14, "5": 16, "6": 18}
    assert m.table("cube_reduction")["by_players"] == {"2": 1, "3": 1}
    assert m.table("engine_costs")["by_level"]["2"] == 5000
    assert m.table("terrain_costs") == {"open": 2000, "water": 3000, "mountain": 4000,
                                        "ridge": 4000}
    assert m.table("urbanize") == {"cost": 10000, "cubes": 2}
    assert m.table("western_link")["cost"] == 30000
    assert m.table("western_link")["red_cubes"] == 4
    assert m.table("card_counts") == {"barons": 12, "operations": 31}
    income = m.table("income_track")["income"]
    assert income[1] == 3000 and max(income) == 25000 and income[100] == 9000
    assert m.tables["engine_costs"].source == "house"
    assert "table:engine_costs" in m.house_parts()


@pytest.mark.skipif(not SHARED.is_dir(), reason="shared board data not present")
def test_eastern_us_file_is_the_conversion_of_the_shared_data() -> None:
    from maps.tools.convert_eastern_us import convert

    assert convert(SHARED) == maps.load_data("eastern-us")


# --- faults -----------------------------------------------------------------------------------

def _eastern() -> dict[str, Any]:
    return copy.deepcopy(maps.load_data("eastern-us"))


def _city(data: dict[str, Any], name: str) -> dict[str, Any]:
    city: dict[str, Any] = next(c for c in data["cities"]["list"] if c["name"] == name)
    return city


def test_the_unmodified_copy_parses() -> None:
    assert len(parse_map(_eastern()).cities) == 52


def test_city_on_a_non_city_hex_is_refused() -> None:
    data = _eastern()
    _city(data, "Boston")["hex"] = "F26"
    with pytest.raises(MapError, match=r"city Boston: hex F26 is not marked 'city'"):
        parse_map(data)


def test_city_hex_without_a_city_is_refused() -> None:
    data = _eastern()
    data["terrain"]["hexes"]["F26"] = "city"
    with pytest.raises(MapError, match="F26"):
        parse_map(data)


def test_unknown_colour_is_refused(validator: jsonschema.Draft202012Validator) -> None:
    data = _eastern()
    _city(data, "Chicago")["colour"] = "green"
    with pytest.raises(MapError, match="city Chicago: colour"):
        parse_map(data)
    assert not validator.is_valid(data)


def test_unknown_terrain_is_refused() -> None:
    data = _eastern()
    data["terrain"]["hexes"]["F17"] = "swamp"
    with pytest.raises(MapError, match="terrain F17: unknown terrain 'swamp'"):
        parse_map(data)


def test_ridge_between_distant_hexes_is_refused() -> None:
    data = _eastern()
    data["ridges"]["edges"].append(["F17", "F20"])
    with pytest.raises(MapError, match="F17 and F20 are not neighbours"):
        parse_map(data)


def test_major_line_to_an_unknown_city_is_refused() -> None:
    data = _eastern()
    data["major_lines"].append({"a": "Boston", "b": "Gotham", "points": 5, "source": "house"})
    with pytest.raises(MapError, match="Gotham"):
        parse_map(data)


def test_bad_source_is_refused() -> None:
    data = _eastern()
    data["tables"]["urbanize"]["source"] = "rumour"
    with pytest.raises(MapError, match="table urbanize"):
        parse_map(data)


def test_bad_entry_side_is_refused(validator: jsonschema.Draft202012Validator) -> None:
    data = _eastern()
    _city(data, "Atlanta")["entry"] = ["N"]
    with pytest.raises(MapError, match="city Atlanta: entry"):
        parse_map(data)
    assert not validator.is_valid(data)


def test_schema_refuses_a_short_income_track(validator: jsonschema.Draft202012Validator) -> None:
    data = _eastern()
    data["tables"]["income_track"]["income"].pop()
    assert not validator.is_valid(data)


def test_schema_refuses_money_in_thousands(validator: jsonschema.Draft202012Validator) -> None:
    data = _eastern()
    data["tables"]["terrain_costs"]["open"] = 2.5
    assert not validator.is_valid(data)


def test_cube_colours_are_the_city_colours_but_gray() -> None:
    assert "gray" not in CUBE_COLOURS
    assert all(c in {"red", "yellow", "blue", "black", "purple"} for c in CUBE_COLOURS)


def test_labels_round_trip_through_the_map() -> None:
    m = maps.load("eastern-us")
    for lab in json.loads(json.dumps(maps.load_data("eastern-us")["terrain"]["hexes"])):
        assert hex_from_label(lab).label == lab
        assert m.playable(hex_from_label(lab))


def test_negative_cubes_are_refused() -> None:
    data = _eastern()
    _city(data, "Boston")["cubes"] = -1
    with pytest.raises(MapError, match="city Boston: 'cubes'"):
        parse_map(data)


def test_major_line_without_points_is_refused() -> None:
    data = _eastern()
    del data["major_lines"][0]["points"]
    with pytest.raises(MapError, match="major line New York-Kansas City: 'points'"):
        parse_map(data)


def test_player_range_must_be_a_range() -> None:
    data = _eastern()
    data["players"]["min"] = 7
    with pytest.raises(MapError, match="players: min 7 and max 6"):
        parse_map(data)
