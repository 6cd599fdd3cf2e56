"""The England and Wales map file beyond the checks it shares with the other expansion maps
(tests/maps/test_expansion_maps_east.py): house tables marked as such, the rulebook's own numbers
where the text gives them, and the cards' cities on the board."""

from __future__ import annotations

import maps
from engine.rotw.mapdef import MapDef

MD: MapDef = maps.load("england-wales")


def test_cities_never_touch() -> None:
    """A link needs at least one tile between two cities."""
    for city in MD.cities.values():
        for other in MD.cities.values():
            assert other is city or city.hex.distance(other.hex) >= 2, (city.name, other.name)
    assert max(MD.cities.values(), key=lambda c: c.cubes).name == "London"


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


def test_major_lines_scale_with_distance() -> None:
    for line in MD.major_lines:
        a, b = MD.cities[line.a].hex, MD.cities[line.b].hex
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
