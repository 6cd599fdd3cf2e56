"""Ultimate Railroads keeps its earlier rules for the games stored under them: each rule that
differs, under versions 1, 2 and 3 (tests/service/test_stored_games.py replays whole games
stored under versions 1 and 2)."""

from __future__ import annotations

from ult_helpers import acting, config, ctx_of, lone_green_step, play, skip_bonus, title

from engine.core import State, new_game
from engine.ultimate import UltimateTitle, in_full, tracks, versions


def test_the_title_is_on_version_3() -> None:
    assert title().meta.rules_version == versions.VERSION == 3


def test_the_green_end_bonus_card_joins_the_deck_from_version_2() -> None:
    t = title()
    seen: dict[int, set[str]] = {1: set(), 2: set()}
    for version in (1, 2):
        for seed in range(1, 30):
            state = new_game(t, {**config(3, seed), "rules_version": version})
            assert len(state["end_deck"]) == 8 + version  # 11 or 12 cards less the 2 unseen
            seen[version] |= set(state["end_deck"])
    assert versions.GREEN_END_BONUS in seen[2] and versions.GREEN_END_BONUS not in seen[1]


def test_under_version_1_an_indirect_actions_only_choice_is_made_by_itself() -> None:
    # the scenario of test_an_indirect_actions_only_choice_is_asked_and_may_be_left
    t = title()
    state, a = lone_green_step(t, new_game(t, {**config(2, seed=2), "rules_version": 1}))
    assert state["players"][a]["routes"]["ts"]["tracks"]["green"] == 1
    assert state["players"][a]["pool"] == []


def my_turn() -> tuple[UltimateTitle, State, int]:
    t = title()
    state = skip_bonus(t, new_game(t, config(2, seed=2)))
    return t, state, acting(t, state)


def test_ids_stored_before_locomotives_of_one_worth_were_told_apart_read_as_before() -> None:
    """Without a version: the ids stored games hold still name what they named (the outcomes
    below are those the release before version 2 gave)."""
    # two tasks waiting: the idea card's #9 first, then a locomotive from the stacks
    t, state, a = my_turn()
    state["players"][a]["pool"] = [
        {"k": "place_loco", "tile": "9s", "must": True, "src": "idea card"},
        {"k": "loco", "mode": "loco", "must": False, "src": "t"}]
    state["active"] = a
    after = play(t, state, a, "pick", choice="loco-sp")
    assert after["players"][a]["routes"]["sp"]["locos"] == ["9s"]
    assert [task["k"] for task in after["players"][a]["pool"]] == ["loco"]
    # two locomotives worth 9 on the Trans-Siberian: "r9" is the first of them
    for first, second, pool, box in (("9", "9s", ["9"], []), ("9s", "9", [], ["9s"])):
        t, state, a = my_turn()
        p = state["players"][a]
        p["routes"]["ts"]["locos"] = [first, second]
        p["routes"]["sp"]["locos"] = p["routes"]["kiev"]["locos"] = ["9"]
        state["stacks"].update({str(k): 0 for k in range(2, 10)})
        state = play(t, state, a, "place", space="loco1")
        after = play(t, state, a, "pick", choice="loco-ts-r9")
        assert sorted(after["players"][a]["routes"]["ts"]["locos"]) == sorted(["10a", second])
        assert (after["factory_pool"], after["box_locos"]) == (pool, box)


def game_at(version: int, players: int = 2, board: str = "russian", seed: int = 5,
            **modules: bool) -> tuple[UltimateTitle, State]:
    t = title()
    state = new_game(t, {**config(players, seed, board, **modules), "rules_version": version})
    return t, skip_bonus(t, state)


def green_behind_wood(version: int) -> tuple[UltimateTitle, State, int]:
    """The scenario of test_a_wood_step_first_makes_room_for_the_green_step_so_the_train_may_be_
    used: every green track right behind its wood track, the train carrying a wood and a green
    step."""
    t, state = game_at(version, manufactory_train=True)
    seat = state["order"][0]
    p = state["players"][seat]
    p["unlocked"] = ["wood", "green"]
    for r in p["routes"].values():
        r["tracks"].update(wood=3, green=2)
    tracks.newly_reached(ctx_of(t, state), seat)
    tr = state["train"]
    everything = [*tr["offer"], *tr["unseen"], *[x for x in tr["slots"] if x]]
    rest = [x for x in everything if x not in ("wood", "green", "coin")]
    tr.update(slots=[None, "wood", "green"], offer=["coin", *rest[:2]], unseen=rest[2:],
              bottom=[])
    return t, state, seat


def test_under_version_2_the_train_checks_each_token_alone_and_loses_a_step_without_room() -> None:
    t, state, seat = green_behind_wood(2)
    assert "manufactory" not in {a.get("space") for a in t.legal(state, seat)}
    t, state, seat = green_behind_wood(3)
    assert "manufactory" in {a.get("space") for a in t.legal(state, seat)}


def test_under_version_2_a_green_step_without_room_is_lost_before_the_wood_step() -> None:
    for version, green in ((2, 2), (3, 3)):
        t, state, seat = green_behind_wood(version)
        p = state["players"][seat]
        p["pool"] = [{"k": "track", "c": "green", "n": 1, "must": False, "src": "t"},
                     {"k": "track", "c": "wood", "n": 1, "must": False, "src": "t"}]
        state["active"] = seat
        state = play(t, state, seat, "pick", choice="wood-sp")
        if version == 3:
            state = play(t, state, seat, "pick", choice="green-sp")
        assert state["players"][seat]["routes"]["sp"]["tracks"]["green"] == green


def test_under_version_2_a_factory_built_over_tries_one_order_on_the_first_route() -> None:
    # the scenario of test_the_wood_green_bronze_factory_is_built_when_one_route_takes_all_
    # three_in_turn
    for version, built in ((2, False), (3, True)):
        t, state = game_at(version, board="asian", seed=3)
        seat = t.to_act(state)[0]
        p = state["players"][seat]
        p["unlocked"] += ["green", "bronze"]
        p["routes"]["beijing"]["tracks"].update(wood=5, green=0, bronze=0)
        p["routes"]["seoul"]["tracks"].update(wood=9, green=8, bronze=7)
        p["routes"]["tokyo"]["tracks"].update(wood=8, green=7)
        ctx = ctx_of(t, state)
        tracks.newly_reached(ctx, seat)
        assert (4 in in_full.buildable(ctx, seat)) is built
