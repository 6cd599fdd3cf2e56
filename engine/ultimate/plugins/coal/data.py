"""The Coal module's printed components: the coal board's spaces, the foundries, the coal idea
token, idea card, starting bonus card, engineer and factory (sources as in the core's data.py)."""

from __future__ import annotations

from typing import Any

COAL: dict[str, Any] = {
    "source": "rulebook",
    "start": {"coal": 1, "coins": 1},
    "boiler_cost": 2,
    "foundry_cost": 2,
    "face_up": 2,
    "spaces": [
        {"id": "coal1", "name": "1 coal", "workers": 1, "coins": 0,
         "effects": [{"k": "coal", "n": 1}], "source": "rulebook",
         "note": "FACTS: 'coal module: take 1 coal ... 1 worker'."},
        {"id": "foundry", "name": "a foundry and 1 coal", "workers": 0, "coins": 1,
         "effects": [{"k": "foundry_take"}, {"k": "coal", "n": 1}], "source": "rulebook",
         "note": "'place 1 coin to take 1 foundry and 1 coal' (the combined space's cost)."},
        {"id": "boilerman", "name": "boilerman (2 coal)", "workers": 0, "coins": 0,
         "effects": [{"k": "boilerman"}], "coal_only": True, "source": "rulebook"},
    ],
    "combined": ["coal1", "foundry"],
    "token": {"id": "coal", "text": "take 3 coal", "effects": [{"k": "coal", "n": 3}],
              "source": "house",
              "satisfies": "Take the 4 coal idea tokens and add it to the other idea tokens (what "
                           "the token shows is house)."},
    "idea_card": {"id": "coal", "text": "the coal factory and 2 coal", "source": "rulebook"},
    "start_card": {"id": "coal", "text": "1 coal", "effects": [{"k": "coal", "n": 1}],
                   "source": "rulebook"},
    "engineer": {"key": 205, "number": 5, "group": "A", "workers": 1, "module": "coal",
                 "effects": [{"k": "coal", "n": 2}, {"k": "track", "c": "any", "n": 1}],
                 "text": "2 coal and 1 step of any track", "source": "house",
                 "satisfies": "1 idea token, 1 engineer, 1 coal factory ... We recommend always "
                              "including the coal engineer when using the Coal Module (it is "
                              "shuffled in whenever coal is played; its action and number are "
                              "house)."},
    "factory": {"tile": "cf", "steps": 2, "per_coal": 2, "max_coal": 3, "boiler_steps": 1,
                "text": "2 track moves, 2 more for each coal paid (up to 3)"},
    "foundries": {
        "source": "house",
        "satisfies": "Each foundry token shows the action you can resolve (the two described "
                     "and the example's are the rulebook's, the other nine are house).",
        "list": [
            {"id": "reuse", "text": "take again a space you put 1 or 2 workers on this round",
             "effects": [{"k": "reuse", "max": 2}], "source": "rulebook"},
            {"id": "loco_points", "text": "1 track step, then points for your best locomotive",
             "effects": [{"k": "track", "c": "any", "n": 1},
                         {"k": "points", "counts": "best_locos", "n": 1}],
             "source": "rulebook"},
            {"id": "doubler", "text": "1 track step and 1 doubler",
             "effects": [{"k": "track", "c": "any", "n": 1}, {"k": "doubler", "n": 1}],
             "source": "rulebook"},
            {"id": "wood", "text": "2 wood steps and 1 coin",
             "effects": [{"k": "track", "c": "wood", "n": 2}, {"k": "coins", "n": 1}]},
            {"id": "green", "text": "2 green steps",
             "effects": [{"k": "track", "c": "green", "n": 2}]},
            {"id": "bronze", "text": "1 bronze step and 2 points",
             "effects": [{"k": "track", "c": "bronze", "n": 1}, {"k": "points", "n": 2}]},
            {"id": "silver", "text": "1 silver step", "effects": [{"k": "track", "c": "silver",
                                                                 "n": 1}]},
            {"id": "gold", "text": "1 gold step", "effects": [{"k": "track", "c": "gold",
                                                             "n": 1}]},
            {"id": "industry", "text": "industry +2", "effects": [{"k": "industry", "n": 2}]},
            {"id": "loco", "text": "1 locomotive or factory",
             "effects": [{"k": "loco", "mode": "either"}]},
            {"id": "doublers", "text": "2 doublers", "effects": [{"k": "doubler", "n": 2}]},
            {"id": "coins", "text": "3 coins", "effects": [{"k": "coins", "n": 3}]},
        ],
    },
}
"""The Coal module: the coal board's spaces (in the 2-player game the first two are one
combined space), the foundries (a boilerman on their back), the coal idea token, idea card,
starting bonus card and the coal factory."""


def add_to(data: dict[str, Any]) -> None:
    """The coal board and its tokens, cards, engineer and factory join the title's data
    (``data["modules"]``)."""
    data.setdefault("modules", {})["coal"] = COAL
