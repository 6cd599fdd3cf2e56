"""The in-process cache of loaded games: state and seq only, least recently used first out.

A cached state is good while the game row's version is the one it was loaded at: every change
to a game (by this process or another on the same database) bumps that version.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from engine.core import State

CACHE_GAMES = 200
"""Games kept in memory; the least recently used beyond this reload from their snapshot."""


@dataclass
class Loaded:
    """A game's state as of action ``seq``, loaded at game row ``version``."""

    seq: int
    version: int
    state: State


class GameCache:
    def __init__(self, limit: int = CACHE_GAMES) -> None:
        self.limit = limit
        self._games: OrderedDict[int, Loaded] = OrderedDict()

    def __len__(self) -> int:
        return len(self._games)

    def get(self, game_id: int, version: int) -> Loaded | None:
        loaded = self._games.get(game_id)
        if loaded is None or loaded.version != version:
            return None
        self._games.move_to_end(game_id)
        return loaded

    def put(self, game_id: int, loaded: Loaded) -> None:
        self._games[game_id] = loaded
        self._games.move_to_end(game_id)
        while len(self._games) > self.limit:
            self._games.popitem(last=False)

    def forget(self, game_id: int) -> None:
        self._games.pop(game_id, None)

    def bumped(self, game_id: int, was: int, now: int) -> None:
        """This process changed the game row (not its moves) from version ``was`` to ``now``:
        the cached state still holds if nobody else wrote in between (one bump exactly)."""
        loaded = self._games.get(game_id)
        if loaded is not None and loaded.version == was and now == was + 1:
            loaded.version = now
