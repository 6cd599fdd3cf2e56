"""The strong Railways of the World player: a short lookahead over its own next action, judged
as the normal player judges a move.

The normal player tries its best moves on copies of the game and ranks them by what each
gained in its value plus its prior (where its delivery plans and major lines pull). The strong
player takes the normal player's best few first actions and, after each, lets the other seats
act as the rollouts' quick player would (on a copy where their Rail Barons are guessed afresh:
it never reads what its seat cannot see) until its own next action, which it picks as the
normal player would. A line is worth the first action's score, what the others' actions
changed in its value, and the best next action's score: the sum of the normal player's own
reckonings over two actions. The first action of the best line is played if that line beats
the normal player's own choice by ``MARGIN``; else the normal player's choice stands.

The work is counted in lines (each one ranking of a next action, the bulk of the time), so a
search stopped by its count alone is the same on any machine; a clock may cut it shorter, and
then the lines looked at so far decide.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.errors import IllegalAction
from engine.core.players import Candidate, ComputerPlayer, Trial, ranked_by, trials
from engine.core.replay import copy_state, step
from engine.core.rng import Rng, new_rng_state
from engine.core.search import Budget
from engine.core.types import Action, State
from engine.rotw.rollout import Habits, quick_move

LINES = 8
"""The normal player's best first actions looked ahead from (at most: the budget's count of
rollouts bounds them too). Eight, sharing one guess and one chance, won 7 of 8 screening games
against the normal level where five, each from its own guess, won 5 of 8 (the same seeds); a
move's 99th percentile rose from about 0.7 s of processor time to 1.2-1.3 s."""
NEXT_TRIED = 14
"""Candidates tried on a copy for the next action of a line (as many as the normal player
tries)."""
BETWEEN = 24
"""Moves of the others (and auction steps) between two of the player's actions, at most."""
MARGIN = 0.0
"""How much more (in the normal player's units: a point of score is 3) the best line must be
worth than the line of the normal player's choice for the strong player to leave that
choice. None yet (a tie keeps the normal choice): a margin has not been tried in self-play."""
DEEPER = 0
"""The best lines (and the normal choice's) followed on to a third action of the player's own,
which then decide among themselves."""
AGAIN = 0
"""The best lines (and the normal choice's) looked at once more from a second guess at the
hidden, which then decide among themselves by their average."""
RIVAL = 0.0
"""How much the best rival's worth (the normal player's value of its seat) at a line's end
counts against the player's own."""


@dataclass
class Line:
    worth: float
    """The line's worth so far in the normal player's units, the first action's score
    included."""
    end: State
    """The copy where the line stopped (after the player's last action looked at)."""


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
    other = rng.below(2**31)
    lines: list[Line] = []
    for t in tried[:width]:
        if budget.over():
            break
        line = _next_action(player, habits, t, seat, Rng(new_rng_state(chance)), budget)
        if line is None:
            break
        lines.append(line)
    if len(lines) < 2:
        return ranked
    worth = [_judged(player, line, seat) for line in lines]
    extra = DEEPER or AGAIN
    if extra:
        top = sorted(range(len(worth)), key=lambda i: (-worth[i], i))[:extra]
        refined: dict[int, float] = {}
        for i in ([0] + [i for i in top if i != 0]):
            if budget.over():
                break
            line = lines[i]
            if DEEPER:
                on = _next_action(player, habits, Trial(line.worth, i, line.end), seat,
                                  Rng(new_rng_state(other)), budget, hidden=True)
                if on is None:
                    break
                refined[i] = _judged(player, on, seat)
            else:
                on = _next_action(player, habits, tried[i], seat, Rng(new_rng_state(other)),
                                  budget)
                if on is None:
                    break
                refined[i] = (worth[i] + _judged(player, on, seat)) / 2
        if len(refined) >= 2:
            worth = [refined.get(i, float("-inf")) for i in range(len(worth))]
    best = max(range(len(worth)), key=lambda i: (worth[i], -i))
    if best == 0 or worth[best] <= worth[0] + MARGIN:
        return ranked
    chosen = found[tried[best].index].action
    return [chosen] + [a for a in ranked if a is not chosen]


def _judged(player: ComputerPlayer, line: Line, seat: int) -> float:
    if not RIVAL:
        return line.worth
    rivals = [player.value(line.end, s) for s in range(len(line.end["players"])) if s != seat]
    return line.worth - RIVAL * max(rivals, default=0.0)


def _next_action(player: ComputerPlayer, habits: Habits, first: Trial, seat: int, rng: Rng,
                 budget: Budget, hidden: bool = False) -> Line | None:
    """The line on from ``first``: its worth adds the change in the player's value while the
    others act, and the score of its best next action (None when the clock ran out first).
    ``hidden``: the others' Rail Barons are guessed already."""
    title = player.title
    world = copy_state(first.after)
    if not hidden:
        player.hide(world, seat, rng)
    start = player.value(first.after, seat)
    for _ in range(BETWEEN):
        if title.is_over(world):
            return Line(first.score + player.value(world, seat) - start, world)
        acting = title.to_act(world)
        if not acting:
            return Line(first.score + player.value(world, seat) - start, world)
        mover = acting[0]
        if mover == seat and world["phase"] == "actions":
            break
        if budget.over():
            return None
        moves = quick_move(habits, world, mover)
        if not moves:
            return Line(first.score + player.value(world, seat) - start, world)
        try:
            world = step(title, world, moves[0], in_place=True).state
        except IllegalAction:
            return Line(first.score + player.value(world, seat) - start, world)
    else:
        return Line(first.score + player.value(world, seat) - start, world)
    if budget.over():
        return None
    drift = first.score + player.value(world, seat) - start
    found = player.candidates(world, seat)
    if budget.over():
        return None
    later = trials(title, player, world, seat, found, rng, NEXT_TRIED)
    if not later:
        return Line(drift, world)
    return Line(drift + later[0].score, later[0].after)
