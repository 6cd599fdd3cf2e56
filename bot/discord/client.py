"""The Discord client: wiring, `railbot run` and `railbot sync`.

Configuration comes from the environment: DISCORD_TOKEN (read by bot.cli.main), RAILBOT_DB
(the database, or `--db`) and RAILBOT_LOG (the log level, applied by bot.cli.main). With
`--shard-ids` and `--shard-count` the client runs those gateway shards (discord.py's
AutoShardedClient). Commands are never synced on start: Discord limits command creations per
day, so syncing is `railbot sync`'s job.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any, TypeVar

import aiohttp
import discord
from discord import app_commands

from bot.autoplay import INLINE_MOVES, INLINE_SECONDS, AutoPlay
from bot.commands import Dispatcher
from bot.discord import autopost, buttons, commands, hand, interact
from bot.discord.reminders import ReminderJob
from bot.discord.tree import RailTree
from bot.replies import Reply
from bot.service import GameService, server_titles
from bot.shards import Shards
from bot.storage import Store, connect_store
from engine.core import Registry

log = logging.getLogger("railbot.discord")

T = TypeVar("T")


def intents() -> discord.Intents:
    """Slash commands and buttons need no privileged intent: guild events only."""
    chosen = discord.Intents.none()
    chosen.guilds = True
    return chosen


def invite_permissions() -> discord.Permissions:
    """What the invite link asks for (docs/discord-setup.md): seeing the channel, posting boards,
    threads, history."""
    return discord.Permissions(
        view_channel=True,
        send_messages=True,
        send_messages_in_threads=True,
        create_public_threads=True,
        embed_links=True,
        attach_files=True,
        read_message_history=True,
    )


class RailBot(discord.Client):
    def __init__(
        self,
        service: GameService,
        *,
        reminders: bool = True,
        clock: Callable[[], float] = time.time,
        **kwargs: Any,
    ) -> None:
        super().__init__(
            intents=intents(), allowed_mentions=discord.AllowedMentions.none(), **kwargs
        )
        self.service = service
        # Computers answer a command with a few moves; longer runs play on in the background.
        self.autoplay = AutoPlay(service, self._post_run)
        self.dispatcher = Dispatcher(service, bot_moves=INLINE_MOVES, bot_seconds=INLINE_SECONDS,
                                     later=self.autoplay.wake)
        self.tree = RailTree(self)
        commands.build(self.tree, service.registry)
        self.tree.servers_only()
        self.reminders = ReminderJob(self, clock) if reminders else None
        self._warming: asyncio.Task[int] | None = None
        """The games played last having their pictures prepared (once, after a restart)."""

    async def setup_hook(self) -> None:
        # Buttons on boards posted before a restart keep working: their ids are parsed afresh.
        self.add_dynamic_items(*buttons.DYNAMIC_ITEMS, hand.HandButton, hand.FullBoardButton,
                               hand.FinalBoardPicker)
        if self.reminders is not None:
            self.reminders.start()

    async def on_ready(self) -> None:
        """Computer turns a restart cut short play on once the bot is connected (again after
        a reconnect: games already playing on are left as they are). Once, the whole boards
        of the games played last are prepared in the background (see bot.service.warmth)."""
        if self._warming is None:
            self._warming = asyncio.get_running_loop().create_task(
                self.service.warm_recent(self.serves))
        try:
            woken = await self.autoplay.resume(self.serves)
        except Exception:
            log.exception("could not resume the computer players")
            return
        if woken:
            log.info("computer players play on in %d games", woken)

    def serves(self, guild_id: int | None) -> bool:
        """Whether this process runs the gateway shard of that server (Discord's rule: the
        server id shifted right by 22 bits, modulo the shard count)."""
        ids: list[int] | None = getattr(self, "shard_ids", None)
        if not self.shard_count or ids is None or guild_id is None:
            return True
        return (guild_id >> 22) % self.shard_count in ids

    async def _post_run(self, reply: Reply) -> None:
        await autopost.post_run(self, reply)

    async def close(self) -> None:
        if self.reminders is not None:
            self.reminders.stop()
        self.autoplay.stop()
        self.service.thinker.close()
        await super().close()

    async def press(
        self, interaction: discord.Interaction[Any], game_id: int, seq: int, cmd: str, arg: str
    ) -> None:
        try:
            await interact.press(interaction, game_id, seq, cmd, arg)
        except Exception as exc:
            await self.tree.report(interaction, exc)

    async def more_moves(
        self, interaction: discord.Interaction[Any], game_id: int, seq: int, n: int, page: int,
        *, private: bool,
    ) -> None:
        try:
            await interact.more_moves(interaction, game_id, seq, n, page, private=private)
        except Exception as exc:
            await self.tree.report(interaction, exc)

    async def pick(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        seq: int,
        key: str,
        arg: str,
        *,
        confirmed: bool = False,
        page: int = 0,
    ) -> None:
        try:
            await interact.pick(interaction, game_id, seq, key, arg, confirmed=confirmed,
                                page=page)
        except Exception as exc:
            await self.tree.report(interaction, exc)

    async def control(
        self, interaction: discord.Interaction[Any], game_id: int, seq: int, what: str
    ) -> None:
        try:
            await interact.control(interaction, game_id, seq, what)
        except Exception as exc:
            await self.tree.report(interaction, exc)

    async def show_hand(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        try:
            await interact.show_hand(interaction, game_id)
        except Exception as exc:
            await self.tree.report(interaction, exc)

    async def show_full_board(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        try:
            await interact.show_full_board(interaction, game_id)
        except Exception as exc:
            await self.tree.report(interaction, exc)

    async def show_final_board(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        try:
            await interact.show_final_board(interaction, game_id)
        except Exception as exc:
            await self.tree.report(interaction, exc)


class ShardedRailBot(RailBot, discord.AutoShardedClient):
    """The bot running several gateway shards in one process (`railbot run --shard-ids`)."""


def make_bot(service: GameService, sharding: Shards | None = None, **kwargs: Any) -> RailBot:
    """The client for ``sharding``: one plain gateway connection, or the shards asked for."""
    if sharding is None:
        return RailBot(service, **kwargs)
    return ShardedRailBot(
        service, shard_count=sharding.count, shard_ids=sharding.ids, **kwargs
    )


async def sync_tree(
    bot: RailBot, guild_id: int | None, *, clear: bool = False
) -> list[app_commands.AppCommand]:
    """Register the commands globally (slow to show) or copy them to one guild (at once);
    with ``clear``, remove the guild's copies (they would show next to the global ones)."""
    if guild_id is None:
        return await bot.tree.sync()
    guild = discord.Object(guild_id)
    if clear:
        bot.tree.clear_commands(guild=guild)
    else:
        bot.tree.copy_global_to(guild=guild)
        kept = server_titles.command_names(
            bot.service.registry, await server_titles.enabled(bot.service.store, guild_id))
        for command in bot.tree.get_commands(guild=guild):
            if command.name not in kept:
                bot.tree.remove_command(command.name, guild=guild)
    return await bot.tree.sync(guild=guild)


