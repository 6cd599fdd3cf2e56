"""Display options: how a game's pictures look, never how it plays.

They are typed with the game's options (``/game new options:colourblind=true``) and kept with
them, but they never reach the rules engine: a game's state, its seed and every outcome are the
same with or without them. A server keeps a default for its new games (set by a server
manager with ``/game colourblind server:true``) in the store's settings under scope "guild"; the
players of a game switch it on or off for their game at any time (``/game colourblind``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.replies import SERVERS_ONLY, Reply, UserError
from bot.storage import Store
from engine.core import CommandSpec, OptionSpec
from renderers.kit.access import VIEW_KEY

COLOURBLIND = OptionSpec(
    "colourblind",
    "Colour-blind boards: each colour's letter on goods and cities, a pattern on each "
    "player's track (pictures only; the game plays the same)",
    "boolean",
)
DISPLAY_OPTIONS = (COLOURBLIND,)
NAMES = frozenset(o.name for o in DISPLAY_OPTIONS)

SCOPE = "guild"
DEFAULT_KEY = "colourblind"
"""The server's default for new games."""

COMMAND = CommandSpec(
    "colourblind",
    "Colour-blind boards for the game here (its players), or the server's default",
    (OptionSpec("on", "true: letters on goods and cities, a pattern on each track; false: "
                "colours only", "boolean", True),
     OptionSpec("server", "Set the default for this server's new games instead (server "
                "manager)", "boolean")),
)
"""The `/game` subcommand: the game in the channel, or with server:true the server default."""


def rules_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The game's options the rules engine sees: all but the display options."""
    return {k: v for k, v in (options or {}).items() if k not in NAMES}


def check_display(key: str, value: Any) -> None:
    if not isinstance(value, bool):
        raise UserError(f"Option {key} must be true or false.")


def colourblind_on(options: Mapping[str, Any] | None) -> bool:
    return bool((options or {}).get(COLOURBLIND.name))


def shown_view(view: Mapping[str, Any], options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The public view as the board renderer gets it: marked for letters and patterns when the
    game plays with colourblind=true."""
    return {**view, VIEW_KEY: True} if colourblind_on(options) else dict(view)


async def server_default(store: Store, guild_id: int | None) -> bool:
    if guild_id is None:
        return False
    return bool(await store.setting(SCOPE, guild_id, DEFAULT_KEY, False))


async def set_server_default(store: Store, guild_id: int | None, manager: bool,
                             on: bool) -> Reply:
    if guild_id is None:
        raise UserError(SERVERS_ONLY)
    if not manager:
        raise UserError("Only a server manager can set the colour-blind default for this "
                        "server's games. For one game, its players use /game colourblind "
                        "without server:, or open it with options:colourblind=true.")
    if not isinstance(on, bool):
        raise UserError("on: must be true or false.")
    await store.set_setting(SCOPE, guild_id, DEFAULT_KEY, on)
    if on:
        text = ("New games in this server show colour-blind boards: each colour's letter on "
                "goods and cities and a pattern on each player's track. A game opened with "
                "options:colourblind=false keeps plain colours. Games already open keep "
                "their boards.")
    else:
        text = ("New games in this server show plain colours again; a game opened with "
                "options:colourblind=true still gets letters and patterns. Games already "
                "open keep their boards.")
    return Reply(text)
