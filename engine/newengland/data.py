"""New England Railways components as plain data.

The rulebook text fixes only a few of these values (the cities it names, the start links for each
player count, Boston-Providence's build number 5, Worcester's purple demand, 46 cubes in four
commodities, loans in $10 notes at 20% service). Everything else is printed on the components and
not public, so it is designed here and marked ``"source": "house"`` block by block: an owner of the
physical game can correct the numbers without touching the rules code.
"""

from __future__ import annotations

from typing import Any

DATA: dict[str, Any] = {
    "id": "newengland",
    "name": "New England Railways",
    "players": {"min": 3, "max": 6, "source": "rulebook"},
    "start_cash": {"amount": 10, "source": "rulebook"},
    "loans": {"unit": 10, "service_per_unit": 2, "source": "rulebook"},
    # At $500 of loans the 20% debt service equals the top of the income track: the bank lends
    # no more than that in all (beyond what a player must borrow to pay the service).
    "loan_limit": {"max_total": 500, "source": "house"},
    "market_loss": {"dice": 2, "add": 1, "source": "rulebook"},
    "shipping": {"max_links": 5, "source": "rulebook"},
    "bidding": {"min_bid": 1, "source": "house"},
    "income_track": {"min": 0, "max": 100, "source": "house"},
    "commodities": {
        # Purple is the rulebook's (Worcester); blue fits its shipping example (New Haven).
        "source": "house",
        "cubes": {"purple": 12, "blue": 12, "yellow": 11, "red": 11},
    },
    "cities": {
        # Real positions (degrees) for drawing; demand colours are house values except
        # Worcester (purple) and New Haven (blue, from the shipping example).
        "source": "house",
        "list": [
            {"name": "Burlington", "lat": 44.476, "lon": -73.212, "demand": "purple"},
            {"name": "Rutland", "lat": 43.611, "lon": -72.973, "demand": "yellow"},
            {"name": "Brattleboro", "lat": 42.851, "lon": -72.558, "demand": "blue"},
            {"name": "Concord", "lat": 43.207, "lon": -71.538, "demand": "blue"},
            {"name": "Manchester", "lat": 42.991, "lon": -71.464, "demand": "red"},
            {"name": "Portsmouth", "lat": 43.072, "lon": -70.763, "demand": "purple"},
            {"name": "Portland", "lat": 43.659, "lon": -70.257, "demand": "red"},
            {"name": "Lowell", "lat": 42.633, "lon": -71.316, "demand": "blue"},
            {"name": "Fitchburg", "lat": 42.583, "lon": -71.802, "demand": "yellow"},
            {"name": "Boston", "lat": 42.360, "lon": -71.059, "demand": "yellow"},
            {"name": "Worcester", "lat": 42.263, "lon": -71.802, "demand": "purple"},
            {"name": "Springfield", "lat": 42.101, "lon": -72.590, "demand": "red"},
            {"name": "Pittsfield", "lat": 42.450, "lon": -73.245, "demand": "purple"},
            {"name": "Providence", "lat": 41.824, "lon": -71.413, "demand": "red"},
            {"name": "Kingston", "lat": 41.480, "lon": -71.523, "demand": "yellow"},
            {"name": "New Bedford", "lat": 41.636, "lon": -70.934, "demand": "blue"},
            {"name": "Hartford", "lat": 41.764, "lon": -72.685, "demand": "yellow"},
            {"name": "Plainfield", "lat": 41.676, "lon": -71.915, "demand": "red"},
            {"name": "New Haven", "lat": 41.308, "lon": -72.928, "demand": "blue"},
            {"name": "New London", "lat": 41.356, "lon": -72.100, "demand": "purple"},
        ],
    },
    "setup_cubes": {
        "source": "rulebook",
        "cities": {
            "Rutland": 1, "Hartford": 1, "Worcester": 1, "Manchester": 1, "Portland": 1,
            "Lowell": 1, "Kingston": 1, "Boston": 2, "Providence": 2,
        },
    },
    "start_links": {
        "source": "rulebook",
        "by_players": {
            "3": ["Boston-Providence", "Boston-Worcester"],
            "4": ["Boston-Providence", "Boston-Worcester", "Providence-Worcester"],
            "5": ["Boston-Providence", "Boston-Worcester", "Providence-Worcester",
                  "Boston-Lowell"],
            "6": ["Boston-Providence", "Boston-Worcester", "Providence-Worcester",
                  "Boston-Lowell", "Providence-Kingston"],
        },
    },
    "links": {
        # Build numbers are house values (harder through the Green Mountains) except
        # Boston-Providence; intrinsic values are house values.
        "source": "house",
        "list": [
            {"a": "Boston", "b": "Providence", "build": 5, "value": 5, "source": "rulebook"},
            {"a": "Boston", "b": "Worcester", "build": 5, "value": 5},
            {"a": "Providence", "b": "Worcester", "build": 6, "value": 4},
            {"a": "Boston", "b": "Lowell", "build": 3, "value": 4},
            {"a": "Providence", "b": "Kingston", "build": 4, "value": 3},
            {"a": "Lowell", "b": "Manchester", "build": 5, "value": 4},
            {"a": "Manchester", "b": "Concord", "build": 4, "value": 3},
            {"a": "Manchester", "b": "Portsmouth", "build": 7, "value": 4},
            {"a": "Boston", "b": "Portsmouth", "build": 6, "value": 6},
            {"a": "Portsmouth", "b": "Portland", "build": 7, "value": 5},
            {"a": "Lowell", "b": "Fitchburg", "build": 5, "value": 3},
            {"a": "Fitchburg", "b": "Worcester", "build": 4, "value": 3},
            {"a": "Fitchburg", "b": "Brattleboro", "build": 9, "value": 5},
            {"a": "Concord", "b": "Rutland", "build": 11, "value": 7},
            {"a": "Rutland", "b": "Burlington", "build": 8, "value": 5},
            {"a": "Brattleboro", "b": "Rutland", "build": 10, "value": 6},
            {"a": "Brattleboro", "b": "Springfield", "build": 7, "value": 4},
            {"a": "Worcester", "b": "Springfield", "build": 8, "value": 6},
            {"a": "Springfield", "b": "Pittsfield", "build": 10, "value": 6},
            {"a": "Pittsfield", "b": "Rutland", "build": 9, "value": 5},
            {"a": "Springfield", "b": "Hartford", "build": 2, "value": 4},
            {"a": "New Haven", "b": "Hartford", "build": 4, "value": 5},
            {"a": "Hartford", "b": "Plainfield", "build": 7, "value": 4},
            {"a": "Providence", "b": "Plainfield", "build": 5, "value": 4},
            {"a": "Plainfield", "b": "Worcester", "build": 6, "value": 4},
            {"a": "Plainfield", "b": "New London", "build": 5, "value": 3},
            {"a": "New London", "b": "Kingston", "build": 6, "value": 4},
            {"a": "New London", "b": "New Haven", "build": 6, "value": 5},
            {"a": "Providence", "b": "New Bedford", "build": 4, "value": 3},
            {"a": "Boston", "b": "New Bedford", "build": 6, "value": 5},
            {"a": "Concord", "b": "Brattleboro", "build": 9, "value": 5},
            {"a": "Burlington", "b": "Concord", "build": 12, "value": 8},
        ],
    },
    "growth_cards": {
        # The first card is the rulebook's example; the rest are house cards.
        "source": "house",
        "list": [
            ["Worcester", "Portland"], ["Boston", "Hartford"], ["Providence", "Manchester"],
            ["Boston", "Rutland"], ["Providence", "Lowell"], ["Hartford", "Portsmouth"],
            ["Boston", "Springfield"], ["Providence", "Burlington"], ["Worcester", "New Haven"],
            ["Lowell", "Kingston"], ["Manchester", "New Bedford"], ["Portland", "Springfield"],
            ["Hartford", "Concord"], ["Boston", "Pittsfield"], ["Providence", "Fitchburg"],
            ["Rutland", "New London"], ["Worcester", "Brattleboro"], ["Kingston", "Plainfield"],
            ["Manchester", "New Haven"], ["Lowell", "Portland"], ["Burlington", "Concord"],
            ["Hartford", "Providence"], ["New Bedford", "Portsmouth"], ["Boston", "Worcester"],
        ],
    },
}
