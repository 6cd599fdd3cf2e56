"""The Additional Engineers module's printed components: the 9 engineers beyond the base game's
(sources as in the core's data.py)."""

from __future__ import annotations

from typing import Any

ADDITIONAL_ENGINEERS: dict[str, Any] = {
    "source": "house",
    "count": 9,
    "satisfies": "These engineers are marked with the [icon] symbol on their dark sides ... Be "
                 "sure to add them to the correct group (A or B). The box holds 9 ('9 "
                 "engineers'); their actions are the appendix's 9 engineers with special "
                 "abilities (ENGINEERS, LOCOMOTIVES, AND FACTORIES; the #1 engineer of the idea "
                 "card aside); their numbers, groups and costs are house.",
    "list": [
        {"key": 104, "number": 4, "group": "A", "workers": 1, "module": "additional_engineers",
         "effects": [{"k": "reuse"}],
         "text": "take again the action of a space you used with 1 worker this round"},
        {"key": 106, "number": 6, "group": "A", "workers": 1, "module": "additional_engineers",
         "effects": [{"k": "random_start"}],
         "text": "2 starting bonus cards drawn at random"},
        {"key": 108, "number": 8, "group": "A", "workers": 1, "module": "additional_engineers",
         "effects": [{"k": "start_twice"}],
         "text": "a starting bonus card twice and 3 points; each other player takes 1 of the rest"},
        {"key": 109, "number": 9, "group": "B", "workers": 1, "module": "additional_engineers",
         "effects": [{"k": "catchup"}],
         "text": "move a track up to just behind the one before it (as far as your "
                 "locomotives reach)"},
        {"key": 110, "number": 10, "group": "B", "workers": 1, "module": "additional_engineers",
         "effects": [{"k": "borrow"}],
         "text": "another player's unused engineer, with one more worker"},
        {"key": 111, "number": 11, "group": "B", "workers": 1, "module": "additional_engineers",
         "effects": [{"k": "bonus_or_10"}],
         "text": "another end bonus card, or 10 points"},
        {"key": 112, "number": 12, "group": "B", "workers": 1, "module": "additional_engineers",
         "effects": [{"k": "points", "counts": "best_locos", "n": 2}],
         "text": "points: your 2 highest locomotives"},
        {"key": 113, "number": 13, "group": "B", "workers": 1, "module": "additional_engineers",
         "not_with": ["industry_board"],
         "effects": [{"k": "factory_action"}],
         "text": "the action of one of your factories"},
        {"key": 115, "number": 15, "group": "B", "workers": 1, "module": "additional_engineers",
         "effects": [{"k": "points", "counts": "engineer_numbers"}],
         "text": "points: the sum of your engineers' numbers"},
    ],
}
"""The appendix's engineers beyond the base game's: 'Choose an action space you previously occupied
with a single worker ... Resolve that space's action again'; 'Shuffle all starting bonus cards
facedown and choose 2 of them at random'; 'Take the starting bonus card and choose one. Receive the
benefit shown twice. Score 3 points ... each other player chooses 1 bonus'; 'Immediately place a
second worker on the unoccupied action space of another player's engineer' (the rulebook
recommends it for 2 players); 'Choose another end bonus card, or score 10 points'; 'Resolve the
action of 1 of your factories' (not with the Asian industry board); 'Move 1 of your tracks such
that it is immediately behind the track on that route'; 'Score as many points as the sum of your 2
highest-number locomotives'; 'Score as many points as the sum of the numbers of all of your
engineers'."""


def add_to(data: dict[str, Any]) -> None:
    """The 9 additional engineers join the title's data (``data["modules"]``)."""
    data.setdefault("modules", {})["additional_engineers"] = ADDITIONAL_ENGINEERS
