"""Posting the computers' runs of moves (bot.autoplay) in their game's channel, as a board
message with the same buttons as one answering a command, and the ping for whoever is next."""

from __future__ import annotations

import logging

import discord

from bot.discord import boards, render
from bot.discord.hand import with_hand
from bot.discord.host import Host
from bot.discord.interact import board_view, secret_hint
from bot.replies import Reply
from bot.storage import ACTIVE

log = logging.getLogger("railbot.discord.autopost")


async def post_run(bot: Host, reply: Reply) -> None:
    """Post one run of computer moves. Best effort: a channel that refuses (deleted, lost
    permissions) costs the message, never the moves, which are stored already."""
    if reply.game_id is None:
        return
    game = await bot.service.store.game(reply.game_id)
    if game is None:
        return
    channel = bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
    view = await board_view(bot, reply)
    if render.is_board(reply) and game.status in ACTIVE:
        view = with_hand(view, game.id, full_board=reply.focus)
    hint = await secret_hint(bot, reply)
    text = render.told(reply)
    content = render.clip(f"{text}\n{hint}" if hint else text)
    files = render.board_files(reply)
    try:
        message = await channel.send(
            content,
            files=files or discord.utils.MISSING,
            view=view or discord.utils.MISSING,
            allowed_mentions=render.quiet(),
        )
        posted = boards.BoardMessage.of(game.guild_id, message)
        if render.is_board(reply):
            await boards.posted(bot, game.id, posted)
        if reply.ping:
            text = render.ping_text(reply.ping, game.name, posted.jump_url,
                                    over=game.status == "finished")
            await channel.send(text, allowed_mentions=render.mentions(reply.ping))
    except discord.HTTPException:
        log.warning("could not post the computers' moves in game %s", game.id, exc_info=True)
