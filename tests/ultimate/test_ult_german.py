"""German Railroads (board=german): the chapter's worked examples with its numbers, then each of
its rules: the Munich fork, route extensions, silver tracks, the special spaces, income tiles and
the special valuation tile."""

from __future__ import annotations

from typing import Any

import pytest
from ult_helpers import acting, choices_of, ctx_of, fresh, play, skip_bonus, tracks

from engine.core import IllegalAction, State, step
from engine.ultimate import gains, pool, scoring
from engine.ultimate.title import UltimateTitle


def german(players: int = 2, seed: int = 3) -> tuple[UltimateTitle, State]:
    t, state = fresh(players, seed, "german")
    return t, skip_bonus(t, state)


def wood3_from(rid: str, space: int) -> tuple[UltimateTitle, State, int]:
    """The first player's wood track on ``space`` of a route, then '3 wood steps' placed and
    one step taken on that route."""
    t, state = german()
    seat = acting(t, state)
    tracks(state, seat, rid, wood=space)
    state = play(t, state, seat, "place", space="wood3")
    return t, play(t, state, seat, "pick", choice=f"wood-{rid}"), seat


def on_berlin(space: int) -> tuple[UltimateTitle, State, int, dict[str, Any]]:
    """The first player's wood track on Munich-Berlin space ``space`` (its specials not yet
    given)."""
    t, state = german()
    seat = acting(t, state)
    p = state["players"][seat]
    p["routes"]["munich"]["branch"] = "berlin"
    tracks(state, seat, "munich", wood=space)
    return t, state, seat, p


def finish_turn(t: UltimateTitle, state: State, seat: int) -> State:
    """Leave whatever is left of the seat's action (income tiles stay unused)."""
    while state["active"] == seat:
        state = play(t, state, seat, "done")
    return state


# -- the worked examples -----------------------------------------------------------------------

def test_example_munich_fork_track_on_6_moves_3_and_heads_for_hamburg() -> None:
    t, state, seat = wood3_from("munich", 6)
    state = play(t, state, seat, "pick", choice="wood-munich")
    assert state["players"][seat]["routes"]["munich"]["tracks"]["wood"] == 8
    # The third move reaches space 9: the step itself says which space 9.
    assert {"wood-munich-hamburg", "wood-munich-berlin"} <= choices_of(t, state, seat)
    assert "wood-munich" not in choices_of(t, state, seat)
    state = play(t, state, seat, "pick", choice="wood-munich-hamburg")
    r = state["players"][seat]["routes"]["munich"]
    assert (r["tracks"]["wood"], r["branch"]) == (9, "hamburg")
    route = t.view(state, None)["players"][seat]["routes"][0]
    assert route["name"] == "Munich-Hamburg" and route["length"] == 15
    assert "gold" in route["colours"]


def test_example_route_extension_at_space_4_of_nuremberg_fuerth() -> None:
    t, state, seat = wood3_from("nf", 3)
    # 1: space 4 is Wuerzburg station. 2: only the size 4 extensions fit its dashed area,
    # and the extension comes before anything else.
    offered = choices_of(t, state, seat)
    assert offered == {f"ext-4{x}" for x in "abcdef"}
    state = play(t, state, seat, "pick", choice="ext-4b")
    p = state["players"][seat]
    assert p["routes"]["nf"]["ext"] == {"4": "4b"}
    assert p["routes"]["nf"]["tracks"]["wood"] == 4
    assert "4b" not in state["extensions"]
    # You can continue resolving other actions: two wood steps are left.
    assert "wood-nf" in choices_of(t, state, seat)
    state = play(t, state, seat, "pick", choice="wood-nf")
    state = play(t, state, seat, "pick", choice="wood-dresden")
    assert state["players"][seat]["routes"]["nf"]["tracks"]["wood"] == 5
    # Space 3 of tile 4b is an additional worker (the tile's space 3 is route space 6).
    before = state["players"][seat]["owned"]
    state = play(t, state, acting(t, state), "pass")
    tracks(state, seat, "nf", wood=6)
    pool.settle_specials(ctx_of(t, state), seat)
    assert state["players"][seat]["owned"] == before + 1


