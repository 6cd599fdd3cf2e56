"""The rulebook's worked examples with its own numbers."""

from __future__ import annotations

from typing import Any

from ult_helpers import fresh, play, skip_bonus

from engine.core import Rng, State
from engine.ultimate import pool, scoring
from engine.ultimate.ctx import Ctx
from engine.ultimate.title import UltimateTitle


def ctx_of(t: UltimateTitle, state: State) -> Ctx:
    return Ctx(t.board, state, Rng({"seed": 0, "n": 0}))


def board_player(t: UltimateTitle, state: State, seat: int, tracks: dict[str, dict[str, int]],
                 locos: dict[str, list[str]], **extra: Any) -> dict[str, Any]:
    p: dict[str, Any] = state["players"][seat]
    for rid, tr in tracks.items():
        p["routes"][rid]["tracks"].update(tr)
    for rid, tiles in locos.items():
        p["routes"][rid]["locos"] = list(tiles)
    p.update(extra)
    pool.settle_specials(ctx_of(t, state), seat)
    p["pool"].clear()
    return p


def test_the_scoring_example_totals_20_points() -> None:
    t, state = fresh(4)
    p = board_player(
        t, state, 0,
        tracks={"ts": {"wood": 8, "green": 7, "bronze": 3}, "sp": {"wood": 3},
                "kiev": {"wood": 4}},
        locos={"ts": ["6", "2"], "sp": [], "kiev": ["2"]},
        doublers=1, unlocked=["wood", "green", "bronze"])
    # The wrench stands on the factory in the second gap, just after the 5-point space.
    p["factories"][:2] = ["2", "3"]
    p["wrenches"] = [t.board.gaps[1]]
    parts = scoring.round_breakdown(t.board, p)
    assert parts == {"ts": 12, "sp": 0, "kiev": 3, "industry": 5, "medal": 0}
    assert sum(parts.values()) == 20


def test_trans_siberian_step_by_step() -> None:
    # Bronze on 1-3 (2 each, the doubler over space 1 makes it 4) = 8, green on 4-7 = 4,
    # wood on 8 = 0: 12 points; the #6 and #2 together reach space 8 only.
    t, state = fresh(2)
    p = board_player(t, state, 0, tracks={"ts": {"wood": 12, "green": 7, "bronze": 3}},
                     locos={"ts": ["6", "2"]}, doublers=1)
    assert scoring.route_points(t.board, p, t.board.route_by_id["ts"]) == 12
    p["doublers"] = 0
    assert scoring.route_points(t.board, p, t.board.route_by_id["ts"]) == 10


def test_kyiv_bonus_spaces_with_a_number_3_locomotive_score_6() -> None:
    t, state = fresh(2)
    p = board_player(t, state, 0, tracks={"kiev": {"wood": 3}}, locos={"kiev": ["3"]})
    assert scoring.route_points(t.board, p, t.board.route_by_id["kiev"]) == 1 + 2 + 3


def test_kyiv_with_a_number_2_locomotive_scores_spaces_1_and_2_only() -> None:
    t, state = fresh(2)
    p = board_player(t, state, 0, tracks={"kiev": {"wood": 6}}, locos={"kiev": ["2"]})
    assert scoring.route_points(t.board, p, t.board.route_by_id["kiev"]) == 3


def test_st_petersburg_space_7_doubles_the_route_once_reached_with_a_locomotive() -> None:
    t, state = fresh(2)
    p = board_player(t, state, 0, tracks={"sp": {"wood": 7, "green": 5}}, locos={"sp": ["5"]},
                     unlocked=["wood", "green"])
    route = t.board.route_by_id["sp"]
    assert scoring.route_points(t.board, p, route) == 5  # not reached by a locomotive yet
    p = board_player(t, state, 0, tracks={}, locos={"sp": ["7"]})
    assert scoring.route_points(t.board, p, route) == 2 * 5


def test_industry_scores_the_previous_space_when_the_wrench_is_on_a_factory() -> None:
    t, _ = fresh(2)
    gap2 = t.board.gaps[1]
    assert t.board.industry_points(gap2) == 5
    assert t.board.industry_points(gap2 - 1) == 5
    assert t.board.industry_points(4) == 4


def test_engineer_majority_example() -> None:
    # You have 3 engineers, Blue and Red 2 each (Red holds the highest number), Yellow none.
    players = [
        {"seat": 0, "engineers": [3, 7, 9], "bonus_cards": []},
        {"seat": 1, "engineers": [2, 11], "bonus_cards": []},
        {"seat": 2, "engineers": [5, 14], "bonus_cards": []},
        {"seat": 3, "engineers": [], "bonus_cards": []},
    ]
    assert scoring.majority(players, [40, 20]) == {0: 40, 2: 20}


def test_engineer_majority_tie_for_first_goes_to_the_highest_number() -> None:
    players = [
        {"seat": 0, "engineers": [3, 7], "bonus_cards": []},
        {"seat": 1, "engineers": [2, 15], "bonus_cards": []},
        {"seat": 2, "engineers": [4], "bonus_cards": ["extra_engineer"]},
    ]
    # All three count 2 (seat 2's extra engineer card counts as one): the highest numbers win.
    assert scoring.majority(players, [40, 20]) == {1: 40, 0: 20}
    players[0]["engineers"] = [3]
    assert scoring.majority(players, [40, 20]) == {1: 40, 2: 20}


def test_the_final_ranking_shares_places_on_ties() -> None:
    assert scoring.ranking([120, 140, 120, 90]) == [2, 1, 2, 4]
    assert scoring.ranking([100, 100]) == [1, 1]


def test_moving_the_wrench_onto_a_factory_resolves_its_action_then_continues() -> None:
    t, state = fresh(2, seed=4)
    state = skip_bonus(t, state)
    seat = t.to_act(state)[0]
    p = state["players"][seat]
    p["wrenches"] = [4]
    p["factories"][0] = "2"  # the #2 factory: 2 wood steps
    state = play(t, state, seat, "place", space="industry2")
    p = state["players"][seat]
    assert p["wrenches"] == [t.board.gaps[0] + 1]
    assert [task["k"] for task in p["pool"]] == ["track"]
    assert p["pool"][0]["n"] == 2 and p["pool"][0]["c"] == "wood"


def test_an_unfilled_gap_stops_the_wrench() -> None:
    t, state = fresh(2, seed=4)
    state = skip_bonus(t, state)
    seat = t.to_act(state)[0]
    state["players"][seat]["wrenches"] = [4]
    assert {"type": "place", "seat": seat, "space": "industry1"} not in t.legal(state, seat)
    import pytest

    from engine.core import IllegalAction, step
    with pytest.raises(IllegalAction, match="fill the next factory gap"):
        step(t, state, {"type": "place", "seat": seat, "space": "industry1"})