def _service(store: Store, registry: Registry | None) -> GameService:
    from bot.app import make_service

    return make_service(store, registry)


async def serve(
    token: str, db: str, registry: Registry | None = None, sharding: Shards | None = None
) -> None:
    async with connect_store(db) as store:
        bot = make_bot(_service(store, registry), sharding)
        async with bot:
            await bot.start(token)


async def login_and_sync(
    token: str, db: str, guild_id: int | None, registry: Registry | None, clear: bool = False
) -> int:
    async with connect_store(db) as store:
        bot = RailBot(_service(store, registry), reminders=False)
        async with bot:
            await bot.login(token)
            synced = await sync_tree(bot, guild_id, clear=clear)
    if clear:
        print(f"Removed railbot's commands copied to guild {guild_id}.")
        return 0
    where = f"guild {guild_id}" if guild_id else "every server (may take up to an hour to show)"
    print(f"Synced {len(synced)} commands to {where}: "
          + ", ".join(f"/{c.name}" for c in synced))
    return len(synced)


def one_line_failures(job: Callable[[], T]) -> T:
    """Run ``job``; a refused token or no network ends the program with one line, not a
    traceback (`railbot run` and `railbot sync` alike)."""
    try:
        return job()
    except discord.LoginFailure:
        raise SystemExit(
            "Discord refused the token in DISCORD_TOKEN: copy the bot token again from the "
            "Developer Portal (see docs/discord-setup.md)."
        ) from None
    except (OSError, aiohttp.ClientError) as exc:
        raise SystemExit(
            f"Could not reach Discord ({exc}); check the network and try again."
        ) from None
    except discord.HTTPException as exc:
        raise SystemExit(
            f"Discord refused the request ({exc.status}: {exc.text or 'no reason given'}); "
            "see docs/discord-setup.md."
        ) from None


def run(token: str, db: str, sharding: Shards | None = None) -> None:
    """`railbot run`: serve until interrupted."""
    try:
        one_line_failures(lambda: asyncio.run(serve(token, db, None, sharding)))
    except KeyboardInterrupt:
        log.info("stopped")


def sync(
    token: str,
    db: str,
    guild_id: int | None = None,
    registry: Registry | None = None,
    *,
    clear: bool = False,
) -> int:
    """`railbot sync [--guild ID] [--clear]`: log in, register (or clear) the commands, exit."""
    return one_line_failures(
        lambda: asyncio.run(login_and_sync(token, db, guild_id, registry, clear))
    )
