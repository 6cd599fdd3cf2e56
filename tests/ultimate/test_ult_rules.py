"""Scenario tests of the core rules, in the rulebook's order."""

from __future__ import annotations

import pytest
from ult_helpers import NAMES, fresh, lone_green_step, play, skip_bonus

from engine.core import IllegalAction, State, step
from engine.ultimate.flow import next_order
from engine.ultimate.title import UltimateTitle


def acting(t: UltimateTitle, state: State) -> int:
    return t.to_act(state)[0]


def refused(t: UltimateTitle, state: State, seat: int, kind: str, match: str,
            **opts: object) -> None:
    with pytest.raises(IllegalAction, match=match):
        step(t, state, {"type": kind, "seat": seat, **opts})


# -- setup -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("n", "workers", "coins", "rounds", "row"),
                         [(2, 6, 2, 6, 6), (3, 6, 1, 6, 7), (4, 5, 1, 7, 7)])
def test_setup_per_player_count(n: int, workers: int, coins: int, rounds: int, row: int) -> None:
    t, state = fresh(n, seed=11)
    assert state["rounds"] == rounds
    for p in state["players"]:
        assert (p["workers"], p["coins"], p["reserve"]) == (workers, coins, 2)
        assert p["routes"]["ts"]["locos"] == ["1"]
        assert all(r["tracks"]["wood"] == 1 for r in p["routes"].values())
    assert all(v == n for v in state["stacks"].values())
    engineers = state["engineer_row"]
    assert len(engineers) == row
    assert sum(e is not None for e in engineers) == (7 if n == 4 else 6)
    assert (engineers[0] is None) == (n == 3)  # 3 players leave the left-most space empty
    groups = [t.board.engineers[e]["group"] for e in engineers if e is not None]
    assert groups[-3:] == ["A", "A", "A"] and set(groups[:-3]) == {"B"}
    assert len(state["end_deck"]) == len(t.board.end_bonus) - 2


def test_the_two_player_side_crosses_out_spaces() -> None:
    _, state = fresh(2)
    assert {"wood2", "green2", "loco2", "second"}.isdisjoint(state["spaces"])
    _, state = fresh(3)
    assert {"wood2", "green2", "loco2", "second"} <= set(state["spaces"])


def test_starting_bonus_cards_go_from_the_last_position_forward() -> None:
    t, state = fresh(4, seed=5)
    order = state["order"]
    chosen = []
    while state["phase"] == "bonus":
        seat = acting(t, state)
        chosen.append(seat)
        state = play(t, state, seat, "pick", choice="start-coins" if len(chosen) == 1
                     else t.legal(state, seat)[0]["choice"])
        while state["active"] == seat:
            state = play(t, state, seat, "pick", choice=t.legal(state, seat)[0]["choice"])
    assert chosen == [order[3], order[2], order[1]]
    assert state["players"][order[3]]["coins"] == 1 + 2
    assert state["players"][order[0]]["coins"] == 1
    assert state["current"] == order[0]


# -- the action phase ----------------------------------------------------------------------------

def test_exact_workers_and_a_space_blocked_for_the_round() -> None:
    t, state = fresh(3, seed=2)
    state = skip_bonus(t, state)
    a = acting(t, state)
    before = state["players"][a]["workers"]
    state = play(t, state, a, "place", space="industry2")
    assert state["players"][a]["workers"] == before - 2
    b = acting(t, state)
    assert b != a
    refused(t, state, b, "place", "already occupies", space="industry2")


def test_coins_replace_workers_but_not_the_other_way_round() -> None:
    t, state = fresh(2, seed=2)
    state = skip_bonus(t, state)
    a = acting(t, state)
    state["players"][a]["coins"] = 0
    refused(t, state, a, "place", "needs 1 coin", space="any2", coins=0)
    refused(t, state, a, "place", "coin", space="hire")
    state["players"][a]["coins"] = 2
    after = play(t, state, a, "place", space="industry2", coins=2)
    p = after["players"][a]
    assert (p["coins"], p["workers"]) == (0, state["players"][a]["workers"])
    assert after["spaces"]["industry2"] == {"seat": a, "workers": 0, "coins": 2}


