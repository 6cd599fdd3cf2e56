"""The solo game "Emil wants to play too", rule by rule as the rulebook writes it."""

from __future__ import annotations

import copy
import io
from pathlib import Path
from typing import Any

import pytest
from ult_helpers import config, fresh, play, title

from bot.cli.main import main
from engine.core import IllegalAction, State, new_game, step
from engine.ultimate.title import UltimateTitle


def emil_blocks(state: State) -> dict[str, int]:
    return {sid: v["workers"] for sid, v in state["spaces"].items()
            if v is not None and v.get("by") == "emil"}


def with_emil(state: State, **fields: Any) -> State:
    """Emil's first block of the round undone, then his pieces set as given."""
    out = copy.deepcopy(state)
    for sid in emil_blocks(out):
        out["spaces"][sid] = None
    out["emil"].update({"workers": out["emil"]["owned"], "discard": [], **fields})
    return out


def player_turn(t: UltimateTitle, state: State, space: str = "temp") -> tuple[State, list[str]]:
    """The player takes ``space`` and finishes the action; Emil then takes his turn."""
    texts: list[str] = []
    result = step(t, state, {"type": "place", "seat": 0, "space": space})
    texts += [e["text"] for e in result.events]
    state = result.state
    while state["active"] == 0:
        result = step(t, state, t.legal(state, 0)[0])
        texts += [e["text"] for e in result.events]
        state = result.state
    return state, texts


def test_one_seated_player_starts_the_solo_game_set_up_for_two() -> None:
    t, state = fresh(1, seed=3)
    p = state["players"][0]
    assert (p["workers"], p["coins"], state["rounds"]) == (6, 5, 6)
    assert state["start_cards"] == [] and state["phase"] == "actions"
    assert {"wood2", "green2", "loco2", "second"}.isdisjoint(state["spaces"])  # 2-player side
    assert state["spaces"]["coins"]["by"] == "blockade"
    e = state["emil"]
    # stacks of 2; Emil's first block may already have collected a locomotive or factory
    assert all(v <= 2 for v in state["stacks"].values())
    assert sum(2 - v for v in state["stacks"].values()) == len(e["locos"]) + len(e["factories"])
    # Emil takes the first turn: one space already carries his workers.
    assert len(emil_blocks(state)) == 1
    assert e["workers"] + sum(emil_blocks(state).values()) == e["owned"] == 6
    assert len(e["deck"]) + len(e["discard"]) == len(t.board.data["solo"]["deck"]["cards"])
    assert e["colour"] != p["colour"]


def test_the_two_coins_space_and_turn_order_are_not_available() -> None:
    t, state = fresh(1, seed=3)
    with pytest.raises(IllegalAction, match="'2 coins' is closed by a blockade for the whole"):
        step(t, state, {"type": "place", "seat": 0, "space": "coins"})
    with pytest.raises(IllegalAction, match="Turn order is not used in the solo game"):
        step(t, state, {"type": "place", "seat": 0, "space": "first"})
    assert "coins" not in {a.get("space") for a in t.legal(state, 0)}


def test_other_titles_and_the_lobby_still_need_their_own_player_counts() -> None:
    t = title()
    t.validate_config(config(1))  # no error: the solo game
    with pytest.raises(IllegalAction, match="needs 1-4 players, not 5"):
        t.validate_config({**config(4), "players": [*config(4)["players"],
                                                    {"seat": 4, "name": "E", "colour": "red"}]})


def test_emil_places_two_workers_on_the_two_industry_steps_space() -> None:
    t, state = fresh(1, seed=3)
    state = with_emil(state, deck=["industry2"])
    state, texts = player_turn(t, state)
    assert emil_blocks(state) == {"industry2": 2}
    assert state["emil"]["workers"] == 4
    assert "Emil blocks 'industry +2' (2 workers)." in texts
    # Emil does not resolve the action: no wrench of his moves anywhere.
    assert state["players"][0]["wrenches"] == [0]


def test_emil_with_two_workers_left_cannot_take_a_three_worker_space() -> None:
    t, state = fresh(1, seed=5)
    state = with_emil(state, deck=["locofac", "industry1"], workers=2)
    state, texts = player_turn(t, state)
    assert "industry1" in emil_blocks(state)
    assert "locofac" not in emil_blocks(state)
    assert "locofac" in state["emil"]["discard"]
    if texts.index("Emil blocks 'industry +1' (1 worker).") > 0:
        assert any("he has only 2 workers left" in x for x in texts)


