"""The plug-in recipe of docs/architecture.md, followed by a test plug-in (``signal_box``): its
extra action space is offered, taken, paid for and resolved by the core, blocks the other player,
scores in the scoring phase, shows in the view, and is gone once the plug-in is unregistered."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
import signal_box
from ult_helpers import fresh, play, skip_bonus

from engine.core import IllegalAction
from engine.ultimate import DATA, UltimateTitle, hooks
from engine.ultimate.board import Board, Parts
from engine.ultimate.plugins import SHIPPED


@pytest.fixture
def installed() -> Iterator[None]:
    with hooks.installed(signal_box.PLUGIN):
        yield


def places(t, state, seat) -> set[str]:
    return {a["space"] for a in t.legal(state, seat) if a["type"] == "place"}


def test_the_extra_space_is_played_through_the_core(installed: None) -> None:
    t, state = fresh(2, seed=3)
    state = skip_bonus(t, state)
    first = t.to_act(state)[0]
    other = 1 - first
    assert "signal-box" in places(t, state, first)
    before = state["players"][first]
    coins, workers = before["coins"], before["workers"]
    state = play(t, state, first, "place", space="signal-box")
    assert {a["choice"] for a in t.legal(state, first) if a["type"] == "pick"} >= {
        "signal-coins", "signal-points"}
    state = play(t, state, first, "pick", choice="signal-coins")
    me = state["players"][first]
    assert me["coins"] == coins + signal_box.COINS
    assert me["workers"] == workers - 1  # paid like any space
    assert me["signals"] == 1
    assert state["spaces"]["signal-box"]["seat"] == first
    # taken for this round: the other player is refused it with the core's words
    assert "signal-box" not in places(t, state, other)
    with pytest.raises(IllegalAction, match="already occupies 'the signal box'"):
        play(t, state, other, "place", space="signal-box")
    assert t.view(state, None)["signals"] == {str(first): 1, str(other): 0}


def test_the_plugin_scores_in_the_scoring_phase(installed: None) -> None:
    t, state = fresh(2, seed=3)
    state = skip_bonus(t, state)
    first = t.to_act(state)[0]
    state = play(t, state, first, "place", space="signal-box")
    state = play(t, state, first, "pick", choice="signal-points")
    assert state["players"][first]["ledger"]["actions"] == signal_box.POINTS
    while state["round"] == 1:  # everyone passes: the round is scored
        seat = t.to_act(state)[0]
        state = play(t, state, seat, "pass")
    assert state["last_scoring"]["points"][str(first)]["signals"] == 1
    assert "signals" not in state["last_scoring"]["points"][str(1 - first)]
    # a new round frees the space again
    assert state["spaces"]["signal-box"] is None


def test_without_the_plugin_there_is_no_such_space() -> None:
    assert signal_box.PLUGIN not in hooks.plugins()
    t, state = fresh(2, seed=3)
    state = skip_bonus(t, state)
    first = t.to_act(state)[0]
    assert "signal-box" not in places(t, state, first)
    with pytest.raises(IllegalAction, match="no action space 'signal-box'"):
        play(t, state, first, "place", space="signal-box")


def test_a_kind_is_answered_by_one_plugin_only() -> None:
    clash = hooks.Plugin(name="clash", tasks={"signal": signal_box._resolve})
    with hooks.installed(signal_box.PLUGIN), pytest.raises(ValueError, match="both answer"):
        hooks.register(clash)
    assert [p.name for p in hooks.plugins()] == [p.name for p in SHIPPED]


def test_every_core_module_is_bound_by_the_no_plugin_contract() -> None:
    """The import contract names the core's modules one by one: a new core module must join it
    (only the title and the computer player may reach the plug-ins)."""
    root = Path(__file__).resolve().parents[2]
    config = tomllib.loads((root / "pyproject.toml").read_text())
    contract = next(c for c in config["tool"]["importlinter"]["contracts"]
                    if c["name"].startswith("Ultimate Railroads: the core never imports"))
    files = {f"engine.ultimate.{f.stem}" for f in (root / "engine" / "ultimate").glob("*.py")}
    assert set(contract["source_modules"]) == files - {
        "engine.ultimate.__init__", "engine.ultimate.title", "engine.ultimate.player"}


SIGNAL_WORKS = {"effects": [{"k": "signal"}], "text": "a signal", "name": "signal works"}


def _signal_parts(data: dict[str, object]) -> Parts:
    return Parts(spaces=(signal_box.SPACE,), tokens={"signal": "set a signal"},
                 factories={"sw": SIGNAL_WORKS}, start_cards=({"id": "signal", "text": "a"},))


SIGNAL_MODULE = hooks.Plugin(
    name="signal_module", module="signals", board_parts=_signal_parts,
    module_labels=lambda data: ("Signals: the signal works' action",))


def test_a_modules_parts_reach_the_boards_through_its_hook() -> None:
    with hooks.installed(SIGNAL_MODULE):
        board = UltimateTitle(DATA).board
        assert "signal-box" in {s.id for s in board.spaces(2, ["signals"])}
        assert "signal-box" not in {s.id for s in board.spaces(2, [])}
        assert board.space("signal-box") == signal_box.SPACE
        assert board.token_texts["signal"] == "set a signal"
        assert board.factory_name("sw+") == "signal works with its boilerman"
        assert board.start_cards(["signals"])[-1] == "signal"
        assert "signal" not in board.start_cards([])
        assert hooks.module_labels(DATA, ["signals"]) == ("Signals: the signal works' action",)
    board = UltimateTitle(DATA).board
    assert "sw" not in board.factories and "signal" not in board.token_texts
    assert hooks.module_labels(DATA, ["signals"]) == ()


def test_the_core_board_alone_has_only_the_core_games_parts() -> None:
    bare = Board(DATA)
    assert not {"sf", "cf"} & set(bare.factories)
    assert all(e.get("module", "") == "" for e in bare.engineers.values())
    assert bare.spaces(2, ["coal", "manufactory_train"]) == bare.spaces(2)
    assert bare.start_cards(["coal"]) == bare.start_cards([])
    full = UltimateTitle(DATA).board
    assert {"sf", "cf"} <= set(full.factories)
    assert full.factory_name("cf+") == "coal factory with its boilerman"
    assert full.factory_name("5+") == "#5 factory with its boilerman"
    assert full.start_cards(["coal"]) == [*bare.start_cards([]), "coal"]
    # the engineers keep the order the engineer row is shuffled from: base, then by key
    assert list(full.engineers) == sorted(full.engineers)


def test_the_core_lookups_and_house_values_name_no_module() -> None:
    """A module's or a board's parts reach board.py and house.py through the hooks: neither
    names a module, and only the industry tracks' table (the industry option's values) names
    boxes."""
    root = Path(__file__).resolve().parents[2] / "engine" / "ultimate"
    modules = ("coal", "manufactory", "special_ideas", "additional_engineers")
    for name in ("board.py", "house.py"):
        lines = [line for line in (root / name).read_text().lower().splitlines()
                 if not line.startswith(("industry_of =", "industry_boards ="))]
        text = "\n".join(lines)
        assert not [m for m in modules if m in text], name
        assert not [b for b in ('"american"', '"asian"', '"german"') if b in text], name