def test_example_income_tile_moves_a_track_and_the_wrench_then_waits_a_round() -> None:
    t, state = german()
    seat = acting(t, state)
    p = state["players"][seat]
    p["income"] = ["woodind"]
    state["income_tiles"].remove("woodind")
    picks = [a for a in t.legal(state, seat) if a["type"] == "pick"]
    assert picks == [{"type": "pick", "seat": seat, "choice": "income-woodind"}]
    # 1: on your turn, before your action: a wood track and the wrench each forward 1 space.
    state = play(t, state, seat, "pick", choice="income-woodind")
    state = play(t, state, seat, "pick", choice="wood-dresden")
    state = play(t, state, seat, "pick", choice="industry")
    p = state["players"][seat]
    assert p["routes"]["dresden"]["tracks"]["wood"] == 2 and p["wrenches"] == [1]
    # 2: flipped face down; the turn goes on with the action itself.
    assert p["income_used"] == ["woodind"] and acting(t, state) == seat
    assert not [a for a in t.legal(state, seat) if a["type"] == "pick"]
    with pytest.raises(IllegalAction, match="not one of your face-up income tiles"):
        step(t, state, {"type": "pick", "seat": seat, "choice": "income-woodind"})
    state = play(t, state, seat, "place", space="industry1")
    state = finish_turn(t, state, seat)
    assert acting(t, state) != seat
    # After the next scoring phase it is face up again.
    while state["round"] == 1:
        state = play(t, state, acting(t, state), "pass")
    assert state["players"][seat]["income_used"] == []


def test_example_special_space_gives_2_industry_moves() -> None:
    t, state, seat, p = on_berlin(11)
    pool.settle_specials(ctx_of(t, state), seat)
    industry = [task for task in p["pool"] if task["k"] == "industry"]
    assert industry and industry[0]["n"] == 2


# -- the Munich fork -----------------------------------------------------------------------------

def test_berlin_is_shorter_and_has_no_gold() -> None:
    t, state = german()
    seat = acting(t, state)
    p = tracks(state, seat, "munich", wood=8)
    ctx = ctx_of(t, state)
    gains.expand(ctx, seat, [{"k": "track", "c": "wood", "n": 1}], True, "test")
    pool.resolve(ctx, seat, "wood-munich-berlin")
    route = t.boards["german"].route_by_id["munich"]
    r = p["routes"]["munich"]
    assert route.length_for(r) == 12 and "gold" not in route.colours_for(r)
    # Once chosen, the route is set: only Berlin's spaces onward.
    gains.expand(ctx, seat, [{"k": "track", "c": "wood", "n": 1}], True, "test")
    opts = {v for v, _ in pool.all_options(ctx, seat)}
    assert "wood-munich" in opts and not any(v.endswith("hamburg") for v in opts)


# -- silver tracks ------------------------------------------------------------------------------

def test_silver_is_shown_on_three_routes_but_there_are_only_two_silver_tracks() -> None:
    t, state = german()
    seat = acting(t, state)
    p = state["players"][seat]
    p["unlocked"] = ["wood", "green", "bronze", "silver"]
    for rid in ("munich", "dresden", "nf"):
        tracks(state, seat, rid, wood=6, green=5, bronze=4)
    tracks(state, seat, "munich", silver=1)
    tracks(state, seat, "dresden", silver=2)
    ctx = ctx_of(t, state)
    gains.expand(ctx, seat, [{"k": "track", "c": "silver", "n": 1}], True, "test")
    opts = {v for v, _ in pool.all_options(ctx, seat)}
    assert opts == {"silver-munich", "silver-dresden"}
    from engine.ultimate.tracks import step_block
    why = step_block(ctx, seat, "silver", t.boards["german"].route_by_id["nf"])
    assert why is not None and "only 2 silver tracks" in why


# -- special spaces ------------------------------------------------------------------------------

def test_additional_industry_marker_then_the_purple_third_and_no_fourth() -> None:
    t, state = german()
    seat = acting(t, state)
    p = state["players"][seat]
    tracks(state, seat, "nf", wood=9)
    p["routes"]["nf"]["ext"] = {"4": "4a", "9": "2e"}  # 2e: its space 2 is the wrench
    tracks(state, seat, "nf", wood=10)
    ctx = ctx_of(t, state)
    pool.settle_specials(ctx, seat)
    assert p["wrenches"] == [0, 0]
    gains.use_token(ctx, seat, "wrench", "test")
    assert p["wrenches"] == [0, 0, 0]
    gains.add_wrench(ctx, seat, "test")
    assert len(p["wrenches"]) == 3
    assert "the most there can be" in ctx.events[-1]["text"]


def test_at_most_two_additional_workers() -> None:
    t, state = german()
    seat = acting(t, state)
    p = state["players"][seat]
    owned = p["owned"]
    tracks(state, seat, "munich", wood=4)
    p["routes"]["dresden"]["locos"] = ["9"]
    p["routes"]["dresden"]["ext"] = {"5": "3b"}
    tracks(state, seat, "dresden", wood=8)
    pool.settle_specials(ctx_of(t, state), seat)
    # Munich 4, Hannover's tile space 3 and Dresden 8 all give a worker: only 2 arrive.
    assert p["owned"] == owned + 2 and p["reserve"] == 0


