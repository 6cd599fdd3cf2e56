"""Asian Railroads: the Asian player boards (Beijing, Seoul, Tokyo and the Osaka route upgrade),
construction site tokens, the shared industry board and the maintenance cars.

The rulebook names the routes, how many locomotives Beijing and Seoul take, Tokyo's space 1
(construction site) and space 6 (new worker), and what each kind of space does; where each space
sits, the industry board's spaces and the printed factories are icons, so they are ``house``
values, each quoting the sentence it satisfies (see the core's data.py).
"""

from __future__ import annotations

from typing import Any

_SITE = ("Once you reach certain special spaces, such as TOKYO space 1, you must immediately "
         "remove the construction site token of your choice.")
_SILVER = ("you can obtain your silver tracks from two different routes. Once you reach 1 of "
           "these 2 spaces ... you receive your silver tracks.")
_TAKE = ("Once you fulfill this space's prerequisite, you may take a locomotive and add it to "
         "one of your routes.")
_BONUS = ("Once you fulfill the prerequisite for one of these spaces, you score the points "
          "shown on that spaces during all subsequent scoring phases.")
_MEDAL = ("You have additional choices of where to place this tile on the Asian player board. "
          "You can still only place it once.")
_FAMILIAR = "Many of them are recognizable from the base game."


def _house(at: int, kind: str, why: str, **info: Any) -> dict[str, Any]:
    return {"at": at, "kind": kind, **info, "source": "house", "satisfies": why}


def _key(at: int) -> dict[str, Any]:
    return {"at": at, "kind": "key", "source": "rulebook"}


_TOKYO_SITE = {"at": 1, "kind": "site", "loco": True, "source": "rulebook",
               "house": "Its locomotive prerequisite: 'There are many special spaces on this "
                        "player board that have various different prerequisites' (space 1 holds "
                        "the wood track from the start)."}
_TOKYO_WORKER = {"at": 6, "kind": "worker", "source": "rulebook",
                 "note": "If you obtained the benefits from space 1 (construction site tile) or "
                         "space 6 (new worker) already ... you cannot receive them a second time."}

