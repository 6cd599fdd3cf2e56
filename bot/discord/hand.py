"""The buttons under a board that carry just the game id in their custom_id, so they work on any
board, after restarts: "My hand" (a player's secret cards and secret choices, shown only to
them) and "Full board" (under a focus picture: the whole board as it is now, shown only to
whoever clicks); and the menu under /stats history that shows a finished game's final board."""

from __future__ import annotations

import contextlib
import re
from typing import Any, ClassVar, cast

import discord

from bot.discord.host import Host

LABEL = "My hand"
FULL_BOARD = "Full board"


class _GameButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"rbgame:(?P<game>[0-9]+)",
):
    """A grey button naming only its game; subclasses give their own prefix and label."""

    prefix: ClassVar[str] = "rbgame"
    label: ClassVar[str] = ""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(
            discord.ui.Button(
                label=self.label, style=discord.ButtonStyle.secondary,
                custom_id=f"{self.prefix}:{game_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> _GameButton:
        return cls(int(match["game"]))


class HandButton(_GameButton, template=r"rbh:(?P<game>[0-9]+)"):
    prefix, label = "rbh", LABEL

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await cast(Host, interaction.client).show_hand(interaction, self.game_id)


class FullBoardButton(_GameButton, template=r"rbf:(?P<game>[0-9]+)"):
    prefix, label = "rbf", FULL_BOARD

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await cast(Host, interaction.client).show_full_board(interaction, self.game_id)


def with_hand(view: discord.ui.View | None, game_id: int, *, full_board: bool = False,
              ) -> discord.ui.View:
    """``view`` (or a new one) with the hand button added where it fits, and the full board
    button under a focus picture."""
    out = view or discord.ui.View(timeout=None)
    buttons: list[_GameButton] = [HandButton(game_id)]
    if full_board:
        buttons.append(FullBoardButton(game_id))
    for button in buttons:
        with contextlib.suppress(ValueError):  # a full view: /game hand, /game board do the same
            out.add_item(button)
    return out



FINAL_BOARDS = 25
"""Games a /stats history menu offers (Discord's most options in one select)."""


class FinalBoardPicker(
    discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
    template=r"rbfin",
):
    """Under /stats history: pick a listed game to see its final board, shown only to whoever
    picks. An entry's value is the game id; the server is checked on each pick."""

    def __init__(self, options: list[discord.SelectOption]) -> None:
        super().__init__(
            discord.ui.Select(custom_id="rbfin", placeholder="See a game's final board",
                              options=options[:FINAL_BOARDS])
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> FinalBoardPicker:
        return cls(list(getattr(item, "options", [])))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        choice = self.item.values[0] if self.item.values else ""
        if choice.isdigit():
            await cast(Host, interaction.client).show_final_board(interaction, int(choice))


def final_board_view(games: list[tuple[int, str]]) -> discord.ui.View | None:
    """The menu of final boards under /stats history (``games``: id and label, newest first)."""
    if not games:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(FinalBoardPicker(
        [discord.SelectOption(label=label[:100], value=str(gid)) for gid, label in games]))
    return view
