"""The quick player of an Ultimate Railroads rollout: its moves are the rules' own, and what it
tries on the board it takes back, so a rollout made in place starts from the game untouched."""

from __future__ import annotations

import copy

import pytest
from bot_games import config, titles

from engine.core import State, new_game, step
from engine.core.rng import Rng, new_rng_state
from engine.ultimate.player import UltimatePlayer
from engine.ultimate.rollout import rollout_move


@pytest.mark.parametrize("seed", [4, 11])
def test_rollout_moves_are_accepted_and_leave_the_game_as_it_was(seed: int) -> None:
    """A whole game of quick players: each move is legal, and choosing it changes nothing."""
    title = titles()["ultimate"]
    player = UltimatePlayer(title)
    state: State = new_game(title, config(title, 4, seed))
    rng = Rng(new_rng_state(seed))
    made = {"place": 0, "pick": 0}
    while not title.is_over(state):
        seat = title.to_act(state)[0]
        before = copy.deepcopy(state)
        moves = rollout_move(player, state, seat, rng)
        assert state == before
        assert len(moves) == 1
        made[moves[0]["type"]] = made.get(moves[0]["type"], 0) + 1
        state = step(title, state, moves[0]).state
    # It placed workers and made their choices, and the game reached its final scoring.
    assert made["place"] > 20 and made["pick"] > 20
    assert state["final"]["scores"] and max(state["final"]["scores"]) > 0