def test_income_space_takes_one_of_the_remaining_tiles_first_come_first_served() -> None:
    t, state, seat, p = on_berlin(9)
    state["income_tiles"] = ["coin", "points"]
    ctx = ctx_of(t, state)
    pool.settle_specials(ctx, seat)
    assert {v for v, _ in pool.all_options(ctx, seat)} == {"take-coin", "take-points"}
    pool.resolve(ctx, seat, "take-points")
    assert p["income"] == ["points"] and state["income_tiles"] == ["coin"]


def test_income_tiles_are_not_used_after_passing_or_by_the_moved_worker() -> None:
    t, state = german()
    seat = acting(t, state)
    other = 1 - seat
    state["players"][seat]["income"] = ["coin"]
    state["players"][other]["income"] = ["points"]
    state = play(t, state, seat, "place", space="first")
    state = finish_turn(t, state, seat)
    # Seat 'other' uses its tile after its action, then ends its turn.
    state = play(t, state, other, "place", space="industry1")
    assert "income-points" in choices_of(t, state, other)
    state = play(t, state, other, "pick", choice="income-points")
    assert state["players"][other]["score"] == 3
    state = finish_turn(t, state, other)
    state = play(t, state, seat, "pass")
    state = play(t, state, other, "pass")
    # The worker moved from the turn order space: no income tile then.
    assert state["phase"] == "moves" and acting(t, state) == seat
    assert not [a for a in t.legal(state, seat) if a["type"] == "pick"]
    with pytest.raises(IllegalAction, match="no choice to make now"):
        step(t, state, {"type": "pick", "seat": seat, "choice": "income-coin"})


# -- the special valuation tile --------------------------------------------------------------------

def test_special_valuation_scores_0_2_3_7_8_and_excludes_revaluation() -> None:
    t, state = german()
    seat = acting(t, state)
    board = t.boards["german"]
    assert "valuation" in state["idea_cards"]
    p = state["players"][seat]
    ctx = ctx_of(t, state)
    p["pool"].insert(0, {"k": "idea_card", "must": True, "src": "test"})
    pool.resolve(ctx, seat, "card-valuation")
    assert p["special_valuation"] and scoring.valuation(board, p) == (0, 2, 3, 7, 8)
    # Wood 1-3 scores 0, then a green track on 1-2 scores 2 each (Munich, the #1 reaches 1).
    tracks(state, seat, "munich", wood=3, green=2)
    p["routes"]["munich"]["locos"] = ["3"]
    p["doublers"] = 0
    assert scoring.route_points(board, p, board.route_by_id["munich"]) == 4
    p["pool"].insert(0, {"k": "idea", "must": False, "src": "test", "where": "test"})
    assert "idea-revalue" not in {v for v, _ in pool.all_options(ctx, seat)}
    # The other way round: a revalued player is not offered the card.
    q = state["players"][1 - seat]
    q["revalued"] = True
    q["pool"].insert(0, {"k": "idea_card", "must": True, "src": "test"})
    state["idea_cards"].append("valuation")
    assert "card-valuation" not in {v for v, _ in pool.all_options(ctx, 1 - seat)}


def test_the_russian_boards_have_no_special_valuation_card() -> None:
    _, state = fresh(2)
    assert "valuation" not in state["idea_cards"] and state["extensions"] == []


def test_info_names_the_german_boards_and_their_house_data() -> None:
    t, _ = german()
    settings = t.settings(None, {"board": "german"})
    assert settings[0] == "Player boards: German Railroads."
    house = t.house_data(None, {"board": "german"})
    assert "route extensions' special spaces" in house
    assert any(h.startswith("income tiles: 1 wood step and industry +1") for h in house)
    assert not any("Trans-Siberian" in h for h in house)


# -- bad input: a clear message, nothing changed ---------------------------------------------------

def refused(t: UltimateTitle, state: State, seat: int, choice: str, match: str) -> None:
    with pytest.raises(IllegalAction, match=match):
        step(t, state, {"type": "pick", "seat": seat, "choice": choice})


def test_wrong_extension_size_wrong_branch_and_used_income_are_refused_with_reasons() -> None:
    t, state, seat = wood3_from("nf", 3)
    # Wuerzburg's gap takes a size 4 extension only; the offer lists the ones that fit.
    refused(t, state, seat, "ext-2a", r"'ext-2a' is not one of your choices now.*ext-4a")
    refused(t, state, seat, "wood-dresden", r"not one of your choices now.*ext-4")
    state = play(t, state, seat, "pick", choice="ext-4a")
    refused(t, state, seat, "wood-munich-paris", "is not one of your choices now")
    # Before placing: an income tile the seat does not have.
    t2, s2 = german()
    s2["players"][acting(t2, s2)]["income"] = ["coin"]
    refused(t2, s2, acting(t2, s2), "income-points", "not one of your face-up income tiles")


