"""The Europe, Great Britain, Nippon and England and Wales maps and their card files."""

from __future__ import annotations

import json
from collections import deque
from pathlib import Path

import pytest

from engine.core.hexgrid import Hex, hex_from_label
from engine.rotw.mapdef import MapDef, parse_map

ROOT = Path(__file__).resolve().parents[2]
MAPS = ("europe", "great-britain", "nippon", "england-wales")

REQUIRED = {
    "europe": {"Moscow", "Lisbon", "Vienna", "St. Petersburg", "Madrid", "Barcelona", "Seville",
               "Valencia", "Bilbao", "Zaragoza", "Paris", "Berlin", "Milan", "Cologne", "Warsaw"},
    "great-britain": {"Leeds", "York", "Bristol", "Liverpool", "London", "Hull", "Grimsby",
                      "Goole"},
    "nippon": {"Tokyo", "Osaka", "Yokohama", "Nagasaki", "Kobe", "Hakodate"},
    "england-wales": {"Leeds", "York", "Bristol", "Liverpool", "London", "Hull", "Grimsby",
                      "Goole", "Cardiff", "Swansea", "Holyhead", "Carlisle", "Newcastle"},
}
RULES = {
    "europe": set(),
    "great-britain": {"humber_impassable", "gb_bond_limit"},
    "nippon": {"shinbashi_station", "foreign_trade_ports", "two_start_cards"},
    "england-wales": set(),
}
PLAYERS = {"europe": (2, 5), "great-britain": (2, 5), "nippon": (2, 4), "england-wales": (2, 5)}
CARD_COUNTS = {"europe": (10, 29), "great-britain": (10, 27), "nippon": (10, 40),
               "england-wales": (10, 27)}
# England and Wales changes nothing about it, so the base game's one cube fewer stands
CUBE_REDUCTION = {"england-wales": 1}


def raw(map_id: str) -> dict:
    return json.loads((ROOT / "maps" / f"{map_id}.json").read_text(encoding="utf-8"))


def cards(map_id: str) -> dict:
    return json.loads((ROOT / "maps" / "cards" / f"{map_id}.json").read_text(encoding="utf-8"))


@pytest.fixture(params=MAPS)
def mapdef(request: pytest.FixtureRequest) -> MapDef:
    return parse_map(raw(request.param))


def region(m: MapDef, start: Hex) -> set[Hex]:
    """Playable hexes reachable from ``start`` without crossing an impassable edge."""
    seen = {start}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for _, nb in h.neighbours():
            if m.playable(nb) and nb not in seen and frozenset((h, nb)) not in m.impassable:
                seen.add(nb)
                todo.append(nb)
    return seen


def test_parses_with_size_and_tables(mapdef: MapDef) -> None:
    assert 30 <= mapdef.rows <= 45 and 25 <= mapdef.cols <= 40
    assert len(mapdef.cities) >= 40
    assert RULES[mapdef.id] <= mapdef.rules
    assert (mapdef.min_players, mapdef.max_players) == PLAYERS[mapdef.id]
    for name in ("ecm_to_end", "cube_reduction", "engine_costs", "terrain_costs", "income_track",
                 "card_counts", "urbanize"):
        assert name in mapdef.tables, name
    assert len(mapdef.table("income_track")["income"]) == 101
    less = CUBE_REDUCTION.get(mapdef.id, 0)
    assert all(v == less for v in mapdef.table("cube_reduction")["by_players"].values())
    barons, operations = CARD_COUNTS[mapdef.id]
    assert mapdef.table("card_counts")["barons"] == barons
    assert mapdef.table("card_counts")["operations"] == operations


def test_required_cities_present(mapdef: MapDef) -> None:
    assert REQUIRED[mapdef.id] <= set(mapdef.cities)


def test_ecm_table_covers_player_range(mapdef: MapDef) -> None:
    ecm = mapdef.table("ecm_to_end")["by_players"]
    for n in range(mapdef.min_players, mapdef.max_players + 1):
        assert ecm[str(n)] > 0


