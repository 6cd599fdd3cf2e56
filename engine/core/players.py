"""Computer players: how any title's player picks a move, at each level of play.

A title's player says which moves are worth a look (``candidates``, each with a quick prior) and
how good a position is for its seat (``value``). Picking is shared: ``easy`` takes the best prior
with a little noise; ``normal`` also tries each of its best candidates on a blinded copy of the
game (the bot's own random generator in place of the game's, so nothing drawn there is the game's
real chance) and weighs the position it leads to. Every choice is checked against the rules
before it is returned, falling back to any legal move, so a bot never stalls a game.

A player reads only what its seat may see: public board data and its own hand. Everything here is
pure and seeded: the same state, seat, level and seed give the same move.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.replay import step
from engine.core.rng import Rng, new_rng_state
from engine.core.title import Title
from engine.core.types import Action, State

LEVELS = ("easy", "normal")
"""Levels of play, weakest first (``normal`` is the default)."""
DEFAULT_LEVEL = "normal"
LOOKAHEAD = 14
"""How many of its best candidates a ``normal`` player tries on a copy of the game."""
EASY_NOISE = 3.0
"""How far an ``easy`` player's whim may lift a move's prior (priors are roughly in points)."""


@dataclass(frozen=True)
class Candidate:
    action: Action
    prior: float
    """A quick guess of the move's worth (higher is better), before any trial."""


class ComputerPlayer(ABC):
    """One title's computer player: candidate moves and the worth of a position."""

    def __init__(self, title: Title) -> None:
        self.title = title

    @abstractmethod
    def candidates(self, state: State, seat: int) -> list[Candidate]:
        """Complete moves worth considering for ``seat`` now, reading only what it may see."""

    def glance(self, state: State, seat: int) -> list[Candidate]:
        """The moves and priors an ``easy`` player goes by: by default the same candidates; a
        title may give it a rougher reckoning (its whim then decides among them)."""
        return self.candidates(state, seat)

    @abstractmethod
    def value(self, state: State, seat: int) -> float:
        """How good ``state`` is for ``seat`` (its own numbers and the public board only)."""

    prior_weight = 0.25
    """How much a candidate's prior adds to what its trial gained, for ``normal`` play: it
    breaks near ties and carries what a single move cannot show yet."""

    hidden_piles: tuple[tuple[str, ...], ...] = ()
    """Where the game keeps face-down piles whose order nobody knows (a deck dealt from the
    top), as key paths into the state: a trial reshuffles them with the bot's own generator."""

    def blind(self, state: State, rng: Rng) -> State:
        """A copy of the game for trying a move: chance comes from the bot's own generator and
        face-down piles are reshuffled, so no trial depends on what the seat cannot know."""
        work = copy.deepcopy(state)
        work["rng"] = new_rng_state(rng.below(2**31))
        for path in self.hidden_piles:
            pile: Any = work
            for key in path:
                pile = pile.get(key) if isinstance(pile, dict) else None
            if isinstance(pile, list):
                rng.shuffle(pile)
        return work

def choose(
    title: Title, player: ComputerPlayer, state: State, seat: int, level: str, seed: int
) -> Action:
    """The move ``seat`` makes at ``level``; always one the rules accept."""
    rng = Rng(new_rng_state(seed))
    if level == "easy":
        ranked = _by_whim(player.glance(state, seat), rng)
    else:
        ranked = _by_trial(title, player, state, seat, player.candidates(state, seat), rng)
    for action in ranked:
        if _accepted(title, state, action):
            return action
    return fallback(title, state, seat)


def _by_whim(found: Sequence[Candidate], rng: Rng) -> list[Action]:
    noisy = [(c.prior + EASY_NOISE * rng.below(1000) / 1000, i) for i, c in enumerate(found)]
    return [found[i].action for _, i in sorted(noisy, key=lambda x: (-x[0], x[1]))]


def _by_trial(
    title: Title,
    player: ComputerPlayer,
    state: State,
    seat: int,
    found: Sequence[Candidate],
    rng: Rng,
) -> list[Action]:
    best = sorted(range(len(found)), key=lambda i: (-found[i].prior, i))
    tried: list[tuple[float, int]] = []
    base = player.value(state, seat)
    for i in best[:LOOKAHEAD]:
        work = player.blind(state, rng)
        try:
            after = step(title, work, found[i].action, in_place=True).state
        except IllegalAction:
            continue
        gain = player.value(after, seat) - base
        tried.append((gain + player.prior_weight * found[i].prior, i))
    order = [i for _, i in sorted(tried, key=lambda x: (-x[0], x[1]))]
    rest = [i for i in best if i not in order]
    return [found[i].action for i in order + rest]


def _accepted(title: Title, state: State, action: Action) -> bool:
    try:
        step(title, state, action)
    except IllegalAction:
        return False
    return True


def fallback(title: Title, state: State, seat: int) -> Action:
    """Any move the rules accept (a pass or "done" first): used when every choice was refused."""
    legal = [clean(a) for a in title.legal(state, seat)]
    legal.sort(key=lambda a: a["type"] not in ("pass", "done", "allow"))
    for action in legal:
        if _accepted(title, state, action):
            return action
    raise IllegalAction("no_move", "This seat has no move the rules accept.")


TEMPLATE_KEYS = ("template", "min", "step", "cost", "points")
"""Keys a title's legal-move list adds for display, never part of the move itself."""


def clean(action: Action) -> Action:
    return {k: v for k, v in action.items() if k not in TEMPLATE_KEYS}
