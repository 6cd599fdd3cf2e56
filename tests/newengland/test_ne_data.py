"""The component data agrees with every figure the rulebook text gives."""

from __future__ import annotations

import copy

import pytest
from ne_helpers import config, title

from engine.core import new_game
from engine.newengland import DATA, NewEnglandTitle
from engine.newengland.board import Board

NAMED = ["Rutland", "Hartford", "Worcester", "Manchester", "Portland", "Lowell", "Kingston",
         "Boston", "Providence", "New Haven", "Plainfield"]


def test_rulebook_figures() -> None:
    board = Board(DATA)
    assert board.cube_total() == 46 and len(board.cube_counts) == 4
    assert board.cities["Worcester"].demand == "purple"
    assert board.links["Boston-Providence"].build == 5
    assert set(NAMED) <= set(board.cities)
    assert (board.loan_unit, board.service_per_unit) == (10, 2)
    assert {n: len(v) for n, v in board.start_links.items()} == {3: 2, 4: 3, 5: 4, 6: 5}
    assert board.start_links[6] == ["Boston-Providence", "Boston-Worcester",
                                    "Providence-Worcester", "Boston-Lowell", "Providence-Kingston"]
    # The links of the rulebook's shipping example exist.
    for a, b in (("New Haven", "Hartford"), ("Hartford", "Plainfield"),
                 ("Providence", "Plainfield")):
        assert board.find_link(a, b) is not None


def test_the_shipping_example_fixes_new_havens_demand_and_the_cities_on_its_way() -> None:
    board = Board(DATA)
    # New Haven "accepts blue Commodity cubes", and the example's blue cube passes Providence,
    # Plainfield and Hartford without having to stop.
    assert board.cities["New Haven"].demand == "blue"
    assert all(board.cities[c].demand != "blue" for c in ("Providence", "Plainfield", "Hartford"))
    # /game info lists the demand colours as house data less the two the rulebook gives.
    house = " ".join(title().meta.house_data)
    assert "Worcester's purple" in house and "New Haven's blue" in house


def test_every_city_is_reachable_and_every_block_names_its_source() -> None:
    board = Board(DATA)
    seen, todo = {"Boston"}, ["Boston"]
    while todo:
        here = todo.pop()
        for link in board.adjacent[here]:
            city = link.other(here)
            if city not in seen:
                seen.add(city)
                todo.append(city)
    assert seen == set(board.cities)
    for key, block in DATA.items():
        if isinstance(block, dict):
            assert block.get("source") in ("rulebook", "house"), key


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_setup_places_the_rulebook_cubes_and_start_links(players: int) -> None:
    t = title()
    state = new_game(t, config(players, players))
    counts = {city: len(cubes) for city, cubes in state["cities"].items() if cubes}
    assert counts == t.board.setup_cubes
    assert state["current"] == t.board.start_links[players]
    assert all(p["cash"] == 10 and p["income"] == 0 for p in state["players"])


def test_bad_data_is_refused() -> None:
    data = copy.deepcopy(DATA)
    data["links"]["list"][0]["build"] = 13
    with pytest.raises(ValueError, match="2-12"):
        NewEnglandTitle(data)
