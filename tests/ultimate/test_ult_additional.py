"""The Additional Engineers module: how they are dealt, and each one's action as the appendix
writes it (its special cases included)."""

from __future__ import annotations

import pytest
from ult_helpers import fresh, play, skip_bonus

from engine.core import IllegalAction, State, step
from engine.ultimate.plugins import additional_engineers as additional
from engine.ultimate.title import UltimateTitle

REUSE, RANDOM_START, START_TWICE, BORROW, BONUS_OR_10, FACTORY = 104, 106, 108, 110, 111, 113


def game(players: int, seed: int = 2) -> tuple[UltimateTitle, State]:
    t, state = fresh(players, seed, additional_engineers=True)
    return t, skip_bonus(t, state)


def hire_for(state: State, seat: int, key: int) -> None:
    state["players"][seat]["engineers"].append(key)


def picks(t: UltimateTitle, state: State, seat: int) -> set[str]:
    return {a["choice"] for a in t.legal(state, seat) if a["type"] == "pick"}


def test_dealt_in_with_the_others_never_two_of_one_number() -> None:
    seen_additional = False
    for seed in range(30):
        t, state = fresh(4, seed, additional_engineers=True)
        row = [k for k in state["engineer_row"] if k is not None]
        numbers = [t.board.engineer_number(k) for k in row]
        assert len(numbers) == len(set(numbers)) == 7
        seen_additional |= any(k > 100 for k in row)
        # Each in its own group: the A engineers next to the hiring space, the B ones behind.
        groups = [t.board.engineers[k]["group"] for k in row]
        assert groups == ["B"] * 4 + ["A"] * 3
        _, plain = fresh(4, seed)
        assert all(k is None or k < 100 for k in plain["engineer_row"])
    assert seen_additional


def test_reuse_a_space_taken_with_one_worker_but_not_the_excluded_ones() -> None:
    # "You cannot choose the temporary worker action space, spaces you placed more than 1 worker
    # on, or spaces you must pay coins for."
    t, state = game(3)
    a, b, c = state["order"]
    hire_for(state, a, REUSE)
    state = play(t, state, a, "place", space="industry1")  # 1 worker
    state = play(t, state, b, "pass")
    state = play(t, state, c, "pass")
    state = play(t, state, a, "place", space="temp")  # 1 worker, but the temporary workers' space
    state = play(t, state, a, "place", space="wood3")  # 2 workers
    while state["active"] == a:
        state = play(t, state, a, "pick", choice=sorted(picks(t, state, a))[0])
    state = play(t, state, a, "place", space="any2")  # 1 worker and the coin it costs
    while state["active"] == a:
        state = play(t, state, a, "pick", choice=sorted(picks(t, state, a))[0])
    wrench = state["players"][a]["wrenches"][0]
    reusable = [o.id for o in additional._reusable(t._ctx(state), a)]
    assert reusable == ["industry1"]
    # An own engineer's action is indirect: even its only choices are asked, and may be left.
    state = play(t, state, a, "place", space=f"eng{REUSE}")
    assert picks(t, state, a) == {"again-industry1"}
    assert {"type": "done", "seat": a} in t.legal(state, a)
    state = play(t, state, a, "pick", choice="again-industry1")
    state = play(t, state, a, "pick", choice="industry")
    assert state["players"][a]["wrenches"] == [wrench + 1]


def test_reuse_where_the_wood_worker_stood_gives_no_second_extra_step() -> None:
    # "If you choose a space with the wood-colored worker on it, you do not receive a second
    # additional step."
    t, state = game(3)
    a, b, c = state["order"]
    p = state["players"][a]
    p["wood_worker"] = "supply"
    hire_for(state, a, REUSE)
    state = play(t, state, a, "place", space="wood2")
    assert state["players"][a]["wood_worker"] == "placed"
    while state["active"] == a:
        state = play(t, state, a, "pick", choice="wood-ts")
    assert state["players"][a]["routes"]["ts"]["tracks"]["wood"] == 1 + 3
    state = play(t, state, b, "pass")
    state = play(t, state, c, "pass")
    state = play(t, state, a, "place", space=f"eng{REUSE}")  # wood2 is the only one to reuse
    state = play(t, state, a, "pick", choice="again-wood2")
    while state["active"] == a:
        state = play(t, state, a, "pick", choice="wood-ts")
    assert state["players"][a]["routes"]["ts"]["tracks"]["wood"] == 1 + 3 + 2


def test_reuse_is_refused_with_nothing_to_reuse() -> None:
    t, state = game(2)
    a = state["order"][0]
    hire_for(state, a, REUSE)
    with pytest.raises(IllegalAction, match="no space this round with a single worker"):
        play(t, state, a, "place", space=f"eng{REUSE}")


def test_two_starting_bonus_cards_at_random() -> None:
    t, state = game(2, seed=4)
    a = state["order"][0]
    hire_for(state, a, RANDOM_START)
    result = step(t, state, {"type": "place", "seat": a, "space": f"eng{RANDOM_START}"})
    drawn = [e["data"]["card"] for e in result.events if e["type"] == "start"]
    assert len(drawn) == 2 and len(set(drawn)) == 2
    assert set(drawn) <= set(t.board.start_cards([]))
    assert result.chance  # recorded, so the game replays the same draw


