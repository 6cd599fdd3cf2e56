"""Projections of a state for one seat or for spectators."""

from __future__ import annotations

from typing import Any

from engine.core.title import Title
from engine.core.types import Event, State, visible_to


def view(title: Title, state: State, seat: int | None) -> dict[str, Any]:
    """Public (``seat=None``) or private projection; titles decide what each seat may see."""
    return title.view(state, seat)


def visible_events(events: list[Event], seat: int | None) -> list[Event]:
    return [ev for ev in events if visible_to(ev, seat)]
