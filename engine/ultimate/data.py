"""Ultimate Railroads components as plain data: the core game on the Russian player boards.

Every entry says where it comes from: ``rulebook`` (the Ultimate Railroads rulebook text),
``facts`` (published facts collected in the project's facts file) or ``house`` (designed here for
what the rulebook shows only as icons; each house entry quotes the rulebook sentence it satisfies).
An owner of the box can correct a number here without touching the rules code. The other boards'
plug-ins add their own blocks when the title registers them (another ``boards`` entry, more
cards and tokens: ``Plugin.data``).
"""

from __future__ import annotations

from typing import Any

LEVELS: tuple[str, ...] = ("wood", "green", "bronze", "silver", "gold")
"""Track colours from the first to the last level; a colour never passes the one before it."""

DATA: dict[str, Any] = {
    "id": "ultimate",
    "name": "Ultimate Railroads",
    "players": {"min": 1, "max": 4, "source": "rulebook",
                "note": "One seated player plays the solo game against Emil."},
    "rounds": {"by_players": {"2": 6, "3": 6, "4": 7}, "source": "rulebook"},
    "start": {
        "source": "rulebook",
        "workers": {"2": 6, "3": 6, "4": 5},
        "coins": {"2": 2, "3": 1, "4": 1},
        "reserve_workers": 2,
        "note": "5 workers (6 with 2-3 players), 1 coin (2 with 2 players), 2 workers set aside "
                "with the tracks, the 8th back in the box.",
    },
    "supply": {
        "source": "rulebook",
        "doublers": 30,
        "note": "The contents list: '30 doubler tokens' (one published fact sheet says 20).",
        "tracks_per_player": {"wood": 3, "green": 3, "bronze": 3, "silver": 2, "gold": 1},
    },
    "valuation": {
        "source": "facts",
        "front": [0, 1, 2, 4, 7],
        "revalued": [0, 1, 3, 6, 10],
        "special": [0, 2, 3, 7, 8],
        "note": "special: the German Railroads special valuation tile (an idea card).",
    },
    "pass_points": {
        "source": "facts",
        "points": [0, 2, 3, 4],
        "note": "Turn order cards pay these points (by position) on passing; one published "
                "source only.",
    },
    "turn_order_cards": {"source": "rulebook", "count": 4},
    "boards": {
        "russian": {
            "name": "Russian Railroads",
            "routes": [
                {
                    "id": "ts", "name": "Trans-Siberian", "length": 15, "levels": 5,
                    "loco_slots": 2, "doubler_spaces": 8,
                    "source": "rulebook",
                    "house": "doubler_spaces: 'You must fill these spaces from left to right' "
                             "and the end bonus card for 7 or more doublers need at least 7.",
                    "spaces": [
                        {"at": 2, "kind": "unlock", "colour": "green", "source": "rulebook"},
                        {"at": 4, "kind": "worker", "loco": False, "source": "house",
                         "satisfies": "Once you reach one of these spaces with your track, you "
                                      "immediately receive an additional worker."},
                        {"at": 6, "kind": "unlock", "colour": "bronze", "source": "rulebook"},
                        {"at": 9, "kind": "idea", "loco": True, "source": "house",
                         "satisfies": "Once you reach one of these spaces with your track and a "
                                      "locomotive, you choose 1 of your idea tokens."},
                        {"at": 10, "kind": "unlock", "colour": "silver", "steps": 2,
                         "source": "house",
                         "satisfies": "Here, you gain access to your track. You can also "
                                      "immediately advance that track 2 spaces."},
                        {"at": 12, "kind": "medal", "loco": True, "source": "house",
                         "satisfies": "Place the 20-point token onto the space for it on your "
                                      "player board ... provided you meet the tile's "
                                      "prerequisite."},
                        {"at": 15, "kind": "unlock", "colour": "gold", "source": "rulebook"},
                        {"at": 15, "kind": "key", "source": "rulebook"},
                    ],
                },
                {
                    "id": "sp", "name": "St. Petersburg", "length": 9, "levels": 4,
                    "loco_slots": 1, "doubler_spaces": 0, "source": "rulebook",
                    "spaces": [
                        {"at": 3, "kind": "coins", "amount": 2, "source": "house",
                         "satisfies": "Special spaces ... without a locomotive give coins."},
                        {"at": 4, "kind": "idea", "loco": True, "source": "rulebook"},
                        {"at": 6, "kind": "worker", "loco": True, "source": "house",
                         "satisfies": "This space also lets you receive an additional worker "
                                      "... with your track and a locomotive."},
                        {"at": 7, "kind": "route_double", "loco": True, "source": "rulebook"},
                        {"at": 9, "kind": "key", "source": "rulebook"},
                    ],
                },
                {
                    "id": "kiev", "name": "Kyiv", "length": 9, "levels": 3,
                    "loco_slots": 1, "doubler_spaces": 0, "source": "rulebook",
                    "spaces": [
                        {"at": 1, "kind": "bonus", "points": 1, "loco": True,
                         "source": "rulebook"},
                        {"at": 2, "kind": "bonus", "points": 2, "loco": True,
                         "source": "rulebook"},
                        {"at": 3, "kind": "bonus", "points": 3, "loco": True,
                         "source": "rulebook"},
                        {"at": 4, "kind": "bonus", "points": 4, "loco": True,
                         "source": "rulebook"},
                        {"at": 5, "kind": "doubler", "amount": 1, "source": "house",
                         "satisfies": "Special spaces ... give doublers."},
                        {"at": 6, "kind": "idea", "loco": True, "source": "house",
                         "satisfies": "You should aim to place at least 2 idea tokens."},
                        {"at": 8, "kind": "bonus", "points": 5, "loco": True, "source": "house",
                         "satisfies": "Note spaces 1-4 & 8 on this route ... you score the "
                                      "points shown in the stars (space 8's number is house)."},
                        {"at": 9, "kind": "key", "source": "rulebook"},
                    ],
                },
            ],
            "industry": {
                "source": "facts",
                "house": "Gap positions after the first: 'After the first 4 spaces, you will come "
                         "to a gap' and 'your wrench is on a factory ... the previous space, "
                         "which is 5 points'.",
                "track": [0, 1, 2, 3, 4, "gap", 5, "gap", 10, "gap", 15, "gap", 20, "gap", 25, 30],
                "idea_at": 8,
                "key_at": 15,
                "specials_source": "house",
                "specials_satisfy": "IDEA TOKENS ON THE INDUSTRY TRACK: reach the space shown "
                                    "with your wrench; You can obtain keys via the industry "
                                    "track.",
            },
        },
    },
    "spaces": {
        "source": "facts",
        "note": "Costs and effects from the published list; 'players' says which board side "
                "shows the space.",
        "list": [
            {"id": "wood3", "name": "3 wood steps", "workers": 2,
             "effects": [{"k": "track", "c": "wood", "n": 3}], "players": [2, 3, 4]},
            {"id": "wood2", "name": "2 wood steps", "workers": 1,
             "effects": [{"k": "track", "c": "wood", "n": 2}], "players": [3, 4]},
            {"id": "green3", "name": "3 green steps", "workers": 2,
             "effects": [{"k": "track", "c": "green", "n": 3}], "players": [2, 3, 4]},
            {"id": "green2", "name": "2 green steps", "workers": 1,
             "effects": [{"k": "track", "c": "green", "n": 2}], "players": [3, 4]},
            {"id": "bronze1", "name": "1 bronze step", "workers": 1,
             "effects": [{"k": "track", "c": "bronze", "n": 1}], "players": [2, 3, 4]},
            {"id": "bronze2", "name": "2 bronze steps", "workers": 2,
             "effects": [{"k": "track", "c": "bronze", "n": 2}], "players": [2, 3, 4]},
            {"id": "silver1", "name": "1 silver step", "workers": 1,
             "effects": [{"k": "track", "c": "silver", "n": 1}], "players": [2, 3, 4]},
            {"id": "silver2", "name": "2 silver steps", "workers": 2,
             "effects": [{"k": "track", "c": "silver", "n": 2}], "players": [2, 3, 4]},
            {"id": "gold1", "name": "1 gold step", "workers": 1,
             "effects": [{"k": "track", "c": "gold", "n": 1}], "players": [2, 3, 4]},
            {"id": "gold2", "name": "2 gold steps", "workers": 2,
             "effects": [{"k": "track", "c": "gold", "n": 2}], "players": [2, 3, 4]},
            {"id": "any2", "name": "2 steps of any colour", "workers": 1, "coins": 1,
             "effects": [{"k": "track", "c": "any", "n": 2}], "players": [2, 3, 4],
             "source": "rulebook"},
            {"id": "again", "name": "1 wood or green step (always open)", "workers": 1,
             "reusable": True, "effects": [{"k": "track", "c": "wood|green", "n": 1}],
             "players": [2, 3, 4], "source": "house",
             "satisfies": "When you place a worker on this space, you must move either your "
                          "[first] or your [second] track forward 1 space (the two colours are "
                          "house)."},
            {"id": "loco1", "name": "1 locomotive or factory", "workers": 1,
             "effects": [{"k": "loco", "mode": "either"}], "players": [2, 3, 4]},
            {"id": "loco2", "name": "1 locomotive or factory", "workers": 2,
             "effects": [{"k": "loco", "mode": "either"}], "players": [3, 4]},
            {"id": "locofac", "name": "1 locomotive and 1 factory", "workers": 3,
             "effects": [{"k": "loco", "mode": "loco"}, {"k": "loco", "mode": "factory"}],
             "players": [2, 3, 4]},
            {"id": "industry1", "name": "industry +1", "workers": 1,
             "effects": [{"k": "industry", "n": 1}], "players": [2, 3, 4]},
            {"id": "industry2", "name": "industry +2", "workers": 2,
             "effects": [{"k": "industry", "n": 2}], "players": [2, 3, 4]},
            {"id": "industrywood", "name": "industry +1 and 1 wood step", "workers": 2,
             "effects": [{"k": "industry", "n": 1}, {"k": "track", "c": "wood", "n": 1}],
             "players": [2, 3, 4], "source": "house",
             "satisfies": "place 2 workers to advance 1 space on your industry track and 1 of "
                          "your [icon] tracks (wood is house)."},
            {"id": "doubler", "name": "1 doubler", "workers": 1,
             "effects": [{"k": "doubler", "n": 1}], "players": [2, 3, 4], "source": "rulebook"},
            {"id": "coins", "name": "2 coins", "workers": 1,
             "effects": [{"k": "coins", "n": 2}], "players": [2, 3, 4], "source": "rulebook"},
            {"id": "temp", "name": "2 temporary workers", "workers": 1,
             "effects": [{"k": "temp"}], "players": [2, 3, 4], "source": "rulebook"},
            {"id": "first", "name": "first next round", "workers": 1,
             "effects": [{"k": "order", "n": 1}], "players": [2, 3, 4], "turn_order": 1},
            {"id": "second", "name": "second next round", "workers": 1,
             "effects": [{"k": "order", "n": 2}], "players": [3, 4], "turn_order": 2},
            {"id": "industry3", "name": "industry +3 (last round)", "workers": 1,
             "effects": [{"k": "industry", "n": 3}], "players": [2, 3, 4], "last_round": True,
             "source": "house",
             "satisfies": "they are replaced with a new action space that allows you to advance "
                          "3 steps on your industry track (its cost of 1 worker is house)."},
            {"id": "hire", "name": "hire the engineer", "workers": 0, "coins": 1,
             "effects": [{"k": "hire"}], "players": [2, 3, 4], "source": "rulebook"},
        ],
    },
    "engineer_row": {
        "source": "rulebook",
        "length": {"2": 6, "3": 7, "4": 7},
        "groups": {"2": {"A": 3, "B": 3}, "3": {"A": 3, "B": 3}, "4": {"A": 3, "B": 4}},
        "note": "Right to left: the hiring space, two face-up engineer action spaces, then face-"
                "down engineers that move one space right each round. The rulebook's '4 from the "
                "A-stack' fills 3 spaces, so 3 are used.",
    },
    "engineers": {
        "source": "house",
        "satisfies": "Most engineers' actions will be familiar and similar to those on the game "
                     "board. They are a bit stronger, or score you some victory points too.",
        "list": [
            {"number": 1, "group": "", "workers": 1,
             "effects": [{"k": "each_route"}], "text": "1 step on each of 3 different routes",
             "source": "rulebook", "note": "Effect from the appendix; the idea card's engineer."},
            {"number": 2, "group": "A", "workers": 1,
             "effects": [{"k": "doubler", "n": 1}, {"k": "points", "n": 5}],
             "text": "1 doubler and 5 points", "source": "rulebook",
             "note": "The rulebook's example of a face-up engineer."},
            {"number": 3, "group": "A", "workers": 1,
             "effects": [{"k": "track", "c": "wood", "n": 3}], "text": "3 wood steps"},
            {"number": 4, "group": "A", "workers": 1,
             "effects": [{"k": "track", "c": "green", "n": 2}], "text": "2 green steps"},
            {"number": 5, "group": "A", "workers": 1,
             "effects": [{"k": "industry", "n": 2}], "text": "industry +2"},
            {"number": 6, "group": "A", "workers": 2,
             "effects": [{"k": "loco", "mode": "either"}, {"k": "points", "n": 3}],
             "text": "1 locomotive or factory and 3 points"},
            {"number": 7, "group": "A", "workers": 1,
             "effects": [{"k": "track", "c": "bronze", "n": 1}, {"k": "points", "n": 2}],
             "text": "1 bronze step and 2 points"},
            {"number": 8, "group": "A", "workers": 1,
             "effects": [{"k": "coins", "n": 2}, {"k": "track", "c": "wood", "n": 1}],
             "text": "2 coins and 1 wood step"},
            {"number": 9, "group": "B", "workers": 1,
             "effects": [{"k": "track", "c": "any", "n": 2}, {"k": "points", "n": 1}],
             "text": "2 steps of any colour and 1 point"},
            {"number": 10, "group": "B", "workers": 2,
             "effects": [{"k": "track", "c": "bronze", "n": 2}, {"k": "points", "n": 2}],
             "text": "2 bronze steps and 2 points"},
            {"number": 11, "group": "B", "workers": 1,
             "effects": [{"k": "track", "c": "silver", "n": 1}, {"k": "points", "n": 2}],
             "text": "1 silver step and 2 points"},
            {"number": 12, "group": "B", "workers": 2,
             "effects": [{"k": "loco", "mode": "loco"}, {"k": "loco", "mode": "factory"}],
             "text": "1 locomotive and 1 factory"},
            {"number": 13, "group": "B", "workers": 1,
             "effects": [{"k": "industry", "n": 1}, {"k": "track", "c": "green", "n": 1}],
             "text": "industry +1 and 1 green step"},
            {"number": 14, "group": "B", "workers": 2,
             "effects": [{"k": "track", "c": "silver", "n": 1}, {"k": "track", "c": "gold",
                                                                 "n": 1}],
             "text": "1 silver step and 1 gold step"},
            {"number": 15, "group": "B", "workers": 1,
             "effects": [{"k": "track", "c": "gold", "n": 1}, {"k": "points", "n": 3}],
             "text": "1 gold step and 3 points"},
        ],
    },
    "locomotives": {
        "source": "rulebook",
        "numbers": [2, 3, 4, 5, 6, 7, 8, 9],
        "tens": ["10a", "10b"],
        "note": "Stacks of as many as there are players; both #10 stacks open once #9 is empty. "
                "The idea card's #9 ('without purple reverse side') is never a factory.",
    },
    "factories": {
        "source": "house",
        "satisfies": "Each factory has a specific action ... All 4 factories of a single level "
                     "have the same action; the #10 locomotives offer two different actions.",
        "by_tile": {
            "1": {"effects": [{"k": "coins", "n": 1}], "text": "1 coin"},
            "2": {"effects": [{"k": "track", "c": "wood", "n": 2}], "text": "2 wood steps"},
            "3": {"effects": [{"k": "coins", "n": 2}], "text": "2 coins"},
            "4": {"effects": [{"k": "track", "c": "green", "n": 1}], "text": "1 green step"},
            "5": {"effects": [{"k": "doubler", "n": 1}], "text": "1 doubler"},
            "6": {"effects": [{"k": "track", "c": "bronze", "n": 1}], "text": "1 bronze step"},
            "7": {"effects": [{"k": "points", "n": 5}], "text": "5 points"},
            "8": {"effects": [{"k": "track", "c": "silver", "n": 1}], "text": "1 silver step"},
            "9": {"effects": [{"k": "track", "c": "gold", "n": 1}], "text": "1 gold step"},
            "10a": {"effects": [{"k": "points", "counts": "moved", "colours": ["silver", "gold"]}],
                    "text": "1 point per step your silver and gold tracks moved",
                    "source": "rulebook", "note": "Appendix: the #10 factory action."},
            "10b": {"effects": [{"k": "idea_pair"}],
                    "text": "choose 2 idea tokens: use one, return both", "source": "rulebook",
                    "note": "Appendix factory action."},
        },
    },
    "idea_tokens": {
        "source": "rulebook",
        "house": "One of each kind per player: 'Place your idea tokens near your player board'.",
        "list": [
            {"id": "bonus", "text": "take an end bonus card and an idea card"},
            {"id": "revalue", "text": "turn your valuation tile over (0/1/3/6/10)"},
            {"id": "medal", "text": "place the 20-point medal (20 points each scoring once "
                                    "reached)"},
            {"id": "keys", "text": "receive 2 keys"},
            {"id": "wrench", "text": "second wrench on the start space and 2 industry steps"},
        ],
    },
    "idea_cards": {
        "source": "rulebook",
        "list": [
            {"id": "worker", "text": "the wood-coloured worker (+1 wood step on spaces with "
                                     "wood steps)"},
            {"id": "loco9", "text": "the #9 locomotive onto one of your routes"},
            {"id": "engineer", "text": "engineer #1 and a coin"},
            {"id": "doublers", "text": "2 doublers", "effects": [{"k": "doubler", "n": 2}],
             "source": "house",
             "satisfies": "Place the idea cards face up (five cards; this one is house)."},
            {"id": "industry", "text": "industry +3", "effects": [{"k": "industry", "n": 3}],
             "source": "house",
             "satisfies": "Place the idea cards face up (five cards; this one is house)."},
        ],
    },
    "keys": {
        "source": "rulebook",
        "points": 10,
        "tracks": [{"k": "track", "c": "wood", "n": 1}, {"k": "track", "c": "any", "n": 1}],
        "house": "The first track of the key is wood: 'advance a [icon] track 1 space and any "
                 "track 1 space'.",
    },
    "start_bonus": {
        "source": "house",
        "satisfies": "Starting bonus cards: coin, advance a level-1 track, advance industry, "
                     "doubler; 'These are simple actions'. The amounts are house.",
        "list": [
            {"id": "coins", "text": "2 coins", "effects": [{"k": "coins", "n": 2}]},
            {"id": "wood", "text": "2 wood steps", "effects": [{"k": "track", "c": "wood",
                                                                "n": 2}]},
            {"id": "industry", "text": "industry +1", "effects": [{"k": "industry", "n": 1}]},
            {"id": "doubler", "text": "1 doubler", "effects": [{"k": "doubler", "n": 1}]},
        ],
    },
    "end_bonus": {
        "source": "rulebook",
        "removed_unseen": 2,
        "house": "Colours of the 'spaces moved' cards (bronze; silver and gold; green) and the "
                 "key table: 'Score points based on the number of keys you received'.",
        "list": [
            {"id": "factories", "text": "4 points per factory in your industry track (none "
                                        "with the industry board)",
             "counts": "factories", "per": 4},
            {"id": "doublers", "text": "20 points for 4-6 doublers, 30 for 7 or more",
             "counts": "doublers", "table": [[4, 20], [7, 30]]},
            {"id": "engineers", "text": "6 points per engineer you hired",
             "counts": "engineers", "per": 6},
            {"id": "bronze", "text": "1 point per step your bronze tracks moved",
             "counts": "moved", "colours": ["bronze"], "per": 1},
            {"id": "green", "text": "1 point per step your green tracks moved",
             "counts": "moved", "colours": ["green"], "per": 1, "source": "house",
             "satisfies": "The contents list 12 end bonus cards and the appendix describes 11 "
                          "kinds: the twelfth is a second 'Score 1 point for each space you "
                          "moved with your [track]' card, in another colour."},
            {"id": "stations", "text": "10 points per route whose end you reached",
             "counts": "stations", "per": 10},
            {"id": "ideas", "text": "7 points per idea token you placed",
             "counts": "ideas", "per": 7},
            {"id": "silvergold", "text": "1 point per step your silver and gold tracks moved",
             "counts": "moved", "colours": ["silver", "gold"], "per": 1},
            {"id": "extra_engineer", "text": "counts as an engineer for the majority",
             "counts": "nothing", "per": 0},
            {"id": "locos", "text": "the sum of your 4 highest locomotives",
             "counts": "best_locos", "n": 4, "per": 1},
            {"id": "keys", "text": "points for keys: 5/10/20/30/40 for 1/2/3/4/5+",
             "counts": "keys", "table": [[1, 5], [2, 10], [3, 20], [4, 30], [5, 40]]},
            {"id": "workers", "text": "10 points per extra worker you received",
             "counts": "extra_workers", "per": 10},
        ],
    },
    "engineer_majority": {"source": "rulebook", "points": [40, 20]},
    "solo": {
        "source": "rulebook",
        "name": "Emil",
        "setup_as": 2,
        "coins": 5,
        "emil_workers": 6,
        "new_worker_at": [50, 150],
        "blocked": ["coins"],
        "note": "Emil wants to play too: a 2-player setup, the 2 coins space blocked, no turn "
                "order or starting bonus cards, 5 coins; Emil has 6 workers and gets one more at "
                "50 and at 150 points.",
        "deck": {
            "source": "rulebook",
            "count": 16,
            "house": "Which spaces the 16 cards name: 'Each card shows an action space on the "
                     "game board' (18 solo cards in the box with the 2 module cards); one card "
                     "per space of the published list of the 2-player side that Emil can block, "
                     "one light engineer card ('Emil blocks the light engineer').",
            "cards": ["wood3", "green3", "bronze1", "bronze2", "silver1", "silver2", "gold1",
                      "gold2", "any2", "loco1", "locofac", "industry1", "industry2", "doubler",
                      "light-engineer", "hire"],
        },
        "turn_order": {
            "source": "house",
            "satisfies": "You also do not need the turn order pawns, because turn order is not "
                         "used in this variant (so the turn order space cannot be taken).",
        },
        "factory": {
            "source": "house",
            "satisfies": "he takes the lowest-numbered factory instead (for the locomotive and "
                         "factory space too: the lowest of the returned factories and the "
                         "lowest stack).",
        },
    },
}


def house_space(at: int, kind: str, why: str, **info: Any) -> dict[str, Any]:
    """A house special space quoting the sentence it satisfies (the boards' plug-ins use it)."""
    return {"at": at, "kind": kind, **info, "source": "house", "satisfies": why}