def test_one_connected_region_reaching_every_city(mapdef: MapDef) -> None:
    start = next(iter(mapdef.terrain))
    assert region(mapdef, start) == set(mapdef.terrain)


def test_entry_sides_lead_to_playable_hexes(mapdef: MapDef) -> None:
    for city in mapdef.cities.values():
        assert len(city.entry) >= 2, city.name
        for side in city.entry:
            nb = city.hex.neighbour(side)
            assert mapdef.playable(nb), (city.name, side)
            assert frozenset((city.hex, nb)) not in mapdef.impassable, (city.name, side)


def test_cubes_and_colours_balanced(mapdef: MapDef) -> None:
    cities = list(mapdef.cities.values())
    gray = [c for c in cities if c.colour == "gray"]
    assert 0.4 <= len(gray) / len(cities) <= 0.65
    assert all(1 <= c.cubes <= 2 for c in gray)
    assert 1.6 <= sum(c.cubes for c in cities) / len(cities) <= 2.4
    assert {c.colour for c in cities} == {"red", "yellow", "blue", "black", "purple", "gray"}


def test_terrain_mix(mapdef: MapDef) -> None:
    kinds = list(mapdef.terrain.values())
    for kind in ("open", "river", "mountain", "lake", "city"):
        assert kind in kinds, kind
    assert kinds.count("open") > len(kinds) / 3


def test_major_lines_are_house_and_scaled(mapdef: MapDef) -> None:
    assert len(mapdef.major_lines) >= 6
    for line in mapdef.major_lines:
        assert line.source == "house" and 4 <= line.points <= 10


def test_humber_edges_are_impassable() -> None:
    m = parse_map(raw("great-britain"))
    assert m.impassable and not m.ridges
    hull, grimsby, goole = (m.cities[n].hex for n in ("Hull", "Grimsby", "Goole"))
    assert all(m.playable(h) for e in m.impassable for h in e)
    # no direct crossing: every impassable edge has a north-bank and a south-bank hex
    assert all(len({h.row for h in e}) == 2 for e in m.impassable)
    # Hull has no way south across the estuary, Grimsby none north
    south = [h for _, h in hull.neighbours() if h.row > hull.row and m.playable(h)]
    north = [h for _, h in grimsby.neighbours() if h.row < grimsby.row and m.playable(h)]
    assert south and all(frozenset((hull, h)) in m.impassable for h in south)
    assert north and all(frozenset((grimsby, h)) in m.impassable for h in north)
    # Hull, Grimsby and Goole are still reachable by going round
    reach = region(m, hull)
    assert grimsby in reach and goole in reach
    assert m.table("bonds")["only_as_many_as_needed"] is True


def test_nippon_ports_and_shinbashi() -> None:
    m = parse_map(raw("nippon"))
    ports = {n for n, c in m.cities.items() if "foreign_trade_port" in c.flags}
    assert ports == {"Hakodate", "Nagasaki", "Yokohama", "Kobe"}
    assert "shinbashi_station" in m.cities["Tokyo"].flags
    assert m.cities["Tokyo"].hex.distance(m.cities["Yokohama"].hex) >= 2
    deck = {o["id"]: o for o in cards("nippon")["operations"]}
    assert set(deck["foreign-trade-ports"]["effect"]["cities"]) == ports
    shin = deck["shinbashi-station"]["effect"]
    assert (shin["from"], shin["to"], shin["colour"]) == ("Tokyo", "Yokohama", "blue")


def test_strait_crossings_are_playable() -> None:
    for map_id in ("europe", "nippon"):
        m = parse_map(raw(map_id))
        crossings = [s for s in m.specials if s.kind == "strait_crossing"]
        assert crossings
        assert all(m.playable(s.hex) for s in crossings)


