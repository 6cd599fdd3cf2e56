"""German Railroads: the German player boards, the route extensions and the income tiles.

The rulebook names the routes, the Munich fork, the three stations with their dashed areas and
what each kind of special space does; where each space sits and what each tile shows are icons,
so they are ``house`` values, each quoting the sentence it satisfies (see the core's data.py).
"""

from __future__ import annotations

from typing import Any

from engine.ultimate.data import house_space as _house

_SPECIAL = "Most special spaces on the route extensions will be familiar from the base game."
_INCOME = ("Once you fulfill one of these space's prerequisites, choose one of the remaining "
           "oval income tiles.")
_WRENCH = ("Once you reach this space with your track, take the [wrench] from the supply and "
           "place it on the first space of your industry track.")
_MEDAL = "Place the 20-point token onto the space for it on your player board."
_WORKER = ("Once you fulfill this space's prerequisite, you immediately receive an additional "
           "worker ... up to 2 additional workers total.")




def _branch(bid: str, name: str, length: int, levels: int, why: str,
            *spaces: dict[str, Any]) -> dict[str, Any]:
    return {"id": bid, "name": name, "length": length, "levels": levels, "source": "house",
            "satisfies": why, "spaces": list(spaces)}


def _tile(tid: str, size: int, *spaces: dict[str, Any]) -> dict[str, Any]:
    return {"id": tid, "size": size, "spaces": list(spaces)}


