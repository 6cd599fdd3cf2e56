"""The small expansions of Ultimate Railroads (the rulebook's modules): which exist, what each
changes at setup and which boards and other modules it goes with. Each module's printed components
are its plug-in's own (``plugins/<module>/data.py``), added to the title's data under ``modules``
when the plug-ins are registered; each plug-in reads its own there (``parts``) and hands the
core what its lookups need (``hooks.Plugin.board_parts``).

Each module is a boolean game option, off unless chosen. ``playable`` says whether the rules of a
module are in place; a module that is not is refused at ``/game new`` with ``refused`` as the
reason, so a game never starts with half of a module. Sources as in ``data.py``.
"""

from __future__ import annotations

from typing import Any

from engine.ultimate.data import DATA

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

ADDITIONAL_KEY = 100
"""An additional engineer (or the coal engineer) shares its printed number with a base one ('You
cannot use 2 engineers with the same number'), so the game tells them apart by ``key``: 100 (200
for the coal engineer) + its number."""


def printed(key: int) -> int:
    """The number on an engineer, for an additional one's key as for a base one's number."""
    return key % ADDITIONAL_KEY


def parts(module: str, data: dict[str, Any] | None = None) -> dict[str, Any]:
    """A module's printed components, as its plug-in added them to the title's data."""
    found: dict[str, Any] = (DATA if data is None else data)["modules"][module]
    return found


def chosen(options: dict[str, Any]) -> list[str]:
    """The modules switched on by a game's options, in chapter order."""
    return [m for m in MODULES if options.get(m) is True]


def fewer_rounds(modules: list[str]) -> int:
    """Rounds the modules take away: one, however many of them ask for one fewer."""
    return max((int(MODULES[m].get("fewer_rounds", 0)) for m in modules), default=0)


def fewer_a_engineers(modules: list[str]) -> int:
    return max((int(MODULES[m].get("fewer_a_engineers", 0)) for m in modules), default=0)
