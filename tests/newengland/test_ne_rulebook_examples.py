"""Scenario tests taken from the rulebook's own examples, one per example."""

from __future__ import annotations

import pytest
from ne_helpers import config, ctx, title

from engine.core import IllegalAction, State, new_game, step
from engine.newengland.turn import advance, grow, market, pay_income

DAVE, PETE, JOHN, VINCE = 0, 1, 2, 3


def fresh(players: int = 4) -> State:
    state = new_game(title(), config(players, 7))
    state["first"] = DAVE
    return state


def test_vince_must_borrow_to_pay_his_debt_service() -> None:
    t = title()
    state = fresh()
    state["players"][VINCE].update(cash=1, loans=10)
    legal = t.legal(state, VINCE)
    assert {"type": "done", "seat": VINCE} not in legal
    assert min(a["amount"] for a in legal) == 10
    with pytest.raises(IllegalAction) as info:
        step(t, state, {"type": "done", "seat": VINCE})
    assert info.value.code == "must_borrow"
    state = step(t, state, {"type": "loan", "seat": VINCE, "amount": 10}).state
    assert state["players"][VINCE]["loans"] == 20
    assert state["players"][VINCE]["cash"] == 11
    for seat in (DAVE, PETE, JOHN):
        state = step(t, state, {"type": "done", "seat": seat}).state
    # Debt service of a $20 loan is $4, paid at the next step.
    assert state["players"][VINCE]["cash"] == 7


def test_john_retires_ten_of_his_twenty_dollar_loan() -> None:
    t = title()
    state = fresh()
    state["players"][JOHN].update(cash=22, loans=20)
    state["phase"], state["pending"] = "retire", [JOHN]
    assert {"type": "retire", "seat": JOHN, "amount": 20} in t.legal(state, JOHN)
    with pytest.raises(IllegalAction, match="owe only"):
        step(t, state, {"type": "retire", "seat": JOHN, "amount": 30})
    state["pending"] = [JOHN, VINCE]  # keep the step open so nothing else runs
    state = step(t, state, {"type": "retire", "seat": JOHN, "amount": 10}).state
    assert state["players"][JOHN]["cash"] == 12
    assert state["players"][JOHN]["loans"] == 10


def test_two_links_showing_turn_two_growth_cards() -> None:
    t = title()
    state = fresh(3)
    assert len(state["current"]) == 2
    for city in state["cities"]:
        state["cities"][city] = []
    state["cup"] = ["purple", "blue", "yellow", "red"]
    # Card 0 is Worcester & Portland; the deck is drawn from its end.
    state["growth_deck"] = [5, 1, 0]
    c = ctx(t, state, [0, 0, 0, 0])
    grow(c)
    assert state["recent"]["growth"] == [["Worcester", "Portland"], ["Boston", "Hartford"]]
    assert state["cities"]["Worcester"] == ["purple"]
    assert state["cities"]["Portland"] == ["blue"]
    assert state["cities"]["Boston"] == ["yellow"]
    assert state["cities"]["Hartford"] == ["red"]
    assert state["growth_deck"] == [5]


def test_a_city_listed_twice_gets_two_cubes_while_cubes_last() -> None:
    t = title()
    state = fresh(3)
    for city in state["cities"]:
        state["cities"][city] = []
    state["cup"] = ["blue", "red", "purple"]
    state["growth_deck"] = [3, 1]  # Boston & Hartford, then Boston & Rutland
    grow(ctx(t, state, [0, 0, 0]))
    assert state["cities"]["Boston"] == ["blue", "purple"]
    assert state["cities"]["Hartford"] == ["red"]
    assert state["cities"]["Rutland"] == []  # the cup was empty
    assert state["cup"] == []


def auction_state() -> State:
    state = fresh()
    state.update(phase="auction", auction=None, auction_pos=0, pending=[],
                 current=["Boston-Providence"], future=[], deck=["Boston-Lowell"])
    state["links"]["Boston-Providence"]["status"] = "current"
    for p in state["players"]:
        p["cash"] = 20
    state["players"][DAVE]["bought"] = True
    advance(ctx(title(), state))
    return state


def peters_auction(state: State, last: str) -> State:
    t = title()
    assert state["auction"]["next"] == PETE  # Dave bought a link this turn: he sits out
    state = step(t, state, {"type": "bid", "seat": PETE, "amount": 1}).state
    state = step(t, state, {"type": "bid", "seat": JOHN, "amount": 2}).state
    state = step(t, state, {"type": "pass", "seat": VINCE}).state
    state = step(t, state, {"type": "bid", "seat": PETE, "amount": 10}).state
    assert t.to_act(state) == [JOHN]  # Vince may not re-enter
    # John passes: Pete buys and rolls 1 and 3 (recorded outcomes 0 and 2).
    state = step(t, state, {"type": "pass", "seat": JOHN, "chance": [0, 2]}).state
    assert state["players"][PETE]["cash"] == 10
    assert state["links"]["Boston-Providence"]["owner"] == PETE
    assert state["build"] == {"link": "Boston-Providence", "seat": PETE, "roll": 4, "cost": 1}
    return step(t, state, {"type": last, "seat": PETE}).state


