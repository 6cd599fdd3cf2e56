"""The latest board message of each game: the only one whose controls stay live.

When a new board is posted, the previous one keeps its picture but loses its buttons (a click
there could only be refused). Where it is lives in the store's settings, so a restart still
knows which message to retire and where the reminders should point.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import discord

from bot.discord.host import Host
from bot.storage import Store

log = logging.getLogger("railbot.discord.boards")

SCOPE = "game"
KEY = "board_message"


@dataclass(frozen=True)
class BoardMessage:
    guild_id: int | None
    channel_id: int
    message_id: int

    @classmethod
    def of(cls, guild_id: int | None, message: discord.Message) -> BoardMessage:
        """Where ``message`` is (the guild as the interaction names it: a message sent through a
        partial channel may not know its guild)."""
        return cls(guild_id, message.channel.id, message.id)

    @property
    def jump_url(self) -> str:
        return (
            f"https://discord.com/channels/{self.guild_id or '@me'}/"
            f"{self.channel_id}/{self.message_id}"
        )


async def latest(store: Store, game_id: int) -> BoardMessage | None:
    record: dict[str, Any] | None = await store.setting(SCOPE, game_id, KEY)
    if not record:
        return None
    return BoardMessage(record.get("guild"), int(record["channel"]), int(record["message"]))


async def posted(bot: Host, game_id: int, new: BoardMessage) -> None:
    """``new`` is the game's new board: take the controls off the one before it."""
    before = await latest(bot.service.store, game_id)
    await bot.service.store.set_setting(
        SCOPE,
        game_id,
        KEY,
        {"guild": new.guild_id, "channel": new.channel_id, "message": new.message_id},
    )
    if before is not None and before.message_id != new.message_id:
        await retire(bot, before)


async def retire(bot: Host, board: BoardMessage) -> None:
    """Drop an old board's buttons, keeping its picture and text. Best effort: a deleted
    message or a lost permission only leaves dead buttons, which refuse politely anyway."""
    channel = bot.get_partial_messageable(board.channel_id, guild_id=board.guild_id)
    try:
        await channel.get_partial_message(board.message_id).edit(view=None)
    except discord.HTTPException as exc:
        log.warning("could not retire board message %s: %s", board.message_id, exc)