ASIAN: dict[str, Any] = {
    "name": "Asian Railroads",
    "routes": [
        {
            "id": "beijing", "name": "Beijing", "length": 15, "levels": 5,
            "loco_slots": 3, "sites": 2, "doubler_spaces": 8, "source": "rulebook",
            "house_label": "length, doubler spaces and construction sites",
            "house": "Like the Trans-Siberian (15 spaces, 8 doubler spaces); 'up to 3 "
                     "locomotives on the BEIJING route': 1 open place and 2 under construction "
                     "site tokens.",
            "spaces": [
                _house(2, "unlock", "Setup and gameplay are the same as the base game (green "
                       "opens early on the top route).", colour="green"),
                _house(4, "site", _SITE),
                _house(6, "unlock", "Setup and gameplay are the same as the base game (bronze "
                       "opens on the top route).", colour="bronze"),
                _house(8, "unlock", _SILVER, colour="silver"),
                _house(9, "idea", _FAMILIAR, loco=True),
                _house(11, "take_loco", _TAKE, loco=True),
                _house(12, "medal", _MEDAL, loco=True),
                _house(15, "unlock", "Setup and gameplay are the same as the base game (gold "
                       "opens at the end of the top route).", colour="gold"),
                _key(15),
            ],
        },
        {
            "id": "seoul", "name": "Seoul", "length": 10, "levels": 4,
            "loco_slots": 2, "sites": 1, "doubler_spaces": 0, "source": "rulebook",
            "house_label": "length and construction site",
            "house": "10 spaces up to silver; 'up to 2 on the SEOUL route': 1 open place and 1 "
                     "under a construction site token.",
            "spaces": [
                _house(3, "coins", _FAMILIAR, amount=2),
                _house(4, "site", _SITE),
                _house(5, "unlock", _SILVER, colour="silver"),
                _house(6, "idea", _FAMILIAR, loco=True),
                _house(7, "take_loco", _TAKE, loco=True),
                _house(8, "bonus", _BONUS, points=4, loco=True),
                _house(9, "medal", _MEDAL, loco=True),
                _key(10),
            ],
        },
        {
            "id": "tokyo", "name": "Tokyo", "length": 8, "levels": 2,
            "loco_slots": 1, "sites": 0, "doubler_spaces": 0, "source": "rulebook",
            "house_label": "length",
            "house": "8 spaces for wood and green only: 'shifting your [wood] and [green] tracks "
                     "onto the new board ([bronze] and higher were not possible yet)'.",
            "spaces": [
                _TOKYO_SITE,
                _house(3, "bonus", _BONUS, points=2, loco=True),
                _TOKYO_WORKER,
                _key(8),
            ],
            "upgrade": {
                "id": "osaka", "name": "Osaka", "length": 12, "levels": 4,
                "source": "house",
                "satisfies": "When you choose this idea token, you can extend the TOKYO route to "
                             "OSAKA ... The upgraded route with some additional potential "
                             "benefits is now available to you.",
                "spaces": [
                    _TOKYO_SITE,
                    _house(3, "doubler", _FAMILIAR, amount=1),
                    _TOKYO_WORKER,
                    _house(8, "idea", _FAMILIAR, loco=True),
                    _house(10, "bonus", _BONUS, points=6, loco=True),
                    _house(11, "medal", _MEDAL, loco=True),
                    _key(12),
                ],
            },
        },
    ],
    "medal_choice": True,
    "site_gain": {
        "source": "rulebook",
        "effects": [{"k": "industry", "n": 1}, {"k": "coins", "n": 1}],
        "note": "When you remove a construction site token, you receive either 1 industry step "
                "or 1 coin.",
    },
    "idea_tokens": [
        {"id": "osaka", "text": "extend the Tokyo route to Osaka (the Osaka route upgrade)",
         "source": "rulebook"},
    ],
    "idea_cards": [
        {"id": "purple_cars", "text": "3 purple maintenance cars and 1 coin",
         "source": "rulebook", "boards": ["asian"]},
    ],
    "maintenance_cars": {"per_player": 3, "purple": 3, "source": "rulebook"},
    "keys_extra": {"source": "rulebook",
                   "text": "move 1 of your maintenance cars from the workshop to a factory"},
    "loco2": {
        "source": "house",
        "satisfies": "Return the #2 locomotives from the base game to the box. Instead, use the "
                     "#2 locomotives with the [Asian] symbol (their factory action is icons).",
        "effects": [{"k": "coins", "n": 1}, {"k": "track", "c": "wood", "n": 1}],
        "text": "1 coin and 1 wood step",
    },
    "industry": {
        "source": "house",
        "satisfies": "place the industry board near the game board ... using the correct side "
                     "for the player count (35 spaces: 'the last space (35) of the industry "
                     "board'); the printed factories and their actions are icons.",
        "length": 35,
        "points": [0, 1, 1, 2, 2, 3, 3, 4, 5, 5, 6, 7, 8, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17,
                   18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30],
        "idea_or_key_at": 12,
        "benefits": [{"at": 6, "effects": [{"k": "coins", "n": 1}], "text": "1 coin"},
                     {"at": 20, "effects": [{"k": "doubler", "n": 1}], "text": "1 doubler"},
                     {"at": 28, "effects": [{"k": "points", "n": 5}], "text": "5 points"}],
        "sides": {
            "2": [4, 9, 15, 22, 30],
            "3": [4, 9, 15, 19, 24, 30],
            "4": [4, 9, 13, 17, 22, 26, 30],
        },
        "printed": [
            {"effects": [{"k": "track", "c": "wood", "n": 2}], "text": "2 wood steps"},
            {"effects": [{"k": "track", "c": "any", "n": 2}], "text": "2 steps of any colour",
             "note": "The rulebook's example: 'You receive 2 track moves of your choice.'"},
            {"effects": [{"k": "coins", "n": 2}], "text": "2 coins"},
            {"effects": [{"k": "track", "c": "green", "n": 2}], "text": "2 green steps"},
            {"effects": [{"k": "track", "c": "wood", "n": 1}, {"k": "track", "c": "green",
                                                               "n": 1},
                         {"k": "track", "c": "bronze", "n": 1}],
             "text": "1 wood, 1 green and 1 bronze step",
             "note": "The rulebook's example: 'You receive 1 [wood], 1 [green], and 1 [bronze] "
                     "track move by building over the factory.'"},
            {"effects": [{"k": "doubler", "n": 1}, {"k": "coins", "n": 1}],
             "text": "1 doubler and 1 coin"},
            {"effects": [{"k": "track", "c": "silver", "n": 1}], "text": "1 silver step"},
        ],
    },
}


def add_to(data: dict[str, Any]) -> None:
    """The Asian boards join the title's data."""
    data["boards"]["asian"] = ASIAN
