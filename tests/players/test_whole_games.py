"""Computer players finish whole games of every title without a single refused move.

A few seeds run always; BOT_GAMES=N plays N seeds per title (and every Railways of the World map).
"""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest
from bot_games import check_replays, config, play, titles

import maps
from engine.core import Action, State

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


def test_computer_players_finish_an_american_railroads_game() -> None:
    title = titles()["ultimate"]
    cfg = config(title, 3, 9, options={"board": "american"})
    state, log = play(title, cfg, ["normal", "easy", "normal"])
    assert title.is_over(state)
    check_replays(title, cfg, state, log)
    # They met the American rules: stock prices rose and the boulders were blasted.
    assert any(row for row in state["stocks"]["levels"][1:])
    assert any(not p["boulders"] for p in state["players"])


def test_computer_players_finish_an_advanced_game() -> None:
    """England and Wales, Advanced Game: easy and normal players invest, build, merge and vote
    to the end, every move accepted by the rules."""
    title = titles()["rotw"]
    cfg = config(title, 3, 7, "england-wales", {"advanced": True, "end_empty": 6})
    state, log = play(title, cfg, ["normal", "easy"])
    assert title.is_over(state), f"the advanced game did not end in {len(log)} moves"
    assert {"auction", "bid", "build", "dividend"} <= {a["type"] for a in log}
    check_replays(title, cfg, state, log)


def test_computer_players_finish_a_german_railroads_game() -> None:
    title = titles()["ultimate"]
    cfg = config(title, 2, 8, options={"board": "german"})
    state, log = play(title, cfg, ["normal", "easy"])
    assert title.is_over(state)
    check_replays(title, cfg, state, log)
    # They met the German rules: a station asked for a route extension and got it.
    assert any(r.get("ext") for p in state["players"] for r in p["routes"].values())


def _used_train(state: State, log: list[Action]) -> bool:
    # The train was used, and the others took their shares of it.
    return any(a.get("space") == "manufactory" for a in log) and any(
        str(a.get("choice", "")).startswith("share-") for a in log)


def _module_engineer_dealt(state: State, log: list[Action]) -> bool:
    dealt = state["engineer_row"] + state["engineers_out"] + [
        k for p in state["players"] for k in p["engineers"]]
    return any(k is not None and k > 100 for k in dealt)


MODULE_GAMES = [
    (3, 10, {"manufactory_train": True}, _used_train),
    (2, 12, {"additional_engineers": True}, _module_engineer_dealt),
    (3, 13, {"special_ideas": True, "board": "german"},
     lambda state, log: any(p["special_cards"] for p in state["players"])),
    (2, 14, {"coal": True},
     lambda state, log: any(a.get("space") in ("coal1", "foundry") for a in log)),
]
"""(players, seed, options, what the players must have done with the module)"""


@pytest.mark.parametrize(("players", "seed", "options", "met"), MODULE_GAMES)
def test_computer_players_finish_a_game_with_a_module(
        players: int, seed: int, options: dict[str, object],
        met: Callable[[State, list[Action]], bool]) -> None:
    title = titles()["ultimate"]
    cfg = config(title, players, seed, options=options)
    state, log = play(title, cfg, ["normal", "easy"])
    assert title.is_over(state)
    check_replays(title, cfg, state, log)
    assert met(state, log)


def test_computer_players_finish_an_asian_railroads_game() -> None:
    title = titles()["ultimate"]
    cfg = config(title, 3, 9, options={"board": "asian"})
    state, log = play(title, cfg, ["normal", "easy", "normal"])
    assert title.is_over(state)
    check_replays(title, cfg, state, log)
    # They met the Asian rules: factories were built over the shared industry board's.
    assert any(state["ind"]["layers"])
