"""The search when its clock runs out in its first sample: the moves played out before the cut
are ranked on that sample; with fewer than two of them the normal player's order stands."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tinygame import TinyTitle

from engine.core import Action, Rng, State, new_game
from engine.core.rng import new_rng_state
from engine.core.search import Budget, by_search


class Greedy:
    """A searcher over the tiny race's `add` moves: a rollout is the move alone, judged by the
    total it makes; one sample a move."""

    search_width = 3
    rollout_length = 0
    rollout_in_place = False
    most_samples: int | None = 1

    def worth_searching(self, state: State, seat: int) -> bool:
        return True

    def searched(self, state: State, seat: int, ranked: list[Action]) -> list[Action]:
        return ranked[:self.search_width]

    def blind(self, state: State, rng: Rng, seat: int | None = None) -> State:
        return state

    def period(self, state: State) -> object:
        return 0

    def standing(self, state: State, seat: int) -> float:
        return float(state["total"])

    def rollout_choices(self, state: State, seat: int, rng: Rng) -> list[Action]:
        return []


class Clock:
    """Says the time is up from its ``ticks``-th reading on."""

    def __init__(self, ticks: int) -> None:
        self.readings = 0
        self.ticks = ticks

    def __call__(self) -> bool:
        self.readings += 1
        return self.readings >= self.ticks


def search(ticks: int | None) -> list[int]:
    title = TinyTitle()
    players = [{"seat": i, "name": f"p{i}", "colour": "red"} for i in range(2)]
    state = new_game(title, {"title": "tiny", "map": None, "options": {}, "seed": 4,
                             "players": players})
    state["ready"] = [True, True]
    ranked: list[Action] = [{"type": "add", "seat": 0, "amount": a} for a in (1, 2, 3)]
    budget = Budget(rollouts=100, out_of_time=None if ticks is None else Clock(ticks))
    order = by_search(title, Greedy(), state, 0, ranked, Rng(new_rng_state(1)), budget)
    return [a["amount"] for a in order]


def test_a_whole_sample_ranks_every_move() -> None:
    assert search(None) == [3, 2, 1]


def test_a_cut_first_sample_ranks_the_moves_played_out_before_the_cut() -> None:
    # Readings: before the sample, then after each move; the third move's is the cut, so the
    # first two were played out whole and the third is left after them.
    assert search(4) == [2, 1, 3]


def test_with_one_move_played_out_the_normal_order_stands() -> None:
    assert search(3) == [1, 2, 3]
