"""The Western U.S., Mexico and North America maps and their card files."""

from __future__ import annotations

import json
from collections import deque
from pathlib import Path

import pytest

from engine.core.hexgrid import from_offset, hex_from_label
from engine.rotw.mapdef import MapDef, parse_map

ROOT = Path(__file__).resolve().parents[2]
MAPS = ("western-us", "mexico", "north-america")

REQUIRED = {
    "western-us": {"Tacoma", "Billings", "Portland", "San Francisco", "Deming", "Dodge City",
                   "Santa Fe", "Richland", "Idaho Falls", "Denver", "Butte", "Salt Lake City",
                   "Oklahoma City", "Omaha", "Promontory", "Sacramento", "Elko", "Grand Junction",
                   "Gallup", "Fargo", "Topeka", "Albuquerque", "Fort Worth"},
    "mexico": {"Chihuahua", "Brownsville", "Culiacán", "Tampico", "Mexico City"},
    "north-america": {"Vancouver", "Ottawa", "Iqaluit", "Seattle", "Juneau", "Echo Bay",
                      "Ivujivik", "St. John", "Quebec", "Winnipeg"},
}
RULES = {
    "western-us": {"city_rotors", "fuel_depots", "golden_spike"},
    "mexico": {"black_star_cards"},
    "north-america": {"snow_line", "ferries"},
}


def raw(map_id: str) -> dict:
    path = ROOT / "maps" / f"{map_id}.json"
    if not path.exists():
        pytest.skip(f"{map_id} is not drawn yet")
    return json.loads(path.read_text(encoding="utf-8"))


def cards(map_id: str) -> dict:
    return json.loads((ROOT / "maps" / "cards" / f"{map_id}.json").read_text(encoding="utf-8"))


@pytest.fixture(params=MAPS)
def mapdef(request: pytest.FixtureRequest) -> MapDef:
    return parse_map(raw(request.param))


def test_parses_with_size_and_sources(mapdef: MapDef) -> None:
    assert 28 <= mapdef.rows <= 45 and 25 <= mapdef.cols <= 50
    assert len(mapdef.cities) >= 40
    assert RULES[mapdef.id] <= mapdef.rules
    assert mapdef.min_players == 2
    for name in ("ecm_to_end", "cube_reduction", "engine_costs", "terrain_costs", "income_track",
                 "card_counts", "urbanize"):
        assert name in mapdef.tables, name
    assert len(mapdef.table("income_track")["income"]) == 101


def test_required_cities_present(mapdef: MapDef) -> None:
    deck = cards(mapdef.id)
    named = set(REQUIRED[mapdef.id])
    for c in deck["operations"]:
        city = c.get("effect", {}).get("city") or c.get("goal", {}).get("city")
        if city and not c.get("transcontinental"):
            named.add(city)
    for bcard in deck["barons"]:
        g = bcard["goal"]
        named.update(g.get("cities", []))
        if "city" in g:
            named.add(g["city"])
    for line in mapdef.major_lines:
        named.update((line.a, line.b))
    missing = named - set(mapdef.cities)
    assert not missing, missing


def test_one_connected_region(mapdef: MapDef) -> None:
    hexes = set(mapdef.terrain)
    start = next(iter(hexes))
    seen, queue = {start}, deque([start])
    while queue:
        h = queue.popleft()
        for _, n in h.neighbours():
            if n in hexes and n not in seen:
                seen.add(n)
                queue.append(n)
    assert seen == hexes


def test_entry_sides_lead_to_playable_land(mapdef: MapDef) -> None:
    for city in mapdef.cities.values():
        assert 3 <= len(city.entry) <= 6, city
        for side in city.entry:
            n = city.hex.neighbour(side)
            assert mapdef.playable(n) and mapdef.terrain[n] != "city", (city.name, side)


def test_colours_and_cubes_balanced(mapdef: MapDef) -> None:
    cs = list(mapdef.cities.values())
    gray = [c for c in cs if c.colour == "gray"]
    assert 0.35 <= len(gray) / len(cs) <= 0.6
    assert all(1 <= c.cubes <= 2 for c in gray)
    assert 1.6 <= sum(c.cubes for c in cs) / len(cs) <= 2.4
    for colour in ("red", "yellow", "blue", "black", "purple"):
        assert sum(c.colour == colour for c in cs) >= 3, colour


def test_ecm_table_covers_player_range(mapdef: MapDef) -> None:
    ecm = mapdef.table("ecm_to_end")["by_players"]
    for n in range(mapdef.min_players, mapdef.max_players + 1):
        assert int(ecm[str(n)]) > 0


def test_major_lines_in_house_range(mapdef: MapDef) -> None:
    assert len(mapdef.major_lines) >= 6
    assert all(4 <= m.points <= 10 for m in mapdef.major_lines)


