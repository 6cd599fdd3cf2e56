"""The Special Ideas module: the special idea token, each of its cards as the rulebook writes it,
and the freight car's step before the scoring."""

from __future__ import annotations

from ult_helpers import config, fresh, play, skip_bonus, title

from engine.core import Rng, State, new_game
from engine.ultimate import gains, locos, scoring
from engine.ultimate.ctx import Ctx
from engine.ultimate.title import UltimateTitle


def game(players: int = 2, seed: int = 2, **more: bool) -> tuple[UltimateTitle, State, int]:
    t, state = fresh(players, seed, special_ideas=True, **more)
    state = skip_bonus(t, state)
    return t, state, state["order"][0]


def resolving(state: State, seat: int, *tasks: dict) -> None:
    """The seat in the middle of resolving ``tasks``."""
    state["players"][seat]["pool"] = list(tasks)
    state["active"] = seat


def picks(t: UltimateTitle, state: State, seat: int) -> set[str]:
    return {a["choice"] for a in t.legal(state, seat) if a["type"] == "pick"}


def test_each_player_has_a_special_idea_token_and_five_cards_lie_out() -> None:
    _, state, _ = game()
    assert all("special" in p["ideas"] for p in state["players"])
    assert state["special_cards"] == ["double", "engineer", "freight", "factory", "steps"]
    _, plain = fresh(2, 2)
    assert all("special" not in p["ideas"] for p in plain["players"])
    assert plain["special_cards"] == []


def test_the_special_token_takes_a_card_which_goes_back_to_the_box() -> None:
    t, state, a = game()
    resolving(state, a, {"k": "idea", "must": False, "src": "idea space", "where": "test"})
    state = play(t, state, a, "pick", choice="idea-special")
    # No locomotive of 3 or more yet: the freight car cannot be placed, so it is not offered.
    assert picks(t, state, a) == {"special-double", "special-engineer", "special-factory",
                                  "special-steps"}
    state = play(t, state, a, "pick", choice="special-double")
    assert state["players"][a]["double_industry"]
    assert "double" not in state["special_cards"]
    assert state["players"][a]["special_cards"] == ["double"]


def test_doubled_industry_steps_from_actions_but_not_from_idea_tokens_or_cards() -> None:
    t, state, a = game()
    state["players"][a]["double_industry"] = True
    state = play(t, state, a, "place", space="industry2")
    assert picks(t, state, a) == {"double-yes", "double-no"}
    state = play(t, state, a, "pick", choice="double-yes")
    assert state["players"][a]["wrenches"] == [4]  # 2 steps doubled to 4
    # "You cannot double the industry steps received from idea tokens or idea cards."
    t, state, a = game()
    state["players"][a]["double_industry"] = True
    ctx = Ctx(t.board, state, Rng({"seed": 0, "n": 0}))
    gains.expand(ctx, a, [{"k": "industry", "n": 3}], False, "idea card")
    assert not state["players"][a]["pool"][-1].get("doublable")
    gains.use_token(ctx, a, "wrench", "test")
    assert not any(task.get("doublable") for task in state["players"][a]["pool"])


def site_industry_step(version: int) -> tuple[UltimateTitle, State, int]:
    """On the Asian boards, a player with the doubling card reaches Tokyo space 1 and takes the
    construction site's industry step."""
    t = title()
    state = skip_bonus(t, new_game(t, {**config(2, 3, "asian", special_ideas=True),
                                        "rules_version": version}))
    a = t.to_act(state)[0]
    state["players"][a]["double_industry"] = True
    state = play(t, state, a, "place", space="loco1")
    state = play(t, state, a, "pick", choice="loco-tokyo")
    return t, play(t, state, a, "pick", choice="site-seoul-industry"), a


def test_the_industry_step_of_a_construction_site_may_be_doubled() -> None:
    # "you can choose to receive double the number of industry steps from most actions": only
    # idea tokens and idea cards are left out, so a special space's steps may be doubled too.
    t, state, a = site_industry_step(3)
    assert picks(t, state, a) == {"double-yes", "double-no"}
    state = play(t, state, a, "pick", choice="double-yes")
    state = play(t, state, a, "pick", choice="industry")
    state = play(t, state, a, "pick", choice="industry")
    assert state["players"][a]["wrenches"] == [2]


def test_under_version_2_a_construction_sites_step_is_not_doubled() -> None:
    t, state, a = site_industry_step(2)
    assert picks(t, state, a) == {"industry"}


def test_choosing_not_to_double_keeps_the_steps() -> None:
    t, state, a = game()
    state["players"][a]["double_industry"] = True
    state = play(t, state, a, "place", space="industry1")
    state = play(t, state, a, "pick", choice="double-no")
    assert state["players"][a]["wrenches"] == [1]


