"""The "Full board" button under a focus picture (the part of the board where the last move
happened): the whole board, shown only to whoever clicks. Its custom_id carries just the game
id, so it works on any board message, after restarts, and always shows the board as it is now."""

from __future__ import annotations

import contextlib
import re
from typing import Any, cast

import discord

from bot.discord.host import Host

LABEL = "Full board"


class FullBoardButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"rbf:(?P<game>[0-9]+)",
):
    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(
            discord.ui.Button(
                label=LABEL, style=discord.ButtonStyle.secondary, custom_id=f"rbf:{game_id}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> FullBoardButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await cast(Host, interaction.client).show_full_board(interaction, self.game_id)


def with_full_board(view: discord.ui.View | None, game_id: int) -> discord.ui.View:
    """``view`` (or a new one) with the full board button added where it fits."""
    out = view or discord.ui.View(timeout=None)
    with contextlib.suppress(ValueError):  # a full view: /game board does the same
        out.add_item(FullBoardButton(game_id))
    return out
