"""Computer players: how any title's player picks a move, at each level of play.

A title's player says which moves are worth a look (``candidates``, each with a quick prior) and
how good a position is for its seat (``value``). Picking is shared: ``easy`` takes the best prior
with a little noise; ``normal`` also tries each of its best candidates on a blinded copy of the
game (the bot's own random generator in place of the game's, so nothing drawn there is the game's
real chance) and weighs the position it leads to. Every choice is checked against the rules
before it is returned, falling back to any legal move, so a bot never stalls a game.

A player reads only what its seat may see: public board data and its own hand. Everything here is
pure and seeded: the same state, seat, level and seed give the same move (a ``strong`` player
told to stop on a clock may get further on a faster machine; counted in rollouts, it is fixed).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.replay import copy_state, step
from engine.core.rng import Rng, new_rng_state
from engine.core.search import Budget, by_search
from engine.core.title import Title
from engine.core.types import Action, State

LEVELS = ("easy", "normal", "strong")
"""Levels of play, weakest first (``normal`` is the default)."""
DEFAULT_LEVEL = "normal"
LOOKAHEAD = 14
"""How many of its best candidates a ``normal`` player tries on a copy of the game."""
SETTLE_STEPS = 6
"""Steps of its own a trial plays on at most to finish the move tried (see ``mid_move``)."""
SETTLE_WIDTH = 6
"""Candidates tried at each of those steps (the best by value is taken)."""
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

    tries = LOOKAHEAD
    """How many of its best candidates a ``normal`` player tries on a copy of the game."""

    hidden_piles: tuple[tuple[str, ...], ...] = ()
    """Where the game keeps face-down piles whose order nobody knows (a deck dealt from the
    top), as key paths into the state: a trial reshuffles them with the bot's own generator."""

    def blind(self, state: State, rng: Rng, seat: int | None = None) -> State:
        """A copy of the game for trying a move: chance comes from the bot's own generator and
        face-down piles are reshuffled, so no trial depends on what the seat cannot know. Given
        the seat, what only other seats know is guessed afresh too (:meth:`hide`)."""
        work = copy_state(state)  # plain data: a pickle round trip, quicker than deepcopy
        work["rng"] = new_rng_state(rng.below(2**31))
        for path in self.hidden_piles:
            pile: Any = work
            for key in path:
                pile = pile.get(key) if isinstance(pile, dict) else None
            if isinstance(pile, list):
                shuffled(pile, rng)
        if seat is not None:
            self.hide(work, seat, rng)
        return work

    def mid_move(self, state: State, seat: int) -> bool:
        """Whether ``seat`` is halfway through a move of several steps (a worker placed whose
        choices are still to make): a trial then plays the rest greedily before judging, so a
        move whose worth shows only in its later steps is not judged on its first. By default
        every move is whole."""
        return False

    # What the strong search asks of a title; each has a default a title may override.

    secret_keys: tuple[str, ...] = ()
    """Keys of a player's entry that only its own seat sees (a secret goal card): a strong
    player's rollouts play every seat, so other seats' secrets are guessed afresh."""

    def hide(self, work: State, seat: int, rng: Rng) -> None:
        """Replace in ``work`` what ``seat`` cannot see beyond the face-down piles by a guess
        from ``rng``. By default the ``secret_keys`` of the other seats are pooled, shuffled and
        dealt back among them, each entry keeping its size; a title with more to hide (a
        face-down row) adds to this."""
        others = [p for s, p in enumerate(work["players"]) if s != seat]
        for key in self.secret_keys:
            pool: list[Any] = []
            for p in others:
                held = p.get(key)
                pool.extend(held if isinstance(held, list) else [] if held is None else [held])
            shuffled(pool, rng)
            for p in others:
                held = p.get(key)
                if isinstance(held, list):
                    p[key] = [pool.pop() for _ in held]
                elif held is not None:
                    p[key] = pool.pop()

    search_width = 5
    """How many of its best candidates (in the normal player's order) a strong player plays
    on to the horizon."""

    rollout_length = 16
    """Moves (of all seats) a rollout makes at most after the move tried."""

    rollout_width = 4
    """How many candidates each seat tries per move in a rollout (the normal player tries
    ``LOOKAHEAD``): the others are modelled by the normal player, narrowed to stay quick."""

    def worth_searching(self, state: State, seat: int) -> bool:
        """Whether a strong player searches this move (by default every move with a choice); a
        title may leave the lesser steps of a move to the normal player's trial."""
        return True

    def searched(self, state: State, seat: int, ranked: list[Action]) -> list[Action]:
        """The moves a strong player plays on, from ``ranked`` (the normal player's order): by
        default its first ``search_width``."""
        return ranked[:self.search_width]

    most_samples: int | None = None
    """Samples a strong search takes at most (None: as many as its budget allows); a title whose
    rollouts hardly differ from one guess at the hidden to another stops early."""

    rollout_in_place = False
    """Whether a rollout may make the move ``rollout_choices`` puts first on its own copy of
    the game in place (a title whose rollout policy offers only moves the rules accept): no copy
    a move, but a refused move ends the rollout."""

    rival_weight = 0.5
    """How much the best rival's value counts against the player's own at a rollout's end."""

    def period(self, state: State) -> object:
        """What a rollout plays to the end of: it stops once this changes (by default the round
        or the turn)."""
        return state.get("round", state.get("turn"))

    def standing(self, state: State, seat: int) -> float:
        """How a rollout's end is judged for ``seat``: its value against its best rival's."""
        others = [self.value(state, s) for s in range(len(state["players"])) if s != seat]
        return self.value(state, seat) - self.rival_weight * max(others, default=0.0)

    def rollout_choices(self, state: State, seat: int, rng: Rng) -> list[Action]:
        """The moves ``seat`` would make in a rollout, best first (the first the rules accept
        is made)."""
        found = self.candidates(state, seat)
        return ranked_by(found, trials(self.title, self, state, seat, found, rng,
                                       self.rollout_width))

    def strong_order(self, state: State, seat: int, found: Sequence[Candidate], rng: Rng,
                     budget: Budget) -> list[Action]:
        """A strong player's moves, best first, from the candidates ``found``: by default the
        normal player's order with its best few reordered by the search's rollouts; a title
        may think its own way within ``budget``."""
        tried = trials(self.title, self, state, seat, found, rng)
        return by_search(self.title, self, state, seat, ranked_by(found, tried), rng, budget)