def test_emil_draws_again_when_the_player_occupies_the_space() -> None:
    t, state = fresh(1, seed=5)
    state = with_emil(state, deck=["industry1", "doubler"])
    state, _texts = player_turn(t, state, "industry1")
    assert "doubler" in emil_blocks(state)
    assert state["spaces"]["industry1"]["seat"] == 0
    assert sorted(state["emil"]["discard"]) == ["doubler", "industry1"]


def test_emil_blocks_only_spaces_the_player_can_use() -> None:
    t, state = fresh(1, seed=5)
    assert "silver" not in state["players"][0]["unlocked"]
    state = with_emil(state, deck=["silver1", "industry1"])
    state, _texts = player_turn(t, state)
    assert "silver1" not in emil_blocks(state) and "industry1" in emil_blocks(state)
    assert "silver1" in state["emil"]["discard"]


def test_coins_emil_needs_come_from_the_supply() -> None:
    t, state = fresh(1, seed=3)
    coins = state["players"][0]["coins"]
    state = with_emil(state, deck=["any2"])
    state, texts = player_turn(t, state)
    assert state["spaces"]["any2"] == {"seat": None, "by": "emil", "workers": 1, "coins": 1}
    assert state["players"][0]["coins"] == coins
    assert any("the coins from the supply" in x for x in texts)


def test_emil_collects_the_engineer_he_hires_and_it_counts_for_the_majority() -> None:
    t, state = fresh(1, seed=3)
    number = state["engineer_row"][-1]
    state = with_emil(state, deck=["hire"])
    state, texts = player_turn(t, state)
    assert state["emil"]["engineers"] == [number]
    assert state["engineer_row"][-1] is None
    assert f"Emil collects engineer #{number} ({t.board.engineer_text(number)})." in texts


def test_emil_collects_the_lowest_locomotive_then_the_lowest_factory() -> None:
    t, state = fresh(1, seed=3)
    state = with_emil(state, deck=["loco1"])
    lowest = next(k for k, v in state["stacks"].items() if v > 0)
    state, texts = player_turn(t, state)
    assert state["emil"]["locos"][-1] == lowest
    # No locomotives left in the supply: the lowest-numbered factory instead.
    t, state = fresh(1, seed=3)
    state = with_emil(state, deck=["loco1"], locos=[], factories=[])
    state["stacks"] = {k: 0 for k in state["stacks"]}
    state["factory_pool"] = ["5", "7"]
    state, texts = player_turn(t, state)
    assert state["emil"]["factories"] == ["5"] and state["factory_pool"] == ["7"]
    assert "Emil collects a #5 factory." in texts


def test_emil_gets_a_worker_at_50_points_usable_this_round_and_another_at_150() -> None:
    t, state = fresh(1, seed=3)
    state["players"][0]["score"] = 49
    state["players"][0]["ledger"] = {"earlier": 49}
    state["engineer_row"][-3] = 2  # the face-up engineer #2: 1 doubler and 5 points
    state = with_emil(state, deck=["industry1"])
    before = state["emil"]["workers"]
    state, texts = player_turn(t, state, "left-engineer")
    assert state["players"][0]["score"] >= 50
    assert state["emil"]["owned"] == 7
    assert state["emil"]["workers"] == before + 1 - 1  # the new worker, then industry +1
    assert any("Emil gets another worker (7 from now on)" in x for x in texts)
    state["players"][0]["score"] = 150
    state = with_emil(state, passed=True, workers=3)
    state, texts = player_turn(t, state, "industry2")
    assert state["emil"]["owned"] == 8
    assert state["emil"]["workers"] == 3  # he had passed: the worker waits for the next round


def test_out_of_cards_emil_passes_and_the_player_goes_on() -> None:
    t, state = fresh(1, seed=3)
    state = with_emil(state, deck=[])
    state, texts = player_turn(t, state)
    assert "Emil has no cards left and passes for the rest of the round." in texts
    assert t.to_act(state) == [0]
    state, texts = player_turn(t, state, "industry1")
    assert t.to_act(state) == [0] and not any(x.startswith("Emil") for x in texts)


def test_after_scoring_his_cards_are_reshuffled_and_workers_return() -> None:
    t, state = fresh(1, seed=3)
    state = play(t, state, 0, "pass")
    assert state["round"] == 2
    e = state["emil"]
    assert len(emil_blocks(state)) == 1 and e["workers"] == 6 - sum(emil_blocks(state).values())
    assert len(e["deck"]) == len(t.board.data["solo"]["deck"]["cards"]) - len(e["discard"])
    assert state["spaces"]["coins"]["by"] == "blockade"


def _to_the_end(t: UltimateTitle, state: State) -> State:
    while not state["finished"]:
        state = play(t, state, 0, "pass")
    return state


