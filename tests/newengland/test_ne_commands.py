"""Typed commands becoming moves, and the legal move lists."""

from __future__ import annotations

import copy

import pytest
from ne_helpers import config, title

from engine.core import IllegalAction, State, new_game, step

DAVE, PETE, JOHN = 0, 1, 2


def network() -> State:
    state = new_game(title(), config(3, 4))
    for city in state["cities"]:
        state["cities"][city] = []
    state["cities"]["Boston"] = ["purple", "blue"]
    for lid, owner in {"Boston-Worcester": PETE, "Boston-Providence": DAVE,
                       "Providence-Worcester": DAVE, "Boston-Lowell": JOHN}.items():
        state["links"][lid].update(owner=owner, status="built")
    state.update(phase="ship", pending=[], ship={"round": 2, "queue": [DAVE, PETE]})
    return state


def test_the_preferred_route_uses_the_shippers_own_links() -> None:
    t = title()
    state = network()
    dave = t.command_to_action(state, DAVE, "ship", {"from": "Boston", "cube": "purple"})
    assert dave["route"] == ["Boston", "Providence", "Worcester"]
    pete = t.command_to_action(state, PETE, "ship", {"from": "bos", "to": "worc"})
    assert pete["route"] == ["Boston", "Worcester"]


def test_a_typed_route_is_read_city_by_city() -> None:
    t = title()
    state = network()
    action = t.command_to_action(state, DAVE, "ship", {"route": "Boston - Prov - Worcester"})
    assert action["route"] == ["Boston", "Providence", "Worcester"]
    with pytest.raises(IllegalAction, match="'New' matches New Bedford, New Haven and New London"):
        t.command_to_action(state, DAVE, "ship", {"route": "Boston-New"})
    with pytest.raises(IllegalAction, match="starts at Boston"):
        t.command_to_action(state, DAVE, "ship", {"route": "Boston-Worcester", "from": "Lowell"})


def test_ship_refuses_a_city_without_that_cube_or_route() -> None:
    t = title()
    state = network()
    with pytest.raises(IllegalAction) as info:
        t.command_to_action(state, DAVE, "ship", {"from": "Lowell", "cube": "blue"})
    assert info.value.code == "no_cube"
    with pytest.raises(IllegalAction) as info:
        t.command_to_action(state, DAVE, "ship", {"from": "Boston", "to": "New Haven"})
    assert info.value.code == "no_route"
    with pytest.raises(IllegalAction) as info:
        t.command_to_action(state, DAVE, "ship", {"from": "Boston", "cube": "green"})
    assert info.value.code == "unknown_cube_colour"


def test_every_listed_move_is_accepted_and_others_have_none() -> None:
    t = title()
    state = network()
    assert t.legal(state, PETE) == []
    legal = t.legal(state, DAVE)
    assert {"type": "done", "seat": DAVE} in legal
    ships = [a for a in legal if a["type"] == "ship"]
    # Purple to Worcester; blue to Lowell (Lowell demands blue).
    assert {(a["cube"], a["to"]) for a in ships} == {("purple", "Worcester"), ("blue", "Lowell")}
    for action in legal:
        before = copy.deepcopy(state)
        step(t, state, action)
        assert state == before


def test_loan_and_retire_amounts_come_in_ten_dollar_notes() -> None:
    t = title()
    state = new_game(t, config(3, 4))
    seat = t.to_act(state)[0]
    amounts = [a["amount"] for a in t.legal(state, seat) if a["type"] == "loan"]
    assert amounts and all(a % 10 == 0 for a in amounts)
    with pytest.raises(IllegalAction, match=r"\$10 notes"):
        step(t, state, {"type": "loan", "seat": seat, "amount": 25})
    state = step(t, state, {"type": "loan", "seat": seat, "amount": 30}).state
    assert state["players"][seat]["cash"] == 40
    with pytest.raises(IllegalAction):
        step(t, state, {"type": "loan", "seat": seat, "amount": 10})  # one answer per step
