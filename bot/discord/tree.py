"""The command tree with the bot's one error handler (buttons report through it too)."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.discord import access
from bot.replies import Reply, UserError, unavailable
from bot.storage import StoreUnavailable
from engine.core import IllegalAction

log = logging.getLogger("railbot.discord")

SORRY = "Sorry, something went wrong inside railbot; nothing was changed. It has been logged."
OUT_OF_DATE = (
    "That command is not what railbot has now (its commands changed since they were "
    "registered with Discord). The bot's admin must run `railbot sync`; until then, /game help "
    "lists what works."
)
UNKNOWN_INTERACTION = 10062
"""Discord's code for an interaction that was not answered in time (it is gone)."""

IN_SERVERS = app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False)
"""Games live in server channels: no command is offered in DMs or group chats."""
GUILD_INSTALL = app_commands.AppInstallationType(guild=True, user=False)
"""Installed to servers only; a user install would bring the commands where no game can live."""


def explain(error: BaseException) -> str | None:
    """The sentence a player should read, or None when it is a bug (not their doing)."""
    if isinstance(error, UserError | IllegalAction):
        return error.message
    if isinstance(error, StoreUnavailable):  # logged by the store in one line
        return unavailable(error.unknown, error.full)
    if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        return OUT_OF_DATE
    return None


def stands(move: bool, problem: str) -> str:
    """After a stored change failed to show: it is not undone, whatever went wrong."""
    what = "Your move stands" if move else "That was done"
    return f"{what} (it is saved), but {problem} /game board shows the game as it is now."


async def tell_privately(interaction: discord.Interaction[Any], text: str) -> None:
    """Answer only the user who asked, whatever state the response is in."""
    if not interaction.response.is_done():
        await interaction.response.send_message(text, ephemeral=True)
    elif interaction.extras.get("private"):
        await interaction.edit_original_response(content=text, attachments=[], view=None)
    else:
        await interaction.delete_original_response()
        await interaction.followup.send(text, ephemeral=True)


def expired(error: BaseException | None) -> bool:
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION


class ExpiredAutocomplete(logging.Filter):
    """discord.py logs a failed autocomplete answer with its traceback; one that came too late
    (the player typed on) is routine: one warning line instead."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and expired(record.exc_info[1]):
            record.msg, record.args = "an autocomplete expired before railbot answered it", ()
            record.levelno, record.levelname = logging.WARNING, "WARNING"
            record.exc_info, record.exc_text = None, None
        return True


EXPIRED_AUTOCOMPLETE = ExpiredAutocomplete()


class RailTree(app_commands.CommandTree[Any]):
    def __init__(self, client: discord.Client) -> None:
        super().__init__(client, allowed_contexts=IN_SERVERS, allowed_installs=GUILD_INSTALL)
        logging.getLogger("discord.app_commands.tree").addFilter(EXPIRED_AUTOCOMPLETE)

    def servers_only(self) -> None:
        """Mark every top-level command guild-only too (older clients read only this flag)."""
        for command in self.get_commands():
            if isinstance(command, app_commands.Command | app_commands.Group):
                command.guild_only = True

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError, /
    ) -> None:
        original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        await self.report(interaction, original)

    async def report(self, interaction: discord.Interaction[Any], error: BaseException) -> None:
        if expired(error):
            # Too late to answer (a slow moment); nothing was done and nobody can be told.
            log.warning("interaction %s expired before railbot could answer it", interaction.id)
            return
        stored: Reply | None = interaction.extras.get("stored")
        if stored is not None:
            await self.report_after_stored(interaction, stored, error)
            return
        text = explain(error)
        if isinstance(error, discord.Forbidden):
            text = access.forbidden_text(interaction, error)
            log.warning("interaction %s: Discord refused a request: %s", interaction.id, error)
        elif text is None:
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

    async def report_after_stored(
        self, interaction: discord.Interaction[Any], reply: Reply, error: BaseException
    ) -> None:
        """Posting failed after the move was saved: never take down what was posted, never say
        nothing changed. The channel still reads the move when its board could not be posted."""
        if isinstance(error, discord.Forbidden):
            problem = access.forbidden_text(interaction, error)
            log.warning("interaction %s: Discord refused a request: %s", interaction.id, error)
        else:
            problem = "railbot could not post all of it (the error has been logged)."
            log.error(
                "interaction %s: posting a stored move failed",
                interaction.id,
                exc_info=(type(error), error, error.__traceback__),
            )
        text = stands(bool(interaction.extras.get("move")), problem)
        try:
            if interaction.extras.get("posted"):
                await interaction.followup.send(text, ephemeral=True)
            elif interaction.extras.get("private"):
                await interaction.edit_original_response(content=text, attachments=[], view=None)
            else:
                # The public "thinking..." becomes the move's own text, without its board.
                await interaction.edit_original_response(
                    content=f"{reply.text}\n({text})"[:2000], attachments=[], view=None
                )
        except discord.HTTPException:
            log.exception("could not tell the user that the move stands")