def test_pete_buys_boston_providence_and_pays_one_dollar_to_build() -> None:
    state = peters_auction(auction_state(), "pay")
    assert state["players"][PETE]["cash"] == 9
    assert state["links"]["Boston-Providence"]["status"] == "built"


def test_had_pete_waited_the_link_is_finished_next_turn() -> None:
    t = title()
    state = peters_auction(auction_state(), "wait")
    assert state["players"][PETE]["cash"] == 10
    assert state["links"]["Boston-Providence"]["status"] == "unfinished"
    # Next turn's Complete Unfinished Railway Links step finishes it.
    state.update(phase="retire", pending=[])
    advance(ctx(t, state, [0] * 20))
    assert state["links"]["Boston-Providence"]["status"] == "built"


def test_a_link_nobody_buys_is_put_aside_for_good() -> None:
    t = title()
    state = auction_state()
    for seat in (PETE, JOHN, VINCE):
        state = step(t, state, {"type": "pass", "seat": seat}).state
    assert state["links"]["Boston-Providence"]["status"] == "removed"
    assert "Boston-Providence" not in state["current"]


def test_a_buyer_may_not_bid_on_a_second_link() -> None:
    t = title()
    state = auction_state()
    with pytest.raises(IllegalAction) as info:
        step(t, state, {"type": "bid", "seat": DAVE, "amount": 5})
    assert info.value.code == "not_your_turn"


def shipping_state() -> State:
    state = fresh()
    for city in state["cities"]:
        state["cities"][city] = []
    state["cities"]["Boston"] = ["blue"]
    state["cities"]["Hartford"] = ["red"]  # keeps the round open after John's shipment
    owners = {"Boston-Providence": JOHN, "New Haven-Hartford": JOHN,
              "Hartford-Plainfield": DAVE, "Providence-Plainfield": PETE}
    for lid, owner in owners.items():
        state["links"][lid].update(owner=owner, status="built")
        state["players"][owner]["links"].append(lid)
    state.update(phase="ship", pending=[], ship={"round": 2, "queue": [JOHN, VINCE]})
    return state


def test_johns_blue_cube_earns_him_two_and_pete_and_dave_one_each() -> None:
    t = title()
    state = shipping_state()
    action = t.command_to_action(state, JOHN, "ship", {"from": "Boston", "to": "New Haven"})
    assert action["route"] == ["Boston", "Providence", "Plainfield", "Hartford", "New Haven"]
    state = step(t, state, action).state
    incomes = [p["income"] for p in state["players"]]
    assert incomes == [1, 1, 2, 0]
    assert state["cities"]["Boston"] == []
    assert "blue" in state["cup"]
    assert t.to_act(state) == [VINCE]


def test_a_cube_stops_at_the_first_city_demanding_its_colour() -> None:
    t = title()
    state = shipping_state()
    state["cities"]["Boston"] = ["purple"]
    for lid in ("Boston-Worcester", "Plainfield-Worcester", "Plainfield-New London"):
        state["links"][lid].update(owner=DAVE, status="built")
    # Worcester demands purple, so the cube can't go on to New London through it.
    with pytest.raises(IllegalAction) as info:
        step(t, state, {"type": "ship", "seat": JOHN,
                        "route": ["Boston", "Worcester", "Plainfield", "New London"]})
    assert info.value.code == "must_stop"
    with pytest.raises(IllegalAction) as info:
        step(t, state, {"type": "ship", "seat": JOHN,
                        "route": ["Boston", "Providence", "Plainfield", "Hartford"],
                        "cube": "purple"})
    assert info.value.code == "wrong_demand"
    state = step(t, state, {"type": "ship", "seat": JOHN,
                            "route": ["Boston", "Worcester"]}).state
    assert state["players"][DAVE]["income"] == 1


def test_shipping_needs_built_links_and_at_most_five() -> None:
    t = title()
    state = shipping_state()
    with pytest.raises(IllegalAction) as info:
        step(t, state, {"type": "ship", "seat": JOHN, "route": ["Boston", "Lowell"],
                        "cube": "blue"})
    assert info.value.code == "no_link"
    with pytest.raises(IllegalAction) as info:
        step(t, state, {"type": "ship", "seat": JOHN, "route": [
            "Boston", "Providence", "Plainfield", "Hartford", "Springfield", "Worcester",
            "Fitchburg"]})
    assert info.value.code == "too_far"


def test_market_loss_of_six() -> None:
    t = title()
    state = fresh(3)
    state["first"] = 2
    for seat, income in enumerate((14, 18, 19)):
        state["players"][seat]["income"] = income
    market(ctx(t, state, [3, 0]))  # a 4 and a 1
    assert state["recent"]["market"] == {"dice": [4, 1], "loss": 6}
    assert [p["income"] for p in state["players"]] == [12, 15, 16]


def test_income_of_twelve_pays_twelve_dollars() -> None:
    t = title()
    state = fresh(3)
    state["players"][JOHN].update(income=12, cash=5)
    pay_income(ctx(t, state))
    assert state["players"][JOHN]["cash"] == 17
