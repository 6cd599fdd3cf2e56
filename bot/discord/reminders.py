"""The reminder job: every few minutes, post the reminders bot.reminders says are due, each with
a link to the game's latest board."""

from __future__ import annotations

import logging
from collections.abc import Callable

import discord
from discord.ext import tasks

from bot import reminders, takeover
from bot.autoplay import INLINE_MOVES
from bot.discord import boards, render
from bot.discord.host import Host
from bot.service import Where
from bot.storage import StoreUnavailable

log = logging.getLogger("railbot.discord.reminders")

CHECK_MINUTES = 5.0


def channel_link(guild_id: int | None, channel_id: int) -> str:
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"


async def send_due(bot: Host, now: float) -> int:
    """Post every due reminder as a normal channel message; returns how many were posted.

    A reminder counts as sent even when Discord refuses it (a deleted channel, lost
    permissions): retrying every few minutes would only earn rate limits.
    """
    sent = 0
    for due in await reminders.due(bot.service.store, now):
        if not await reminders.claim(bot.service.store, due, now):
            continue
        game = due.game
        channel = bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
        board = await boards.latest(bot.service.store, game.id)
        link = board.jump_url if board else channel_link(game.guild_id, game.channel_id)
        text = f"{render.mention_line(due.users)} {due.text} {link}"
        news = await bot.service.since_last_move(game.id, due.users)
        text = render.clip(f"{text}\n{news}" if news else text)
        try:
            await channel.send(text, allowed_mentions=render.mentions(due.users))
            sent += 1
        except discord.HTTPException:
            log.warning("could not remind players of game %s", game.id, exc_info=True)
        await reminders.mark_sent(bot.service.store, due, now)
    return sent


async def send_takeovers(bot: Host, now: float) -> None:
    """Silent seats handed to computers (``/game takeover``): say so in each game's channel."""
    for reply in await takeover.take_over(bot.service, now, INLINE_MOVES):
        game = await bot.service.store.game(reply.game_id or 0)
        if game is None:
            continue
        bot.autoplay.wake(Where(game.guild_id, game.channel_id))  # the rest plays on by itself
        channel = bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
        try:
            # A game the computers finished gets its final board and score chart, as any other.
            files = render.board_files(reply) if reply.over else []
            await channel.send(
                render.clip(reply.text), files=files, allowed_mentions=render.mentions([])
            )
        except discord.HTTPException:
            log.warning("could not announce a takeover in game %s", game.id, exc_info=True)


class ReminderJob:
    def __init__(self, bot: Host, clock: Callable[[], float]) -> None:
        self.bot = bot
        self.clock = clock
        self.loop = tasks.loop(minutes=CHECK_MINUTES)(self.tick)
        self.loop.before_loop(self.bot.wait_until_ready)

    async def tick(self) -> None:
        try:
            await send_due(self.bot, self.clock())
        except StoreUnavailable:  # logged by the store in one line; the next pass retries
            return
        except Exception:  # one bad pass must not end the job
            log.exception("reminder pass failed")
        try:
            await send_takeovers(self.bot, self.clock())
        except StoreUnavailable:
            return
        except Exception:
            log.exception("takeover pass failed")

    def start(self) -> None:
        if not self.loop.is_running():
            self.loop.start()

    def stop(self) -> None:
        self.loop.cancel()
