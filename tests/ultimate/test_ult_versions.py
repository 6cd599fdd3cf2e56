"""Ultimate Railroads keeps its first rules for the games stored under them: each rule that
differs, under version 1 and version 2 (tests/service/test_stored_games.py replays whole games
stored under version 1)."""

from __future__ import annotations

from ult_helpers import acting, config, lone_green_step, play, skip_bonus, title

from engine.core import State, new_game
from engine.ultimate import UltimateTitle, versions


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
