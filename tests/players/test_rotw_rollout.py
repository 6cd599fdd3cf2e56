"""The quick player the other seats become in a Railways of the World lookahead: its moves are
the rules' own, choosing one changes nothing, it reads nothing hidden, and it plays a turn
through."""

from __future__ import annotations

import copy

from bot_games import config, titles

from engine.core import State, new_game, step
from engine.rotw.player import RotwPlayer
from engine.rotw.rollout import quick_move
from engine.rotw.title import RotwTitle

TURN_MOVES = 64
"""Moves enough for a whole turn of four seats (twelve actions, the auction and the rest)."""


def _player() -> tuple[RotwTitle, RotwPlayer]:
    title = titles()["rotw"]
    assert isinstance(title, RotwTitle)
    return title, RotwPlayer(title)


def _game(seed: int) -> State:
    title = titles()["rotw"]
    return new_game(title, config(title, 4, seed, "eastern-us"))


def test_quick_moves_are_accepted_and_leave_the_game_as_it_was() -> None:
    """Quick players play well into a game: each move is legal (made in place, as the search
    makes it), and choosing it changes nothing."""
    title, player = _player()
    state = _game(7)
    made: dict[str, int] = {}
    for _ in range(160):
        if title.is_over(state):
            break
        seat = title.to_act(state)[0]
        before = copy.deepcopy(state)
        moves = quick_move(player, state, seat)
        assert state == before
        assert len(moves) == 1
        made[moves[0]["type"]] = made.get(moves[0]["type"], 0) + 1
        state = step(title, state, moves[0], in_place=True).state
    # It built, delivered and upgraded, not only passed.
    assert made.get("build", 0) >= 8 and made.get("deliver", 0) >= 4
    assert made.get("upgrade", 0) >= 1
    assert max(p["score"] for p in state["players"]) > 5


def _into_actions(seed: int, moves: int) -> State:
    """A game of quick players, stopped at the first action of a turn after ``moves`` moves."""
    title, player = _player()
    state = _game(seed)
    n = 0
    while n < moves or not (state["phase"] == "actions" and state["round"] == 1
                            and state["order_pos"] == 0):
        seat = title.to_act(state)[0]
        state = step(title, state, quick_move(player, state, seat)[0]).state
        n += 1
    return state


def test_quick_moves_read_nothing_hidden() -> None:
    """The deck's order and the other seats' Rail Barons, changed, change no quick move."""
    title, player = _player()
    state = _into_actions(3, 40)
    for seat in range(4):
        seen = quick_move(player, state, seat) if seat in title.to_act(state) else None
        other = copy.deepcopy(state)
        other["ops"]["deck"].reverse()
        barons = [p["baron"] for s, p in enumerate(other["players"]) if s != seat]
        for p, b in zip([p for s, p in enumerate(other["players"]) if s != seat],
                        barons[1:] + barons[:1], strict=True):
            p["baron"] = b
        assert other != state
        assert (quick_move(player, other, seat) if seat in title.to_act(other) else None) == seen


def test_quick_players_play_a_whole_turn() -> None:
    """From a turn's first action, quick moves take every seat through its three actions to the
    next turn: the lookahead's other seats never stall before its own next action."""
    title, player = _player()
    state = _into_actions(5, 30)
    turn = state["turn"]
    work = copy.deepcopy(state)
    acted: dict[int, int] = {}
    for _ in range(TURN_MOVES):
        if work["turn"] != turn:
            break
        seat = title.to_act(work)[0]
        if work["phase"] == "actions":
            acted[seat] = acted.get(seat, 0) + 1
        work = step(title, work, quick_move(player, work, seat)[0], in_place=True).state
    assert work["turn"] == turn + 1
    assert acted == {0: 3, 1: 3, 2: 3, 3: 3}
