"""The Railways of the World computer's worth of a position: one scale from the first turn to
the final scoring, and the deliveries its network opens counted over the next actions."""

from __future__ import annotations

import copy
import functools

import pytest
from bot_games import config, play, titles

from engine.core import State
from engine.rotw import delivery
from engine.rotw.player import RotwPlayer
from engine.rotw.playervalue import delivery_points
from engine.rotw.title import RotwTitle


@functools.cache
def _played() -> tuple[RotwPlayer, State]:
    title = titles()["rotw"]
    assert isinstance(title, RotwTitle)
    # The first seeded game in which some seat has a delivery open by then, so the tests below
    # see deliveries whatever the easy level's habits.
    for seed in range(4, 12):
        state, _ = play(title, config(title, 3, 4, "eastern-us"), ["easy"], seed=seed,
                        stop_after=120)
        if any(delivery_points(state, seat) for seat in range(3)):
            break
    return RotwPlayer(title), state


def midgame() -> tuple[RotwPlayer, State]:
    """A 3-player Eastern U.S. game of easy computers 120 moves in, with a delivery open (a fresh
    copy each time)."""
    player, state = _played()
    return player, copy.deepcopy(state)


def test_at_the_end_a_bond_costs_the_point_it_costs_in_the_final_scoring() -> None:
    player, state = midgame()
    state["ecm"]["end_triggered"] = True  # the last turn: money and interest no longer count
    state["players"][0]["baron"] = None  # (a "fewest bonds" Rail Baron would count it twice)
    more = copy.deepcopy(state)
    more["players"][0]["bonds"] += 1
    w = player.weights
    assert player.value(more, 0) - player.value(state, 0) == pytest.approx(-w.score)


def test_a_finished_game_is_worth_its_final_score_on_the_same_scale() -> None:
    player, state = midgame()
    state["finished"] = True
    state["final"] = {"scores": [{"seat": s, "score": 40 + 7 * s} for s in range(3)]}
    for s in range(3):
        assert player.value(state, s) == player.weights.score * (40 + 7 * s)


def test_the_deliveries_open_are_every_cube_s_best_route_best_first() -> None:
    _, state = midgame()
    for seat in range(3):
        best: dict[tuple[str, str], int] = {}
        for r in delivery.all_deliveries(state, seat):
            key = r.cities[0], r.colour
            best[key] = max(best.get(key, 0), r.points.get(seat, 0))
        cubes = [points for (city, colour), points in best.items()
                 for _ in range(state["cities"][city]["cubes"].count(colour))]
        assert delivery_points(state, seat) == sorted(cubes, reverse=True)
    assert any(delivery_points(state, seat) for seat in range(3))
