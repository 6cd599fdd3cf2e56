"""The turn's automatic steps in the rulebook's order: growth and publicity for each player
count, and a debt service that forces more than one Bank Loan note."""

from __future__ import annotations

import pytest
from ne_helpers import config, ctx, title

from engine.core import IllegalAction, State, new_game, step
from engine.newengland.turn import advance, close_auctions


def at_retire_step(players: int) -> State:
    """A fresh game moved on to the end of its Retire Bank Loan Debt step."""
    state = new_game(title(), config(players, 5))
    state.update(phase="retire", pending=[])
    state["deck"] = ["Concord-Rutland", "Rutland-Burlington", "Pittsfield-Rutland",
                     "Springfield-Pittsfield", "Fitchburg-Brattleboro", "Brattleboro-Rutland",
                     "Burlington-Concord"]
    return state


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_each_displayed_link_turns_a_growth_card_and_publicizes_one_more(players: int) -> None:
    t = title()
    state = at_retire_step(players)
    shown = list(state["current"])
    assert len(shown) == players - 1  # "only two Rail Links" in a 3 player game, and so on
    c = ctx(t, state, [0] * 2 * len(shown))  # a cube for each city the growth cards name
    advance(c)
    assert len(state["recent"]["growth"]) == len(shown)
    # One link turned over above each one on display, drawn from the top of the deck.
    coming = ["Burlington-Concord", "Brattleboro-Rutland", "Fitchburg-Brattleboro",
              "Springfield-Pittsfield", "Pittsfield-Rutland"][:len(shown)]
    assert state["future"] == coming
    assert all(state["links"][lid]["status"] == "future" for lid in coming)
    assert state["phase"] == "auction" and state["auction"]["link"] == shown[0]
    # Once this turn's links are sold or put aside, next turn's move down in the same order.
    close_auctions(c)
    assert state["current"] == coming and state["future"] == []
    assert not state["last_turn"]


def test_a_debt_service_beyond_one_note_forces_a_loan_that_covers_its_own_service() -> None:
    t = title()
    state = new_game(t, config(3, 5))
    seat = t.to_act(state)[0]
    state["players"][seat].update(cash=0, loans=50)  # $10 of debt service due
    # $10 more would leave $10 for $12 of service: two notes are needed.
    with pytest.raises(IllegalAction) as info:
        step(t, state, {"type": "loan", "seat": seat, "amount": 10})
    assert info.value.message == ("You must borrow at least $20 so that you can pay your debt "
                                  "service this turn.")
    assert min(a["amount"] for a in t.legal(state, seat)) == 20
    state = step(t, state, {"type": "loan", "seat": seat, "amount": 20}).state
    for other in t.to_act(state):
        state = step(t, state, {"type": "done", "seat": other}).state
    assert state["players"][seat]["loans"] == 70
    assert state["players"][seat]["cash"] == 20 - 14
