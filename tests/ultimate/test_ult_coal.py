"""The Coal module: its setup, the rulebook's examples with their numbers (the #3 locomotive that
becomes a #4, a foundry used and closed, the coal factory's up to 8 track moves, the 2-player
combined space) and its refusals."""

from __future__ import annotations

import pytest
from ult_helpers import fresh, play, skip_bonus

from engine.core import IllegalAction, Rng, State
from engine.ultimate import locos, scoring
from engine.ultimate.ctx import Ctx
from engine.ultimate.plugins import coal
from engine.ultimate.title import UltimateTitle


def game(players: int = 3, seed: int = 2, **more: bool) -> tuple[UltimateTitle, State, int]:
    t, state = fresh(players, seed, coal=True, **more)
    state = skip_bonus(t, state)
    return t, state, state["current"]


def ctx_of(t: UltimateTitle, state: State) -> Ctx:
    return Ctx(t.board, state, Rng({"seed": 0, "n": 0}))


def picks(t: UltimateTitle, state: State, seat: int) -> set[str]:
    return {a["choice"] for a in t.legal(state, seat) if a["type"] == "pick"}


def test_setup_one_fewer_round_coal_and_a_coin_for_everyone() -> None:
    t, plain = fresh(4, 3)
    _, state = fresh(4, 3, coal=True)
    # "only 6 rounds in a 4-player game ... use 2 A- and 4 B-engineers"
    assert (plain["rounds"], state["rounds"]) == (7, 6)
    groups = [t.board.engineers[e]["group"] for e in state["engineer_row"] if e is not None]
    assert (groups.count("A"), groups.count("B")) == (2, 4)
    for before, after in zip(plain["players"], state["players"], strict=True):
        assert (after["coal"], after["coins"]) == (1, before["coins"] + 1)
        assert "coal" in after["ideas"]
    assert "coal" in state["idea_cards"] and "coal" in state["start_cards"]
    assert len(state["coal"]["face_up"]) == 2 and len(state["coal"]["unseen"]) == 10
    _, two = fresh(2, 3, coal=True)
    _, solo = fresh(1, 3, coal=True)
    _, both = fresh(3, 3, coal=True, manufactory_train=True)
    assert two["rounds"] == solo["rounds"] == both["rounds"] == 5  # "a total of 1 fewer round"
    assert "coal1" in solo["emil"]["deck"] + solo["emil"]["discard"]


def test_the_2_player_combined_space_is_either_part_once_a_round() -> None:
    t, state, a = game(2)
    b = next(s for s in state["order"] if s != a)
    state = play(t, state, a, "place", space="coal1")  # 1 worker: 1 coal
    assert state["players"][a]["coal"] == 2
    state = play(t, state, a, "done")  # (the 2 coal could still buy a boilerman)
    with pytest.raises(IllegalAction, match="combined space is taken"):
        play(t, state, b, "place", space="foundry")
    # With 3 players they are two spaces.
    t, state, a = game(3)
    state = play(t, state, a, "place", space="coal1")
    state = play(t, state, a, "done")
    nxt = state["current"]
    assert "foundry" in {x.get("space") for x in t.legal(state, nxt)}


def test_a_foundry_and_a_coal_for_a_coin_then_a_new_one_turned_up() -> None:
    t, state, a = game()
    shown = list(state["coal"]["face_up"])
    coins = state["players"][a]["coins"]
    state = play(t, state, a, "place", space="foundry")
    assert {v for v in picks(t, state, a) if v.startswith("take")} == {
        f"take-foundry-{f}" for f in shown}
    state = play(t, state, a, "pick", choice=f"take-foundry-{shown[0]}")
    p = state["players"][a]
    assert p["foundries"] == [shown[0]] and p["coal"] == 2 and p["coins"] == coins - 1
    assert len(state["coal"]["face_up"]) == 2 and shown[0] not in state["coal"]["face_up"]


def test_the_foundry_example_used_for_2_coal_then_closed_onto_the_3_locomotive() -> None:
    # "You activate your foundry ... by placing 2 coal on it. You move 1 track 1 space forward
    # and take 1 doubler token. You then decide to close the factory and add it to your #3
    # locomotive as a boilerman."
    t, state, a = game()
    p = state["players"][a]
    p.update(coal=2, foundries=["doubler"])
    p["routes"]["sp"]["locos"] = ["3"]
    state["coal"]["unseen"].remove("doubler") if "doubler" in state["coal"]["unseen"] else \
        state["coal"]["face_up"].remove("doubler")
    assert "foundry-doubler" in picks(t, state, a)  # before the regular action
    state = play(t, state, a, "pick", choice="foundry-doubler")
    state = play(t, state, a, "pick", choice="wood-ts")
    p = state["players"][a]
    assert (p["coal"], p["doublers"], p["routes"]["ts"]["tracks"]["wood"]) == (0, 1, 2)
    state = play(t, state, a, "pick", choice="close-doubler")
    state = play(t, state, a, "pick", choice="boil-sp-1")
    p = state["players"][a]
    assert p["routes"]["sp"]["locos"] == ["3+"] and p["foundries"] == []
    # "This #3 locomotive becomes a #4 locomotive": it reaches 4 spaces and counts 4.
    route = t.board.route_by_id["sp"]
    from engine.ultimate.tracks import reach

    assert reach(route, p["routes"]["sp"]) == 4
    assert scoring.measure(t.board, p, {"counts": "best_locos", "n": 1}) == 4
    # The regular action still follows, and the foundry is used once this round.
    assert state["active"] is None and state["current"] == a
    assert "foundry-doubler" not in picks(t, state, a)


