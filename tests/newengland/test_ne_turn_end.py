"""The First Player card, the last turn and the final reckoning."""

from __future__ import annotations

from ne_helpers import config, ctx, title

from engine.core import State, new_game, step
from engine.newengland.turn import advance, close_auctions, pass_first_player


def fresh(players: int = 3) -> State:
    state = new_game(title(), config(players, 11))
    state["first"] = 0
    return state


def test_first_player_card_goes_to_the_greatest_income() -> None:
    state = fresh()
    for seat, income in enumerate((5, 9, 7)):
        state["players"][seat]["income"] = income
    pass_first_player(ctx(title(), state))
    assert state["first"] == 1


def test_a_tie_on_income_goes_to_the_most_cash_net_of_debt() -> None:
    state = fresh()
    for seat, (income, cash, loans) in enumerate(((9, 30, 20), (9, 15, 0), (3, 99, 0))):
        state["players"][seat].update(income=income, cash=cash, loans=loans)
    pass_first_player(ctx(title(), state))
    assert state["first"] == 1


def test_a_full_tie_is_settled_by_a_die() -> None:
    state = fresh()
    for p in state["players"]:
        p.update(income=4, cash=10, loans=0)
    pass_first_player(ctx(title(), state, [2]))
    assert state["first"] == 2


def last_link_state(*last: str) -> State:
    """The deck is spent and the given links (Springfield-Hartford by default) are left to
    sell."""
    last = last or ("Springfield-Hartford",)
    state = fresh()
    state.update(phase="auction", auction=None, auction_pos=0, pending=[], deck=[],
                 current=list(last), future=[])
    for lid, link in state["links"].items():
        link["status"] = "current" if lid in last else "removed"
    for p in state["players"]:
        p["cash"] = 20
    state["players"][0]["loans"] = 10
    for city in state["cities"]:
        state["cities"][city] = []
    advance(ctx(title(), state))
    return state


def test_building_the_last_purchased_link_ends_the_game_that_turn() -> None:
    t = title()
    state = last_link_state()
    state = step(t, state, {"type": "bid", "seat": 0, "amount": 6}).state
    state = step(t, state, {"type": "pass", "seat": 1}).state
    # Seat 2 passes: seat 0 buys and rolls 6+6, then the market dice (1+1) and the end.
    state = step(t, state, {"type": "pass", "seat": 2, "chance": [5, 5, 0, 0]}).state
    assert state["finished"] and state["last_turn"]
    # $14 cash + value 4 - $10 loan - $2 service.
    assert state["final"]["money"] == [6, 20, 20]
    assert state["final"]["winners"] == [1, 2]
    assert t.to_act(state) == []
    # The standings show the loan and the debt service paid on top of it apart.
    assert "Dave $6 (cash $14, links $4, loans -$10, debt service -$2)" in t.summary(state)


def test_a_last_link_left_unfinished_ends_the_game_next_turn() -> None:
    t = title()
    state = last_link_state("Boston-Providence")
    state = step(t, state, {"type": "bid", "seat": 0, "amount": 6}).state
    state = step(t, state, {"type": "pass", "seat": 1}).state
    state = step(t, state, {"type": "pass", "seat": 2, "chance": [0, 0]}).state  # 1+1 < 5
    # Market dice 1+1, then a die between the two players tied for the First Player card.
    state = step(t, state, {"type": "wait", "seat": 0, "chance": [0, 0, 1]}).state
    assert not state["finished"] and not state["last_turn"]
    assert state["turn"] == 2 and state["phase"] == "loans"
    for seat in t.to_act(state):
        state = step(t, state, {"type": "done", "seat": seat}).state
    # Seat 0 paid $2 service on the loan; now it may retire it, then the turn runs out.
    state = step(t, state, {"type": "done", "seat": 0, "chance": [0, 0]}).state
    assert state["links"]["Boston-Providence"]["status"] == "built"
    assert state["finished"]
    # $20 - $6 bid - $2 service = $12 cash; + value 5 - $10 loan - $2 final service.
    assert state["final"]["money"][0] == 5


def test_the_game_waits_for_every_purchased_link_not_only_the_last_one_bought() -> None:
    # "The last purchased Railway Link is built" is read as every purchased link: a link left
    # to be finished next turn keeps the game going though a later purchase was built at once.
    t = title()
    state = last_link_state("Boston-Providence", "Springfield-Hartford")
    state = step(t, state, {"type": "bid", "seat": 0, "amount": 6}).state
    state = step(t, state, {"type": "pass", "seat": 1}).state
    state = step(t, state, {"type": "pass", "seat": 2, "chance": [0, 0]}).state  # 1+1 < 5
    state = step(t, state, {"type": "wait", "seat": 0}).state
    state = step(t, state, {"type": "bid", "seat": 1, "amount": 1}).state
    # Seat 2 passes: seat 1 buys the last link and rolls 6+6; then the market dice (1+1).
    state = step(t, state, {"type": "pass", "seat": 2, "chance": [5, 5, 0, 0]}).state
    assert state["links"]["Springfield-Hartford"]["status"] == "built"
    assert state["links"]["Boston-Providence"]["status"] == "unfinished"
    assert not state["finished"] and not state["last_turn"] and state["turn"] == 2
    for seat in t.to_act(state):
        state = step(t, state, {"type": "done", "seat": seat}).state
    state = step(t, state, {"type": "done", "seat": 0, "chance": [0, 0]}).state
    assert state["links"]["Boston-Providence"]["status"] == "built"
    assert state["finished"]


def test_from_the_end_of_the_auctions_the_view_keeps_this_turns_links_apart() -> None:
    t = title()
    state = fresh()
    state["phase"] = "auction"
    sold, coming = list(state["current"]), ["Hartford-Plainfield"]
    state["future"] = list(coming)
    close_auctions(ctx(t, state))
    display = t.view(state, None)["display"]
    assert state["phase"] == "ship"
    assert display["this_turn"] == sold and display["next_turn"] == coming


def test_the_status_line_names_the_step_as_the_rulebook_does() -> None:
    state = fresh()
    assert title().summary(state).startswith("Turn 1, Acquire Bank Loans. ")
