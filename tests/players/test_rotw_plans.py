"""The Railways of the World computer's plans: one connected network grown where its goods go,
and an engine bought for the deliveries its track already holds."""

from __future__ import annotations

import copy
import functools

from bot_games import config, titles

from engine.computer import computer_move
from engine.core import State, new_game, step
from engine.core.players import choose
from engine.rotw import network
from engine.rotw.player import RotwPlayer
from engine.rotw.title import RotwTitle


@functools.cache
def _opening() -> tuple[RotwTitle, State]:
    title = titles()["rotw"]
    assert isinstance(title, RotwTitle)
    state = new_game(title, config(title, 3, 2, "eastern-us"))
    for n in range(400):
        if state["phase"] == "actions" and state["turn"] >= 4:
            break
        seat = title.to_act(state)[0]
        state = step(title, state, computer_move(title, state, seat, "easy", n)).state
    return title, state


def opening() -> tuple[RotwTitle, State, int]:
    """A 3-player Eastern U.S. game of easy computers at turn 4's actions (a fresh copy)."""
    title, state = _opening()
    state = copy.deepcopy(state)
    return title, state, title.to_act(state)[0]


def test_with_money_in_hand_a_computer_grows_its_own_network() -> None:
    title, state, seat = opening()
    state["players"][seat]["money"] = 30_000
    mine = {c for lk in network.complete_links(state, seat) for c in lk["cities"]}
    assert mine
    action = choose(title, RotwPlayer(title), state, seat, "normal", 1)
    assert action["type"] == "build"
    after = step(title, state, action).state
    built = [lk["cities"] for lk in after["links"] if lk not in state["links"]]
    # The new link touches the player's network: a second line far off would split its goods
    # between two networks, and no delivery would run the length of both.
    assert built and all(set(cities) & mine for cities in built)