def test_the_boilerman_space_takes_2_coal_and_is_then_occupied() -> None:
    t, state, a = game()
    state["players"][a]["coal"] = 2
    state = play(t, state, a, "pick", choice="boilerman")  # its only place: the #1
    assert state["players"][a]["routes"]["ts"]["locos"] == ["1+"]
    assert state["players"][a]["coal"] == 0
    with pytest.raises(IllegalAction, match="taken with 2 coal besides your action"):
        play(t, state, a, "place", space="boilerman")
    state = play(t, state, a, "place", space="industry1")  # the regular action still follows
    nxt = state["current"]
    state["players"][nxt]["coal"] = 5
    assert "boilerman" not in picks(t, state, nxt)  # occupied for the round


def test_only_one_boilerman_each_and_it_moves_with_its_locomotive() -> None:
    t, state, a = game()
    ctx = ctx_of(t, state)
    p = state["players"][a]
    p["routes"]["ts"]["locos"] = ["1+"]
    assert "boil-ts-1" not in {v for v, _ in coal.boiler_targets(ctx, a)}
    # Replaced by a higher locomotive, the #1 with its boilerman goes to another route.

    out = locos.put(ctx, a, "5", t.board.route_by_id["ts"], None)
    assert out is None and p["routes"]["ts"]["locos"] == ["5", "1+"]
    # Turned over as a factory, its boilerman goes back to the box.
    locos.scrap(ctx, a, "3+")
    assert "3" in state["factory_pool"] and "3+" not in state["factory_pool"]


def test_a_boiled_1_and_a_2_on_one_route_are_two_choices() -> None:
    # Both are worth 2, but they are different tiles: replacing the #1 sends its boilerman to
    # the box, replacing the #2 keeps it.
    t, state, a = game()
    p = state["players"][a]
    p["routes"]["ts"]["locos"] = ["2", "1+"]
    p["routes"]["sp"]["locos"] = ["2"]
    p["routes"]["kiev"]["locos"] = ["2"]
    state["stacks"]["2"] = 0
    state = play(t, state, a, "place", space="loco1")
    offered = {s.options["choice"]: s.label for s in t.suggest(state, a)}
    assert offered["loco-ts-r2"].endswith("replacing the normal #2")
    assert offered["loco-ts-r2-1+"].endswith("replacing the #1 with a boilerman")
    state = play(t, state, a, "pick", choice="loco-ts-r2-1+")
    assert state["players"][a]["routes"]["ts"]["locos"] == ["3", "2"]
    assert state["factory_pool"] == ["1"]


def test_a_boilerman_on_a_factory_resolves_it_twice_or_scores_1_more() -> None:
    t, state, _ = game()
    ctx = ctx_of(t, state)
    assert locos.factory_effects(ctx, "3+") == [{"k": "coins", "n": 2}] * 2
    assert locos.factory_effects(ctx, "7+") == [{"k": "points", "n": 5}, {"k": "points", "n": 1}]
    assert locos.factory_effects(ctx, "3") == [{"k": "coins", "n": 2}]


def test_a_boilerman_on_a_factory_of_2_track_steps_adds_one_step() -> None:
    # "Factories with multiple benefits: You receive 1 of the benefits twice. EXAMPLE: You can
    # move tracks ... a combined total of 3 steps": each track step is a benefit.
    t, state, _ = game()
    ctx = ctx_of(t, state)
    assert t.board.factory("2")["effects"] == [{"k": "track", "c": "wood", "n": 2}]
    assert locos.factory_effects(ctx, "2+") == [{"k": "track", "c": "wood", "n": 3}]
    state.pop("rules_version")
    state["rules_version"] = 2  # before: both steps twice
    assert locos.factory_effects(ctx, "2+") == [{"k": "track", "c": "wood", "n": 2}] * 2


def test_the_coal_factory_2_moves_and_2_more_per_coal_up_to_8() -> None:
    t, state, a = game()
    state["players"][a]["coal"] = 5
    state["players"][a]["pool"] = [coal.coal_factory_task({"k": "coal_factory"})]
    state["active"] = a
    offered = picks(t, state, a)
    assert offered == {"burn-0", "burn-1", "burn-2", "burn-3"}  # "up to 3 coal"
    state = play(t, state, a, "pick", choice="burn-3")
    p = state["players"][a]
    assert p["coal"] == 2 and p["pool"][0]["n"] == 8  # "up to 8 track moves"
    # "If you added a boilerman to this factory, you receive 1 additional track move."
    assert coal.coal_factory_task({"k": "coal_factory", "boiler": True})["steps"] == 3