def test_card_files_follow_the_appendix_counts(mapdef: MapDef) -> None:
    deck = cards(mapdef.id)
    counts = mapdef.table("card_counts")
    assert len(deck["barons"]) == counts["barons"]
    assert sum(int(c["count"]) for c in deck["operations"]) == counts["operations"]
    assert len({c["id"] for c in deck["operations"]}) == len(deck["operations"])
    gold_b = deck.get("transcontinental_barons", [])
    gold_o = deck.get("transcontinental_operations", [])
    assert len(gold_b) == counts.get("transcontinental_barons", 0)
    assert sum(int(c["count"]) for c in gold_o) == counts.get("transcontinental_operations", 0)


def test_cube_reduction() -> None:
    assert parse_map(raw("mexico")).table("cube_reduction")["by_players"] == {"2": 0, "3": 0}
    for m in ("western-us", "north-america"):
        assert parse_map(raw(m)).table("cube_reduction")["by_players"] == {"2": 1, "3": 1}


def test_north_america_snow_line_and_ferries() -> None:
    m = parse_map(raw("north-america"))
    snow = m.table("snow_line")
    assert snow["hexes"] and all(hex_from_label(h) in m.terrain for h in snow["hexes"])
    assert m.table("terrain_costs")["snow_line"] == 1000
    ferries = [s for s in m.specials if s.kind == "ferry"]
    assert len(ferries) == 6
    assert all(s.hex in m.terrain and m.city_at(s.hex) is None for s in ferries)
    # Iqaluit, on Baffin Island, can only be reached over a ferry hex.
    ferry_hexes = {s.hex for s in ferries}
    land = set(m.terrain) - ferry_hexes
    start = m.cities["Toronto"].hex
    seen, queue = {start}, deque([start])
    while queue:
        h = queue.popleft()
        for _, n in h.neighbours():
            if n in land and n not in seen:
                seen.add(n)
                queue.append(n)
    assert m.cities["Iqaluit"].hex not in seen
    # Newfoundland is an island too: St. John and Corner Brook lie across the Cabot Strait.
    for name in ("St. John", "Corner Brook"):
        assert m.cities[name].hex not in seen, name
    assert m.cities["Sydney"].hex in seen and m.cities["Halifax"].hex in seen
    # ... and are reached over a ferry hex: one step off the mainland lands on the island.
    island, queue = {m.cities["St. John"].hex}, deque([m.cities["St. John"].hex])
    while queue:
        h = queue.popleft()
        for _, n in h.neighbours():
            if n in land and n not in island:
                island.add(n)
                queue.append(n)
    assert m.cities["Corner Brook"].hex in island and not island & seen
    landings = {f for f in ferry_hexes
                if any(n in island for _, n in f.neighbours())
                and any(n in seen for _, n in f.neighbours())}
    assert landings
    # the Cabot Strait ferry runs from Sydney's side of the strait
    assert any(f.distance(m.cities["Sydney"].hex) == 1 for f in landings)


def _eastern() -> dict[tuple[int, int], str]:
    path = ROOT / "maps" / "eastern-us.json"
    if path.exists():
        data = parse_map(json.loads(path.read_text(encoding="utf-8")))
        return {(h.row, h.col): t for h, t in data.terrain.items()}
    shared = ROOT.parent / "shared" / "data" / "rotw" / "eastern_us_terrain.json"
    if not shared.exists():
        pytest.skip("no Eastern U.S. terrain to join")
    data = json.loads(shared.read_text(encoding="utf-8"))
    return {(h["row"], h["col"]): h["terrain"] for h in data["hexes"] if h["terrain"] != "offboard"}


def test_western_joins_eastern_along_the_seam() -> None:
    west = parse_map(raw("western-us"))
    seam = west.table("transcontinental")
    east = _eastern()
    assert west.rows == 45
    off = int(seam["east_col_offset"])
    shifted = {(r, c + off): t for (r, c), t in east.items()}
    # the two maps never overlap, and the seam rows touch across it
    wset = {(h.row, h.col) for h in west.terrain}
    assert not wset & set(shifted)
    touching = 0
    for h in west.terrain:
        for _, n in h.neighbours():
            if (n.row, n.col) in shifted:
                touching += 1
    assert touching >= 40
    # the three southern rivers meet across the seam; Minneapolis' river does not
    for row in seam["river_rows"].values():
        wr = [h for h in west.terrain if h.row == row and west.terrain[h] == "river"]
        assert any((n.row, n.col) in shifted and shifted[(n.row, n.col)] == "river"
                   for h in wr for _, n in h.neighbours()), row
    for h in west.terrain:
        if west.terrain[h] == "river" and h.row <= 18:
            assert not any(shifted.get((n.row, n.col)) == "river" for _, n in h.neighbours())
    # Kansas City and Des Moines lie east of the seam, next to the western board
    for r, c in ((27, 3), (21, 3)):
        assert (r, c + off) not in wset
        assert any((n.row, n.col) in wset for _, n in from_offset(r, c + off).neighbours()
                   for _, n in n.neighbours())
