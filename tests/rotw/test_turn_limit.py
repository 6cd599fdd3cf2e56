"""The house turn limit: a game whose Empty City Markers stop coming still ends, with the final
scoring, after the turn its map's ``turn_limit`` table names, and the players are told before."""

from __future__ import annotations

from typing import Any

import pytest

import maps
from engine.core import new_game, step
from engine.core.players import fallback
from engine.core.types import Config, State
from engine.rotw.title import RotwTitle
from engine.rotw.turnlimit import WARN_TURNS, turn_limit

TITLE = RotwTitle(maps.load, maps.load_cards)


def cfg(map_id: str, players: int, options: dict[str, Any] | None = None) -> Config:
    return {"title": "rotw", "map": map_id, "options": dict(options or {}), "seed": 3,
            "rules_version": TITLE.meta.rules_version,
            "players": [{"seat": i, "name": f"P{i}", "colour": TITLE.meta.colours[i]}
                        for i in range(players)]}


def stall(config: Config) -> tuple[State, list[tuple[int, str, str]]]:
    """Every seat makes the idlest move the rules allow (a pass where there is one), so no
    city is ever emptied: the game the Empty City Markers alone would never end."""
    state = new_game(TITLE, config)
    said: list[tuple[int, str, str]] = []
    for _ in range(20_000):
        if TITLE.is_over(state):
            break
        seat = TITLE.to_act(state)[0]
        result = step(TITLE, state, fallback(TITLE, state, seat))
        said += [(int(result.state["turn"] or 0), e["type"], e["text"]) for e in result.events]
        state = result.state
    return state, said


@pytest.mark.parametrize(("map_id", "options"), [("eastern-us", {}),
                                                 ("england-wales", {"advanced": True})])
def test_a_stalled_game_ends_after_the_turn_limit_with_the_final_scoring(
        map_id: str, options: dict[str, Any]) -> None:
    state, said = stall(cfg(map_id, 3, options))
    limit = turn_limit(state, TITLE.context(state["map"]))
    assert limit is not None
    assert TITLE.is_over(state) and state["final"]["scores"]
    assert state["ecm"]["placed"] < state["ecm"]["needed"]  # the markers did not end it
    assert state["turn"] == limit
    notes = [(turn, text) for turn, kind, text in said if kind == "turn_limit"]
    # Told a few turns before, at the start of the last turn, and when it ends.
    assert [turn for turn, _ in notes] == [limit - WARN_TURNS, limit, limit]
    assert f"ends after turn {limit}" in notes[0][1]
    assert "is the last" in notes[1][1] and "ends now with the final scoring" in notes[2][1]
    assert any(kind == "game_over" for _, kind, _ in said) or "adv" in state


@pytest.mark.parametrize("map_id", [m.id for m in TITLE.meta.maps])
def test_every_map_sets_a_house_turn_limit_well_past_its_usual_length(map_id: str) -> None:
    table = maps.load(map_id).tables["turn_limit"]
    assert table.source == "house"
    assert int(table.values["turns"]) >= 2 * int(table.values["usual"])
    if "advanced_turns" in table.values:
        assert int(table.values["advanced_turns"]) >= 2 * int(table.values["advanced_usual"])


def test_the_transcontinental_limit_covers_both_phases() -> None:
    east = maps.load("transcontinental-east").tables["turn_limit"].values
    joined = maps.load("transcontinental").tables["turn_limit"].values
    assert east == joined
    assert int(joined["turns"]) > int(maps.load("eastern-us").tables["turn_limit"].values["turns"])