def test_info_lines_for_the_german_boards() -> None:
    t, _ = german()
    lines = t.settings(None, {"board": "german"})
    assert lines[1] == ("Route extensions: 18 (sizes 2, 3, 4), first come first served; 8 "
                        "income tiles, each used once per round.")
    assert len(t.settings(None, {})) == 2  # the Russian boards have neither


def test_a_russian_snapshot_saved_before_the_german_boards_still_plays() -> None:
    # A stored state from before: none of the German keys.
    t, state = fresh(2, 4)
    state = skip_bonus(t, state)
    for key in ("extensions", "income_tiles"):
        del state[key]
    for p in state["players"]:
        for key in ("special_valuation", "income", "income_used"):
            del p[key]
    seat = acting(t, state)
    assert t.view(state, None)["extensions_left"] == []
    after = play(t, state, seat, "place", space="coins")
    assert after["players"][seat]["income"] == [] and after["current"] != seat
    assert scoring.valuation(t.board, {"revalued": False}) == (0, 1, 2, 4, 7)


def additional_wrench_before_the_idea_space(version: int | None = None
                                            ) -> tuple[UltimateTitle, State, int]:
    """The additional wrench from a route extension, one space before the industry track's idea
    space, the first wrench still at the start; the player places on industry +1 and moves the
    additional wrench."""
    t, state = german()
    if version is not None:
        state["rules_version"] = version
    seat = acting(t, state)
    p = state["players"][seat]
    board = t.boards["german"]
    p["factories"] = ["2", "2", None, None, None]
    p["wrenches"] = [0, board.industry_idea_at - 1]
    state = play(t, state, seat, "place", space="industry1")
    return t, play(t, state, seat, "pick", choice="industry-2"), seat


def test_the_additional_wrench_takes_the_industry_idea_space_like_a_normal_wrench() -> None:
    # The additional industry marker works like a normal wrench ('scores points, activates
    # factories, and so on'): reaching the idea space first, it places an idea token.
    t, state, seat = additional_wrench_before_the_idea_space()
    assert any(c.startswith("idea-") for c in choices_of(t, state, seat))
    assert "industry:idea" in state["players"][seat]["activated"]


def test_under_version_2_only_the_first_wrench_took_the_industry_idea_space() -> None:
    t, state, seat = additional_wrench_before_the_idea_space(version=2)
    assert not any(c.startswith("idea-") for c in choices_of(t, state, seat))
    assert "industry:idea" not in state["players"][seat]["activated"]


def test_an_income_tile_works_the_round_it_is_taken_and_several_go_in_one_turn() -> None:
    # Each income tile is used once per round, the round it was received included, and a
    # player may use several on one turn.
    t, state, seat, p = on_berlin(8)
    p["activated"] += ["munich:idea@8"]
    p["income"] = ["coin"]
    state["income_tiles"].remove("coin")
    state = play(t, state, seat, "place", space="wood3")
    state = play(t, state, seat, "pick", choice="wood-munich")  # Berlin 9: an income space
    state = play(t, state, seat, "pick", choice="take-points")
    assert {"income-coin", "income-points"} <= choices_of(t, state, seat)
    p = state["players"][seat]
    score, coins = p["score"], p["coins"]
    state = play(t, state, seat, "pick", choice="income-points")
    state = play(t, state, seat, "pick", choice="income-coin")
    p = state["players"][seat]
    assert (p["score"] - score, p["coins"] - coins) == (3, 1)
    assert sorted(p["income_used"]) == ["coin", "points"]


def test_the_end_station_card_counts_the_chosen_munich_end_not_the_stations_on_the_way() -> None:
    # 10 points for each route whose last space was reached; other stations do not count.
    t, state, seat, p = on_berlin(12)
    board = t.boards["german"]
    tracks(state, seat, "dresden", wood=5)  # Hannover station
    tracks(state, seat, "nf", wood=9)  # Frankfurt station
    assert scoring.bonus_card_points(board, p, "stations") == 10


def test_an_income_tile_may_be_used_between_the_steps_of_the_action() -> None:
    # Reading (stated in the guide): the tile waits in the turn's pool beside the action's parts.
    t, state = german()
    seat = acting(t, state)
    state["players"][seat]["income"] = ["coin"]
    state["income_tiles"].remove("coin")
    coins = state["players"][seat]["coins"]
    state = play(t, state, seat, "place", space="wood3")
    state = play(t, state, seat, "pick", choice="wood-munich")
    state = play(t, state, seat, "pick", choice="income-coin")
    assert state["players"][seat]["coins"] == coins + 1
    assert "wood-munich" in choices_of(t, state, seat)  # the action goes on
