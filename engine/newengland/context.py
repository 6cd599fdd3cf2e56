"""What every rules step works on: the board, the state, the dice and the events so far."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.rng import Rng
from engine.core.types import Event, State, event
from engine.newengland.board import Board


@dataclass
class Ctx:
    board: Board
    state: State
    rng: Rng
    events: list[Event] = field(default_factory=list)

    def say(self, kind: str, text: str, **data: Any) -> None:
        self.events.append(event(kind, text, **data))

    def player(self, seat: int) -> dict[str, Any]:
        p: dict[str, Any] = self.state["players"][seat]
        return p

    def name(self, seat: int) -> str:
        return str(self.state["players"][seat]["name"])

    def order(self) -> list[int]:
        """Seats in play order: the First Player, then clockwise."""
        return turn_order(self.state)

    def roll(self, dice: int = 2) -> list[int]:
        return [self.rng.die(6) for _ in range(dice)]


def turn_order(state: State) -> list[int]:
    n = len(state["players"])
    first = int(state["first"])
    return [(first + i) % n for i in range(n)]


def dollars(amount: int) -> str:
    return f"-${-amount}" if amount < 0 else f"${amount}"
