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
from engine.rotw.playervalue import Weights, delivery_points, longer_engine_gain, progress
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


def _with_engine(state: State, seat: int, level: int) -> State:
    out = copy.deepcopy(state)
    out["players"][seat]["engine"] = level
    return out


@functools.cache
def _normal_midgame() -> State:
    title = titles()["rotw"]
    state, _ = play(title, config(title, 4, 3, "eastern-us"), ["normal"], seed=3,
                    stop_after=150)
    return state


def test_an_engine_short_of_its_network_costs_what_a_level_more_would_add() -> None:
    player, _ = midgame()
    # Normal computers' networks 150 moves in: long enough for a longer engine to matter.
    state = copy.deepcopy(_normal_midgame())
    moves = int(player.weights.potential_moves)
    # A seat and an engine its network could carry goods further than.
    seat, level = next((s, e) for s in range(4) for e in range(1, 6)
                       if longer_engine_gain(_with_engine(state, s, e), s, moves))
    state = _with_engine(state, seat, level)
    gain = longer_engine_gain(state, seat, moves)
    short = RotwPlayer(player.title, Weights(engine_short=2.0))
    left = 1.0 - progress(state)
    assert short.value(state, seat) - player.value(state, seat) == pytest.approx(
        -2.0 * left * gain)


def test_in_the_last_turn_an_engine_counts_only_through_the_deliveries_it_opens() -> None:
    player, state, seat, level = _engine_case()
    state["ecm"].update(end_triggered=True, last_turn=state["turn"])
    state["round"] = 3  # its last action
    # An engine level that lengthens no delivery open: worth nothing now, but its weight
    # before the end.
    low, high = _with_engine(state, seat, level), _with_engine(state, seat, level + 1)
    late = RotwPlayer(player.title, Weights(endgame=1.0))
    assert late.value(high, seat) == pytest.approx(late.value(low, seat))
    assert player.value(high, seat) - player.value(low, seat) == pytest.approx(
        player.weights.engine)
    # The best delivery still counts, as it is made with the action left.
    assert late.value(low, seat) > late.value(_without_cubes(low), seat)


def _engine_case() -> tuple[RotwPlayer, State, int, int]:
    """A midgame position (easy computers, 120 moves of the first seed that has one) with a seat
    whose deliveries open at some engine level up to 3 are no longer one level higher."""
    title = titles()["rotw"]
    assert isinstance(title, RotwTitle)
    for seed in range(4, 24):
        state, _ = play(title, config(title, 3, 4, "eastern-us"), ["easy"], seed=seed,
                        stop_after=120)
        for seat in range(3):
            for level in range(1, 4):
                now = delivery_points(_with_engine(state, seat, level), seat)
                if now and now == delivery_points(_with_engine(state, seat, level + 1), seat):
                    return RotwPlayer(title), state, seat, level
    raise AssertionError("no seeded game has such a seat")


def _without_cubes(state: State) -> State:
    out = copy.deepcopy(state)
    for city in out["cities"].values():
        city["cubes"] = []
    return out
