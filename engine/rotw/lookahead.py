"""The strong Railways of the World player: a short lookahead over its own next action, judged
as the normal player judges a move.

The normal player tries its best moves on copies of the game and ranks them by what each
gained in its value plus its prior (where its delivery plans and major lines pull). The strong
player takes the normal player's best few first actions and, after each, lets the other seats
act as the quick player of ``rollout`` would (on a copy where their Rail Barons are guessed afresh:
it never reads what its seat cannot see) until its own next action, which it picks as the
normal player would. A line is worth the first action's score, what the others' actions
changed in its value, and the best next action's score: the sum of the normal player's own
reckonings over two actions. The first action of the best line is played if that line beats
the normal player's own choice by ``MARGIN``; else the normal player's choice stands.

The work is counted in lines (each one ranking of a next action, the bulk of the time), so a
search stopped by its count alone is the same on any machine; a clock may cut it shorter, and
then the lines looked at so far decide.

Judging a line's end by the player's worth less half its best rival's (the normal player's
value of each seat) won 16.5 of 24 games against the normal level (seeds 0-15 and 24-31)
where its own worth alone won 18.5: not kept.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.errors import IllegalAction
from engine.core.players import Candidate, ComputerPlayer, Trial, ranked_by, trials
from engine.core.replay import copy_state, step
from engine.core.rng import Rng, new_rng_state
from engine.core.search import Budget
from engine.core.types import Action, State
from engine.rotw.rollout import Habits, quick_move

LINES = 12
"""The normal player's best first actions looked ahead from (at most: the budget's count of
rollouts bounds them too). Eight, sharing one guess and one chance, won 7 of 8 screening games
against the normal level where five, each from its own guess, won 5 of 8 (the same seeds).
Twelve won 39.5 of 50 games against the normal level where eight won 36.5 of the same 50, at a
median of 0.42 s of processor time a move and a 99th percentile of 0.85-0.88 s (eight: 0.29 s
and 0.45-0.61 s) on a machine where the bot's 1.4 s is not reached; on a slower one the clock
cuts the lines and those looked at decide."""
NEXT_TRIED = 14
"""Candidates tried on a copy for the next action of a line (as many as the normal player
tries)."""
BETWEEN = 24
"""Moves of the others (and auction steps) between two of the player's actions, at most."""
MARGIN = 0.0
"""How much more (in the normal player's units: a point of score is 3) the best line must be
worth than the line of the normal player's choice for the strong player to leave that
choice. None (a tie keeps the normal choice): with a margin of 3 it won 23 of 32 games against
the normal level (seeds 0-31), with none 23.5."""


def lookahead_order(player: ComputerPlayer, habits: Habits, state: State, seat: int,
                    found: Sequence[Candidate], rng: Rng, budget: Budget) -> list[Action]:
    """The candidates ``found`` in the normal player's order, with the first action of the
    best line put first when it beats the normal player's choice by ``MARGIN``. ``player`` is
    the normal player, ``habits`` the same player as the quick one asks of it."""
    title = player.title
    tried = trials(title, player, state, seat, found, rng)
    ranked = ranked_by(found, tried)
    width = min(LINES, budget.rollouts, len(tried))
    if width < 2 or not player.worth_searching(state, seat):
        return ranked
    # Every line is played from the same guess at the hidden and the same chance, so lines
    # differ by their first action alone.
    chance = rng.below(2**31)
    worth: list[float] = []
    for t in tried[:width]:
        if budget.over():
            break
        later = _next_action(player, habits, t, seat, Rng(new_rng_state(chance)), budget)
        if later is None:
            break
        worth.append(t.score + later)
    if len(worth) < 2:
        return ranked
    best = max(range(len(worth)), key=lambda i: (worth[i], -i))
    if best == 0 or worth[best] <= worth[0] + MARGIN:
        return ranked
    chosen = found[tried[best].index].action
    return [chosen] + [a for a in ranked if a is not chosen]


def _next_action(player: ComputerPlayer, habits: Habits, first: Trial, seat: int, rng: Rng,
                 budget: Budget) -> float | None:
    """What comes after ``first`` in the normal player's units: the change in the player's
    value while the others act, and the score of its best next action (None when the clock
    ran out first)."""
    title = player.title
    world = copy_state(first.after)
    player.hide(world, seat, rng)
    start = player.value(first.after, seat)
    for _ in range(BETWEEN):
        if title.is_over(world):
            return player.value(world, seat) - start
        acting = title.to_act(world)
        if not acting:
            return player.value(world, seat) - start
        mover = acting[0]
        if mover == seat and world["phase"] == "actions":
            break
        if budget.over():
            return None
        moves = quick_move(habits, world, mover)
        if not moves:
            return player.value(world, seat) - start
        try:
            world = step(title, world, moves[0], in_place=True).state
        except IllegalAction:
            return player.value(world, seat) - start
    else:
        return player.value(world, seat) - start
    if budget.over():
        return None
    drift = player.value(world, seat) - start
    found = player.candidates(world, seat)
    if budget.over():
        return None
    later = trials(title, player, world, seat, found, rng, NEXT_TRIED)
    return drift + (later[0].score if later else 0.0)
