"""The Manufactory Train module's printed components: its action space, the train's board and
the manufactory tokens (sources as in the core's data.py)."""

from __future__ import annotations

from typing import Any

MANUFACTORY: dict[str, Any] = {
    "source": "rulebook",
    "space": {"id": "manufactory", "name": "manufactory train", "workers": 1,
              "effects": [{"k": "train"}], "players": [2, 3, 4], "module": "manufactory_train",
              "source": "facts", "note": "FACTS: 'coal module: take 1 coal; manufactory train: "
                                        "1 worker each'."},
    "slots": 3,
    "offer": 3,
    "tokens": {
        "source": "house",
        "satisfies": "Shuffle the 11 manufactory tokens ... resolve all 3 actions shown on the "
                     "manufactory tokens (the rulebook's examples show an industry step and a "
                     "coin; each token shows one small action, the other nine are house).",
        "list": [
            {"id": "coin", "text": "1 coin", "effects": [{"k": "coins", "n": 1}],
             "source": "rulebook"},
            {"id": "industry", "text": "1 industry step", "effects": [{"k": "industry", "n": 1}],
             "source": "rulebook"},
            {"id": "doubler", "text": "1 doubler", "effects": [{"k": "doubler", "n": 1}]},
            {"id": "wood", "text": "1 wood step", "effects": [{"k": "track", "c": "wood",
                                                             "n": 1}]},
            {"id": "green", "text": "1 green step", "effects": [{"k": "track", "c": "green",
                                                               "n": 1}]},
            {"id": "bronze", "text": "1 bronze step", "effects": [{"k": "track", "c": "bronze",
                                                                 "n": 1}]},
            {"id": "silver", "text": "1 silver step", "effects": [{"k": "track", "c": "silver",
                                                                 "n": 1}]},
            {"id": "gold", "text": "1 gold step", "effects": [{"k": "track", "c": "gold",
                                                             "n": 1}]},
            {"id": "any", "text": "1 step of any track", "effects": [{"k": "track", "c": "any",
                                                                     "n": 1}]},
            {"id": "points", "text": "3 points", "effects": [{"k": "points", "n": 3}]},
            {"id": "coins", "text": "2 coins", "effects": [{"k": "coins", "n": 2}]},
        ],
    },
}
"""The manufactory train board: an action space, 3 spaces behind the locomotive, 3 tokens face up
beside it and the rest in a face-down stack."""

EMIL_CARDS: dict[str, Any] = {
    "source": "rulebook",
    "note": "'Shuffle the manufactory train solo card into the deck': the card names the "
            "manufactory train space, which Emil blocks like any other.",
}


def add_to(data: dict[str, Any]) -> None:
    """The manufactory train board and its tokens join the title's data (``data["modules"]``)."""
    data.setdefault("modules", {})["manufactory_train"] = MANUFACTORY
