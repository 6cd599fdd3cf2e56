"""Computer players finish whole games of every title without a single refused move.

A few seeds run always; BOT_GAMES=N plays N seeds per title (and every Railways of the World map).
"""

from __future__ import annotations

import os

import pytest
from bot_games import check_replays, config, play, titles

import maps

GAMES = int(os.environ.get("BOT_GAMES", "1"))
ENDS_WITHIN = 1500
"""Moves a game of computers ends within (easy players once ran up bonds for ever)."""
CASES = [("rotw", "eastern-us", 2), ("newengland", None, 3), ("ultimate", None, 2)]


@pytest.mark.parametrize(("system", "map_id", "players"), CASES)
@pytest.mark.parametrize("seed", range(GAMES))
def test_computer_players_finish_a_game(system: str, map_id: str | None, players: int,
                                         seed: int) -> None:
    title = titles()[system]
    # Railways of the World seats 2, 3 and 4 computers in turn as the seeds go up.
    cfg = config(title, players + seed % (3 if system == "rotw" else 2), 11 + seed, map_id)
    # Easy players only here: they are the quick ones; normal play has its own tests below.
    state, log = play(title, cfg, ["easy"], seed, stop_after=ENDS_WITHIN)
    assert title.is_over(state), f"{system} did not end in {len(log)} moves"
    check_replays(title, cfg, state, log)
    kinds = {a["type"] for a in log}
    assert len(kinds) >= 3, kinds  # not one move over and over


@pytest.mark.skipif(GAMES < 2, reason="BOT_GAMES=2 or more plays every map")
@pytest.mark.parametrize("map_id", sorted(m for m in maps.map_ids() if m != "eastern-us"))
def test_every_rotw_map(map_id: str) -> None:
    title = titles()["rotw"]
    meta = title.meta.map(map_id)
    assert meta is not None
    cfg = config(title, meta.min_players, 5, map_id)
    state, log = play(title, cfg, ["normal", "easy"], stop_after=ENDS_WITHIN)
    assert title.is_over(state), f"{map_id} did not end in {len(log)} moves"


def test_normal_players_finish() -> None:
    title = titles()["ultimate"]
    cfg = config(title, 3, 4)
    state, log = play(title, cfg, ["normal"])
    assert title.is_over(state)
    check_replays(title, cfg, state, log)


def test_normal_players_keep_to_the_rules_in_new_england() -> None:
    title = titles()["newengland"]
    cfg = config(title, 4, 6)
    state, log = play(title, cfg, ["normal"], stop_after=200)
    assert len(log) == 200 and state["turn"] > 1
    assert {"bid", "ship"} <= {a["type"] for a in log}
    check_replays(title, cfg, state, log)


def test_computer_players_finish_a_german_railroads_game() -> None:
    title = titles()["ultimate"]
    cfg = config(title, 2, 8, options={"board": "german"})
    state, log = play(title, cfg, ["normal", "easy"])
    assert title.is_over(state)
    check_replays(title, cfg, state, log)
    # They met the German rules: a station asked for a route extension and got it.
    assert any(r.get("ext") for p in state["players"] for r in p["routes"].values())