def test_the_always_open_space_can_be_used_again() -> None:
    t, state = fresh(2, seed=2)
    state = skip_bonus(t, state)
    a = acting(t, state)
    state = play(t, state, a, "place", space="again")
    if state["active"] == a:
        state = play(t, state, a, "pick", choice="wood-sp")
    b = acting(t, state)
    state = play(t, state, b, "place", space="again")
    assert state["again"] == [a, b]


def test_passing_scores_the_turn_order_card_and_skips_the_player() -> None:
    t, state = fresh(3, seed=8)
    state = skip_bonus(t, state)
    order = state["order"]
    state = play(t, state, order[0], "pass")
    state = play(t, state, order[1], "pass")
    assert [state["players"][s]["score"] for s in order[:2]] == [0, 2]
    assert acting(t, state) == order[2]
    state = play(t, state, order[2], "place", space="coins")
    assert acting(t, state) == order[2]  # the others have passed
    state = play(t, state, order[2], "pass")
    assert state["round"] == 2
    assert state["players"][order[2]]["score"] >= 3


def test_temporary_workers_serve_this_round_only() -> None:
    t, state = fresh(2, seed=3)
    state = skip_bonus(t, state)
    a = acting(t, state)
    state = play(t, state, a, "place", space="temp")
    assert state["players"][a]["temp"] == 2 and state["temp_holder"] == a
    b = acting(t, state)
    state = play(t, state, b, "pass")
    workers = state["players"][a]["workers"]
    state = play(t, state, a, "place", space="industry2")
    assert state["players"][a]["workers"] == workers  # paid with the temporary workers
    state = play(t, state, a, "pass")
    assert state["players"][a]["temp"] == 0 and state["temp_holder"] is None


def test_an_indirect_actions_only_choice_is_asked_and_may_be_left() -> None:
    # "You can also choose not to resolve indirect actions": a factory's single green step (green
    # fits only the Trans-Siberian) is offered with a button that leaves it; the direct action's
    # only choice (the single wrench of industry +1) is made by itself.
    t, state = fresh(2, seed=2)
    state, a = lone_green_step(t, state)
    assert state["players"][a]["wrenches"] == [t.board.gaps[0]]
    assert t.legal(state, a) == [{"type": "pick", "seat": a, "choice": "green-ts"},
                                 {"type": "done", "seat": a}]
    leave = t.suggest(state, a)[-1]
    assert (leave.command, leave.label) == ("done", "Leave the track steps unused (#4 factory)")
    left = play(t, state, a, "done")
    assert left["players"][a]["routes"]["ts"]["tracks"]["green"] == 0
    assert acting(t, left) != a
    taken = play(t, state, a, "pick", choice="green-ts")
    assert taken["players"][a]["routes"]["ts"]["tracks"]["green"] == 1


# -- track extension -----------------------------------------------------------------------------

def test_tracks_move_one_step_at_a_time_and_unlock_green_at_trans_siberian_2() -> None:
    t, state = fresh(2, seed=2)
    state = skip_bonus(t, state)
    a = acting(t, state)
    state["players"][a]["routes"]["ts"]["tracks"]["wood"] = 1
    state["players"][a]["unlocked"] = ["wood"]
    state = play(t, state, a, "place", space="wood3")
    state = play(t, state, a, "pick", choice="wood-ts")
    p = state["players"][a]
    assert "green" in p["unlocked"]
    # The first green step puts the track on space 1, behind the wood track on 2.
    with pytest.raises(IllegalAction, match="not one of your choices"):
        step(t, state, {"type": "pick", "seat": a, "choice": "green-ts"})
    state = play(t, state, a, "pick", choice="wood-kiev")
    state = play(t, state, a, "pick", choice="wood-kiev")
    assert state["players"][a]["routes"]["kiev"]["tracks"]["wood"] == 3


def test_a_colour_never_passes_or_joins_the_one_before_it() -> None:
    t, state = fresh(2, seed=2)
    state = skip_bonus(t, state)
    a = acting(t, state)
    p = state["players"][a]
    p["unlocked"] = ["wood", "green"]
    p["routes"]["sp"]["tracks"].update({"wood": 3, "green": 2})
    p["routes"]["ts"]["tracks"].update({"wood": 5, "green": 0})
    p["routes"]["kiev"]["tracks"].update({"wood": 4, "green": 0})
    state = play(t, state, a, "place", space="green3")
    choices = {x["choice"] for x in t.legal(state, a) if x["type"] == "pick"}
    assert "green-sp" not in choices and {"green-ts", "green-kiev"} <= choices


