"""Plain-data shapes shared by every title: actions, events, state, config.

Everything here round-trips through JSON; nothing holds object references.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

JSON = Any
State = dict[str, Any]
Action = dict[str, Any]
"""A move: ``{"type": "build", "seat": 2, ...}``. Chance outcomes are added under ``chance``."""

Visibility = Literal["public"] | int
"""``"public"`` or the seat number that alone may see the event."""


class Event(TypedDict):
    type: str
    text: str
    visibility: Visibility
    data: NotRequired[dict[str, Any]]


class PlayerConfig(TypedDict):
    seat: int
    name: str
    colour: str


class Config(TypedDict):
    title: str
    map: str | None
    options: dict[str, Any]
    seed: int
    players: list[PlayerConfig]
    rules_version: NotRequired[int]
    """The title's rules version the game started on (absent: 1); a title keeps the behaviour
    of older versions for games recorded under them, so their logs replay unchanged."""


def event(kind: str, text: str, visibility: Visibility = "public", **data: Any) -> Event:
    """Build an event; extra keyword arguments become its ``data``."""
    ev: Event = {"type": kind, "text": text, "visibility": visibility}
    if data:
        ev["data"] = data
    return ev


def visible_to(ev: Event, seat: int | None) -> bool:
    """Whether ``seat`` (None = a spectator) may see ``ev``."""
    vis = ev["visibility"]
    return vis == "public" or (seat is not None and vis == seat)