def test_an_engineer_from_the_box_never_one_of_a_number_in_the_game() -> None:
    t, state, a = game()
    resolving(state, a, {"k": "special_card", "must": True, "src": "test"})
    state = play(t, state, a, "pick", choice="special-engineer")
    offered = picks(t, state, a)
    dealt = {t.board.engineer_number(k) for k in state["engineer_row"] if k is not None}
    numbers = {t.board.engineer_number(int(v.removeprefix("box-"))) for v in offered}
    assert offered and not numbers & dealt and all(int(v[4:]) < 100 for v in offered)
    choice = sorted(offered)[0]
    state = play(t, state, a, "pick", choice=choice)
    assert int(choice[4:]) in state["players"][a]["engineers"]
    # With the Additional Engineers in play they may be chosen too.
    t, state, a = game(additional_engineers=True)
    resolving(state, a, {"k": "box_engineer", "must": True, "src": "test"})
    assert any(int(v[4:]) > 100 for v in picks(t, state, a))


def test_the_freight_car_moves_tracks_on_its_route_right_before_the_scoring() -> None:
    t, state, a = game()
    p = state["players"][a]
    p["routes"]["sp"]["locos"] = ["3"]
    p["routes"]["sp"]["tracks"]["wood"] = 3
    p["unlocked"].append("green")
    p["activated"].append("sp:coins@3")
    resolving(state, a, {"k": "special_card", "must": True, "src": "test"})
    state = play(t, state, a, "pick", choice="special-freight")
    assert state["players"][a]["freight"] == "sp"  # the only route with a #3 or higher
    while state["phase"] == "actions":
        state = play(t, state, t.to_act(state)[0], "pass")
    # Before the scoring: 2 steps on St. Petersburg only, resolved by the freight's owner.
    assert state["phase"] == "freight" and t.to_act(state) == [a]
    assert picks(t, state, a) == {"wood-sp", "green-sp"}
    state = play(t, state, a, "pick", choice="wood-sp")
    state = play(t, state, a, "pick", choice="green-sp")
    assert state["players"][a]["routes"]["sp"]["tracks"] == {"wood": 4, "green": 1, "bronze": 0,
                                                            "silver": 0}
    assert state["round"] == 2 and state["last_scoring"]["round"] == 1


def test_the_special_factory_gives_2_idea_tokens_once_and_loses_them_when_replaced() -> None:
    t, state, a = game()
    resolving(state, a, {"k": "special_card", "must": True, "src": "test"})
    state = play(t, state, a, "pick", choice="special-factory")
    p = state["players"][a]
    assert p["factories"][0] == "sf"
    p["wrenches"] = [t.board.gaps[0] - 1]
    resolving(state, a, {"k": "industry", "n": 1, "must": False, "src": "test"})
    state = play(t, state, a, "pick", choice="industry")
    assert [task["k"] for task in state["players"][a]["pool"]] == ["idea", "idea"]
    state = play(t, state, a, "pick", choice="idea-keys")
    state = play(t, state, a, "pick", choice="idea-medal")
    while state["active"] == a:  # the 2 keys: 10 points each
        state = play(t, state, a, "pick", choice="key-points")
    p = state["players"][a]
    on_factory = [x for x in p["placed_ideas"] if x["where"] == "the special factory"]
    assert len(on_factory) == 2 and p["keys"] == 2 and p["medal"]
    assert scoring.measure(t.board, p, {"counts": "ideas"}) == 2  # they count for end bonus cards
    # A second wrench onto it gives nothing.
    p["wrenches"] = [t.board.gaps[0], t.board.gaps[0] - 1]
    resolving(state, a, {"k": "industry", "n": 1, "must": False, "src": "test"})
    state = play(t, state, a, "pick", choice="industry-2")
    assert state["players"][a]["pool"] == []
    # Replaced, the factory and its tokens go back to the box (not to the supply).
    ctx = Ctx(t.board, state, Rng({"seed": 0, "n": 0}))
    locos.build_factory(ctx, a, "5", 0)
    p = state["players"][a]
    assert p["placed_ideas"] == [] and "sf" not in state["factory_pool"]


def test_the_token_is_not_offered_once_no_card_can_be_taken() -> None:
    t, state, a = game()
    state["special_cards"] = ["freight"]  # and no locomotive of 3 or more
    resolving(state, a, {"k": "idea", "must": False, "src": "idea space", "where": "test"})
    assert "idea-special" not in picks(t, state, a)


def test_with_the_shared_industry_board_what_cannot_be_used_stays_in_the_box() -> None:
    # "INDUSTRY BOARD + SPECIAL IDEAS MODULE: You cannot choose the special factory idea card";
    # the additional engineer whose action is one of your factories "cannot be used with the
    # industry board".
    for seed in range(10):
        _, state = fresh(4, seed, "asian", special_ideas=True, additional_engineers=True)
        assert "factory" not in state["special_cards"] and "double" in state["special_cards"]
        assert 113 not in state["engineer_row"]