def test_the_silver_space_gives_two_silver_steps_if_there_is_room() -> None:
    t, state = fresh(2, seed=2)
    state = skip_bonus(t, state)
    a = acting(t, state)
    p = state["players"][a]
    p["unlocked"] = ["wood", "green", "bronze"]
    p["activated"] += ["ts:unlock@2", "ts:worker@4", "ts:unlock@6"]
    p["routes"]["ts"]["tracks"].update({"wood": 9, "green": 6, "bronze": 4})
    state = play(t, state, a, "place", space="wood2" if "wood2" in state["spaces"] else "wood3")
    state = play(t, state, a, "pick", choice="wood-ts")
    p = state["players"][a]
    assert "silver" in p["unlocked"]
    assert any(task["k"] == "track" and task["c"] == "silver" and task["n"] == 2
               for task in p["pool"])


# -- locomotives and factories -------------------------------------------------------------------

def test_the_locomotive_chain_reaction_example() -> None:
    t, state = fresh(2, seed=2)
    state = skip_bonus(t, state)
    a = acting(t, state)
    p = state["players"][a]
    p["routes"]["ts"]["locos"] = ["3", "1"]
    state["stacks"].update({"2": 0, "3": 0})
    state = play(t, state, a, "place", space="loco1")
    state = play(t, state, a, "pick", choice="loco-ts-r1")
    # The pushed-out #1 must be settled first; the Kyiv route has a free place.
    assert {x["choice"] for x in t.legal(state, a)} == {"move-sp", "move-kiev"}
    state = play(t, state, a, "pick", choice="move-kiev")
    p = state["players"][a]
    assert p["routes"]["ts"]["locos"] == ["4", "3"] and p["routes"]["kiev"]["locos"] == ["1"]
    # Later: a #4 on St. Petersburg replacing its #2, the #2 replacing Kyiv's #1, and the #1
    # has nowhere to go: it becomes a factory beside the stacks.
    p["routes"]["sp"]["locos"] = ["2"]
    p["routes"]["ts"]["locos"] = ["4", "4"]
    state["spaces"]["loco1"] = None
    state["active"], state["current"] = None, a
    state = play(t, state, a, "place", space="loco1")
    state = play(t, state, a, "pick", choice="loco-sp-r2")
    state = play(t, state, a, "pick", choice="move-kiev-r1")
    p = state["players"][a]
    assert p["routes"]["sp"]["locos"] == ["4"] and p["routes"]["kiev"]["locos"] == ["2"]
    assert state["factory_pool"] == ["1"]


def test_a_new_locomotive_is_turned_over_only_with_no_empty_place() -> None:
    # Read with "You must resolve the direct action in its entirety": a new locomotive goes onto
    # an empty place while there is one; with every place full, upgrading is the player's
    # choice ("If you can't or don't want to add a locomotive ... turn the locomotive tile over").
    t, state = fresh(2, seed=2)
    state = skip_bonus(t, state)
    a = acting(t, state)
    state["stacks"].update({"2": 0})
    state = play(t, state, a, "place", space="loco1")
    assert "loco-scrap" not in {x["choice"] for x in t.legal(state, a)}
    t, state = fresh(2, seed=2)
    state = skip_bonus(t, state)
    p = state["players"][a]
    p["routes"]["ts"]["locos"] = ["3", "1"]
    p["routes"]["sp"]["locos"] = ["2"]
    p["routes"]["kiev"]["locos"] = ["2"]
    state["stacks"].update({"2": 0})
    state = play(t, state, a, "place", space="loco1")
    assert {"loco-ts-r1", "loco-sp-r2", "loco-kiev-r2", "loco-scrap"} <= {
        x["choice"] for x in t.legal(state, a)}
    state = play(t, state, a, "pick", choice="loco-scrap")
    assert state["factory_pool"] == ["3"] and state["players"][a]["routes"]["ts"]["locos"] == [
        "3", "1"]


