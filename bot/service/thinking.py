"""Where computer players think: easy and normal moves in a thread, strong moves in a pool of
processes, so a long search never holds up the event loop (or other games' commands).

The engine keeps no clock: a strong move is given its time here, as a budget whose clock is
read in the process doing the search. The pool is started on the first strong move; each of its
processes gets the registry once, and each move only its title's id and the state.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import time
from concurrent.futures import ProcessPoolExecutor

from engine.computer import Budget, computer_move
from engine.core import Action, Registry, State, Title

STRONG_SECONDS = 1.5
"""What a strong computer thinks about one move at most (the default)."""
HANDOVER = 0.1
"""Of that, the time kept for starting the search and handing its move back."""
STRONG_ROLLOUTS = 2000
"""Rollouts a strong move makes at most whatever the time (so a fast machine stops too)."""
POOL_PROCESSES = 2
"""Strong moves of different games searched at once."""

_registry: Registry | None = None
"""The titles, in a pool process (set once as the process starts)."""


def _install(registry: Registry) -> None:
    global _registry
    _registry = registry


def think(title: Title, state: State, seat: int, level: str, seed: int,
          seconds: float | None = None) -> Action:
    """The move, thought in this process; a strong move stops ``seconds`` after it starts."""
    budget = None
    if level == "strong" and seconds is not None:
        deadline = time.monotonic() + max(0.0, seconds - HANDOVER)
        budget = Budget(STRONG_ROLLOUTS, lambda: time.monotonic() >= deadline)
    return computer_move(title, state, seat, level, seed, budget)


def _think_in_pool(title_id: str, state: State, seat: int, level: str, seed: int,
                   seconds: float) -> Action:
    assert _registry is not None, "the pool process was started without its titles"
    return think(_registry.get(title_id), state, seat, level, seed, seconds)


class Thinker:
    """Computer players' thinking for one service."""

    def __init__(self, registry: Registry, seconds: float = STRONG_SECONDS) -> None:
        self.registry = registry
        self.seconds = seconds
        self._pool: ProcessPoolExecutor | None = None

    async def move(self, title: Title, state: State, seat: int, level: str,
                   seed: int) -> Action:
        if level != "strong":
            # Quick enough for a thread: it only reads the state.
            return await asyncio.to_thread(think, title, state, seat, level, seed)
        if self._pool is None:
            # Spawned, not forked: the bot's threads and event loop stay out of the children.
            self._pool = ProcessPoolExecutor(POOL_PROCESSES, multiprocessing.get_context("spawn"),
                                             initializer=_install, initargs=(self.registry,))
        return await asyncio.get_running_loop().run_in_executor(
            self._pool, _think_in_pool, title.meta.id, state, seat, level, seed, self.seconds)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
