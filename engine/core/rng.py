"""A small counter-based random generator whose whole state is two integers in the game state.

Why not ``random``: the state must live inside the JSON game state, be identical on every Python
version, and every outcome must be recordable on the action so that a replay never needs the
generator again (a rules fix can then never change what the dice said in a stored game).

Each draw is SplitMix64 of ``seed + n * golden`` with ``n`` counting draws; ``below(k)`` maps one
64-bit draw onto ``range(k)`` by multiply-shift (bias < 2**-40 for every k used in games), so one
outcome always costs exactly one draw, recorded or not.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


def _mix(x: int) -> int:
    x = (x + _GOLDEN) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def new_rng_state(seed: int) -> dict[str, int]:
    """The generator state to store in a fresh game state."""
    return {"seed": seed & _MASK, "n": 0}


class ReplayMismatch(Exception):
    """A recorded outcome does not fit the draw asked for: the log and the rules disagree."""


class Rng:
    """Draws outcomes, recording each one; or, given recorded outcomes, hands those back in order.

    ``state`` is the dict stored in the game state (``{"seed": s, "n": k}``) and is advanced in
    place either way, so a replayed state is byte-identical to the original.
    """

    def __init__(self, state: dict[str, int], recorded: Sequence[int] | None = None) -> None:
        self._state = state
        self._recorded = list(recorded) if recorded is not None else None
        self._pos = 0
        self.outcomes: list[int] = []

    @property
    def replaying(self) -> bool:
        return self._recorded is not None

    def below(self, k: int) -> int:
        """A uniform integer in ``range(k)``."""
        if k <= 0:
            raise ValueError("below() needs a positive bound")
        if self._recorded is not None:
            if self._pos >= len(self._recorded):
                raise ReplayMismatch("the action asks for more chance outcomes than were recorded")
            value = self._recorded[self._pos]
            self._pos += 1
            if not 0 <= value < k:
                raise ReplayMismatch(f"recorded outcome {value} is outside range({k})")
        else:
            raw = _mix((self._state["seed"] + self._state["n"] * _GOLDEN) & _MASK)
            value = (raw * k) >> 64
        self._state["n"] += 1
        self.outcomes.append(value)
        return value

    def check_consumed(self) -> None:
        """After a replayed action: every recorded outcome must have been used."""
        if self._recorded is not None and self._pos != len(self._recorded):
            raise ReplayMismatch("the action used fewer chance outcomes than were recorded")

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def draw(self, pool: MutableSequence[T]) -> T:
        """Remove and return a uniformly chosen element (a blind draw from a bag)."""
        return pool.pop(self.below(len(pool)))
