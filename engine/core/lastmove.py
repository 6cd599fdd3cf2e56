"""The last move in a structured form: who made it, a sentence saying what it was, and where on
the board it happened, kept in the state so that every picture of the game can show it.

A record is made from the move's public events only (plus the public parts of the action), so it
never tells what a secret move chose. Titles fill in the places (hexes, cities, a route, a space
of a player board); a move without a place of its own (a bid, a pass) keeps the places of the
move before it, marked ``carried``, so that a picture can still show where play was.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypedDict

from engine.core.types import Action, Event, State, visible_to

KEY = "last_move"
"""Where the record lives in a state (and in a title's public view)."""

PLACES = ("hexes", "route", "cities", "links", "space", "board")
"""The keys of a record that say where a move happened."""


class LastMove(TypedDict, total=False):
    seat: int | None
    who: str
    kind: str
    """The action type ("build", "deliver", "bid"...)."""
    text: str
    """One sentence in players' words, without the final full stop."""
    hexes: list[str]
    """Hex labels where the move changed the map (new track, an urbanized city)."""
    route: list[str]
    """A delivery's path as hex labels, from its origin to its destination."""
    cities: list[str]
    """City names the move touched."""
    links: list[str]
    """Link ids (New England Railways)."""
    space: str
    """An action space of the main board (Ultimate Railroads)."""
    board: int
    """The seat whose player board the move is on (Ultimate Railroads)."""
    carried: bool
    """The places are those of an earlier move: this one has none of its own."""


def public_events(events: Iterable[Event]) -> list[Event]:
    return [ev for ev in events if visible_to(ev, None) and ev["text"]]


def sentence(text: str) -> str:
    """An event's text as a header sentence: one line, no final full stop."""
    line = " ".join(text.split())
    return line[:-1] if line.endswith(".") else line


def main_event(events: list[Event], kinds: Iterable[str]) -> Event | None:
    """The first public event of one of ``kinds``, else the first public event."""
    wanted = set(kinds)
    shown = public_events(events)
    return next((ev for ev in shown if ev["type"] in wanted), shown[0] if shown else None)


def record(state: State, action: Action, events: list[Event], kinds: Iterable[str] = (),
           ) -> LastMove:
    """The record every title starts from: who, the kind and the main event's sentence."""
    seat = action.get("seat")
    seat = seat if isinstance(seat, int) else None
    players = state.get("players") or []
    who = str(players[seat].get("name", "")) if seat is not None and seat < len(players) else ""
    kind = str(action.get("type", ""))
    ev = main_event(events, [kind, *kinds])
    text = sentence(ev["text"]) if ev is not None else (f"{who} moved" if who else "")
    return {"seat": seat, "who": who, "kind": kind, "text": text}


def carry(previous: object, made: LastMove) -> LastMove:
    """``made`` with the places of ``previous`` when it has none of its own."""
    if any(made.get(k) not in (None, [], "") for k in PLACES):
        return made
    if not isinstance(previous, dict):
        return made
    places = {k: previous[k] for k in PLACES if previous.get(k) not in (None, [], "")}
    if not places:
        return made
    out: LastMove = {**made, **places}  # type: ignore[typeddict-item]
    out["carried"] = True
    return out


def news(state: State, to_act: list[int], points: dict[int, int], *, over: bool,
         score: Callable[[int], str] = str) -> dict[str, Any]:
    """What a picture's header says besides the move: who acts now and the scores, one line
    each (``score`` writes one player's score)."""
    players = state.get("players") or []

    def name(seat: int) -> str:
        return str(players[seat].get("name", seat)) if 0 <= seat < len(players) else str(seat)

    if over:
        nxt = "The game is over"
    elif to_act:
        nxt = "Now: " + ", ".join(name(s) for s in to_act)
    else:
        nxt = ""
    order = sorted(points, key=lambda s: (-points[s], s))
    scores = "  ·  ".join(f"{name(s)} {score(points[s])}" for s in order)
    return {"move": state.get(KEY), "next": nxt, "scores": scores}
