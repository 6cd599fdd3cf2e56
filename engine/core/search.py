"""The strong level's search: a few of the normal player's best moves, each played on by every
seat to the end of the round (or whatever period the title's rollouts play out), over several
guesses at what the seat cannot see.

Each sample is one blinded copy of the game (the bot's own chance, face-down piles reshuffled,
other seats' secrets guessed afresh: never the real hidden state). Every candidate is tried from
the same sample with the same chance (so they differ only by the move), then every seat plays on
as the title's rollout policy (the normal player narrowed, or a quicker player of the title's
own) says, for at most ``rollout_length`` moves or until the round (``period``) ends.
Candidates are ranked by their average standing at the rollouts' ends. The search stops when
its budget is spent (or it has the samples the title asks for); a sample cut short is dropped,
so every candidate has been judged on the same samples, unless it was the first: then the
candidates it played out whole are ranked on it alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from engine.core.errors import IllegalAction
from engine.core.replay import step
from engine.core.rng import Rng, new_rng_state
from engine.core.title import Title
from engine.core.types import Action, State


class Searcher(Protocol):
    """What the search asks of a computer player (engine.core.players.ComputerPlayer is one;
    the search names only these parts so the players can build on it)."""

    search_width: int
    rollout_length: int
    rollout_in_place: bool
    most_samples: int | None

    def worth_searching(self, state: State, seat: int) -> bool: ...

    def searched(self, state: State, seat: int, ranked: list[Action]) -> list[Action]: ...

    def blind(self, state: State, rng: Rng, seat: int | None = None) -> State: ...

    def period(self, state: State) -> object: ...

    def standing(self, state: State, seat: int) -> float: ...

    def rollout_choices(self, state: State, seat: int, rng: Rng) -> list[Action]: ...


ROLLOUT_TRIES = 3
"""Moves of a rollout policy's order tried before a seat in a rollout stops the rollout."""


@dataclass(frozen=True)
class Budget:
    """How long a ``strong`` player may think about one move. The engine keeps no clock: the
    caller may pass one in (``out_of_time``, asked between the moves of a rollout); the count
    of rollouts bounds it always, and alone keeps the choice the same on any machine."""

    rollouts: int = 48
    """Rollouts made at most in all (one is one candidate played on from one sample)."""
    out_of_time: Callable[[], bool] | None = None
    """True once the move must be chosen: the search then returns what it has."""

    def over(self) -> bool:
        return self.out_of_time is not None and self.out_of_time()


def by_search(title: Title, player: Searcher, state: State, seat: int,
              ranked: list[Action], rng: Rng, budget: Budget) -> list[Action]:
    """``ranked`` (the normal player's order) with the moves the player searches (its first
    ``search_width`` moves, and any a title adds) reordered by their rollouts' average standing
    and put first."""
    top = player.searched(state, seat, ranked)
    if len(top) < 2 or not player.worth_searching(state, seat):
        return ranked
    totals = [0.0] * len(top)
    made = samples = 0
    while (made + len(top) <= budget.rollouts and not budget.over()
           and (player.most_samples is None or samples < player.most_samples)):
        world = player.blind(state, rng, seat)
        chance = rng.below(2**31)
        found: list[float | None] = []
        cut = False
        for action in top:
            found.append(_rollout(title, player, world, seat, action,
                                  Rng(new_rng_state(chance)), budget))
            cut = budget.over()
            if cut:
                break
        made += len(top)
        if cut:
            # This sample was cut short (or ended just as the time ran out). With no sample
            # whole yet, the moves it played out before the cut are still judged on one
            # sample alike, which beats judging none (a title taking one sample a move would
            # otherwise fall back to the normal player's order whenever its clock ran out).
            done = [i for i, v in enumerate(found[:-1]) if v is not None]
            if not samples and len(done) >= 2:
                top, totals = [top[i] for i in done], [found[i] or 0.0 for i in done]
                samples = 1
            break
        # A move refused in a sample (it hung on a guess) is not searched further.
        kept = [i for i, v in enumerate(found) if v is not None]
        top, totals = [top[i] for i in kept], [totals[i] + (found[i] or 0.0) for i in kept]
        samples += 1
    if not samples or not top:
        return ranked
    # Ties keep the normal player's order.
    order = [top[i] for i in sorted(range(len(top)), key=lambda i: (-totals[i], i))]
    return order + [a for a in ranked if a not in order]


def _rollout(title: Title, player: Searcher, world: State, seat: int, action: Action,
             rng: Rng, budget: Budget) -> float | None:
    """The standing of ``seat`` after ``action`` and the rollout that follows it (None if the
    move is refused in this sample); a rollout stops early once the budget runs out."""
    now = player.period(world)
    try:
        work = step(title, world, action).state
    except IllegalAction:
        return None
    for _ in range(player.rollout_length):
        if title.is_over(work) or player.period(work) != now or budget.over():
            break
        acting = title.to_act(work)
        if not acting:
            break
        moved = _play_on(title, player, work, acting[0], rng)
        if moved is None:
            break
        work = moved
    return player.standing(work, seat)


def _play_on(title: Title, player: Searcher, work: State, seat: int,
             rng: Rng) -> State | None:
    """``work`` after ``seat``'s rollout move (None if none was accepted): made in place when
    the title's policy allows it, the rollout's copy being its own."""
    in_place = player.rollout_in_place
    for action in player.rollout_choices(work, seat, rng)[:1 if in_place else ROLLOUT_TRIES]:
        try:
            return step(title, work, action, in_place=in_place).state
        except IllegalAction:
            continue
    return None