@pytest.mark.parametrize(("mine", "his", "points"), [([3], [4, 5], 20), ([3, 6], [4, 5], 40),
                                                    ([], [4], 0)])
def test_engineer_majority_against_emil(mine: list[int], his: list[int], points: int) -> None:
    t, state = fresh(1, seed=3)
    state["players"][0]["engineers"] = mine
    state = with_emil(state, engineers=his)
    state = _to_the_end(t, state)
    assert state["players"][0]["ledger"].get("engineers", 0) == points
    assert state["final"]["winners"] == [0]


def test_his_draws_are_chance_on_the_action_and_not_in_the_view() -> None:
    t = title()
    cfg = config(1, seed=9)
    state = new_game(t, cfg)
    result = step(t, state, {"type": "pass", "seat": 0})
    assert result.chance  # the next round's first draw
    view = t.view(state, 0)
    assert "deck" not in view["emil"] and view["emil"]["cards_left"] == len(state["emil"]["deck"])
    # His first block happens at setup: the board, the view and the status line name it.
    blocked = next(s for s in view["spaces"] if s["holder"] == 1)
    assert view["emil"]["last"] == blocked["name"]
    assert f"Emil last blocked '{blocked['name']}'." in t.summary(state)
    assert t.opening(state) == ("The solo game against Emil: he takes the first turn and blocks "
                                f"'{blocked['name']}'.")


def test_game_info_names_the_board_and_the_solo_game() -> None:
    lines = title().settings(None, {})
    assert lines == ["Player boards: Russian Railroads.",
                     "A game started by one seated player is the solo game against Emil."]


def test_only_this_title_starts_with_one_seated_player(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    said = []
    for system in ("newengland", "ultimate"):
        lines = [f"anna /game new system:{system}", "anna /game start"]
        monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
        assert main(["play", "--db", str(tmp_path / f"{system}.sqlite3"), "--no-boards"]) == 0
        said.append(capsys.readouterr().out)
    assert "New England Railways needs 3-6 players, not 1." in said[0]
    assert "The solo game against Emil: he takes the first turn and blocks '" in said[1]


def test_the_last_round_tile_is_set_aside_in_the_solo_game() -> None:
    # "Set the last round token, the turn order cards, and the starting bonus cards aside."
    t, state = fresh(1, seed=3)
    texts: list[str] = []
    while state["round"] < state["rounds"]:
        result = step(t, state, {"type": "pass", "seat": 0})
        texts += [e["text"] for e in result.events]
        state = result.state
    assert not any("last round tile" in x for x in texts)
    assert "industry3" not in {a.get("space") for a in t.legal(state, 0)}
    assert "industry3" not in {s["id"] for s in t.view(state, 0)["spaces"]}
    assert "industry3" not in t.board.data["solo"]["deck"]["cards"]  # Emil never blocks it
    assert not t.view(state, 0)["last_round_tile"]
    with pytest.raises(IllegalAction, match="no action space 'industry3'"):
        step(t, state, {"type": "place", "seat": 0, "space": "industry3"})


def test_the_solo_deck_holds_16_cards_and_18_with_the_two_module_cards() -> None:
    # The contents: "18 solo cards (Emil)", among them the 2 module cards: "Use these Emil cards
    # only if you are using the corresponding expansion modules (Coal or Manufactory Train)."
    _, plain = fresh(1, seed=3)
    _, both = fresh(1, seed=3, coal=True, manufactory_train=True)
    for state, size in ((plain, 16), (both, 18)):
        e = state["emil"]
        assert len(e["deck"]) + len(e["discard"]) == size


def test_the_light_engineer_card_blocks_a_face_up_engineer() -> None:
    # "When this card is revealed, Emil blocks the light engineer on the game board."
    t, state = fresh(1, seed=3)
    state = with_emil(state, deck=["light-engineer"])
    state, texts = player_turn(t, state, "industry1")
    assert "right-engineer" in emil_blocks(state)  # the one nearer the hiring space first
    t, state = fresh(1, seed=3)
    state = with_emil(state, deck=["light-engineer"])
    state, texts = player_turn(t, state, "right-engineer")
    assert "left-engineer" in emil_blocks(state)
    assert any(x.startswith("Emil blocks 'face-up engineer #") for x in texts)


def test_with_coal_the_solo_player_has_the_5_coins_and_coals_coin_and_coal() -> None:
    # "Take 5 coins" replaces the 2-player coins; the Coal module's "1 coal and 1 coin" for
    # each player come on top
    _, state = fresh(1, seed=3, coal=True)
    p = state["players"][0]
    assert (p["coins"], p["coal"]) == (6, 1)
    assert state["rounds"] == 5
