"""The command tree with the bot's one error handler (buttons report through it too)."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.replies import UserError
from engine.core import IllegalAction

log = logging.getLogger("railbot.discord")

SORRY = "Sorry, something went wrong inside railbot; nothing was changed. It has been logged."


def explain(error: BaseException) -> str | None:
    """The sentence a player should read, or None when it is a bug (not their doing)."""
    if isinstance(error, UserError | IllegalAction):
        return error.message
    return None


async def tell_privately(interaction: discord.Interaction[Any], text: str) -> None:
    """Answer only the user who asked, whatever state the response is in."""
    if not interaction.response.is_done():
        await interaction.response.send_message(text, ephemeral=True)
    elif interaction.extras.get("private"):
        await interaction.edit_original_response(content=text, attachments=[], view=None)
    else:
        await interaction.delete_original_response()
        await interaction.followup.send(text, ephemeral=True)


class RailTree(app_commands.CommandTree[Any]):
    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError, /
    ) -> None:
        original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        await self.report(interaction, original)

    async def report(self, interaction: discord.Interaction[Any], error: BaseException) -> None:
        text = explain(error)
        if text is None:
            log.error(
                "interaction %s (%s) failed",
                interaction.id,
                interaction.data,
                exc_info=(type(error), error, error.__traceback__),
            )
            text = SORRY
        try:
            await tell_privately(interaction, text)
        except discord.HTTPException:
            log.exception("could not tell the user about the error")
