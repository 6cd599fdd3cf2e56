"""What every rule function works on: the board data, the mutable state and the events so far."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.rng import Rng
from engine.core.types import Event, State, event
from engine.ultimate.board import Board


@dataclass
class Ctx:
    board: Board
    state: State
    rng: Rng
    events: list[Event] = field(default_factory=list)

    def player(self, seat: int) -> dict[str, Any]:
        p: dict[str, Any] = self.state["players"][seat]
        return p

    def name(self, seat: int) -> str:
        return str(self.state["players"][seat]["name"])

    def holder(self, space_id: str) -> str:
        """Who occupies a space, in players' words (a player or Emil)."""
        entry = self.state["spaces"][space_id]
        if entry.get("by") == "emil":
            return str(self.state["emil"]["name"])
        return self.name(int(entry["seat"]))

    def say(self, text: str, kind: str = "info", **data: Any) -> None:
        self.events.append(event(kind, text, **data))

    def tell(self, to: int, text: str, kind: str = "info", **data: Any) -> None:
        """An event only seat ``to`` sees (what a secret card says)."""
        self.events.append(event(kind, text, to, **data))

    def score(self, seat: int, points: int, why: str) -> None:
        """Add points to a seat's score, keeping a ledger by reason (checked by the tests)."""
        if points == 0:
            return
        p = self.player(seat)
        p["score"] += points
        p["ledger"][why] = p["ledger"].get(why, 0) + points

    @staticmethod
    def points(n: int) -> str:
        return f"{n} point{'' if n == 1 else 's'}"

    @property
    def n(self) -> int:
        return len(self.state["players"])
