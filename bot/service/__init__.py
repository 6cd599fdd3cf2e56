"""The game service: one class, :class:`GameService`, split by concern into the modules here.

cache: loaded games, least recently used out; core: who and where, locks, loading a game;
opening: /game new; lobby: join, leave, start; moves:
playing and committing a move; undo; queries: everything that only looks; history: the board
as it was after an earlier move; admin: pause, resume, kick, replace, abandon; suggestions:
suggested moves and option values for clicks and autocomplete; warmth: pictures prepared
ahead of a move.
"""

from bot.service.cache import Loaded
from bot.service.core import (
    BoardPainter,
    BoardRenderer,
    BoardWarmer,
    FocusPainter,
    FramePainter,
    User,
    Where,
)
from bot.service.game import GameService

__all__ = ["BoardPainter", "BoardRenderer", "BoardWarmer", "FocusPainter", "FramePainter",
           "GameService", "Loaded", "User", "Where"]
