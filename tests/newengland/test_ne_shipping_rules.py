"""The Ship Commodities step's rules beyond the rulebook's worked example: the two rounds, and
the routes a cube may not take."""

from __future__ import annotations

import pytest
from ne_helpers import config, ctx, title

from engine.core import IllegalAction, State, new_game, step
from engine.newengland.turn import close_auctions

DAVE, PETE, JOHN, VINCE = 0, 1, 2, 3


def after_auctions(buyers: tuple[int, ...]) -> State:
    """The auctions of a 4-player turn just closed, Pete holding the First Player card; John owns
    the built Boston - Providence link and Providence holds yellow cubes for Boston."""
    t = title()
    state = new_game(t, config(4, 7))
    state.update(phase="auction", auction=None, pending=[], first=PETE, current=[], future=[],
                 deck=["Boston-Lowell"])
    for city in state["cities"]:
        state["cities"][city] = []
    state["cities"]["Providence"] = ["yellow"] * 8
    state["links"]["Boston-Providence"].update(owner=JOHN, status="built")
    state["players"][JOHN]["links"].append("Boston-Providence")
    for seat in buyers:
        state["players"][seat]["bought"] = True
    close_auctions(ctx(t, state))
    return state


def ship(state: State, seat: int) -> State:
    return step(title(), state, {"type": "ship", "seat": seat,
                                 "route": ["Providence", "Boston"]}).state


def test_players_who_bought_nothing_ship_first_then_everyone_ships() -> None:
    t = title()
    state = after_auctions((DAVE, JOHN))
    # Round one: those who bought no link, from the First Player clockwise.
    assert t.to_act(state) == [PETE]
    with pytest.raises(IllegalAction, match="ship in the second round"):
        ship(state, JOHN)
    state = ship(state, PETE)
    assert t.to_act(state) == [VINCE]
    state = step(t, state, {"type": "done", "seat": VINCE}).state
    # Round two: everyone, again from the First Player, so Pete and Vince get a second go.
    order = []
    while state["phase"] == "ship" and len(order) < 3:
        order.append(t.to_act(state)[0])
        state = ship(state, order[-1])
    assert order == [PETE, JOHN, VINCE] and t.to_act(state) == [DAVE]
    # Each cube crossed John's link once: five shipments so far.
    assert state["players"][JOHN]["income"] == 4
    assert state["cities"]["Providence"] == ["yellow"] * 4


def test_when_nobody_bought_a_link_everyone_ships_twice() -> None:
    state = after_auctions(())
    assert state["ship"] == {"round": 1, "queue": [PETE, JOHN, VINCE, DAVE]}


def test_a_cube_visits_each_city_once_and_moves_only_along_links() -> None:
    t = title()
    state = after_auctions(())
    with pytest.raises(IllegalAction) as info:
        step(t, state, {"type": "ship", "seat": PETE, "cube": "yellow",
                        "route": ["Providence", "Boston", "Providence", "Boston"]})
    assert info.value.code == "city_twice"
    with pytest.raises(IllegalAction) as info:
        step(t, state, {"type": "ship", "seat": PETE, "route": ["Providence", "Hartford"],
                        "cube": "yellow"})
    assert (info.value.code, info.value.message) == (
        "no_link", "There is no Railway Link between Providence and Hartford.")
    with pytest.raises(IllegalAction) as info:
        step(t, state, {"type": "ship", "seat": PETE, "route": ["Providence", "Boston", "Lowell"],
                        "cube": "blue"})
    assert (info.value.code, info.value.message) == (
        "no_link", "A cube can move only along built Railway Links, and Boston - Lowell is not "
        "built.")


def test_declining_to_ship_asks_about_this_go_in_round_one_and_the_turn_in_round_two() -> None:
    t = title()
    state = after_auctions((DAVE, JOHN))

    def confirm(state: State, seat: int) -> str | None:
        return next(s.confirm for s in t.suggest(state, seat) if s.command == "done")

    assert confirm(state, PETE) == "A cube could still be shipped. Ship nothing now?"
    state = ship(state, PETE)
    state = ship(state, VINCE)
    assert confirm(state, PETE) == "A cube could still be shipped. Ship nothing this turn?"


def test_a_cube_may_leave_a_city_that_demands_its_colour() -> None:
    # House reading: the text stops a cube when it *enters* a city demanding its colour, so one
    # that grew in such a city may still be shipped on to the next one.
    t = title()
    state = after_auctions(())
    state["cities"]["Worcester"] = ["purple"]
    for lid in ("Boston-Worcester", "Boston-Portsmouth"):
        state["links"][lid].update(owner=VINCE, status="built")
    assert [a["route"] for a in t.legal(state, PETE)
            if a["type"] == "ship" and a["cube"] == "purple"] == [
        ["Worcester", "Boston", "Portsmouth"]]
    state = step(t, state, {"type": "ship", "seat": PETE,
                            "route": ["Worcester", "Boston", "Portsmouth"]}).state
    assert state["players"][VINCE]["income"] == 2 and state["cities"]["Worcester"] == []
