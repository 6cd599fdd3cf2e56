"""The Railways of the World computer takes build cards and plays them where they save enough."""

from __future__ import annotations

from typing import Any

import pytest
from bot_games import easy_until_actions

from engine.core.types import State
from engine.rotw import track
from engine.rotw.buildcards import (
    AIM_MOST,
    AIMED_BUILDS,
    LAST_ACTIONS,
    SAVING_WANTED,
    LinkOffers,
    take_prior,
)
from engine.rotw.player import RotwPlayer
from engine.rotw.playervalue import Weights, progress
from engine.rotw.title import RotwTitle

GRANT = "land-grant#1"
ON = Weights(build_cards=1.0)
"""The player with build cards (off by default)."""


def _with_grant(turn: int = 3, seed: int = 3) -> tuple[RotwTitle, State, int]:
    title, state = easy_until_actions(turn, seed=seed)
    seat = title.to_act(state)[0]
    state["players"][seat]["hand"].append(GRANT)
    return title, state, seat


def _saving(title: RotwTitle, state: State, seat: int, action: dict[str, Any]) -> int:
    """What the Land Grant saves on the offered build's own path."""
    ctx = title.context(state["map"])
    bare = {k: v for k, v in action.items() if k != "cards"}
    return track.plan_build(state, ctx, seat, bare).cost \
        - track.plan_build(state, ctx, seat, {**bare, "cards": [GRANT]}).cost


def _builds(player: RotwPlayer, state: State, seat: int) -> list[dict[str, Any]]:
    return [c.action for c in player.candidates(state, seat) if c.action["type"] == "build"]


def test_a_grant_goes_on_the_builds_it_saves_enough_on_and_only_those() -> None:
    title, state, seat = _with_grant()
    builds = _builds(RotwPlayer(title, ON), state, seat)
    carded = [a for a in builds if "cards" in a]
    kept = [a for a in builds if "cards" not in a]
    assert carded and kept
    wanted = SAVING_WANTED["land_grant"]
    for action in carded:
        assert action["cards"] == [GRANT]
        assert _saving(title, state, seat, action) >= wanted
    # A grant that would save a little (or nothing) is kept for a longer link.
    assert all(_saving(title, state, seat, a) < wanted for a in kept)
    assert any(_saving(title, state, seat, a) > 0 for a in kept)


def test_in_the_last_actions_any_saving_is_worth_the_grant() -> None:
    title, state, seat = _with_grant()
    # The end is set off and this is the last turn: at most three actions are left.
    state["ecm"].update(end_triggered=True, last_turn=state["turn"])
    assert LAST_ACTIONS >= 3
    builds = _builds(RotwPlayer(title, ON), state, seat)
    assert builds
    for action in builds:
        saving = _saving(title, state, seat, action)
        assert ("cards" in action) == (saving > 0)


def test_without_the_switch_no_card_is_played_or_sought() -> None:
    title, state, seat = _with_grant()
    off = Weights()
    assert not any("cards" in a for a in _builds(RotwPlayer(title, off), state, seat))
    ctx = title.context(state["map"])
    assert LinkOffers(state, ctx, seat, off).cards == []
    assert LinkOffers(state, ctx, seat).cards == []
    assert take_prior(state, ctx, "land-grant#2", off) is None
    assert take_prior(state, ctx, "land-grant#2", ON) \
        == pytest.approx(ON.build_card_prior * (1 - progress(state)))
    assert take_prior(state, ctx, "city-growth#1", ON) is None


def test_the_player_values_holding_a_grant_and_offers_to_take_it() -> None:
    title, state = easy_until_actions(3, seed=3)
    seat = title.to_act(state)[0]
    assert "land-grant#4" in state["ops"]["display"]
    player = RotwPlayer(title, ON)
    before = player.value(state, seat)
    holding = {**state, "players": list(state["players"])}
    holding["players"][seat] = {**state["players"][seat],
                                "hand": [*state["players"][seat]["hand"], GRANT]}
    assert player.value(holding, seat) - before \
        == pytest.approx(ON.build_card * (1 - progress(state)))
    take = next(c for c in player.candidates(state, seat)
                if c.action["type"] == "card" and c.action["card"] == "land-grant#4")
    assert take.prior > 0
    off = RotwPlayer(title)
    assert off.value(holding, seat) == off.value(state, seat)


def test_aimed_the_take_follows_what_the_grant_would_save_on_the_builds_offered() -> None:
    title, state = easy_until_actions(3, seed=3)
    seat = title.to_act(state)[0]

    def offered(w: Weights) -> tuple[float, list[dict[str, Any]]]:
        found = RotwPlayer(title, w).candidates(state, seat)
        take = next(c.prior for c in found if c.action.get("card") == "land-grant#4")
        builds = sorted((c for c in found if c.action["type"] == "build"), key=lambda c: -c.prior)
        return take, [c.action for c in builds[:AIMED_BUILDS]]

    flat, builds = offered(ON)
    aimed_prior, _ = offered(Weights(build_cards=1.0, build_card_aim=1.0))
    held = {**state, "players": list(state["players"])}
    held["players"][seat] = {**state["players"][seat], "hand": ["land-grant#4"]}
    ctx = title.context(state["map"])
    saving = max(track.plan_build(held, ctx, seat, a).cost
                 - track.plan_build(held, ctx, seat, {**a, "cards": ["land-grant#4"]}).cost
                 for a in builds)
    assert saving > 0
    assert aimed_prior == pytest.approx(flat * min(AIM_MOST, saving / SAVING_WANTED["land_grant"]))