def test_factories_fill_gaps_left_to_right_then_replace() -> None:
    t, state = fresh(2, seed=2)
    state = skip_bonus(t, state)
    a = acting(t, state)
    state["players"][a]["factories"] = ["2", "2", None, None, None]
    state = play(t, state, a, "place", space="loco1")
    state = play(t, state, a, "pick", choice="factory-new")
    assert state["players"][a]["factories"][2] == "2"
    state["players"][a]["factories"] = ["2", "3", "4", "5", "6"]
    state["spaces"]["loco1"] = None
    state["active"], state["current"] = None, a
    state = play(t, state, a, "place", space="loco1")
    state = play(t, state, a, "pick", choice="factory-new")
    state = play(t, state, a, "pick", choice="slot-4")
    assert state["players"][a]["factories"][3] == "2"
    assert state["factory_pool"] == ["5"]


def test_the_tens_open_once_the_nines_are_gone() -> None:
    t, state = fresh(2, seed=2)
    state = skip_bonus(t, state)
    a = acting(t, state)
    state["stacks"].update({str(k): 0 for k in range(2, 9)})
    state = play(t, state, a, "place", space="loco1")
    choices = {x["choice"] for x in t.legal(state, a)}
    assert "factory-new" in choices and "factory-10a" not in choices
    state["stacks"]["9"] = 0
    choices = {x["choice"] for x in t.legal(state, a)}
    assert {"factory-10a", "factory-10b"} <= choices
    # "Both the #10 locomotive stacks become available": a locomotive may come from either.
    assert {"loco-sp", "loco10b-sp"} <= choices
    state = play(t, state, a, "pick", choice="loco10b-sp")
    assert state["players"][a]["routes"]["sp"]["locos"] == ["10b"]
    assert (state["stacks"]["10a"], state["stacks"]["10b"]) == (2, 1)


# -- turn order ----------------------------------------------------------------------------------

def test_turn_order_rearrangement() -> None:
    assert next_order([0, 1, 2, 3], 2, 3) == [2, 3, 0, 1]
    assert next_order([0, 1, 2, 3], 3, None) == [3, 0, 1, 2]
    assert next_order([0, 1, 2, 3], None, 2) == [0, 2, 1, 3]
    # The first player on the second space with the first space empty: nothing changes.
    assert next_order([0, 1, 2, 3], None, 0) == [0, 1, 2, 3]


def test_turn_order_spaces_not_below_your_own_pawn_and_not_both() -> None:
    t, state = fresh(4, seed=2)
    state = skip_bonus(t, state)
    order = state["order"]
    refused(t, state, order[0], "place", "below your own pawn", space="first")
    state = play(t, state, order[0], "place", space="second")
    refused(t, state, order[1], "place", "already occupies", space="second")
    state = play(t, state, order[1], "place", space="first")
    assert state["players"][order[1]]["workers"] == 4


def test_a_turn_order_space_takes_one_of_your_own_workers() -> None:
    # "If you place a worker not in your color, or a coin, here, immediately replace it with a
    # worker in your color": the space always ends up holding one of your own workers.
    t, state = fresh(3, seed=2)
    state = skip_bonus(t, state)
    seat = state["order"][1]
    state["current"] = seat
    p = state["players"][seat]
    p.update(temp=2, coins=3)
    state["temp_holder"] = seat
    after = play(t, state, seat, "place", space="first", coins=1)
    q = after["players"][seat]
    assert (q["workers"], q["temp"], q["coins"]) == (p["workers"] - 1, 2, 3)
    p["workers"] = 0
    refused(t, state, seat, "place", "needs one of your own workers", space="first")


def test_workers_on_the_turn_order_spaces_move_again_second_place_first() -> None:
    t, state = fresh(3, seed=2)
    state = skip_bonus(t, state)
    order = state["order"]
    state = play(t, state, order[0], "place", space="second")
    state = play(t, state, order[1], "place", space="first")
    for seat in order[2:] + order[:2]:
        state = play(t, state, seat, "pass")
    assert state["phase"] == "moves"
    assert state["next_order"] == [order[1], order[0], order[2]]
    assert acting(t, state) == order[0]
    spaces = {x["space"] for x in t.legal(state, order[0]) if x["type"] == "place"}
    assert "industry1" in spaces and "industry2" not in spaces and "any2" not in spaces
    state = play(t, state, order[0], "place", space="industry1")
    assert acting(t, state) == order[1]
    state = play(t, state, order[1], "pass")
    assert state["round"] == 2 and state["order"] == [order[1], order[0], order[2]]


