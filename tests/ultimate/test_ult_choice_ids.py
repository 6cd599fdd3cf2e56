"""Every choice a player is offered has an id of its own: seeded random games on every board,
with and without the modules, checked at every step of every action being resolved."""

from __future__ import annotations

import random

import pytest
from ult_helpers import config, title

from engine.core import new_game, step
from engine.ultimate import pool
from engine.ultimate.module_data import MODULES

MAX_MOVES = 1500
GAMES = [(board, players, seed, modules)
         for seed, (board, players) in enumerate(
             [("russian", 2), ("german", 3), ("american", 4), ("asian", 2)], start=1)
         for modules in ((), tuple(MODULES))]
"""(board, players, seed, modules): each board alone and with every module (the Coal module's
boilermen make two locomotives of one worth common)."""


@pytest.mark.parametrize(("board", "players", "seed", "modules"), GAMES)
def test_no_two_choices_share_an_id(board: str, players: int, seed: int,
                                    modules: tuple[str, ...]) -> None:
    t = title()
    state = new_game(t, config(players, seed, board, **dict.fromkeys(modules, True)))
    pick = random.Random(seed)
    checked = 0
    for _ in range(MAX_MOVES):
        if t.is_over(state):
            break
        seat = t.to_act(state)[0]
        if state["active"] == seat:
            ctx = t._ctx(state)
            meaning: dict[str, str] = {}
            for _, task, opts in pool.open_tasks(ctx, seat):
                values = [v for v, _ in opts]
                assert len(values) == len(set(values)), (task, values)
                for value, label in opts:  # two tasks may offer one choice, meaning one thing
                    assert meaning.setdefault(value, label) == label, (value, label)
                checked += 1
        legal = t.legal(state, seat)
        places = [a for a in legal if a["type"] == "place"]
        state = step(t, state, pick.choice(places if places and pick.random() < 0.9
                                           else legal)).state
    assert checked > 50
