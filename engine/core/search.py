"""The strong level's search: a few of the normal player's best moves, each played on by every
seat to the end of the round (or of as many rounds or turns as the title asks), over several
guesses at what the seat cannot see.

Each sample is one blinded copy of the game (the bot's own chance, face-down piles reshuffled,
other seats' secrets guessed afresh: never the real hidden state). Every candidate is tried from
the same sample with the same chance (so they differ only by the move), then every seat plays on
as the title's rollout policy (the normal player narrowed, or a quicker player of the title's
own) says, for at most ``rollout_length`` moves or until ``rollout_periods`` rounds end.
Candidates are ranked by their average standing at the rollouts' ends. The search stops when
its budget is spent (or it has the samples the title asks for); a sample cut short is dropped,
so every candidate has been judged on the same samples, unless it was the first: then the
candidates it played out whole are ranked on it alone.

A title may count its search in work instead of rollouts (``rollout_work``): its candidates are
then played out in the normal player's order while the work left buys another rollout as long
as those before, each move of a rollout counting what the title says (``move_work``), so a
search whose rollouts are short tries more candidates for the same work.
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
    rollout_periods: int
    rollout_work: int | None

    def move_work(self, state: State, seat: int) -> int: ...

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
    """Rollouts made at most in all (one is one candidate played on from one sample); for a
    title counting its search in work (``rollout_work``), as much work as this many rollouts
    of that length."""
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
    if player.rollout_work is None:
        top, totals, samples = _by_rollouts(title, player, state, seat, top, rng, budget)
    else:
        top, totals, samples = _by_work(title, player, state, seat, top, rng, budget)
    if not samples or not top:
        return ranked
    # Ties keep the normal player's order.
    order = [top[i] for i in sorted(range(len(top)), key=lambda i: (-totals[i], i))]
    return order + [a for a in ranked if a not in order]


def _by_rollouts(title: Title, player: Searcher, state: State, seat: int, top: list[Action],
                 rng: Rng, budget: Budget) -> tuple[list[Action], list[float], int]:
    """The moves ``top`` still searched, their rollouts' total standing and the samples
    taken, every move played out from each sample while the count of rollouts allows."""
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
    return top, totals, samples


@dataclass
class Work:
    """The work a search has done: moves made in its rollouts, each weighing what the
    title's ``move_work`` says."""

    done: int = 0
    rollouts: int = 0

    def buys_another(self, allowed: int) -> bool:
        """Whether one more rollout of the length of those so far fits in ``allowed``."""
        return self.done * (self.rollouts + 1) <= allowed * self.rollouts


def _by_work(title: Title, player: Searcher, state: State, seat: int, top: list[Action],
             rng: Rng, budget: Budget) -> tuple[list[Action], list[float], int]:
    """As ``_by_rollouts``, the search counted in work: the first sample plays ``top`` out in
    the normal player's order while another rollout as long as the ones before it fits in the
    work allowed (two at least), so more moves are searched where rollouts are short; a
    further sample replays the moves kept when it fits whole."""
    assert player.rollout_work is not None
    allowed = budget.rollouts * player.rollout_work
    work = Work()
    totals: list[float] = []
    samples = 0
    while not budget.over() and (player.most_samples is None or samples < player.most_samples):
        if samples and work.done * (work.rollouts + len(top)) > allowed * work.rollouts:
            break
        world = player.blind(state, rng, seat)
        chance = rng.below(2**31)
        found: list[float | None] = []
        cut = False
        for action in top:
            if not samples and len(found) >= 2 and not work.buys_another(allowed):
                break
            found.append(_rollout(title, player, world, seat, action,
                                  Rng(new_rng_state(chance)), budget, work))
            work.rollouts += 1
            cut = budget.over()
            if cut:
                break
        if cut:
            # As in ``_by_rollouts``: a first sample cut short ranks what it played out whole.
            done = [i for i, v in enumerate(found[:-1]) if v is not None]
            if not samples and len(done) >= 2:
                return [top[i] for i in done], [found[i] or 0.0 for i in done], 1
            break
        kept = [i for i, v in enumerate(found) if v is not None]
        totals = [(totals[i] if samples else 0.0) + (found[i] or 0.0) for i in kept]
        top = [top[i] for i in kept]
        samples += 1
    return top, totals, samples


def _rollout(title: Title, player: Searcher, world: State, seat: int, action: Action,
             rng: Rng, budget: Budget, spent: Work | None = None) -> float | None:
    """The standing of ``seat`` after ``action`` and the rollout that follows it (None if the
    move is refused in this sample); a rollout stops early once the budget runs out. Its
    moves are added to ``spent`` (if given)."""
    now = player.period(world)
    ended = 0
    try:
        work = step(title, world, action).state
    except IllegalAction:
        return None
    for _ in range(player.rollout_length):
        if player.period(work) != now:
            now = player.period(work)
            ended += 1
        if title.is_over(work) or ended >= player.rollout_periods or budget.over():
            break
        acting = title.to_act(work)
        if not acting:
            break
        if spent is not None:
            spent.done += player.move_work(work, acting[0])
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
