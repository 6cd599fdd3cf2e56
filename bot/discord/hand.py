"""The "My hand" button under every board: a player's secret cards and secret choices, shown
only to them. Its custom_id carries just the game id, so it works on any board, after restarts."""

from __future__ import annotations

import contextlib
import re
from typing import Any, cast

import discord

from bot.discord.host import Host

LABEL = "My hand"


class HandButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"rbh:(?P<game>[0-9]+)",
):
    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(
            discord.ui.Button(
                label=LABEL, style=discord.ButtonStyle.secondary, custom_id=f"rbh:{game_id}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> HandButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await cast(Host, interaction.client).show_hand(interaction, self.game_id)


def with_hand(view: discord.ui.View | None, game_id: int) -> discord.ui.View:
    """``view`` (or a new one) with the hand button added where it fits."""
    out = view or discord.ui.View(timeout=None)
    with contextlib.suppress(ValueError):  # a full view: /game hand does the same
        out.add_item(HandButton(game_id))
    return out
