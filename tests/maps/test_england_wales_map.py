"""The England and Wales map file: one board reaching every city, balanced cubes, house tables
marked as such, and the rulebook's own numbers where the text gives them."""

from __future__ import annotations

from collections import deque

import maps
from engine.core.hexgrid import Hex
from engine.rotw.mapdef import MapDef

MD: MapDef = maps.load("england-wales")


def region(start: Hex) -> set[Hex]:
    seen = {start}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for _, nb in h.neighbours():
            if MD.playable(nb) and nb not in seen and frozenset((h, nb)) not in MD.impassable:
                seen.add(nb)
                todo.append(nb)
    return seen


def test_one_board_reaching_every_hex_round_the_barriers() -> None:
    assert region(next(iter(MD.terrain))) == set(MD.terrain)


def test_every_city_can_be_entered_from_two_sides_at_least() -> None:
    for city in MD.cities.values():
        assert len(city.entry) >= 2, city.name
        for side in city.entry:
            nb = city.hex.neighbour(side)
            assert MD.playable(nb) and frozenset((city.hex, nb)) not in MD.impassable
        # cities never touch: a link needs at least one tile
        for other in MD.cities.values():
            assert other is city or city.hex.distance(other.hex) >= 2, (city.name, other.name)


def test_cubes_and_colours_are_balanced_like_the_eastern_us() -> None:
    cities = list(MD.cities.values())
    gray = [c for c in cities if c.colour == "gray"]
    assert 0.4 <= len(gray) / len(cities) <= 0.65
    assert all(1 <= c.cubes <= 2 for c in gray)
    assert 1.6 <= sum(c.cubes for c in cities) / len(cities) <= 2.4
    assert {c.colour for c in cities} == {"red", "yellow", "blue", "black", "purple", "gray"}
    assert max(cities, key=lambda c: c.cubes).name == "London"


def test_terrain_mix_and_the_rulebook_costs() -> None:
    kinds = list(MD.terrain.values())
    assert kinds.count("open") > len(kinds) / 2
    assert kinds.count("mountain") >= 50 and kinds.count("river") + kinds.count("lake") >= 40
    costs = MD.table("terrain_costs")
    assert (costs["open"], costs["water"], costs["mountain"]) == (2000, 3000, 4000)
    assert MD.tables["terrain_costs"].source == "rulebook"


def test_the_text_s_tables_and_the_house_ones() -> None:
    assert MD.table("ecm_to_end")["by_players"] == {"2": 9, "3": 11, "4": 13, "5": 15}
    assert MD.tables["ecm_to_end"].source == "rulebook"
    assert MD.table("bonds") == {"only_when_cash_needed": True, "only_as_many_as_needed": True}
    for part in ("terrain", "cities", "major_lines", "impassable", "table:engine_costs",
                 "table:card_counts"):
        assert part in MD.house_parts(), part
    assert not MD.ridges


def test_major_lines_are_house_scaled_by_distance() -> None:
    assert len(MD.major_lines) >= 6
    for line in MD.major_lines:
        a, b = MD.cities[line.a].hex, MD.cities[line.b].hex
        assert line.source == "house" and 4 <= line.points <= 10
        assert line.points == max(4, min(10, round(a.distance(b) / 3)))


def _named_cities(obj: object) -> set[str]:
    if isinstance(obj, dict):
        out: set[str] = set()
        for key, value in obj.items():
            if key in ("city", "cities") and value:
                out |= {value} if isinstance(value, str) else set(value)
            else:
                out |= _named_cities(value)
        return out
    if isinstance(obj, list):
        return set().union(*(_named_cities(v) for v in obj)) if obj else set()
    return set()


def test_every_city_a_card_names_is_on_the_board() -> None:
    cards = maps.load_cards("england-wales")
    named = _named_cities(cards["barons"]) | _named_cities(cards["operations"])
    assert {"London", "Derby", "Merthyr Tydfil", "King's Lynn", "Plymouth"} <= named
    assert named <= set(MD.cities)
    # the three cards the map's text brings
    by_name = {c["name"]: c for c in cards["operations"]}
    assert by_name["Passenger Line"]["effect"] == {"type": "colours_delivered", "colours": 4,
                                                   "points": 4}
    assert by_name["Tunnel Engineer"]["effect"]["type"] == "tunnel_engineer"
    assert by_name["Railway Inspector"]["effect"] == {"type": "railroad_inspector",
                                                      "once_per_victim": True}
    assert len({b["id"] for b in cards["barons"]}) == len(cards["barons"]) == 10