GERMAN: dict[str, Any] = {
    "name": "German Railroads",
    "max_wrenches": 3,
    "max_wrenches_source": "rulebook",
    "routes": [
        {
            "id": "munich", "name": "Munich", "length": 15, "levels": 5,
            "loco_slots": 2, "doubler_spaces": 8, "source": "rulebook",
            "house_label": "length and doubler spaces",
            "house": "Lengths and the doubler spaces: the main route like the Trans-Siberian; "
                     "'The longer route to HAMBURG can score you more points'.",
            "fork_at": 8,
            "spaces": [
                _house(2, "unlock", "The base game's green track opens early on the main "
                       "route, as on the Russian board.", colour="green"),
                _house(4, "worker", _WORKER),
                _house(5, "unlock", "Setup and gameplay are the same as the base game "
                       "(bronze opens on the main route).", colour="bronze"),
                _house(7, "unlock", "All 3 routes on the German player board show a [silver] "
                       "track (it opens here for all three).", colour="silver"),
                _house(8, "idea", "You should aim to place at least 2 idea tokens.", loco=True),
            ],
            "branches": [
                _branch("hamburg", "Hamburg", 15, 5, "The longer route to HAMBURG can score you "
                        "more points, and is the only way you can obtain and use your [gold] "
                        "track.",
                        _house(10, "income", _INCOME, loco=True),
                        _house(12, "unlock", "the only way you can obtain and use your [gold] "
                               "track", colour="gold"),
                        _house(13, "medal", _MEDAL, loco=True),
                        {"at": 15, "kind": "key", "source": "rulebook"}),
                _branch("berlin", "Berlin", 12, 4, "The shorter route to BERLIN lets you reach "
                        "the special spaces sooner, though.",
                        _house(9, "income", _INCOME),
                        _house(10, "medal", _MEDAL, loco=True),
                        _house(11, "industry", _SPECIAL + " (2 moves on your industry track)",
                               n=2),
                        {"at": 12, "kind": "key", "source": "rulebook"}),
            ],
        },
        {
            "id": "dresden", "name": "Dresden", "length": 10, "levels": 4,
            "loco_slots": 1, "doubler_spaces": 0, "source": "rulebook",
            "house_label": "length and Hannover's place",
            "house": "Length 10 with Hannover on space 5: 'Hannover station and the area for a "
                     "size 3 route extension'.",
            "areas": [{"at": 5, "size": 3, "station": "Hannover", "source": "rulebook"}],
            "spaces": [
                _house(2, "coins", "Special spaces ... give coins (as on the Russian board).",
                       amount=2),
                _house(3, "idea", "You should aim to place at least 2 idea tokens.", loco=True),
                _house(8, "worker", _WORKER, loco=True),
                _house(9, "income", _INCOME, loco=True),
                {"at": 10, "kind": "key", "source": "rulebook"},
            ],
        },
        {
            "id": "nf", "name": "Nuremberg-Fuerth", "length": 12, "levels": 4,
            "loco_slots": 1, "doubler_spaces": 0, "source": "rulebook",
            "house_label": "length and the stations' places",
            "house": "Wuerzburg on space 4 opens the size-4 area (the rulebook's example: 'You "
                     "reach space 4 ... size 4 route extension'); Frankfurt's area is size 2.",
            "areas": [{"at": 4, "size": 4, "station": "Wuerzburg", "source": "rulebook"},
                      {"at": 9, "size": 2, "station": "Frankfurt", "source": "house",
                       "satisfies": "sorted into 2, 3, and 4 space sizes (the one size left)"}],
            "spaces": [
                _house(2, "doubler", "Special spaces ... give doublers.", amount=1),
                _house(8, "idea", "You should aim to place at least 2 idea tokens.", loco=True),
                _house(11, "bonus", "you score the points shown in the stars", points=4,
                       loco=True),
                {"at": 12, "kind": "key", "source": "rulebook"},
            ],
        },
    ],
    "extensions": {
        "source": "rulebook",
        "house": "What each of the 18 tiles shows (6 each of sizes 2, 3 and 4) is icons: "
                 "'Most special spaces on the route extensions will be familiar from the base "
                 "game', with 2 industry moves, the additional industry marker, the additional "
                 "worker and income among them.",
        "tiles": [
            _tile("2a", 2, _house(2, "industry", _SPECIAL, n=2)),
            _tile("2b", 2, _house(2, "coins", _SPECIAL, amount=2)),
            _tile("2c", 2, _house(1, "doubler", _SPECIAL, amount=1)),
            _tile("2d", 2, _house(2, "income", _INCOME, loco=True)),
            _tile("2e", 2, _house(2, "wrench", _WRENCH)),
            _tile("2f", 2, _house(2, "bonus", _SPECIAL, points=3, loco=True)),
            _tile("3a", 3, _house(2, "industry", _SPECIAL, n=2)),
            _tile("3b", 3, _house(3, "worker", _WORKER, loco=True)),
            _tile("3c", 3, _house(2, "income", _INCOME)),
            _tile("3d", 3, _house(3, "wrench", _WRENCH, loco=True)),
            _tile("3e", 3, _house(1, "coins", _SPECIAL, amount=2),
                  _house(3, "doubler", _SPECIAL, amount=1)),
            _tile("3f", 3, _house(3, "idea", _SPECIAL, loco=True)),
            _tile("4a", 4, _house(2, "industry", _SPECIAL, n=2),
                  _house(4, "income", _INCOME, loco=True)),
            _tile("4b", 4, _house(3, "worker", _WORKER)),
            _tile("4c", 4, _house(2, "wrench", _WRENCH), _house(4, "coins", _SPECIAL, amount=2)),
            _tile("4d", 4, _house(4, "idea", _SPECIAL, loco=True)),
            _tile("4e", 4, _house(1, "doubler", _SPECIAL, amount=1),
                  _house(3, "bonus", _SPECIAL, points=4, loco=True)),
            _tile("4f", 4, _house(2, "income", _INCOME), _house(4, "industry", _SPECIAL, n=2)),
        ],
    },
    "income_tiles": {
        "source": "house",
        "satisfies": "Place the 8 oval income tiles next to the game board (what each shows is "
                     "icons; the first is the rulebook's example: 'You move one of your [track] "
                     "and [wrench] each forward 1 space').",
        "list": [
            {"id": "woodind", "text": "1 wood step and industry +1",
             "effects": [{"k": "track", "c": "wood", "n": 1}, {"k": "industry", "n": 1}]},
            {"id": "coin", "text": "1 coin", "effects": [{"k": "coins", "n": 1}]},
            {"id": "green", "text": "1 green step", "effects": [{"k": "track", "c": "green",
                                                                  "n": 1}]},
            {"id": "bronze", "text": "1 bronze step", "effects": [{"k": "track", "c": "bronze",
                                                                    "n": 1}]},
            {"id": "silver", "text": "1 silver step", "effects": [{"k": "track", "c": "silver",
                                                                    "n": 1}]},
            {"id": "industry", "text": "industry +1", "effects": [{"k": "industry", "n": 1}]},
            {"id": "points", "text": "3 points", "effects": [{"k": "points", "n": 3}]},
            {"id": "any", "text": "1 step of any track", "effects": [{"k": "track", "c": "any",
                                                                      "n": 1}]},
        ],
    },
    "industry": {
        "source": "rulebook",
        "note": "Place the base game industry track below your player board as normal.",
        "track": [0, 1, 2, 3, 4, "gap", 5, "gap", 10, "gap", 15, "gap", 20, "gap", 25, 30],
        "idea_at": 8,
        "key_at": 15,
        "specials_source": "house",
        "specials_satisfy": "the base game industry track (the same idea space and key as on "
                            "the Russian boards).",
    },
}
"""The ``boards["german"]`` entry of the title's data."""

SPECIAL_VALUATION_CARD: dict[str, Any] = {
    "id": "valuation", "boards": ["german"],
    "text": "the special valuation tile (0/2/3/7/8)",
    "note": "Add the new idea cards to the existing cards, along with the new special valuation "
            "tile; it cannot be combined with the revaluation idea token.",
}


def add_to(data: dict[str, Any]) -> None:
    """The German boards and the special valuation idea card join the title's data."""
    data["boards"]["german"] = GERMAN
    data["idea_cards"]["list"].append(SPECIAL_VALUATION_CARD)
