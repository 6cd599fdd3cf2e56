"""The strong Railways of the World player's lookahead: it leaves the normal player's choice
only for a line worth more by its margin, and keeps it when it cannot look far enough."""

from __future__ import annotations

import copy
import functools

import pytest
from bot_games import easy_until_actions

from engine.computer import Budget, computer_move
from engine.core.players import ComputerPlayer, Trial
from engine.core.rng import Rng
from engine.core.types import State
from engine.rotw import lookahead
from engine.rotw.player import RotwPlayer
from engine.rotw.rollout import Habits
from engine.rotw.title import RotwTitle


@functools.cache
def _cached() -> tuple[RotwTitle, State]:
    return easy_until_actions(3)


def _position() -> tuple[RotwTitle, State, int]:
    title, state = _cached()
    return title, copy.deepcopy(state), title.to_act(state)[0]


def test_with_one_line_or_no_time_the_normal_choice_stands() -> None:
    title, state, seat = _position()
    normal = computer_move(title, state, seat, "normal", 4)
    assert computer_move(title, state, seat, "strong", 4, Budget(rollouts=1)) == normal
    assert computer_move(title, state, seat, "strong", 4,
                         Budget(rollouts=5, out_of_time=lambda: True)) == normal


@pytest.mark.parametrize(("lead", "margin", "leaves"), [(30.0, 0.0, True), (30.0, 50.0, False)])
def test_a_better_line_leads_past_the_margin(monkeypatch: pytest.MonkeyPatch, lead: float,
                                             margin: float, leaves: bool) -> None:
    """The second line is made to look ``lead`` better than the others: its first action is
    played when that beats the margin, else the normal player's choice."""
    title, state, seat = _position()
    firsts: list[Trial] = []

    def later(player: ComputerPlayer, habits: Habits, first: Trial, seat: int, rng: Rng,
              budget: Budget) -> float:
        firsts.append(first)
        # Even the second line's own score back out, so only ``lead`` sets it apart.
        return lead - first.score + firsts[0].score if len(firsts) == 2 else 0.0

    monkeypatch.setattr(lookahead, "_next_action", later)
    monkeypatch.setattr(lookahead, "MARGIN", margin)
    chosen = computer_move(title, state, seat, "strong", 4, Budget(rollouts=5))
    assert len(firsts) >= 2
    normal = computer_move(title, state, seat, "normal", 4)
    second = RotwPlayer(title).candidates(state, seat)[firsts[1].index].action
    assert second != normal
    assert chosen == (second if leaves else normal)
