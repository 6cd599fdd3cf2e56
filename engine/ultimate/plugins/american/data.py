"""American Railroads: the American player boards, the dual industry track, the stocks board,
the dividend tokens, the steelworks and the two new idea tokens.

The rulebook names the routes, the boulders' places (space 8 of the bottom route, the 15-point
industry space), the blasting spaces (3 and 4 of the upper route), the 3 coin spaces, the golden
spike's 10 and 25 points and the stocks board's final 20 and 10 points. Where the other spaces
sit, what the dividend tokens show and the upper industry track's numbers are icons, so they are
``house`` values, each quoting the sentence it satisfies (see the core's data.py).
"""

from __future__ import annotations

from typing import Any

from engine.ultimate.data import house_space as _house

_STOCK = ("When you fulfill a prerequisite for a space on your player board with this symbol, "
          "you receive a stock increase.")
_COIN = ("3 spaces on the American player board show, in addition to track, a coin as an "
         "additional prerequisite (the colour each shows is house).")
_SPECIAL = "Setup and gameplay are the same as the base game (as on the Russian boards)."
_WORKER = "you immediately receive an additional worker (as on the Russian boards)"


AMERICAN: dict[str, Any] = {
    "name": "American Railroads",
    "max_wrenches": 2,
    "max_wrenches_source": "rulebook",
    "routes": [
        {
            "id": "rm", "name": "Rocky Mountaineer", "length": 15, "levels": 5,
            "loco_slots": 2, "doubler_spaces": 8, "source": "rulebook",
            "house_label": "length, doubler spaces and special spaces",
            "house": "The main route like the Trans-Siberian (15 spaces, 2 locomotives, 8 "
                     "doubler spaces): 'You can place doubler tokens in the same way as on the "
                     "THE ROCKY MOUNTAINEER'.",
            "spaces": [
                _house(2, "unlock", _SPECIAL + " (green opens here)", colour="green"),
                {"at": 3, "kind": "blast", "source": "rulebook"},
                {"at": 4, "kind": "blast", "source": "rulebook"},
                _house(5, "coinstock", _COIN, track="green"),
                _house(6, "unlock", _SPECIAL + " (bronze opens here)", colour="bronze"),
                _house(7, "stock", _STOCK),
                _house(9, "idea", "You should aim to place at least 2 idea tokens.", loco=True),
                _house(10, "unlock", _SPECIAL + " (silver opens here, with 2 steps)",
                       colour="silver", steps=2),
                _house(12, "medal", "Place the 20-point token onto the space for it on your "
                       "player board.", loco=True),
                _house(15, "unlock", _SPECIAL + " (gold opens at the end)", colour="gold"),
                {"at": 15, "kind": "key", "source": "rulebook"},
            ],
        },
        {
            "id": "sac", "name": "Sacramento", "length": 10, "levels": 5,
            "loco_slots": 1, "doubler_spaces": 3, "source": "rulebook",
            "house_label": "length and special spaces",
            "house": "Length 10, ending at the golden spike: 'These two routes meet at the "
                     "golden spike'.",
            "spaces": [
                _house(2, "coins", "Special spaces ... give coins.", amount=2),
                _house(3, "stock", _STOCK),
                _house(4, "coinstock", _COIN, track="bronze"),
                _house(6, "idea", "You should aim to place at least 2 idea tokens.", loco=True),
                _house(8, "worker", _WORKER, loco=True),
                {"at": 10, "kind": "spike", "source": "rulebook"},
                {"at": 10, "kind": "key", "source": "rulebook"},
            ],
        },
        {
            "id": "omaha", "name": "Omaha", "length": 10, "levels": 5,
            "loco_slots": 1, "doubler_spaces": 3, "source": "rulebook",
            "house_label": "length and special spaces",
            "house": "Length 10, ending at the golden spike; the boulder on space 8 is the "
                     "rulebook's.",
            "spaces": [
                _house(2, "doubler", "Special spaces ... give doublers.", amount=1),
                _house(3, "stock", _STOCK),
                _house(5, "worker", _WORKER),
                _house(6, "coinstock", _COIN, track="green"),
                _house(9, "stock", _STOCK, loco=True),
                {"at": 10, "kind": "spike", "source": "rulebook"},
                {"at": 10, "kind": "key", "source": "rulebook"},
            ],
        },
    ],
    "boulders": {
        "source": "rulebook",
        "route": "omaha", "route_at": 8, "industry_at": 10, "points": 10,
        "note": "Place 1 onto space 8 of the bottom route on your player board, and place the "
                "other onto the 15 point space of your industry track.",
        "house": "The industry boulder lies on the lower track's 15 (the base game track's); "
                 "the upper track is the one that never waits.",
    },
    "golden_spike": {"source": "rulebook", "points": 10, "with_token": 25},
    "screw_nut": {
        "source": "house", "at": 35, "choices": ["key", "stock"],
        "satisfies": "AMERICAN PLAYER BOARD + INDUSTRY BOARD: place the large screw nut token "
                     "onto the last space (35) of the industry board. Once you reach this space "
                     "... you receive either a key or a stock increase.",
        "text": "the screw nut on industry board space 35: a key or a stock increase, once for "
                "each player (the token stays for the others)",
    },
    "industry": {
        "source": "rulebook",
        "note": "The lower industry track works in the same way as in the base game.",
        "track": [0, 1, 2, 3, 4, "gap", 5, "gap", 10, "gap", 15, "gap", 20, "gap", 25, 30],
        "idea_at": 8,
        "key_at": 15,
        "specials_source": "house",
        "specials_satisfy": "the base game industry track (the same idea space and key as on "
                            "the Russian boards).",
        "upper": [0, 1, 2, 2, 3, 3, 4, 5, 6, 7, 9, 11, 13, 15, 17, 20],
        "upper_source": "house",
        "upper_satisfies": "The upper industry track lets you move onto and past the gaps; its "
                           "space numbers are icons (set below the lower track's, as it never "
                           "waits for a factory).",
    },
    "stocks": {
        "levels": 8,
        "source": "rulebook",
        "points": [20, 10],
        "house": "8 levels above the bottom row, one for each of the 8 dividend tokens.",
        "tokens": {
            "source": "house",
            "satisfies": "Place the 8 dividend tokens next to the stocks board (their actions "
                         "are icons; the rulebook's examples show 5 points, 1 coin, industry "
                         "steps and track moves).",
            "list": [
                {"id": "points", "text": "5 points", "effects": [{"k": "points", "n": 5}]},
                {"id": "coin", "text": "1 coin", "effects": [{"k": "coins", "n": 1}]},
                {"id": "industry", "text": "1 industry step",
                 "effects": [{"k": "industry", "n": 1}]},
                {"id": "industry2", "text": "1 industry step",
                 "effects": [{"k": "industry", "n": 1}]},
                {"id": "wood", "text": "1 wood step",
                 "effects": [{"k": "track", "c": "wood", "n": 1}]},
                {"id": "green", "text": "1 green step",
                 "effects": [{"k": "track", "c": "green", "n": 1}]},
                {"id": "bronze", "text": "1 bronze step",
                 "effects": [{"k": "track", "c": "bronze", "n": 1}]},
                {"id": "doubler", "text": "1 doubler", "effects": [{"k": "doubler", "n": 1}]},
            ],
        },
        "emil_level": 3,
    },
    "steelworks": {
        "source": "rulebook",
        "stacks": ["4", "6", "8"],
        "effects": [{"k": "track", "c": "wood", "n": 1}],
        "text": "steelworks: 1 wood step",
        "house": "The steelworks' track is wood: 'move your [track] 1 space forward'.",
        "emil": {"source": "house", "to": "box",
                 "satisfies": "Emil collects locomotives but builds nothing, so a steelworks "
                              "beside a stack he empties goes back to the box (no payout)."},
    },
}
"""The ``boards["american"]`` entry of the title's data."""

AMERICAN_IDEA_TOKENS: list[dict[str, Any]] = [
    {"id": "spike", "boards": ["american"], "source": "rulebook",
     "text": "the golden spike: 25 points instead of 10 for each route end at the spike"},
    {"id": "stock", "boards": ["american"], "source": "rulebook",
     "text": "a stock increase, then a personal payout"},
]


def add_to(data: dict[str, Any]) -> None:
    """The American boards, their two idea tokens and the steelworks (built like factories)
    join the title's data."""
    data["boards"]["american"] = AMERICAN
    data["idea_tokens"]["list"] += AMERICAN_IDEA_TOKENS
    for stack in AMERICAN["steelworks"]["stacks"]:
        data["factories"]["by_tile"][f"{stack}w"] = {
            "effects": AMERICAN["steelworks"]["effects"], "text": AMERICAN["steelworks"]["text"],
            "boards": ["american"], "name": "steelworks"}