def shuffled(hidden: list[Any], rng: Rng) -> None:
    """Put what a seat cannot see in an order of the bot's own making, in place: sorted first,
    so the guess depends on what the things are and never on their real order."""
    hidden.sort(key=repr)
    rng.shuffle(hidden)


def choose(
    title: Title, player: ComputerPlayer, state: State, seat: int, level: str, seed: int,
    budget: Budget | None = None,
) -> Action:
    """The move ``seat`` makes at ``level``; always one the rules accept. ``budget`` bounds a
    strong player's thinking (a default count of rollouts if not given)."""
    rng = Rng(new_rng_state(seed))
    if level == "easy":
        ranked = _by_whim(player.glance(state, seat), rng)
    elif level == "strong":
        ranked = player.strong_order(state, seat, player.candidates(state, seat), rng,
                                     budget or Budget())
    else:
        found = player.candidates(state, seat)
        ranked = ranked_by(found, trials(title, player, state, seat, found, rng, player.tries))
    for action in ranked:
        if _accepted(title, state, action):
            return action
    return fallback(title, state, seat)


def _by_whim(found: Sequence[Candidate], rng: Rng) -> list[Action]:
    noisy = [(c.prior + EASY_NOISE * rng.below(1000) / 1000, i) for i, c in enumerate(found)]
    return [found[i].action for _, i in sorted(noisy, key=lambda x: (-x[0], x[1]))]


def ranked_by(found: Sequence[Candidate], tried: Sequence[Trial]) -> list[Action]:
    """The candidates in the ``normal`` player's order: those tried by their trials' order,
    then the rest by prior."""
    order = [t.index for t in tried]
    rest = [i for i in sorted(range(len(found)), key=lambda i: (-found[i].prior, i))
            if i not in order]
    return [found[i].action for i in order + rest]


@dataclass(frozen=True)
class Trial:
    """One candidate tried on a copy of the game, as a ``normal`` player tries it."""

    score: float
    """What its trial gained in value, plus its prior times the prior's weight."""
    index: int
    """Its place in the candidates tried."""
    after: State
    """The copy once the move (and any steps it left halfway) was made."""


def trials(
    title: Title,
    player: ComputerPlayer,
    state: State,
    seat: int,
    found: Sequence[Candidate],
    rng: Rng,
    lookahead: int = LOOKAHEAD,
) -> list[Trial]:
    """The ``lookahead`` candidates of best prior that the rules accept, each tried on a
    blinded copy of the game, best first (the ``normal`` player's order)."""
    best = sorted(range(len(found)), key=lambda i: (-found[i].prior, i))
    tried: list[Trial] = []
    base = player.value(state, seat)
    for i in best[:lookahead]:
        work = player.blind(state, rng)
        try:
            after = step(title, work, found[i].action, in_place=True).state
        except IllegalAction:
            continue
        after = _settled(title, player, after, seat)
        gain = player.value(after, seat) - base
        tried.append(Trial(gain + player.prior_weight * found[i].prior, i, after))
    return sorted(tried, key=lambda t: (-t.score, t.index))


def _settled(title: Title, player: ComputerPlayer, state: State, seat: int) -> State:
    """``state`` once ``seat`` has finished the move it is halfway through, each step the one
    its value likes best."""
    for _ in range(SETTLE_STEPS):
        if not player.mid_move(state, seat) or seat not in title.to_act(state):
            break
        found = sorted(player.candidates(state, seat), key=lambda c: -c.prior)[:SETTLE_WIDTH]
        best: tuple[float, State] | None = None
        for c in found:
            try:
                after = step(title, state, c.action).state
            except IllegalAction:
                continue
            worth = player.value(after, seat) + player.prior_weight * c.prior
            if best is None or worth > best[0]:
                best = (worth, after)
        if best is None:
            break
        state = best[1]
    return state


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