def test_a_starting_bonus_twice_and_3_points_then_one_each_for_the_others() -> None:
    t, state = game(3)
    a, b, c = state["order"]
    hire_for(state, a, START_TWICE)
    before = state["players"][a]["coins"], state["players"][a]["score"]
    state = play(t, state, a, "place", space=f"eng{START_TWICE}")
    assert picks(t, state, a) == {f"twice-{card}" for card in t.board.start_cards([])}
    state = play(t, state, a, "pick", choice="twice-coins")
    p = state["players"][a]
    assert (p["coins"], p["score"]) == (before[0] + 2 * 2, before[1] + 3)
    # "In turn order, each other player chooses 1 bonus" of the remaining cards; both may take
    # the same one.
    for seat in (b, c):
        assert t.to_act(state) == [seat]
        assert picks(t, state, seat) == {f"also-{card}" for card in t.board.start_cards([])
                                         if card != "coins"}
        # the share may be declined, with the plug-in's own button
        assert "Take no starting bonus card" in {s.label for s in t.suggest(state, seat)}
        doublers = state["players"][seat]["doublers"]
        state = play(t, state, seat, "pick", choice="also-doubler")
        assert state["players"][seat]["doublers"] == doublers + 1
    assert state["current"] == b and state["active"] is None and state["share"] is None


def test_another_end_bonus_card_or_10_points() -> None:
    t, state = game(2)
    a = state["order"][0]
    hire_for(state, a, BONUS_OR_10)
    score = state["players"][a]["score"]
    state = play(t, state, a, "place", space=f"eng{BONUS_OR_10}")
    offered = picks(t, state, a)
    assert "instead-10" in offered
    assert {f"another-{c}" for c in state["end_deck"]} <= offered
    state = play(t, state, a, "pick", choice="instead-10")
    assert state["players"][a]["score"] == score + 10
    assert state["players"][a]["bonus_cards"] == []


def test_the_action_of_one_of_your_factories() -> None:
    t, state = game(2)
    a = state["order"][0]
    hire_for(state, a, FACTORY)
    state["players"][a]["factories"][0] = "3"  # 2 coins
    coins = state["players"][a]["coins"]
    state["players"][a]["factories"][1] = "5"  # 1 doubler
    state = play(t, state, a, "place", space=f"eng{FACTORY}")
    assert picks(t, state, a) == {"run-1", "run-2"}
    state = play(t, state, a, "pick", choice="run-1")
    assert state["players"][a]["coins"] == coins + 2


def test_a_second_worker_on_another_players_free_engineer() -> None:
    # "Immediately place a second worker on the unoccupied action space of another player's
    # engineer. Resolve the corresponding action. That engineer is now occupied."
    t, state = game(2)
    a, b = state["order"]
    hire_for(state, a, BORROW)
    hire_for(state, b, 5)  # industry +2
    workers, wrench = state["players"][a]["workers"], state["players"][a]["wrenches"][0]
    hire_for(state, b, 3)  # 3 wood steps
    state = play(t, state, a, "place", space=f"eng{BORROW}")
    assert picks(t, state, a) == {f"borrow-{b}-5", f"borrow-{b}-3"}
    state = play(t, state, a, "pick", choice=f"borrow-{b}-5")
    state = play(t, state, a, "pick", choice="industry")
    state = play(t, state, a, "pick", choice="industry")
    p = state["players"][a]
    assert p["workers"] == workers - 2 and p["wrenches"] == [wrench + 2]
    with pytest.raises(IllegalAction, match="already used engineer #5 this round"):
        play(t, state, b, "place", space="eng5")


def test_an_additional_engineer_reads_its_printed_number_everywhere() -> None:
    t, state = game(2)
    a = state["order"][0]
    hire_for(state, a, BONUS_OR_10)
    view = t.view(state, None)
    mine = view["players"][a]["engineers"]
    assert mine[-1]["number"] == 11 and mine[-1]["id"] == BONUS_OR_10
    offers = {v.value: v.label for v in t.option_values(state, a, "place", "space", {})}
    assert offers[f"eng{BONUS_OR_10}"].startswith("hired engineer #11:")


def test_the_box_holds_9_additional_engineers_with_the_appendix_special_abilities() -> None:
    # Contents, ADDITIONAL CONTENT (I): "9 engineers"; "some additional engineers with special
    # abilities ... Any additional clarifications are listed on p.48." The appendix's engineers
    # with special abilities (the #1 engineer of the idea card aside) are these 9; the base
    # engineers' actions are "familiar and similar to those on the game board".
    t = fresh(2)[0]
    extra = {k: e for k, e in t.board.engineers.items()
             if e.get("module") == "additional_engineers"}
    assert len(extra) == 9
    assert any("the 9 additional engineers" in line
               for line in t.settings(None, {"additional_engineers": True}))  # /game info
    kinds = {e["effects"][0].get("counts", e["effects"][0]["k"]) for e in extra.values()}
    assert kinds == {"reuse", "random_start", "start_twice", "borrow", "bonus_or_10",
                     "factory_action", "catchup", "best_locos", "engineer_numbers"}
    base = [e for k, e in t.board.engineers.items() if k < 100]
    assert sorted(e["number"] for e in base) == list(range(1, 16))  # #1 and "14 ... 2-15"
    special = {"reuse", "random_start", "start_twice", "borrow", "bonus_or_10",
               "factory_action", "catchup"}
    assert not any(eff["k"] in special or "counts" in eff for e in base if e["number"] > 1
                   for eff in e["effects"])
