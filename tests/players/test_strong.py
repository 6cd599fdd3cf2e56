"""The strong level: it searches within its budget, stops when its clock says so, and plays
whole games of every title to the end with every move accepted by the rules."""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest
from bot_games import check_replays, config, titles

from engine.computer import Budget, computer_move
from engine.core import Action, State, new_game, step
from engine.rotw.player import BOND_CEILING

TICKS = 8
"""The strong player's clock in these tests: it says the time is up on its TICKS-th reading
(about one reading per move of a rollout), so the tests need no real clock."""


class Ticking:
    """A clock that runs out after ``ticks`` readings and counts the readings after that."""

    def __init__(self, ticks: int) -> None:
        self.left = ticks
        self.after = 0

    def __call__(self) -> bool:
        self.left -= 1
        if self.left < 0:
            self.after += 1
        return self.left < 0


def play_strong(system: str, players: int, seed: int, map_id: str | None,
                stop_after: int = 4000) -> tuple[State, list[Action], list[Ticking]]:
    """Seat 0 strong on a ticking clock, the others easy (the quick ones)."""
    title = titles()[system]
    cfg = config(title, players, seed, map_id)
    state = new_game(title, cfg)
    log: list[Action] = []
    clocks: list[Ticking] = []
    while not title.is_over(state) and len(log) < stop_after:
        seat = title.to_act(state)[0]
        clock = Ticking(TICKS)
        level = "strong" if seat == 0 else "easy"
        action = computer_move(title, state, seat, level, seed * 100_003 + len(log),
                               Budget(rollouts=1000, out_of_time=clock))
        if seat == 0:
            clocks.append(clock)
        result = step(title, state, action)
        log.append({**action, "chance": result.chance} if result.chance else action)
        state = result.state
    return state, log, clocks


@pytest.mark.parametrize(("system", "players", "map_id"),
                         [("newengland", 3, None), ("ultimate", 2, None)])
def test_a_strong_player_finishes_a_game_within_its_budget(
        system: str, players: int, map_id: str | None) -> None:
    title = titles()[system]
    state, log, clocks = play_strong(system, players, 3, map_id)
    assert title.is_over(state)
    check_replays(title, config(title, players, 3, map_id), state, log)
    # Every search stopped at once when its clock ran out: at most a reading or two after.
    assert clocks and all(c.after <= 2 for c in clocks)
    # And it did search: most moves whose search read the clock searched until it ran out (a
    # title may leave some steps of a move unsearched, whose clock is never read).
    read = [c for c in clocks if c.left < TICKS]
    assert read and sum(c.left < 0 for c in read) > len(read) // 2


def test_a_strong_player_keeps_to_its_budget_in_railways_of_the_world() -> None:
    """The opening turns of an Eastern U.S. game (a whole one is a bench's work at this
    level): every move accepted, every search stopped on time."""
    title = titles()["rotw"]
    state, log, clocks = play_strong("rotw", 2, 5, "eastern-us", stop_after=30)
    check_replays(title, config(title, 2, 5, "eastern-us"), state, log)
    assert len(log) == 30 and state["turn"] > 1
    assert clocks and all(c.after <= 2 for c in clocks)


@pytest.mark.skipif(int(os.environ.get("BOT_GAMES", "0")) < 1,
                    reason="BOT_GAMES=1 or more plays a whole Eastern U.S. game at strong level")
def test_a_strong_player_finishes_a_railways_of_the_world_game_within_its_budget() -> None:
    title = titles()["rotw"]
    state, log, clocks = play_strong("rotw", 2, 5, "eastern-us")
    assert title.is_over(state), f"still running after {len(log)} moves"
    check_replays(title, config(title, 2, 5, "eastern-us"), state, log)
    assert clocks and all(c.after <= 2 for c in clocks)
    # Bonds stayed in check all game long: none beyond what a computer carries at most.
    assert state["players"][0]["bonds"] <= BOND_CEILING + 1


def test_without_a_clock_the_count_of_rollouts_decides() -> None:
    """Counted in rollouts the choice is fixed by the seed, and more rollouts may change it
    only by searching more."""
    title = titles()["ultimate"]
    cfg = config(title, 3, 8)
    state = new_game(title, cfg)
    seat = title.to_act(state)[0]
    moves: Callable[[int], Action] = lambda n: computer_move(  # noqa: E731
        title, state, seat, "strong", 1, Budget(rollouts=n))
    assert moves(10) == moves(10)
    # Fewer rollouts than one sample of each searched move (a search weighs two moves at
    # least): the normal player's choice.
    assert moves(1) == computer_move(title, state, seat, "normal", 1)
