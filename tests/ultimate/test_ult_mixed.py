"""A player board with another industry track (the rulebook's 'COMBINATIONS & SPECIAL CASES'):
the `industry=` and `asian_locos=` options, the boulders per combination, the screw nut on the
industry board's last space, no steelworks on the industry board, the third wrench of a German
route extension on the dual track of your choice, and one random game per combination."""

from __future__ import annotations

import pytest
from ult_helpers import ctx_of, fresh, skip_bonus

from engine.core import IllegalAction, State
from engine.ultimate import DATA, UltimateTitle, gains, industry, pool, scoring
from engine.ultimate.ctx import Ctx
from engine.ultimate.plugins.american import rules as american


def mixed(board: str, industry_track: str, players: int = 2, seed: int = 3,
          **more: str) -> tuple[UltimateTitle, State, int]:
    t, state = fresh(players, seed, board, industry=industry_track, **more)
    state = skip_bonus(t, state)
    return t, state, t.to_act(state)[0]


def test_options_refuse_what_the_rulebook_does_not_allow() -> None:
    t, _ = fresh(2)
    with pytest.raises(IllegalAction, match="no 'wooden' industry track"):
        t.validate_options(None, {"industry": "wooden"})
    # "When using the industry board, always use the alternative #2 locomotives."
    for options in ({"board": "asian", "asian_locos": "base"},
                    {"board": "russian", "industry": "board", "asian_locos": "base"}):
        with pytest.raises(IllegalAction, match="always use the alternative #2 locomotives"):
            t.validate_options(None, options)
    with pytest.raises(IllegalAction, match="Asian player board without the industry board"):
        t.validate_options(None, {"board": "german", "asian_locos": "base"})
    t.validate_options(None, {"board": "asian", "industry": "base", "asian_locos": "base"})
    t.validate_options(None, {"board": "american", "industry": "board"})


def test_the_asian_player_board_without_the_industry_board_may_take_the_base_locomotives() -> None:
    # "If you use the Asian player board without the industry board, you can choose to use the
    # #2 locomotives from the base game instead."
    t, state, _ = mixed("asian", "base", asian_locos="base")
    base = ctx_of(t, state).board
    assert base.factories["2"] == DATA["factories"]["by_tile"]["2"]
    assert "ind" not in state and "purple_cars" not in state["idea_cards"]
    assert state["players"][0]["sites"]  # the player board's construction sites stay
    t, state, _ = mixed("asian", "american")
    assert ctx_of(t, state).board.factories["2"] == DATA["boards"]["asian"]["loco2"]
    # with the industry board, whatever the player board, always the alternative ones
    t, state, _ = mixed("russian", "board")
    board = ctx_of(t, state).board
    assert board.factories["2"] == DATA["boards"]["asian"]["loco2"]
    assert "ind" in state and "purple_cars" in state["idea_cards"]
    assert "sites" not in state["players"][0]


def test_boulders_per_combination() -> None:
    # "American player board with a different industry track or the industry board: only place
    # the boulder tile on the player board"; "American industry track with a different player
    # board: do not place any boulder tiles".
    _, state, _ = mixed("american", "base")
    assert state["players"][0]["boulders"] == ["route"]
    _, state, _ = mixed("american", "board")
    assert state["players"][0]["boulders"] == ["route"]
    _, state, _ = mixed("german", "american")
    assert "boulders" not in state["players"][0]
    assert state["players"][0]["wrenches"] == [0, 0]  # the dual track's two wrenches
    _, state = fresh(2, 3, "american")
    assert state["players"][0]["boulders"] == ["route", "industry"]


def to_space_35(board: str) -> tuple[UltimateTitle, State, int, Ctx]:
    """Every factory built, one wrench moved from space 34 onto the last space."""
    t, state, seat = mixed(board, "board")
    ctx = ctx_of(t, state)
    p = state["players"][seat]
    for layer in state["ind"]["layers"]:
        layer.append({"tile": "3", "seat": seat})
    p["wrenches"] = [34]
    p["pool"].append({"k": "industry", "n": 1, "must": False, "src": "test"})
    pool.resolve(ctx, seat, "industry")
    return t, state, seat, ctx


def test_the_screw_nut_on_space_35_gives_a_key_or_a_stock_increase_once() -> None:
    _, state, seat, ctx = to_space_35("american")
    p = state["players"][seat]
    assert len(ctx.board.industry) - 1 == 35
    keys = p["keys"]
    assert {c for c, _ in pool.all_options(ctx, seat)} >= {"nut-key", "nut-stock"}
    pool.resolve(ctx, seat, "nut-key")
    assert p["keys"] == keys + 1
    # a second wrench reaching it later gives nothing more
    p["pool"].clear()
    p["wrenches"].append(34)
    p["pool"].append({"k": "industry", "n": 1, "must": False, "src": "test"})
    pool.resolve(ctx, seat, "industry-2")
    assert not any(task["k"] == "nut" for task in p["pool"])
    # a stock increase instead
    _, state, seat, ctx = to_space_35("american")
    pool.resolve(ctx, seat, "nut-stock")
    assert seat in state["stocks"]["levels"][1]


