"""Which computer player plays each title, and the one call every client uses to ask it."""

from __future__ import annotations

from collections.abc import Iterator

from engine.core.players import DEFAULT_LEVEL, LEVELS, Candidate, ComputerPlayer, choose, clean
from engine.core.replay import new_game, step
from engine.core.search import Budget
from engine.core.title import Title
from engine.core.types import Action, Config, State
from engine.newengland.player import NewEnglandPlayer
from engine.newengland.title import NewEnglandTitle
from engine.rotw.player import RotwPlayer
from engine.rotw.title import RotwTitle
from engine.ultimate.player import UltimatePlayer
from engine.ultimate.title import UltimateTitle

__all__ = ["DEFAULT_LEVEL", "LEVELS", "Budget", "computer_game", "computer_move", "player_for"]


def player_for(title: Title) -> ComputerPlayer:
    if isinstance(title, RotwTitle):
        return RotwPlayer(title)
    if isinstance(title, NewEnglandTitle):
        return NewEnglandPlayer(title)
    if isinstance(title, UltimateTitle):
        return UltimatePlayer(title)
    return AnyTitlePlayer(title)


class AnyTitlePlayer(ComputerPlayer):
    """For a title without a player of its own yet: any complete legal move, passes last."""

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        return [Candidate(clean(a), -1.0 if a["type"] in ("pass", "done") else 0.0)
                for a in self.title.legal(state, seat) if "template" not in a]

    def value(self, state: State, seat: int) -> float:
        return 0.0


def computer_move(title: Title, state: State, seat: int, level: str, seed: int,
                  budget: Budget | None = None) -> Action:
    """The move the computer in ``seat`` makes now (always one the rules accept); ``budget``
    bounds a strong player's thinking."""
    return choose(title, player_for(title), state, seat, level, seed, budget)


def computer_game(title: Title, config: Config, moves: int, level: str = "easy",
                  ) -> Iterator[tuple[State, Action, State]]:
    """Computer players at ``level`` play a game from its set-up, up to ``moves`` moves or its
    end: each move with the states before and after it (benches and tests look at them)."""
    state = new_game(title, config)
    for n in range(moves):
        if title.is_over(state):
            return
        action = computer_move(title, state, title.to_act(state)[0], level, n)
        after = step(title, state, action).state
        yield state, action, after
        state = after
