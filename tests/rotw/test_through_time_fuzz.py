"""Random whole games of Railways through Time: every legal move applies, the shared invariants
hold, and so do the time warp rules (set ROTW_TIME_FUZZ_GAMES for more games)."""

from __future__ import annotations

import os
from typing import Any

import pytest
from rotw_kit import Kit, config
from test_fuzz import play, shipped_title

from engine.core.replay import new_game

GAMES = int(os.environ.get("ROTW_TIME_FUZZ_GAMES", "2"))


def check_time_rules(kit: Kit) -> None:
    st = kit.state
    warps = {c for c, v in st["cities"].items() if v.get("warp")}
    for c in warps:
        assert not st["cities"][c]["cubes"], c
    for lk in st["links"]:
        if lk["complete"]:
            assert not set(lk["cities"]) <= warps, "a link between two time warps"
    for seat in range(len(st["players"])):
        mine = [t for t in st["time_lines"] if t["claimed_by"] == seat]
        assert len([t for t in mine if t.get("first")]) == (1 if mine else 0)


@pytest.mark.parametrize("game", range(GAMES))
def test_random_through_time_game(game: int) -> None:
    title = shipped_title()
    n = 2 + game % 4
    seed = 700 + 13 * game
    kit = Kit.__new__(Kit)
    kit.title = title
    kit.config = config(n, seed, "through-time")
    if game % 2:
        kit.config["options"] = {"periods": "egypt+rome+industrial+future"}
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