@pytest.mark.parametrize("map_id", MAPS)
def test_card_file_matches_map(map_id: str) -> None:
    deck = cards(map_id)
    m = parse_map(raw(map_id))
    barons, operations = CARD_COUNTS[map_id]
    assert deck["map"] == map_id
    assert len(deck["barons"]) == barons
    assert sum(o.get("count", 1) for o in deck["operations"]) == operations
    ids = [c["id"] for c in deck["barons"] + deck["operations"]]
    assert len(ids) == len(set(ids))
    named: set[str] = set()
    for card in deck["operations"]:
        assert len(card["short"]) <= 14
        effect = card["effect"]
        named |= {effect[k] for k in ("city", "from", "to") if k in effect}
        if isinstance(effect.get("cities"), list):
            named |= set(effect["cities"])
    for card in deck["barons"]:
        goal = card["goal"]
        if "city" in goal:
            named.add(goal["city"])
        named |= set(goal.get("cities", []))
    assert named <= set(m.cities), named - set(m.cities)
    bounties = [o for o in deck["operations"] if o["effect"]["type"] == "service_bounty"]
    assert all(o["start"] and o["kind"] == "green" for o in bounties)
    assert all(2 <= o["effect"]["points"] <= 4 for o in bounties)


def test_hex_labels_round_trip() -> None:
    for map_id in MAPS:
        for label in raw(map_id)["terrain"]["hexes"]:
            assert hex_from_label(label).label == label


def land(m: MapDef, start: Hex) -> set[Hex]:
    """Playable hexes reachable from ``start`` over land, i.e. never entering a strait crossing."""
    crossings = {s.hex for s in m.specials if s.kind == "strait_crossing"}
    seen = {start}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for _, nb in h.neighbours():
            if m.playable(nb) and nb not in crossings and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return seen


def test_shikoku_is_joined_to_honshu_only_by_strait_crossings() -> None:
    m = parse_map(raw("nippon"))
    crossings = {s.hex for s in m.specials if s.kind == "strait_crossing"}
    shikoku = land(m, m.cities["Kochi"].hex)
    assert {m.cities[n].hex for n in ("Tokushima", "Matsuyama")} <= shikoku
    honshu = land(m, m.cities["Osaka"].hex)
    assert not shikoku & honshu
    for n in ("Hiroshima", "Okayama", "Kobe", "Wakayama"):
        assert m.cities[n].hex in honshu, n
    # the Inland Sea crossing touches both islands
    links = [c for c in crossings
             if any(nb in shikoku for _, nb in c.neighbours())
             and any(nb in honshu for _, nb in c.neighbours())]
    assert links


def test_hokkaido_is_joined_to_honshu_only_by_the_tsugaru_crossing() -> None:
    m = parse_map(raw("nippon"))
    crossings = {s.hex for s in m.specials if s.kind == "strait_crossing"}
    hokkaido = land(m, m.cities["Hakodate"].hex)
    for n in ("Sapporo", "Muroran", "Asahikawa", "Kushiro"):
        assert m.cities[n].hex in hokkaido, n
    honshu = land(m, m.cities["Aomori"].hex)
    assert not hokkaido & honshu
    for n in ("Akita", "Morioka", "Sendai", "Tokyo"):
        assert m.cities[n].hex in honshu, n
    # no Hokkaido hex is next to a Honshu hex: the strait lies between them
    assert not any(nb in honshu for h in hokkaido for _, nb in h.neighbours())
    # the Tsugaru crossing touches both islands, right by Hakodate and Aomori
    links = [c for c in crossings
             if any(nb in hokkaido for _, nb in c.neighbours())
             and any(nb in honshu for _, nb in c.neighbours())]
    assert [c.label for c in links] == ["L24"]
    assert m.cities["Hakodate"].hex.distance(links[0]) == 1
    assert m.cities["Aomori"].hex.distance(links[0]) <= 2
    # and through it every city is reachable from Hakodate
    assert {c.hex for c in m.cities.values()} <= region(m, m.cities["Hakodate"].hex)
