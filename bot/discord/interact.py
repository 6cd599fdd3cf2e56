"""Answering one interaction: defer at once, run it through the shared dispatcher, then post.

Discord allows 3 s before the first answer, and a board takes longer to draw, so every handler
defers before it touches the database. Errors are not handled here: they go up to the command
tree's one error handler (buttons call the same handler).
"""

from __future__ import annotations

from typing import Any, cast

import discord

from bot.discord import render
from bot.discord.buttons import (
    MAX_CUSTOM_ID,
    MoveButton,
    as_move,
    control_view,
    decode_options,
    encode_options,
    move_view,
)
from bot.discord.host import Host
from bot.replies import Reply, UserError
from bot.service import User, Where
from bot.store import ACTIVE
from engine.core import Action

PRIVATE_SUBCOMMANDS = frozenset({"info", "list", "status", "log", "hand", "help", "snooze"})
"""`/game` subcommands whose answer only the asker sees: defer them ephemerally."""

MOVED_ON = (
    "That game has moved on since these buttons were shown; look at the latest board and "
    "use its buttons or the slash commands."
)
POSTED = "Posted in the channel."


def host(interaction: discord.Interaction[Any]) -> Host:
    return cast("Host", interaction.client)


def where_of(interaction: discord.Interaction[Any]) -> Where:
    if interaction.channel_id is None:
        raise UserError("Use railbot in a server channel or thread.")
    return Where(interaction.guild_id, interaction.channel_id)


def user_of(interaction: discord.Interaction[Any]) -> User:
    who = interaction.user
    return User(who.id, who.display_name, manager=interaction.permissions.manage_guild)


def as_user(value: discord.User | discord.Member) -> User:
    """A user picked in an option (kick, replace): their rights don't matter, only who."""
    return User(value.id, value.display_name)


def is_private(path: list[str]) -> bool:
    return len(path) > 1 and path[0] == "game" and path[1] in PRIVATE_SUBCOMMANDS


async def defer(interaction: discord.Interaction[Any], *, private: bool) -> None:
    interaction.extras["private"] = private
    await interaction.response.defer(ephemeral=private, thinking=True)


async def answer(
    interaction: discord.Interaction[Any], path: list[str], options: dict[str, Any]
) -> None:
    """A slash command: `/game <sub> ...` or a move."""
    # An abandon without confirm:true only ever answers the asker (a prompt or a refusal).
    private = is_private(path) or (path == ["game", "abandon"] and not options.get("confirm"))
    await defer(interaction, private=private)
    bot = host(interaction)
    where, user = where_of(interaction), user_of(interaction)
    if path == ["game", "new"] and options.pop("thread", False):
        await new_in_thread(interaction, user, options)
        return
    view: discord.ui.View | None = None
    if path == ["game", "abandon"] and not options.get("confirm"):
        reply, view = await abandon_prompt(bot, where, user)
    else:
        reply = await bot.dispatcher.run(where, user, path, options)
        if path == ["game", "hand"] and not reply.error:
            view = await secret_view(bot, where, user)
    await deliver(interaction, reply, private=private, view=view)


async def press(
    interaction: discord.Interaction[Any], game_id: int, seq: int, command: str, arg: str
) -> None:
    """A move button or menu: the move is public, a refusal only for the one who clicked."""
    await defer(interaction, private=True)
    bot = host(interaction)
    where, user = where_of(interaction), user_of(interaction)
    game = await bot.service.store.game(game_id)
    if game is None or game.channel_id != where.channel_id or game.status not in ACTIVE:
        raise UserError(MOVED_ON)
    spec = bot.dispatcher.spec([command])
    options = decode_options(spec, arg)
    reply = await bot.dispatcher.run(where, user, [command], options, expected_seq=seq)
    await deliver(interaction, reply, private=True)


async def control(interaction: discord.Interaction[Any], game_id: int, seq: int, what: str) -> None:
    """Agreeing to an undo or confirming an abandon: only for the board it was shown under."""
    await defer(interaction, private=True)
    bot = host(interaction)
    where, user = where_of(interaction), user_of(interaction)
    game = await bot.service.store.game(game_id)
    if (
        game is None
        or game.channel_id != where.channel_id
        or game.status not in ACTIVE
        or game.seq != seq
    ):
        raise UserError(MOVED_ON)
    if what == "abandon":
        reply = await bot.service.abandon(where, user, confirm=True)
    else:
        reply = await bot.service.undo(where, user)
    await deliver(interaction, reply, private=True)


async def abandon_prompt(
    bot: Host, where: Where, user: User
) -> tuple[Reply, discord.ui.View | None]:
    """Ask for a click instead of making the admin type confirm:true."""
    game = await bot.service.game_here(where, required=False)
    if game is None or (user.id != game.creator_id and not user.manager):
        # Let the service say what is wrong (no game, not allowed).
        return await bot.dispatcher.run(where, user, ["game", "abandon"], {}), None
    text = f"Abandoning ends {game.name} for everyone and cannot be undone. Are you sure?"
    return Reply(text, ephemeral=True), control_view(game.id, game.seq, "abandon")


