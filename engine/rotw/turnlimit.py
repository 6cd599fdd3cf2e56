"""The house turn limit: every game ends, even one whose Empty City Markers stop coming.

The rules end a game only once enough cities are empty; if the players stop emptying them
(nobody can or will deliver what is left), nothing else would. Each map's ``turn_limit`` table
(source "house") names the turn after which the game ends with the usual final scoring, well
past the map's usual length, and the players are told a few turns before.
"""

from __future__ import annotations

from engine.core.types import State
from engine.rotw.context import MapContext
from engine.rotw.tx import Tx

WARN_TURNS = 3
"""The players are told this many turns before the last turn."""


def turn_limit(state: State, ctx: MapContext) -> int | None:
    """The last turn of a game on this board (None: the map sets no limit)."""
    table = ctx.mapdef.tables.get("turn_limit")
    if table is None:
        return None
    turns = table.values.get("advanced_turns" if "adv" in state else "turns")
    return int(turns) if turns else None


def reached(state: State, ctx: MapContext) -> bool:
    """The turn just played is the last one the limit allows."""
    limit = turn_limit(state, ctx)
    return limit is not None and int(state["turn"]) >= limit


def announce(tx: Tx) -> None:
    """At the start of a turn: say so when the limit is near, and when this turn is the last."""
    limit = turn_limit(tx.state, tx.ctx)
    turn = int(tx.state["turn"])
    if limit is None or turn not in (limit - WARN_TURNS, limit):
        return
    if turn == limit:
        tx.say("turn_limit", f"Turn {turn} is the last (house turn limit): the game ends after it "
               "with the final scoring, however many cities are empty.")
    else:
        tx.say("turn_limit", f"House turn limit: the game ends after turn {limit}, "
               f"{WARN_TURNS} turns from now, with the final scoring, unless the Empty City "
               "Markers end it sooner.")


def ended(tx: Tx) -> None:
    """The message of a game the turn limit ends (the final scoring follows)."""
    tx.say("turn_limit", f"Turn {tx.state['turn']} was the last (house turn limit): the game "
           "ends now with the final scoring.")
