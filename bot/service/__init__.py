"""The game service: one class, :class:`GameService`, split by concern into the modules here.

core: who and where, locks, loading and caching a game; lobby: new, join, leave, start; moves:
playing and committing a move; undo; queries: everything that only looks; admin: pause, resume,
kick, replace, abandon.
"""

from bot.service.core import BoardRenderer, Loaded, User, Where
from bot.service.game import GameService

__all__ = ["BoardRenderer", "GameService", "Loaded", "User", "Where"]
