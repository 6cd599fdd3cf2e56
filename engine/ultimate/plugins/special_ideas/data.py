"""The Special Ideas module's printed components: the special idea token, the special factory and
the 5 special idea cards (sources as in the core's data.py)."""

from __future__ import annotations

from typing import Any

SPECIAL_IDEAS: dict[str, Any] = {
    "source": "rulebook",
    "token": {"id": "special", "text": "take one of the special idea cards",
              "note": "'If you choose the special idea token, choose 1 of the available special "
                      "idea cards': one per player, like the other idea tokens."},
    "freight_steps": 2,
    "freight_min_loco": 3,
    "factory_tile": "sf",
    "factory_ideas": 2,
    "cards": {
        "source": "rulebook",
        "list": [
            {"id": "double", "short": "double industry",
             "text": "from now on, double the industry steps of most actions when you choose"},
            {"id": "engineer", "short": "box engineer", "text": "an engineer from the box"},
            {"id": "freight", "short": "freight car",
             "text": "the freight car behind a #3 or higher locomotive: 2 track steps on that "
                     "route before each scoring"},
            {"id": "factory", "short": "special factory",
             "text": "the special factory: 2 idea tokens when a wrench reaches it",
             "not_with": ["industry_board"]},
            {"id": "steps", "short": "3 steps", "text": "3 steps of any track",
             "effects": [{"k": "track", "c": "any", "n": 3}], "source": "house",
             "satisfies": "Place the 5 special idea cards next to the game board (the rulebook "
                          "describes four; this fifth one is house)."},
        ],
    },
}
"""The Special Ideas module: a special idea token per player and the 5 cards it chooses from
(each card goes back to the box once chosen)."""


def add_to(data: dict[str, Any]) -> None:
    """The special idea token, factory and cards join the title's data (``data["modules"]``)."""
    data.setdefault("modules", {})["special_ideas"] = SPECIAL_IDEAS