def test_the_first_player_on_the_second_space_keeps_the_order_and_still_moves() -> None:
    # "You can still move your worker in the first special case described above."
    t, state = fresh(3, seed=2)
    state = skip_bonus(t, state)
    order = state["order"]
    state = play(t, state, order[0], "place", space="second")
    for seat in order[1:] + order[:1]:
        state = play(t, state, seat, "pass")
    assert state["phase"] == "moves" and state["next_order"] == order
    assert acting(t, state) == order[0]
    coins = state["players"][order[0]]["coins"]
    state = play(t, state, order[0], "place", space="coins")
    assert state["round"] == 2 and state["order"] == order
    # coins from the moved worker's action are there for the next round
    assert state["players"][order[0]]["coins"] == coins + 2


def test_with_two_players_the_space_below_your_own_pawn_is_open() -> None:
    t, state = fresh(2, seed=2)
    state = skip_bonus(t, state)
    first = state["order"][0]
    state = play(t, state, first, "place", space="first")
    assert state["spaces"]["first"]["seat"] == first


def test_the_last_round_tile_covers_the_turn_order_spaces() -> None:
    t, state = fresh(2, seed=2)
    state = skip_bonus(t, state)
    for _ in range(state["rounds"] - 1):
        for seat in list(state["order"]):
            state = play(t, state, seat, "pass")
    assert state["round"] == state["rounds"]
    seat = acting(t, state)
    spaces = {x["space"] for x in t.legal(state, seat) if x["type"] == "place"}
    assert "industry3" in spaces and "first" not in spaces
    for seat in list(state["order"]):
        state = play(t, state, seat, "pass")
    assert state["finished"] and t.to_act(state) == []


# -- engineers ------------------------------------------------------------------------------------

def test_hiring_and_using_your_own_engineer() -> None:
    t, state = fresh(2, seed=2)
    state = skip_bonus(t, state)
    a = acting(t, state)
    number = state["engineer_row"][-1]
    state = play(t, state, a, "place", space="hire")
    assert state["players"][a]["engineers"] == [number]
    assert state["engineer_row"][-1] is None
    b = acting(t, state)
    state = play(t, state, b, "place", space="coins")
    state = play(t, state, a, "place", space=f"eng{number}")
    if state["active"] == a:  # an engineer's action may be left unfinished
        state = play(t, state, a, "done")
    # Using your own engineer is placing on an action space: it was this turn's action.
    assert acting(t, state) == b
    state = play(t, state, b, "pass")
    refused(t, state, a, "place", "already used", space=f"eng{number}")


def test_engineers_move_right_each_round_and_an_unhired_one_leaves() -> None:
    t, state = fresh(2, seed=2)
    state = skip_bonus(t, state)
    row = list(state["engineer_row"])
    for seat in list(state["order"]):
        state = play(t, state, seat, "pass")
    assert state["engineer_row"] == [None, *row[:-1]]


def test_the_supply_holds_30_doublers_so_the_space_stays_open_past_20() -> None:
    # The contents list: "30 doubler tokens".
    t, state = fresh(4, seed=2)
    assert state["doublers"] == 30
    state = skip_bonus(t, state)
    taken = 30 - state["doublers"]  # starting bonus doublers
    for p in state["players"]:  # 20 more doublers spread over the four players
        p["doublers"] += 5
    state["doublers"] -= 20
    seat = acting(t, state)
    assert state["doublers"] == 10 - taken
    assert "doubler" in {x.get("space") for x in t.legal(state, seat)}
    had = state["players"][seat]["doublers"]
    state = play(t, state, seat, "place", space="doubler")
    assert state["players"][seat]["doublers"] == had + 1
    assert state["doublers"] == 9 - taken


@pytest.mark.parametrize("board", ["russian", "german", "asian"])
def test_a_doubler_taken_is_kept_and_the_log_says_only_that(board: str) -> None:
    # "You must fill these spaces from left to right": the doubler needs no choice of place.
    t, state = fresh(2, seed=2, board=board)
    state = skip_bonus(t, state)
    seat = acting(t, state)
    had = state["players"][seat]["doublers"]
    result = step(t, state, {"type": "place", "seat": seat, "space": "doubler"})
    texts = [e["text"] for e in result.events]
    assert result.state["players"][seat]["doublers"] == had + 1
    assert f"{NAMES[seat]} takes 1 doubler (now {had + 1})." in texts
    assert not any("loses" in x or "no way" in x for x in texts), texts
