"""What railbot may do in a channel: checked before a command changes anything, and named when
Discord refuses a request (403) anyway."""

from __future__ import annotations

from typing import Any

import discord

from bot.replies import UserError

NAMES = {
    "view_channel": "View Channel",
    "send_messages": "Send Messages",
    "send_messages_in_threads": "Send Messages in Threads",
    "attach_files": "Attach Files",
    "create_public_threads": "Create Public Threads",
    "read_message_history": "Read Message History",
    "embed_links": "Embed Links",
}
"""Permission names as Discord's channel settings show them."""

MISSING_ACCESS = 50001
"""Discord's error code when the bot cannot see the channel at all."""


def in_thread(interaction: discord.Interaction[Any]) -> bool:
    return isinstance(interaction.channel, discord.Thread)


def posting(interaction: discord.Interaction[Any]) -> list[str]:
    """What posting a game's messages here takes: boards (files), later pings and reminders
    (plain channel messages) and taking the buttons off old boards."""
    send = "send_messages_in_threads" if in_thread(interaction) else "send_messages"
    return ["view_channel", send, "attach_files"]


def threading() -> list[str]:
    """What `/game new thread:true` takes on top: opening the thread and posting in it."""
    return ["create_public_threads", "send_messages_in_threads"]


def missing(interaction: discord.Interaction[Any], needed: list[str]) -> list[str]:
    have = interaction.app_permissions
    return [NAMES[p] for p in needed if not getattr(have, p)]


def lacking_text(names: list[str], why: str) -> str:
    which = " and ".join(names)
    plural = "permissions" if len(names) > 1 else "permission"
    return (
        f"railbot lacks the {which} {plural} in this channel, which it needs {why}. "
        "Ask a server admin to grant it in the channel's settings (Permissions), or play in "
        "another channel."
    )


def require(interaction: discord.Interaction[Any], needed: list[str], why: str) -> None:
    """Refuse, before anything is changed, what the bot could not carry out here."""
    interaction.extras["needs"] = needed
    names = missing(interaction, needed)
    if names:
        raise UserError(lacking_text(names, why))


def forbidden_text(interaction: discord.Interaction[Any], error: discord.Forbidden) -> str:
    """A 403 in the words of the channel settings: which permission the bot lacks here."""
    names = missing(interaction, interaction.extras.get("needs") or posting(interaction))
    if error.code == MISSING_ACCESS and "View Channel" not in names:
        names.insert(0, "View Channel")
    if names:
        return lacking_text(names, "to play here")
    return (
        "Discord did not let railbot do that in this channel (a channel permission is missing: "
        f"{', '.join(NAMES.values())} are what it uses). Ask a server admin to check them."
    )