async def new_in_thread(
    interaction: discord.Interaction[Any], user: User, options: dict[str, Any]
) -> None:
    """`/game new thread:true`: open a public thread here and put the game in it."""
    bot = host(interaction)
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):
        raise UserError("thread:true works in a text channel; leave it out here.")
    title = bot.service.registry.get(str(options["system"])).meta.name
    name = str(options.get("name") or title)[:100]
    thread = await channel.create_thread(
        name=name,
        type=discord.ChannelType.public_thread,
        auto_archive_duration=10080,
    )
    reply = await bot.dispatcher.run(
        Where(interaction.guild_id, thread.id), user, ["game", "new"], options
    )
    if reply.error:
        await thread.delete()
        await deliver(interaction, reply, private=False)
        return
    await thread.send(render.clip(reply.text), allowed_mentions=render.quiet())
    note = Reply(f"{reply.text}\nThe game lives in {thread.mention}.", game_id=reply.game_id)
    await deliver(interaction, note, private=False)


async def deliver(
    interaction: discord.Interaction[Any],
    reply: Reply,
    *,
    private: bool,
    view: discord.ui.View | None = None,
) -> None:
    """Post ``reply`` for an interaction deferred ephemerally (``private``) or publicly."""
    bot = host(interaction)
    if view is None and not reply.ephemeral:
        view = await board_view(bot, reply)
    if view is None:
        view = confirm_view(reply)
    content = render.clip(reply.text)
    file = render.board_file(reply)
    files = [file] if file else []
    message: discord.Message | None = None
    if reply.ephemeral == private:
        message = await interaction.edit_original_response(
            content=content,
            attachments=files,
            view=view,
            allowed_mentions=render.quiet(),
        )
    elif reply.ephemeral:
        # A refusal after a public "thinking...": take that down, answer privately.
        await interaction.delete_original_response()
        await interaction.followup.send(
            content,
            ephemeral=True,
            files=files,
            view=view or discord.utils.MISSING,
            allowed_mentions=render.quiet(),
        )
    else:
        await interaction.edit_original_response(content=POSTED)
        message = await interaction.followup.send(
            content,
            files=files,
            view=view or discord.utils.MISSING,
            allowed_mentions=render.quiet(),
            wait=True,
        )
    notes = render.notes_for(reply, interaction.user.id)
    if notes:
        await interaction.followup.send(notes, ephemeral=True, allowed_mentions=render.quiet())
    if reply.ping and not reply.ephemeral and reply.game_id is not None:
        game = await bot.service.store.game(reply.game_id)
        name = game.name if game else "your game"
        await interaction.followup.send(
            render.ping_text(reply.ping, name, message.jump_url if message else None),
            allowed_mentions=render.mentions(reply.ping),
        )


def confirm_view(reply: Reply) -> discord.ui.View | None:
    """A Confirm button under a move the service only described (it would issue bonds, R12)."""
    ask = reply.data.get("confirm") if isinstance(reply.data, dict) else None
    if not ask or reply.game_id is None or reply.seq is None:
        return None
    options = {**ask["options"], "confirm": True}
    if any(not isinstance(v, str | int | bool) for v in options.values()):
        return None
    arg = encode_options(options)
    button = MoveButton(reply.game_id, reply.seq, ask["command"], arg, "Confirm")
    if len(f"rb:{reply.game_id}:{reply.seq}:{ask['command']}:{arg}") > MAX_CUSTOM_ID:
        return None  # too long to carry: the player repeats the command with confirm:true
    view = discord.ui.View(timeout=None)
    view.add_item(button)
    return view


async def board_view(bot: Host, reply: Reply) -> discord.ui.View | None:
    """Buttons for the moves open now (to whoever must act), or an undo consent button."""
    if reply.game_id is None or reply.seq is None:
        return None
    game = await bot.service.store.game(reply.game_id)
    if game is None or game.status != "active" or game.seq != reply.seq:
        return None
    if game.pending and game.pending.get("kind") == "undo":
        return control_view(game.id, game.seq, "undo")
    title = bot.service.title(game)
    where = Where(game.guild_id, game.channel_id)
    legal: list[Action] = []
    for seat in await bot.service.store.seats(game.id):
        if seat.seat in game.to_act:
            legal += await bot.service.legal(where, User(seat.user_id, seat.name))
    public = [a for a in legal if not title.is_secret_move(a)]
    moves = [m for m in (as_move(title, a) for a in public) if m is not None]
    return move_view(game.id, game.seq, moves)


async def secret_view(bot: Host, where: Where, user: User) -> discord.ui.View | None:
    """Under the asker's own `/game hand`: the moves only they may see (e.g. keeping a baron)."""
    game = await bot.service.game_here(where, required=False)
    if game is None or game.status != "active":
        return None
    title = bot.service.title(game)
    secret = [a for a in await bot.service.legal(where, user) if title.is_secret_move(a)]
    moves = [m for m in (as_move(title, a) for a in secret) if m is not None]
    return move_view(game.id, game.seq, moves)
