"""The quick player every seat becomes in a strong player's rollouts (Ultimate Railroads).

The normal player settles every worker's choices on copies of the game before it places, tens
of milliseconds a move: far too slow for the many rollouts a strong move wants. This one
decides without copying the game where it can:
- a placement by what the space gives for the workers and coins it costs (the rough worth the
  title's suggestions use), the effects that can do nothing for the seat counting nothing;
- a choice (which track moves, where a locomotive goes) by the position's value after it: a
  track step or a locomotive is made on the board, the position valued and the step taken
  back; any other choice is tried on a copy of the game.
The move found is the only one offered, so the search may make it on its own copy in place.

It plays without whim: a whim of its own made the rollouts of one move differ by more than the
moves differed (at four samples a move the search chose almost at random), while the guesses at
what is hidden (engineers face down, others' end bonus cards) hardly change a rollout. So the
search spends its rollouts on more of the normal player's moves rather than on more samples.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.core.errors import IllegalAction
from engine.core.replay import step
from engine.core.rng import Rng
from engine.core.title import Title
from engine.core.types import Action, State
from engine.ultimate import choices, gains, locos, spaces, worth
from engine.ultimate.board import Board, Route
from engine.ultimate.ctx import Ctx
from engine.ultimate.data import LEVELS


class Valuer(Protocol):
    """What the quick player needs of the title's player: the title, the board a game is played
    on, and its value of a position."""

    @property
    def title(self) -> Title: ...

    def board_of(self, state: State) -> Board: ...

    def value(self, state: State, seat: int) -> float: ...


INCOME_FIRST = 100.0
"""An income tile (or coin space) before the action costs nothing: used first."""
LEAVE = -0.5
"""Leaving the rest of an action unused: only when no choice gains."""
TRIED = 6
"""Choices at most tried on a copy of the game (the others in the rules' order are skipped)."""


def rollout_move(player: Valuer, state: State, seat: int, rng: Rng) -> list[Action]:
    """The one move ``seat`` makes in a rollout (none when it has no legal move)."""
    legal = player.title.legal(state, seat)
    if not legal:
        return []
    ctx = Ctx(player.board_of(state), state, rng)
    if state["active"] == seat:
        return [_best_choice(player, ctx, seat, legal)]
    return [_best_placement(player, ctx, seat, legal)]


def _best_placement(player: Valuer, ctx: Ctx, seat: int, legal: list[Action]) -> Action:
    offers = {o.id: o for o in spaces.all_offers(ctx, seat)}
    known: dict[str, bool] = {}  # spaces share effects: each is looked at once

    def usable(eff: dict[str, Any]) -> bool:
        if not gains.is_choice(eff["k"]):
            return True
        key = repr(sorted(eff.items()))
        if key not in known:
            known[key] = bool(choices.options(ctx, seat, gains.as_task(eff, True, "")))
        return known[key]

    def score(a: Action) -> float:
        if a["type"] == "pick":
            return INCOME_FIRST
        offer = offers.get(str(a.get("space")))
        if a["type"] != "place" or offer is None:
            return -INCOME_FIRST
        return worth.space_worth(offer, usable)

    return max(legal, key=score)


def _best_choice(player: Valuer, ctx: Ctx, seat: int, legal: list[Action]) -> Action:
    if len(legal) == 1:
        return legal[0]
    state = ctx.state
    base = player.value(state, seat)
    best, found = legal[0], float("-inf")
    tried = 0
    for a in legal:
        if a["type"] == "done":
            gain = LEAVE
        else:
            made = _made_on_board(player, ctx, seat, str(a["choice"]))
            if made is None:
                if tried >= TRIED:
                    continue
                tried += 1
                made = _tried_on_copy(player, state, seat, a)
            gain = made - base
        if gain > found:
            best, found = a, gain
    return best


def _made_on_board(player: Valuer, ctx: Ctx, seat: int, choice: str) -> float | None:
    """The position's value with a track step or a new locomotive made and taken back again
    (None for any other choice)."""
    board = ctx.board
    parts = choice.split("-")
    head = parts[0]
    route = board.route_by_id.get(parts[1]) if len(parts) > 1 else None
    if route is None:
        return None
    r = ctx.player(seat)["routes"][route.id]
    if head in LEVELS and len(parts) <= 3:
        had = dict(r)
        if len(parts) == 3:
            r["branch"] = parts[2]
        r["tracks"][head] += 1
        try:
            return player.value(ctx.state, seat)
        finally:
            r["tracks"][head] -= 1
            r.clear()
            r.update(had)
    if head == "loco":
        return _with_loco(player, ctx, seat, route, parts)
    return None


def _with_loco(player: Valuer, ctx: Ctx, seat: int, route: Route,
               parts: list[str]) -> float | None:
    stack = locos.lowest_stack(ctx)
    if not stack:
        return None
    held = ctx.player(seat)["routes"][route.id]["locos"]
    before = list(held)
    if len(parts) > 2:
        old = locos.replaced(held, parts[2:])
        if old is None:
            return None
        held.remove(old)
    held.append(stack[0])
    try:
        return player.value(ctx.state, seat)
    finally:
        held[:] = before


def _tried_on_copy(player: Valuer, state: State, seat: int, action: Action) -> float:
    try:
        after = step(player.title, state, action).state
    except IllegalAction:
        return float("-inf")
    return player.value(after, seat)
