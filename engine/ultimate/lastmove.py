"""Where an Ultimate Railroads move happened: the acting player's board and the action space of
the main board their turn took (see engine.core.lastmove)."""

from __future__ import annotations

from engine.core.lastmove import LastMove, public_events, record
from engine.core.types import Action, Event, State

MAIN_EVENTS = ("place", "done", "pass")


def last_move(state: State, action: Action, events: list[Event]) -> LastMove:
    made = record(state, action, events, MAIN_EVENTS)
    seat = made.get("seat")
    if seat is None:
        return made
    made["board"] = seat
    placed = [ev for ev in public_events(events)
              if ev["type"] == "place" and (ev.get("data") or {}).get("seat") == seat]
    if placed:
        made["space"] = str((placed[0].get("data") or {}).get("space"))
        return made
    before = state.get("last_move")
    if isinstance(before, dict) and before.get("seat") == seat and before.get("space"):
        # A choice later in the same turn (a track step, a factory) works out the space taken.
        made["space"] = str(before["space"])
        made["carried"] = True
    return made
