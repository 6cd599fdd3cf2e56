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
from engine.ultimate import hooks
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
