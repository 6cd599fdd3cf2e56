"""Asian Railroads (board=asian): the player board's rules as the chapter gives them
(construction site tokens, locomotive places, silver tracks from two routes, the
take-a-locomotive space, the medal's places, the Osaka route upgrade), the shared industry board
with its layered factories and maintenance cars, with the chapter's examples, and whole games."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from ult_helpers import fresh, play, skip_bonus

from engine.core import IllegalAction, Rng, State
from engine.ultimate import UltimateTitle, gains, in_full, scoring


def asian(players: int = 2, seed: int = 3) -> tuple[UltimateTitle, State]:
    t, state = fresh(players, seed, "asian")
    return t, skip_bonus(t, state)


def choices_of(t: UltimateTitle, state: State, seat: int) -> set[str]:
    return {a["choice"] for a in t.legal(state, seat) if a["type"] == "pick"}


def first(t: UltimateTitle, state: State) -> tuple[int, dict[str, Any]]:
    seat = t.to_act(state)[0]
    return seat, state["players"][seat]


def test_asian_boards_are_offered_at_new_game() -> None:
    t, state = asian()
    assert "asian" in t.meta.options[0].choices
    assert state["board"] == "asian" and t.boards["asian"].board_name == "Asian Railroads"


def test_setup_gives_three_construction_sites_and_the_osaka_idea_token() -> None:
    t, state = asian()
    p = state["players"][0]
    # "Take 3 construction site tokens": 2 on Beijing (up to 3 locomotives), 1 on Seoul (up to 2)
    assert p["sites"] == {"beijing": 2, "seoul": 1}
    board = t.boards["asian"]
    assert [board.loco_places(r, p) for r in board.routes] == [1, 1, 1]
    assert [r.loco_slots for r in board.routes] == [3, 2, 1]
    assert "osaka" in p["ideas"]
    # Tokyo takes wood and green only until the upgrade
    assert set(p["routes"]["tokyo"]["tracks"]) == {"wood", "green"}


def ctx_of(t: UltimateTitle, state: State) -> Any:
    from engine.ultimate.ctx import Ctx
    return Ctx(t.boards[state["board"]], state, Rng({"seed": 0, "n": 0}))


def test_a_locomotive_on_tokyo_reaches_space_1_and_removes_a_construction_site() -> None:
    t, state = asian()
    seat, p = first(t, state)
    coins = p["coins"]
    state = play(t, state, seat, "place", space="loco1")
    state = play(t, state, seat, "pick", choice="loco-tokyo")
    # the construction site comes first, alone: "you must immediately remove" one
    assert choices_of(t, state, seat) == {"site-beijing-industry", "site-beijing-coin",
                                          "site-seoul-industry", "site-seoul-coin"}
    with pytest.raises(IllegalAction):
        play(t, state, seat, "pick", choice="site-tokyo-coin")
    state = play(t, state, seat, "pick", choice="site-beijing-coin")
    p = state["players"][seat]
    assert p["sites"] == {"beijing": 1, "seoul": 1}
    assert p["coins"] == coins - 0 + 1  # loco1 costs a worker, the site gives a coin
    board = t.boards["asian"]
    assert board.loco_places(board.route_by_id["beijing"], p) == 2
    assert "tokyo:site@1" in p["activated"]


def test_the_industry_step_is_offered_for_a_construction_site_and_moves_the_wrench() -> None:
    t, state = asian()
    seat, _ = first(t, state)
    state = play(t, state, seat, "place", space="loco1")
    state = play(t, state, seat, "pick", choice="loco-tokyo")
    state = play(t, state, seat, "pick", choice="site-seoul-industry")
    state = play(t, state, seat, "pick", choice="industry")  # a benefit: asked, may be left
    p = state["players"][seat]
    assert p["sites"] == {"beijing": 2, "seoul": 0}
    assert p["wrenches"] == [1]


def test_no_site_left_gives_nothing_and_says_so() -> None:
    t, state = asian()
    seat, p = first(t, state)
    p["sites"] = {"beijing": 0, "seoul": 0}
    state = play(t, state, seat, "place", space="loco1")
    state = play(t, state, seat, "pick", choice="loco-tokyo")
    assert state["active"] != seat  # the turn ended: nothing to remove
    assert state["players"][seat]["coins"] == p["coins"]


def test_silver_comes_from_either_route_once() -> None:
    t, state = asian()
    seat, p = first(t, state)
    p["routes"]["seoul"]["tracks"]["wood"] = 4
    p["activated"] += ["seoul:coins@3", "seoul:site@4", "beijing:unlock@2", "beijing:site@4",
                       "beijing:unlock@6"]
    state = play(t, state, seat, "place", space="wood3")
    state = play(t, state, seat, "pick", choice="wood-seoul")
    p = state["players"][seat]
    assert "silver" in p["unlocked"]
    assert "seoul:unlock@5" in p["activated"]
    # Beijing space 8 later gives nothing more: the unlock list holds silver once
    p["routes"]["beijing"]["tracks"]["wood"] = 7
    state = play(t, state, seat, "pick", choice="wood-beijing")
    p = state["players"][seat]
    assert p["unlocked"].count("silver") == 1


def test_the_take_a_locomotive_space_offers_a_locomotive_not_a_factory() -> None:
    t, state = asian()
    seat, p = first(t, state)
    p["routes"]["seoul"]["tracks"]["wood"] = 6
    p["routes"]["seoul"]["locos"] = ["9"]
    p["activated"] += ["seoul:coins@3", "seoul:site@4", "seoul:unlock@5", "seoul:idea@6"]
    state = play(t, state, seat, "place", space="wood3")
    state = play(t, state, seat, "pick", choice="wood-seoul")
    opts = choices_of(t, state, seat)
    assert "loco-beijing-r1" in opts and "loco-tokyo" in opts
    assert not any(o.startswith("factory") for o in opts)


def test_the_medal_goes_on_the_chosen_space_and_scores_only_there() -> None:
    from engine.ultimate import pool
    t, state = asian()
    seat, p = first(t, state)
    ctx = ctx_of(t, state)
    gains.use_token(ctx, seat, "medal", "test")
    opts = dict(pool.all_options(ctx, seat))
    assert set(opts) == {"medal-beijing-12", "medal-seoul-9"}
    pool.resolve(ctx, seat, "medal-seoul-9")
    assert p["medal_at"] == "seoul:medal@9"
    board = t.boards["asian"]
    p["activated"].append("beijing:medal@12")
    assert scoring.medal_points(board, p) == 0
    p["activated"].append("seoul:medal@9")
    assert scoring.medal_points(board, p) == 20


def test_the_osaka_upgrade_keeps_the_tracks_and_hides_the_old_spaces() -> None:
    from engine.ultimate import pool
    t, state = asian()
    seat, p = first(t, state)
    board = t.boards["asian"]
    tokyo = board.route_by_id["tokyo"]
    r = p["routes"]["tokyo"]
    r["tracks"].update(wood=7, green=4)
    r["locos"] = ["5"]
    p["activated"] += ["tokyo:site@1", "tokyo:bonus@3", "tokyo:worker@6"]
    before = scoring.route_points(board, p, tokyo)
    assert before == 4 * 1 + 1 * 0 + 2  # 4 green spaces, space 5 wood, the bonus of space 3
    ctx = ctx_of(t, state)
    workers = p["workers"]
    gains.use_token(ctx, seat, "osaka", "test")
    pool.settle_specials(ctx, seat)
    assert r["tracks"]["wood"] == 7 and r["tracks"]["green"] == 4
    assert tokyo.length_for(r) == 12 and tokyo.colours_for(r)[-1] == "silver"
    # space 1 (construction site) and space 6 (new worker) are not received a second time;
    # the old space 3 bonus is no longer visible, the upgrade's space 3 gives a doubler
    assert p["workers"] == workers
    assert not any(t_["k"] == "site" for t_ in p["pool"])
    assert p["doublers"] == 1
    assert scoring.route_points(board, p, tokyo) == 4 * 1
    assert "idea-osaka" not in {v for v, _ in pool.all_options(ctx, seat)}


# -- the shared industry board -----------------------------------------------------------------

def test_the_industry_board_side_follows_the_player_count_and_wrenches_share_it() -> None:
    _t, state = asian(2)
    assert len(state["ind"]["layers"]) == 5
    assert [p["wrenches"] for p in state["players"]] == [[0], [0]]
    _t3, state3 = asian(3)
    assert len(state3["ind"]["layers"]) == 6


def test_a_printed_factory_cannot_be_moved_onto_until_built_over() -> None:
    from engine.ultimate import industry
    t, state = asian()
    seat, p = first(t, state)
    ctx = ctx_of(t, state)
    p["wrenches"] = [3]  # factory 1 is on space 4
    assert not industry.can_move(ctx, seat, 0)
    state["ind"]["layers"][0].append({"tile": "3", "seat": 1 - seat})
    assert industry.can_move(ctx, seat, 0)


def test_a_new_layer_starts_only_when_the_previous_one_is_full() -> None:
    t, state = asian()
    seat, p = first(t, state)
    p["unlocked"] += ["green", "bronze", "silver"]
    ctx = ctx_of(t, state)
    layers = state["ind"]["layers"]
    for i in range(len(layers)):
        layers[i] += [{"tile": "3", "seat": 0}, {"tile": "3", "seat": 0}]
    layers[2].append({"tile": "3", "seat": 0})
    # "You can add a third factory to a space only once all spaces have at least 2 factories"
    assert 2 not in in_full.buildable(ctx, seat)
    assert in_full.buildable(ctx, seat) == [0, 1, 3, 4]


def test_building_over_needs_the_whole_action_the_wood_green_bronze_example() -> None:
    from engine.ultimate import industry_board
    t, state = asian()
    seat, p = first(t, state)
    ctx = ctx_of(t, state)
    # printed factory 5: "1 [wood], 1 [green], and 1 [bronze] track move"; without access to
    # those tracks it cannot be built over
    assert industry_board.top(ctx, 4)["text"] == "1 wood, 1 green and 1 bronze step"
    assert 4 not in in_full.buildable(ctx, seat)
    p["unlocked"] += ["green", "bronze"]
    p["routes"]["beijing"]["tracks"].update(wood=4, green=2, bronze=0)
    assert 4 in in_full.buildable(ctx, seat)


def test_the_wood_green_bronze_factory_is_built_when_one_route_takes_all_three_in_turn() -> None:
    # "You can place a factory on a space only if you can fully resolve the action you
    # trigger": on Seoul each track sits right behind the one ahead, so the wood step there
    # makes room for the green one, and the green one for the bronze one. A wood step on
    # Beijing, the first route, would leave the bronze step nowhere to go.
    from engine.ultimate import tracks as tracks_module
    t, state = asian()
    seat, p = first(t, state)
    p["unlocked"] += ["green", "bronze"]
    p["routes"]["beijing"]["tracks"].update(wood=5, green=0, bronze=0)
    p["routes"]["seoul"]["tracks"].update(wood=9, green=8, bronze=7)
    p["routes"]["tokyo"]["tracks"].update(wood=8, green=7)
    tracks_module.newly_reached(ctx_of(t, state), seat)  # the spaces behind count as reached
    state = build_factory(t, state, seat, "over-5")
    assert {"wood-seoul", "wood-beijing"} <= choices_of(t, state, seat)
    assert "bronze-seoul" not in choices_of(t, state, seat)  # it waits for room
    for step in ("wood-seoul", "green-seoul", "bronze-seoul"):
        state = play(t, state, seat, "pick", choice=step)
    routes = state["players"][seat]["routes"]
    assert routes["seoul"]["tracks"] == {"wood": 10, "green": 9, "bronze": 8, "silver": 0}
    assert routes["beijing"]["tracks"]["wood"] == 5


def test_two_free_moves_that_reach_an_idea_space_build_even_with_no_token_left() -> None:
    from engine.ultimate import industry_board
    t, state = asian()
    seat, p = first(t, state)
    p["ideas"] = []
    p["routes"]["seoul"]["tracks"]["wood"] = 5
    p["routes"]["seoul"]["locos"] = ["9"]
    ctx = ctx_of(t, state)
    assert industry_board.top(ctx, 1)["text"] == "2 steps of any colour"
    assert 1 in in_full.buildable(ctx, seat)


def build_factory(t: UltimateTitle, state: State, seat: int, over: str) -> State:
    state = play(t, state, seat, "place", space="loco1")
    state = play(t, state, seat, "pick", choice="factory-new")
    return play(t, state, seat, "pick", choice=over)


def test_building_a_factory_resolves_the_one_built_over_and_places_a_car() -> None:
    t, state = asian()
    seat, p = first(t, state)
    coins = p["coins"]
    state = build_factory(t, state, seat, "over-3")  # printed factory 3: 2 coins
    p = state["players"][seat]
    assert p["coins"] == coins + 2
    assert state["ind"]["layers"][2] == [{"tile": "2", "seat": seat}]
    assert choices_of(t, state, seat) == {f"car-{i}" for i in range(1, 6)}
    state = play(t, state, seat, "pick", choice="car-2")
    assert state["ind"]["cars"] == [{"seat": seat, "purple": False, "at": 1, "active": False,
                                     "fresh": False}]
    assert state["ind"]["cars_left"][seat] == 2
    assert state["active"] is None


def test_a_wrench_on_a_factory_wakes_every_car_beside_it_and_the_car_acts_next_turn() -> None:
    t, state = asian()
    seat, p = first(t, state)
    other = 1 - seat
    state["ind"]["layers"][0].append({"tile": "3", "seat": other})
    state["ind"]["cars"] = [
        {"seat": seat, "purple": False, "at": 0, "active": False, "fresh": False},
        {"seat": other, "purple": False, "at": 0, "active": False, "fresh": False},
        {"seat": other, "purple": False, "at": 1, "active": False, "fresh": False}]
    p["wrenches"] = [3]
    coins = p["coins"]
    state = play(t, state, seat, "place", space="industry1")
    cars = state["ind"]["cars"]
    assert [c["active"] for c in cars] == [True, True, False]
    # the #3 factory's action (2 coins) for the wrench moving onto it
    assert state["players"][seat]["coins"] == coins + 2
    # "You cannot use a maintenance car on the same turn it was activated": the other player's
    # car was woken on this turn and is usable on theirs
    spaces = {a["space"] for a in t.legal(state, other) if a["type"] == "place"}
    assert "car1" in spaces and "car2" not in spaces


def test_using_a_car_resolves_its_factory_and_sends_it_to_the_workshop_only() -> None:
    t, state = asian()
    seat, p = first(t, state)
    other = 1 - seat
    # the rulebook's example: the car beside a factory giving 2 track moves of your choice
    state["ind"]["cars"] = [
        {"seat": seat, "purple": False, "at": 1, "active": True, "fresh": False},
        {"seat": other, "purple": False, "at": 1, "active": True, "fresh": False}]
    workers = p["workers"]
    state = play(t, state, seat, "place", space="car2")
    assert state["players"][seat]["workers"] == workers
    state = play(t, state, seat, "pick", choice="wood-beijing")
    state = play(t, state, seat, "pick", choice="wood-tokyo")
    cars = state["ind"]["cars"]
    assert cars[0]["at"] is None and not cars[0]["active"]
    assert cars[1] == {"seat": other, "purple": False, "at": 1, "active": True, "fresh": False}
    with pytest.raises(IllegalAction):
        play(t, state, seat, "place", space="car2")


def test_a_key_brings_a_car_back_from_the_workshop_inactive() -> None:
    from engine.ultimate import pool
    t, state = asian()
    seat, _p = first(t, state)
    state["ind"]["cars"] = [{"seat": seat, "purple": False, "at": None, "active": False,
                             "fresh": False}]
    ctx = ctx_of(t, state)
    gains.gain_key(ctx, seat)
    opts = {v for v, _ in pool.all_options(ctx, seat)}
    assert {"key-tracks", "key-points", "key-own-1", "key-own-5"} <= opts
    pool.resolve(ctx, seat, "key-own-4")
    assert state["ind"]["cars"][0] == {"seat": seat, "purple": False, "at": 3, "active": False,
                                       "fresh": False}


def test_the_purple_idea_card_places_three_cars_on_different_factories_and_a_coin() -> None:
    from engine.ultimate import pool
    t, state = asian()
    seat, p = first(t, state)
    assert "purple_cars" in state["idea_cards"]
    ctx = ctx_of(t, state)
    coins = p["coins"]
    state["ind"]["cars"] = [{"seat": seat, "purple": False, "at": 0, "active": False,
                             "fresh": False}]
    p["pool"].append({"k": "idea_card", "must": True, "src": "test"})
    pool.resolve(ctx, seat, "card-purple_cars")
    assert p["coins"] == coins + 1
    pool.resolve(ctx, seat, "purple-1")  # beside one of her own cars is allowed
    with pytest.raises(IllegalAction):
        pool.resolve(ctx, seat, "purple-1")  # only 1 purple car per factory
    pool.resolve(ctx, seat, "purple-2")
    pool.resolve(ctx, seat, "purple-5")
    assert [c["at"] for c in state["ind"]["cars"] if c["purple"]] == [0, 1, 4]
    assert not p["pool"]


def test_the_idea_space_gives_an_idea_token_to_the_first_wrench_and_a_key_to_the_next() -> None:
    from engine.ultimate import pool
    t, state = asian()
    seat, p = first(t, state)
    ctx = ctx_of(t, state)
    for i in range(3):
        state["ind"]["layers"][i].append({"tile": "3", "seat": 0})
    p["wrenches"] = [11, 11]
    p["pool"].append({"k": "industry", "n": 1, "must": False, "src": "test"})
    pool.resolve(ctx, seat, "industry-1")
    assert p["pool"][0]["k"] == "idea"
    p["pool"].clear()
    keys = p["keys"]
    p["pool"].append({"k": "industry", "n": 1, "must": False, "src": "test"})
    pool.resolve(ctx, seat, "industry-2")
    assert p["keys"] == keys + 1


# -- whole games ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("seed", "players"), [(900, 2), (901, 4), (12, 1)])
def test_random_asian_games_finish_with_invariants(seed: int, players: int) -> None:
    from test_ult_fuzz import play_game
    state, _, kinds = play_game(seed, players, "asian")
    assert state["final"]["winners"]
    assert [p["score"] for p in state["players"]] == state["final"]["scores"]
    # the Asian rules were met on the way: a factory built over another, a car placed
    assert "factory" in kinds and "car" in kinds


def test_emil_always_builds_a_factory_in_the_first_space_of_the_lowest_layer() -> None:
    from engine.ultimate import emil
    t, state = asian(1, seed=5)
    ctx = ctx_of(t, state)
    state["ind"]["layers"][0].append({"tile": "3", "seat": 0})
    stacks = dict(state["stacks"])
    emil._collect(ctx, state["emil"], "loco")  # a locomotive space: he builds all the same
    assert state["ind"]["layers"][1] == [{"tile": "2", "seat": None}]
    assert state["stacks"]["2"] == stacks["2"] - 1
    assert state["emil"]["locos"] == [] and state["emil"]["factories"] == []


def test_emil_builds_two_factories_for_the_locomotive_and_factory_space() -> None:
    # the space gives a locomotive and a factory: with the industry board each is a factory
    from engine.ultimate import emil
    t, state = asian(1, seed=5)
    ctx = ctx_of(t, state)
    before = [len(layer) for layer in state["ind"]["layers"]]
    emil._block(ctx, state["emil"], t.board_of(state).space("locofac"))
    after = [len(layer) for layer in state["ind"]["layers"]]
    assert sum(after) - sum(before) == 2


def test_a_car_that_cannot_act_is_refused_with_the_reason_and_nothing_changes() -> None:
    t, state = asian()
    seat, _ = first(t, state)
    state["ind"]["cars"] = [
        {"seat": seat, "purple": False, "at": 0, "active": False, "fresh": False},
        {"seat": seat, "purple": False, "at": 1, "active": True, "fresh": True}]
    before = copy.deepcopy(state)
    for space, words in (("car1", "is not active yet: a wrench must move onto that factory"),
                         ("car2", "became active this turn"),
                         ("car3", "You have no maintenance car beside factory 3"),
                         ("purple1", "You have no purple maintenance car beside factory 1")):
        with pytest.raises(IllegalAction, match=words):
            play(t, state, seat, "place", space=space)
    assert state == before


def test_a_blocked_wrench_leaves_only_the_coin_for_a_construction_site() -> None:
    from engine.ultimate.plugins.asian import site_options
    t, state = asian()
    seat, p = first(t, state)
    p["wrenches"] = [3]  # the printed factory on space 4 is not built over: no step
    assert {v for v, _ in site_options(ctx_of(t, state), seat)} == {
        "site-beijing-coin", "site-seoul-coin"}


def test_with_every_car_placed_building_moves_one_and_lays_it_down() -> None:
    t, state = asian()
    seat, _ = first(t, state)
    state["ind"]["cars_left"][seat] = 0
    state["ind"]["cars"] = [
        {"seat": seat, "purple": False, "at": 0, "active": True, "fresh": False},
        {"seat": seat, "purple": False, "at": None, "active": False, "fresh": False},
        {"seat": seat, "purple": False, "at": 4, "active": False, "fresh": False}]
    state = build_factory(t, state, seat, "over-3")
    opts = choices_of(t, state, seat)
    assert "car-1-2" in opts and "car-5-4" in opts and "car-1-5" not in opts
    state = play(t, state, seat, "pick", choice="car-1-2")
    assert state["ind"]["cars"][0] == {"seat": seat, "purple": False, "at": 1, "active": False,
                                       "fresh": False}
    # a car in the workshop stays there
    assert state["ind"]["cars"][1]["at"] is None


def test_the_factory_end_bonus_card_scores_nothing_with_the_industry_board() -> None:
    # "Score 4 points for each factory in your industry track. ... This card score 0 points when
    # using the industry board."
    t, state = asian()
    seat, _ = first(t, state)
    state = build_factory(t, state, seat, "over-3")
    p = state["players"][seat]
    assert state["ind"]["layers"][2][-1]["seat"] == seat
    assert scoring.bonus_card_points(t.board, p, "factories") == 0
    # On a player board's own industry track each factory scores 4.
    russian, plain = fresh(2, 3)
    plain["players"][0]["factories"][:2] = ["2", "5"]
    assert scoring.bonus_card_points(russian.board, plain["players"][0], "factories") == 8