def test_the_coal_idea_card_builds_the_coal_factory_and_gives_2_coal() -> None:
    t, state, a = game()
    state["players"][a]["pool"] = [{"k": "idea_card", "must": True, "src": "test"}]
    state["active"] = a
    state = play(t, state, a, "pick", choice="card-coal")
    p = state["players"][a]
    assert p["factories"][0] == "cf" and p["coal"] == 3


def test_coal_actions_not_after_passing_nor_with_the_moved_worker() -> None:
    t, state, a = game(2)
    state["players"][a]["coal"] = 4
    state["players"][a]["foundries"] = ["coins"]
    state = play(t, state, a, "place", space="first")
    assert "foundry-coins" in picks(t, state, a)  # after the action, before ending the turn
    state = play(t, state, a, "done")
    b = state["current"]
    state = play(t, state, b, "pass")
    state = play(t, state, a, "pass")
    # The worker moved from the turn order space: no coal actions.
    assert state["phase"] == "moves" and t.to_act(state) == [a]
    assert not picks(t, state, a)
    with pytest.raises(IllegalAction):
        play(t, state, a, "pick", choice="foundry-coins")


def test_game_info_names_each_module_and_the_single_round_they_take_together() -> None:
    t = fresh(2)[0]
    lines = t.settings(None, {"coal": True, "manufactory_train": True})
    assert any(line.startswith("Module Coal: ") for line in lines)
    assert any(line.startswith("Module Manufactory Train: ") for line in lines)
    assert "Coal and Manufactory Train together take 1 round away, not 2." in lines
    assert not any(line.startswith("Module") for line in t.settings(None, {}))


def test_the_coal_engineer_is_shuffled_in_with_coal_never_beside_a_5() -> None:
    seen = False
    for seed in range(20):
        t, state = fresh(4, seed, coal=True)
        row = [k for k in state["engineer_row"] if k is not None]
        numbers = [t.board.engineer_number(k) for k in row]
        assert len(numbers) == len(set(numbers))
        seen |= 205 in row
        assert 205 not in fresh(4, seed)[1]["engineer_row"]
    assert seen


@pytest.mark.parametrize("used", ["boilerman", "foundry-coins"])
def test_coal_used_before_the_action_cannot_be_followed_by_passing(used: str) -> None:
    # "You can use coal action spaces only in addition to your regular action ... You cannot use
    # these spaces when passing."
    t, state, a = game()
    p = state["players"][a]
    p.update(coal=4, foundries=["coins"])
    state = play(t, state, a, "pick", choice=used)
    while state["active"] == a:  # the boilerman's locomotive, closing the foundry or not
        state = play(t, state, a, "pick", choice="boil-ts-1") if used == "boilerman" else \
            play(t, state, a, "done")
    assert state["current"] == a and not state["players"][a]["passed"]
    assert {"type": "pass", "seat": a} not in t.legal(state, a)
    assert "pass" not in {s.command for s in t.suggest(state, a)}
    before = state
    with pytest.raises(IllegalAction, match="coal actions come only in addition to your regular "
                                            "action"):
        play(t, state, a, "pass")
    assert state == before  # the refusal changes nothing
    state = play(t, state, a, "place", space="industry1")
    state = play(t, state, a, "done") if state["active"] == a else state
    # After the regular action the turn is over; next time round passing is open again.
    while state["current"] != a:
        state = play(t, state, state["current"], "pass")
    assert {"type": "pass", "seat": a} in t.legal(state, a)


def test_coal_then_passing_is_allowed_only_when_no_action_space_is_left() -> None:
    t, state, a = game()
    p = state["players"][a]
    p.update(coal=2, foundries=["coins"])
    state = play(t, state, a, "pick", choice="foundry-coins")
    state = play(t, state, a, "done")
    state["players"][a].update(workers=0, temp=0, coins=0, wood_worker="none")
    assert not [x for x in t.legal(state, a) if x["type"] == "place"]
    state = play(t, state, a, "pass")
    assert state["players"][a]["passed"]


def test_a_foundry_whose_action_could_do_nothing_is_not_offered() -> None:
    # Ruling: like an action space whose every choice is impossible, a foundry that could do
    # nothing at all is not offered, so its 2 coal never buy nothing.
    t, state, a = game()
    p = state["players"][a]
    p.update(coal=4, foundries=["green", "coins"])
    assert "green" not in p["unlocked"]
    offered = picks(t, state, a)
    assert "foundry-green" not in offered and "foundry-coins" in offered
    with pytest.raises(IllegalAction, match="'foundry-green' is not one of the things"):
        play(t, state, a, "pick", choice="foundry-green")
    p["unlocked"].append("green")
    p["routes"]["ts"]["tracks"]["wood"] = 3  # room for the green track behind the wood
    assert "foundry-green" in picks(t, state, a)


def test_coal_actions_are_suggested_under_their_own_group() -> None:
    t, state, a = game()
    state["players"][a].update(coal=4, foundries=["coins"])
    groups = {s.options["choice"]: s.group for s in t.suggest(state, a) if s.command == "pick"}
    assert groups["foundry-coins"] == "Coal" and groups["boilerman"] == "Coal"
