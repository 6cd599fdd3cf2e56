"""The small expansions of Ultimate Railroads (the rulebook's modules) as plain data: what each
changes at setup, which boards and other modules it goes with, and its components.

Each module is a boolean game option, off unless chosen. ``playable`` says whether the rules of a
module are in place; a module that is not is refused at ``/game new`` with ``refused`` as the
reason, so a game never starts with half of a module. Sources as in ``data.py``.
"""

from __future__ import annotations

from typing import Any

MODULES: dict[str, dict[str, Any]] = {
    "coal": {
        "name": "Coal", "source": "rulebook", "playable": True,
        "fewer_rounds": 1, "fewer_a_engineers": 1, "emil_card": "coal1",
        "not_with": {"industry_board": "no boilerman on factories; the coal factory is built "
                                        "over a factory of the board and serves every wrench"},
        "note": "coal from the coal board (1 worker: 1 coal; 1 coin: a foundry and 1 coal), 2 "
                "coal for a boilerman (+1 on a locomotive or a stronger factory), foundries used "
                "once a round for 2 coal, before or after your action; 1 fewer round and 1 fewer "
                "A engineer; everyone starts with 1 coal and 1 more coin.",
    },
    "manufactory_train": {
        "name": "Manufactory Train", "source": "rulebook", "playable": True,
        "fewer_rounds": 1, "fewer_a_engineers": 1, "emil_card": "manufactory",
        "note": "the manufactory train space (1 worker) gives all 3 tokens on the train, then "
                "every other player takes 1 of them; 1 fewer round and 1 fewer A engineer (Emil "
                "has the train's card in his deck).",
    },
    "special_ideas": {
        "name": "Special Ideas", "source": "rulebook", "playable": True,
        "not_with": {"industry_board": "the special factory card goes back to the box"},
        "note": "each player's special idea token takes 1 of the 5 special idea cards (double "
                "industry steps, an engineer from the box, the freight car, the special factory, "
                "3 steps of any track).",
    },
    "additional_engineers": {
        "name": "Additional Engineers", "source": "rulebook", "playable": True,
        "note": "the 9 additional engineers are shuffled in with the others (never 2 of the "
                "same number).",
    },
}
"""Every module of the rulebook, in the order of its chapters. ``fewer_rounds`` of several modules
do not add up: 'COAL + MANUFACTORY TRAIN MODULES: Play a total of 1 fewer round.'"""

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

ADDITIONAL_KEY = 100
"""An additional engineer (or the coal engineer) shares its printed number with a base one ('You
cannot use 2 engineers with the same number'), so the game tells them apart by ``key``: 100 (200
for the coal engineer) + its number."""

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


def printed(key: int) -> int:
    """The number on an engineer, for an additional one's key as for a base one's number."""
    return key % ADDITIONAL_KEY


EMIL_CARDS: dict[str, Any] = {
    "source": "rulebook",
    "note": "'Shuffle the manufactory train solo card into the deck': the card names the "
            "manufactory train space, which Emil blocks like any other.",
}


def chosen(options: dict[str, Any]) -> list[str]:
    """The modules switched on by a game's options, in chapter order."""
    return [m for m in MODULES if options.get(m) is True]


def fewer_rounds(modules: list[str]) -> int:
    """Rounds the modules take away: one, however many of them ask for one fewer."""
    return max((int(MODULES[m].get("fewer_rounds", 0)) for m in modules), default=0)


def fewer_a_engineers(modules: list[str]) -> int:
    return max((int(MODULES[m].get("fewer_a_engineers", 0)) for m in modules), default=0)
