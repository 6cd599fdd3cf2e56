"""The working context of one applied move: state, map, chance, and what it reports."""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.rng import Rng
from engine.core.types import Event, State, Visibility, event
from engine.rotw.context import MapContext


class Tx:
    """Collects events and the cash each seat received (+) or paid (-) during one move."""

    def __init__(self, state: State, ctx: MapContext, rng: Rng) -> None:
        self.state = state
        self.ctx = ctx
        self.rng = rng
        self.events: list[Event] = []
        self.cash: dict[int, int] = {}

    def say(self, kind: str, text: str, visibility: Visibility = "public", **data: Any) -> None:
        self.events.append(event(kind, text, visibility, **data))

    def finish(self) -> list[Event]:
        """Attach the cash ledger to the first public event so the bank's flows stay auditable."""
        moved = {str(k): v for k, v in self.cash.items() if v}
        if moved:
            for ev in self.events:
                if ev["visibility"] == "public":
                    ev.setdefault("data", {})["cash"] = moved
                    break
            else:
                self.events.append(event("cash", "Cash changed hands.", cash=moved))
        return self.events


def name(state: State, seat: int) -> str:
    return str(state["players"][seat]["name"])


def illegal(code: str, message: str) -> IllegalAction:
    return IllegalAction(code, message)


def money_text(amount: int) -> str:
    return f"${amount:,}"
