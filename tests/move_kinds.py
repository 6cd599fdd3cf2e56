"""Seeded games of computer players, and a move of each kind taken from them (the tests of
what a move's record and picture show need one of every kind)."""

from __future__ import annotations

from typing import Any

from engine.computer import computer_game
from engine.core import Config, State, Title
from engine.core.players import clean
from engine.core.replay import step

Seen = dict[str, tuple[State, dict[str, Any], State]]


Made = list[tuple[State, dict[str, Any], State]]


def first_of_each_kind(title: Title, map_id: str | None, moves: int,
                       wanted: frozenset[str] = frozenset(), last: bool = False) -> Seen:
    """Computer players play a seeded game; the first move of each kind (the last, if
    ``last``) with the states before and after it. A ``wanted`` kind the computers never chose
    is made at the first position where it is legal (the game's own list of legal moves, so it
    is a move a player could make)."""
    seen: Seen = {}
    made = played(title, map_id, moves)
    for move in made:
        if last:
            seen[str(move[1]["type"])] = move
        else:
            seen.setdefault(str(move[1]["type"]), move)
    for kind in sorted(wanted - seen.keys()):
        for before, _, _ in made:
            seat = title.to_act(before)[0]
            option = next((clean(a) for a in title.legal(before, seat) if a["type"] == kind),
                          None)
            if option is not None:
                seen[kind] = before, option, step(title, before, option).state
                break
    return seen


def played(title: Title, map_id: str | None, moves: int, seed: int = 5) -> Made:
    """Each move of a seeded game played by computer players, with the states around it."""
    names = ["ann", "bob", "cy"]
    config: Config = {"title": title.meta.id, "map": map_id, "options": {}, "seed": seed,
                      "rules_version": title.meta.rules_version,
                      "players": [{"seat": i, "name": n, "colour": title.meta.colours[i]}
                                  for i, n in enumerate(names)]}
    return list(computer_game(title, config, moves))
