"""GameService: lock -> load -> apply -> persist -> views. Knows nothing of Discord.

Every entry point takes where it was asked (guild and channel ids) and who asked, and returns a
:class:`Reply`. Bad input raises :class:`UserError` or the engine's :class:`IllegalAction`; both
mean nothing was written.
"""

from __future__ import annotations

from bot.service.admin import Admin
from bot.service.bots import Bots
from bot.service.history import History
from bot.service.lobby import Lobby
from bot.service.moves import Moves
from bot.service.opening import Opening
from bot.service.queries import Queries
from bot.service.stats import Stats
from bot.service.suggestions import Suggestions
from bot.service.undo import Undo
from bot.service.warmth import Warmth


class GameService(Bots, Opening, Lobby, Moves, Undo, Queries, History, Suggestions, Admin,
                  Stats, Warmth):
    """The one service every client (Discord, the terminal) talks to; each part lives in its
    own module by concern, over the shared core (bot.service.core)."""
