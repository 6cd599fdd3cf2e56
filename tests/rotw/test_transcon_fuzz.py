"""Whole random Transcontinental games through both phases, with the fuzzers' invariants after
every move and a replay of the log at the end (more games with ROTW_TRANSCON_GAMES)."""

from __future__ import annotations

import os
from typing import Any

import pytest
from rotw_kit import Kit, config
from test_fuzz import play, shipped_title

from engine.core.replay import new_game

GAMES = int(os.environ.get("ROTW_TRANSCON_GAMES", "2"))
OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"barons": "each_board", "faster_game": True, "mines": True, "hotels": True},
    {"barons": "both_at_setup", "city_rotors": True, "gold_spike_bounties": False},
    {"event_deck": True, "switch_tracks": True, "fuel_depots": False},
)


@pytest.mark.parametrize("game", range(GAMES))
def test_a_random_transcontinental_game(game: int) -> None:
    n = 2 + game % 3
    seed = 7100 + game
    title = shipped_title()
    kit = Kit.__new__(Kit)
    kit.title = title
    kit.config = config(n, seed, "transcontinental")
    kit.config["options"] = dict(OPTION_SETS[game % len(OPTION_SETS)])
    title.validate_config(kit.config)
    kit.state = new_game(title, kit.config)
    kit.log, kit.events = [], []
    seen: set[str] = set()
    act = kit.act

    def watched(action: dict[str, Any]) -> list[Any]:
        events = act(action)
        seen.add(kit.state["transcon"]["phase"])
        return events

    kit.act = watched  # type: ignore[method-assign]
    play(n, seed, kit)
    assert seen >= {"east", "west"}
    assert kit.state["map"] == "transcontinental"
