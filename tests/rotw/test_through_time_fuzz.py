"""Random whole games of Railways through Time: every legal move applies, the shared invariants
hold, and so do the time warp rules (set ROTW_TIME_FUZZ_GAMES for more games)."""

from __future__ import annotations

import os
from typing import Any

import pytest
from rotw_kit import Kit, config
from test_fuzz import play, shipped_title

from engine.core.replay import new_game
from engine.rotw.minis import MINI_EXPANSIONS
from engine.rotw.switches import pairs as switch_pairs

GAMES = int(os.environ.get("ROTW_TIME_FUZZ_GAMES", "2"))


def check_time_rules(kit: Kit) -> None:
    st = kit.state
    warps = {c for c, v in st["cities"].items() if v.get("warp")}
    for c in warps:
        assert not st["cities"][c]["cubes"], c
    for lk in st["links"]:
        for pair in switch_pairs(lk) if lk["complete"] else []:
            assert not set(pair) <= warps, "track between two time warps"
    for seat in range(len(st["players"])):
        mine = [t for t in st["time_lines"] if t["claimed_by"] == seat]
        assert len([t for t in mine if t.get("first")]) == (1 if mine else 0)


@pytest.mark.parametrize("game", range(GAMES))
def test_random_through_time_game(game: int) -> None:
    options = {"periods": "egypt+rome+industrial+future"} if game % 2 else {}
    run(2 + game % 4, 700 + 13 * game, options)


@pytest.mark.parametrize("game", range(max(1, GAMES // 2)))
def test_random_through_time_game_with_every_mini_expansion(game: int) -> None:
    run(3 + game % 3, 900 + 7 * game, dict.fromkeys(MINI_EXPANSIONS, True))


def run(n: int, seed: int, options: dict[str, Any]) -> None:
    title = shipped_title()
    kit = Kit.__new__(Kit)
    kit.title = title
    kit.config = config(n, seed, "through-time")
    kit.config["options"] = options
    kit.state = new_game(title, kit.config)
    kit.log, kit.events = [], []
    act = kit.act
    through = 0

    def checked(action: dict[str, Any]) -> list[Any]:
        nonlocal through
        events = act(action)
        check_time_rules(kit)
        for ev in events:
            route = ev.get("data", {}).get("route") or []
            if ev["type"] == "deliver" and len({kit.state["cities"][c]["period"]
                                                for c in route}) > 1:
                through += 1
        return events

    kit.act = checked  # type: ignore[method-assign]
    play(n, seed, kit)
    assert kit.state["final"] is not None
    assert through > 0, "no cube ever travelled through time"