def test_no_screw_nut_without_the_american_player_board() -> None:
    _, state, seat, _ = to_space_35("russian")
    assert state["players"][seat]["wrenches"] == [35]
    assert not any(task["k"] == "nut" for task in state["players"][seat]["pool"])


def test_a_steelworks_goes_back_to_the_box_and_moves_a_wrench_instead() -> None:
    # "You cannot add a steelworks to the industry board. If you receive one, return it to the
    # box and move 1 wrench 1 space forward."
    t, state, seat = mixed("american", "board")
    ctx = ctx_of(t, state)
    state["stacks"]["4"] = 0
    american.after_take(ctx, seat, "4")
    p = state["players"][seat]
    assert "4" not in state["steelworks"]
    assert [task["k"] for task in p["pool"]] == ["industry"] and p["pool"][0]["n"] == 1
    assert not any("4w" in layer for layer in state["ind"]["layers"])


def test_the_third_wrench_goes_on_the_dual_track_of_your_choice() -> None:
    # "AMERICAN INDUSTRY TRACK + GERMAN PLAYER BOARD: If you receive the third wrench from a
    # route extension, you can add it to the industry track of your choice."
    t, state, seat = mixed("german", "american")
    ctx = ctx_of(t, state)
    p = state["players"][seat]
    gains.add_wrench(ctx, seat, "a route extension")
    assert p["wrenches"] == [0, 0, 0]
    assert {c for c, _ in pool.all_options(ctx, seat)} == {"track-lower", "track-upper"}
    pool.resolve(ctx, seat, "track-upper")
    assert p["upper"] == [1, 2]
    # on the upper track it passes the gaps and scores the upper numbers
    p["wrenches"][2] = 4
    assert industry.can_move(ctx, seat, 2)
    p["wrenches"][2] = 13
    assert scoring.industry_points(ctx.board, p) == ctx.board.upper[13]
    t, state, seat = mixed("german", "american")
    ctx = ctx_of(t, state)
    p = state["players"][seat]
    gains.add_wrench(ctx, seat, "a route extension")
    pool.resolve(ctx, seat, "track-lower")
    p["wrenches"][2] = 4  # the next space is an empty factory gap
    assert p.get("upper") == [1] and not industry.can_move(ctx, seat, 2)


def test_the_second_wrench_idea_token_gives_no_wrench_on_the_dual_track() -> None:
    # "In AMERICAN RAILROADS you start with 2 wrenches. You do not receive a third by choosing
    # this tile. You can still choose it to receive the 2 industry steps."
    t, state, seat = mixed("german", "american")
    ctx = ctx_of(t, state)
    p = state["players"][seat]
    p["ideas"].append("wrench")
    gains.use_token(ctx, seat, "wrench", "test")
    assert p["wrenches"] == [0, 0]
    assert p["pool"][0]["k"] == "industry" and p["pool"][0]["n"] == 2


def test_game_info_names_the_combination() -> None:
    t, _ = fresh(2)
    lines = t.settings(None, {"board": "american", "industry": "board"})
    assert ("Combination: American Railroads player boards with the Asian industry board; the "
            "alternative #2 locomotives (Asian).") in lines
    lines = t.settings(None, {"board": "asian", "industry": "base", "asian_locos": "base"})
    assert any("with the base industry track; the base game's #2 locomotives" in x
               for x in lines)
    assert not any(x.startswith("Combination") for x in t.settings(None, {"board": "german"}))


@pytest.mark.parametrize(("board", "track", "seed"), [
    ("russian", "american", 502), ("russian", "board", 509), ("german", "american", 516),
    ("german", "board", 523), ("american", "base", 530), ("american", "board", 537),
    ("asian", "base", 544), ("asian", "american", 551)])
def test_a_random_game_of_each_combination_finishes_with_invariants(
        board: str, track: str, seed: int) -> None:
    from test_ult_fuzz import play_game

    state, _, kinds = play_game(seed, 2, board, industry=track)
    assert state["final"]["winners"] and "factory" in kinds
    assert state.get("industry") == track
    assert ("ind" in state) == (track == "board")


def test_the_screw_nut_is_named_as_house_data_of_its_combination() -> None:
    t, _ = fresh(2)
    assert any("screw nut" in x for x in t.house_data(None, {"board": "american",
                                                             "industry": "board"}))
    assert not any("screw nut" in x for x in t.house_data(None, {"board": "american"}))
    assert any(x.startswith("Combinations: the screw nut") for x in t.meta.house_data)


def test_house_data_follows_the_industry_track_in_play() -> None:
    t, _ = fresh(2)
    labels = t.house_data(None, {"board": "american", "industry": "board"})
    assert not any("upper industry track" in x or "industry boulder" in x for x in labels)
    assert any(x.startswith("industry board points") for x in labels)
    labels = t.house_data(None, {"board": "russian", "industry": "american"})
    assert any(x.startswith("upper industry track points") for x in labels)
    assert not any("industry boulder" in x for x in labels)
    own = t.house_data(None, {"board": "american"})
    assert any("industry boulder" in x for x in own) and not any("#2 loco" in x for x in own)
    loco2 = "#2 locomotives' factory action"
    assert any(loco2 in x for x in t.house_data(None, {"board": "asian"}))
    assert not any(loco2 in x for x in t.house_data(
        None, {"board": "asian", "industry": "base", "asian_locos": "base"}))
