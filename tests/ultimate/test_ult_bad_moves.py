"""Random malformed and out-of-turn moves at random points of games: each is refused with a
sentence a player can act on, and nothing in the state changes (not even halfway)."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from ult_helpers import fresh

from engine.core import Action, IllegalAction, State, step
from engine.ultimate import UltimateTitle

JUNK: list[Any] = ["", "wood9", "WOOD3 ", "loco-ts-r99", "pair-x-y", "slot-9", "factory-pool-7",
                   "eng99", "hire", "again", "green-moon", "start-coins", "key-points", None, 3,
                   -1, "catchup-wood-ts", "idea-medal", "bonus-keys", "card-loco9", "move-sp"]


def malformed(pick: random.Random, t: UltimateTitle, state: State) -> Action:
    seat = pick.choice([*range(len(state["players"])), 7, -1, "x"])
    kind = pick.choice(["place", "pick", "done", "pass", "build", "", "undo-all"])
    action: Action = {"type": kind, "seat": seat}
    if pick.random() < 0.7:
        action["space"] = pick.choice(JUNK)
    if pick.random() < 0.5:
        action["choice"] = pick.choice(JUNK)
    if pick.random() < 0.3:
        action["coins"] = pick.choice([-2, 99, "two", 1.5, None, 0])
    return action


def legal_step(t: UltimateTitle, state: State, pick: random.Random) -> State:
    seat = t.to_act(state)[0]
    return step(t, state, pick.choice(t.legal(state, seat))).state


@pytest.mark.parametrize("players", [2, 4])
def test_malformed_moves_are_refused_and_change_nothing(players: int) -> None:
    t, state = fresh(players, seed=players)
    pick = random.Random(players)
    refused = 0
    for _ in range(400):
        if t.is_over(state):
            break
        action = malformed(pick, t, state)
        legal = t.legal(state, action["seat"]) if isinstance(action["seat"], int) and \
            0 <= action["seat"] < players else []
        if action in legal:
            continue
        work = copy.deepcopy(state)
        try:
            step(t, work, action, in_place=True)
        except IllegalAction as exc:
            refused += 1
            text = exc.message
            assert text[:1].isupper() or text[:1] in "'/", text
            assert text.rstrip().endswith((".", ")", "!")), text
            assert "seat" not in text and "{" not in text, text
            assert work == state, f"a refused move changed the state: {action}"
        else:
            raise AssertionError(f"accepted a move that is not in legal(): {action}")
        state = legal_step(t, state, pick)
    assert refused > 100


def test_typed_commands_with_bad_options_are_refused() -> None:
    t, state = fresh(3)
    seat = t.to_act(state)[0]
    for command, options, words in [
        ("place", {}, "Say which action space"),
        ("pick", {}, "Say what you choose"),
        ("place", {"space": "wood3", "coins": "lots"}, "must be a whole number"),
        ("pass", {"space": "wood3"}, "takes no options"),
        ("build", {}, "not a move in Ultimate Railroads"),
    ]:
        with pytest.raises(IllegalAction, match=words):
            t.command_to_action(state, seat, command, options)
