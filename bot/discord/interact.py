"""Answering one interaction: defer at once, run it through the shared dispatcher, then post.

Discord allows 3 s before the first answer, and a board takes longer to draw, so every handler
defers before it touches the database. Errors are not handled here: they go up to the command
tree's one error handler (buttons call the same handler).
"""

from __future__ import annotations

import asyncio
from typing import Any, cast

import discord

from bot.discord import access, boards, render
from bot.discord.buttons import (
    MAX_CUSTOM_ID,
    MoveButton,
    confirm_move_view,
    control_view,
    decode_options,
    encode_options,
    find,
    move_menu,
    move_menus,
    need_view,
    suggestion_view,
)
from bot.discord.hand import LABEL, final_board_view, with_hand
from bot.discord.host import Host
from bot.replies import SERVERS_ONLY, Reply, UserError
from bot.service import User, Where
from bot.storage import ACTIVE, GameRow

PRECHECK_SECONDS = 1.0
"""How long a typed move's refusal checks may run before the answer is deferred."""
PRIVATE_SUBCOMMANDS = frozenset({"info", "list", "status", "log", "hand", "help", "snooze"})
"""`/game` subcommands whose answer only the asker sees: defer them ephemerally."""

MOVED_ON = (
    "That game has moved on since these buttons were shown; look at the latest board and "
    "use its buttons or the slash commands."
)
POSTED = "Posted in the channel."
LOOKING = frozenset({"info", "list", "status", "log", "hand", "help", "board"})
"""`/game` subcommands that only look: they never store anything."""
HAND_HINT = f"press **{LABEL}** under the board (or use /game hand)"
"""Where secret choices are made: they are never on the public buttons."""


def host(interaction: discord.Interaction[Any]) -> Host:
    return cast("Host", interaction.client)


def where_of(interaction: discord.Interaction[Any]) -> Where:
    if interaction.guild_id is None or interaction.channel_id is None:
        raise UserError(SERVERS_ONLY)
    return Where(interaction.guild_id, interaction.channel_id)


def user_of(interaction: discord.Interaction[Any]) -> User:
    who = interaction.user
    return User(who.id, who.display_name, manager=interaction.permissions.manage_guild)


def as_user(value: discord.User | discord.Member) -> User:
    """A user picked in an option (kick, replace): their rights don't matter, only who."""
    return User(value.id, value.display_name)


def is_private(path: list[str]) -> bool:
    return len(path) > 1 and path[0] == "game" and path[1] in PRIVATE_SUBCOMMANDS


def is_secret(bot: Host, command: str) -> bool:
    """A move command some title keeps secret (e.g. which Rail Baron a player keeps): it is
    answered privately, and the channel only reads the public line."""
    for title in bot.service.registry:
        spec = title.meta.command(command)
        if spec is not None and title.is_secret_move({"type": spec.action}):
            return True
    return False


def changes_game(path: list[str], reply: Reply) -> bool:
    """Whether ``reply`` answers a command that stored something (a move, a join, a start...):
    from then on a failure to post it must not be reported as "nothing was changed"."""
    if reply.error or (isinstance(reply.data, dict) and "confirm" in reply.data):
        return False
    return not (path[0] == "game" and path[1:2] and path[1] in LOOKING)


async def defer(interaction: discord.Interaction[Any], *, private: bool) -> None:
    interaction.extras["private"] = private
    await interaction.response.defer(ephemeral=private, thinking=True)


async def answer(
    interaction: discord.Interaction[Any], path: list[str], options: dict[str, Any]
) -> None:
    """A slash command: `/game <sub> ...` or a move."""
    bot = host(interaction)
    # A public reply shows the command's options to anyone who opens it: a secret move is
    # answered privately and announced by a separate channel message.
    secret = path[0] != "game" and is_secret(bot, path[0])
    # An abandon without confirm:true only ever answers the asker (a prompt or a refusal).
    private = (
        secret
        or is_private(path)
        or (path == ["game", "abandon"] and not options.get("confirm"))
        or (path[0] != "game" and await stores_nothing(interaction, path, options))
    )
    await defer(interaction, private=private)
    where, user = where_of(interaction), user_of(interaction)
    if path == ["game", "new"] and options.pop("thread", False):
        await new_in_thread(interaction, user, options)
        return
    if not is_private(path):
        access.require(interaction, access.posting(interaction), "to post the game's messages")
    view: discord.ui.View | None = None
    if path == ["game", "abandon"] and not options.get("confirm"):
        reply, view = await abandon_prompt(bot, where, user)
    else:
        reply = await bot.dispatcher.run(where, user, path, options)
        if changes_game(path, reply):
            interaction.extras.update(stored=reply, move=path[0] != "game")
        if path == ["game", "hand"] and not reply.error:
            view = await secret_view(bot, where, user)
    await deliver(interaction, reply, private=private, view=view, announce=secret)


async def stores_nothing(
    interaction: discord.Interaction[Any], path: list[str], options: dict[str, Any]
) -> bool:
    """Whether a typed move will certainly be refused or only asked about: then its answer is
    private from the start, and the channel never sees a "thinking..." come and go. Given up
    (answered publicly, as a move is) when the checks take too long for Discord's 3 s."""
    bot = host(interaction)
    if interaction.guild_id is None or interaction.channel_id is None:
        return True
    where = Where(interaction.guild_id, interaction.channel_id)
    try:
        return await asyncio.wait_for(
            bot.dispatcher.stores_nothing(where, user_of(interaction), path, dict(options)),
            PRECHECK_SECONDS,
        )
    except TimeoutError:
        return False


async def clicked(
    interaction: discord.Interaction[Any], game_id: int
) -> tuple[Host, Where, User, GameRow]:
    """The start of every click under a board: defer privately, then the board's game, which
    must still be running in this channel."""
    await defer(interaction, private=True)
    bot = host(interaction)
    where, user = where_of(interaction), user_of(interaction)
    game = await bot.service.store.game(game_id)
    if game is None or game.channel_id != where.channel_id or game.status not in ACTIVE:
        raise UserError(MOVED_ON)
    return bot, where, user, game


async def press(
    interaction: discord.Interaction[Any], game_id: int, seq: int, command: str, arg: str
) -> None:
    """A move button or menu: the move is public, a refusal only for the one who clicked."""
    bot, where, user, _ = await clicked(interaction, game_id)
    spec = bot.dispatcher.spec([command])
    options = decode_options(spec, arg)
    await play(interaction, where, user, seq, command, options)


async def play(
    interaction: discord.Interaction[Any],
    where: Where,
    user: User,
    seq: int,
    command: str,
    options: dict[str, Any],
) -> None:
    """Make a clicked move through the dispatcher, exactly as if it had been typed: checked
    for what the bot may post here first, a secret one announced by a plain channel line."""
    bot = host(interaction)
    access.require(interaction, access.posting(interaction), "to post the game's messages")
    reply = await bot.dispatcher.run(where, user, [command], options, expected_seq=seq)
    if changes_game([command], reply):
        interaction.extras.update(stored=reply, move=True)
    await deliver(interaction, reply, private=True, announce=is_secret(bot, command))


NOT_OFFERED = (
    "That move is not open to you now; look at the latest board and use its buttons or the "
    "slash commands."
)
TYPE_IT = "This choice does not fit in a menu; type the command instead: {typed}"


async def pick(
    interaction: discord.Interaction[Any],
    game_id: int,
    seq: int,
    key: str,
    arg: str,
    *,
    confirmed: bool = False,
    page: int = 0,
) -> None:
    """A suggested move named by its key: ask, privately, for each option it still needs and
    for a confirmation if it wants one, then make it. The suggestion is worked out again from
    the game, so a move no longer offered to the clicker is refused."""
    bot, where, user, game = await clicked(interaction, game_id)
    # Not "has the game moved?" but "is this move still offered to the clicker?" (here) and
    # "has the clicker moved since?" (the service, given seq): others' moves spoil nothing.
    suggestion = find(await bot.service.suggestions(where, user), key)
    if suggestion is None:
        raise UserError(NOT_OFFERED)
    spec = bot.dispatcher.spec([suggestion.command])
    options = {**suggestion.options, **decode_options(spec, arg)}
    missing = [n for n in suggestion.needs if n not in options]
    typed = f"/{suggestion.command} " + " ".join(
        f"{k}:{v}" for k, v in {**options, **{n: "..." for n in missing}}.items()
    )
    if missing:
        need = missing[0]
        values = await bot.service.option_values(where, user, suggestion.command, need, options)
        view = need_view(game.id, seq, suggestion, need, arg, values, page)
        if view is None and not values:
            raise UserError(f"There is nothing to choose for {need} now. {TYPE_IT}".format(
                typed=typed.strip()))
        if view is None:
            raise UserError(TYPE_IT.format(typed=typed.strip()))
        about = next((o.description for o in spec.options if o.name == need), need)
        text = f"{suggestion.label}: choose {need} ({about})."
        await deliver(interaction, Reply(text, ephemeral=True), private=True, view=view)
        return
    if suggestion.confirm and not confirmed:
        view = confirm_move_view(game.id, seq, suggestion, arg)
        if view is None:
            raise UserError(TYPE_IT.format(typed=typed.strip()))
        text = f"{suggestion.label}: {suggestion.confirm}"
        await deliver(interaction, Reply(text, ephemeral=True), private=True, view=view)
        return
    if suggestion.confirm:  # confirmed by its button: the service does not ask again
        options["confirm"] = True
    await play(interaction, where, user, seq, suggestion.command, options)


async def more_moves(
    interaction: discord.Interaction[Any], game_id: int, seq: int, n: int, page: int,
    *, private: bool,
) -> None:
    """The next page of a long menu of moves, for the clicker alone: from the board's moves, or
    (``private``) from the clicker's own under `/game hand`."""
    bot, where, user, game = await clicked(interaction, game_id)
    if private:
        offered = await bot.service.private_suggestions(where, user)
    else:
        offered = await bot.service.public_suggestions(game) if game.seq == seq else []
    if n >= len(move_menus(offered)):
        raise UserError(MOVED_ON)
    view = discord.ui.View(timeout=None)
    view.add_item(move_menu(game.id, seq, offered, n, page, private=private))
    await deliver(interaction, Reply("More moves:", ephemeral=True), private=True, view=view)


async def control(interaction: discord.Interaction[Any], game_id: int, seq: int, what: str) -> None:
    """Agreeing to an undo or confirming an abandon: only for the board it was shown under."""
    bot, where, user, game = await clicked(interaction, game_id)
    if game.seq != seq:
        raise UserError(MOVED_ON)
    access.require(interaction, access.posting(interaction), "to post the game's messages")
    if what == "abandon":
        reply = await bot.service.abandon(where, user, confirm=True)
    else:
        reply = await bot.service.undo(where, user)
        bot.autoplay.wake(where)  # computers whose turn came back play it again
    interaction.extras["stored"] = reply
    await deliver(interaction, reply, private=True)


async def show_hand(interaction: discord.Interaction[Any], game_id: int) -> None:
    """The "My hand" button: `/game hand` for whoever clicked, with their secret moves."""
    bot, where, user = await _asked_privately(interaction, game_id)
    reply = await bot.dispatcher.run(where, user, ["game", "hand"], {})
    view = None if reply.error else await secret_view(bot, where, user)
    await deliver(interaction, reply, private=True, view=view)


async def show_full_board(interaction: discord.Interaction[Any], game_id: int) -> None:
    """The "Full board" button: `/game board` for whoever clicked, shown only to them."""
    bot, where, user = await _asked_privately(interaction, game_id)
    reply = await bot.dispatcher.run(where, user, ["game", "board"], {})
    reply.ephemeral = True  # for the clicker alone: the channel's board message stays the latest
    await deliver(interaction, reply, private=True)


async def show_final_board(interaction: discord.Interaction[Any], game_id: int) -> None:
    """The menu under /stats history: a finished game's final board, shown only to the picker;
    the service refuses games of other servers."""
    await defer(interaction, private=True)
    reply = await host(interaction).service.final_board(where_of(interaction), game_id)
    await deliver(interaction, reply, private=True)


async def _asked_privately(interaction: discord.Interaction[Any], game_id: int,
                           ) -> tuple[Host, Where, User]:
    """A board button's click, answered privately: the bot, where and who, once the game it
    names is checked to be this channel's."""
    await defer(interaction, private=True)
    bot = host(interaction)
    where, user = where_of(interaction), user_of(interaction)
    game = await bot.service.store.game(game_id)
    if game is None or game.channel_id != where.channel_id:
        raise UserError("That board belongs to a game that is no longer here.")
    return bot, where, user


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
    """`/game new thread:true`: open a public thread here and put the game in it.

    Everything that can refuse is checked before the thread exists, so a refusal never leaves
    an empty thread behind (and railbot never needs Manage Threads to delete one).
    """
    bot = host(interaction)
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):
        raise UserError("thread:true works in a text channel; leave it out here.")
    access.require(
        interaction,
        access.posting(interaction) + access.threading(),
        "to open a thread for the game and play in it",
    )
    refusal = bot.dispatcher.check_new_game(options)
    if refusal is not None:
        await deliver(interaction, refusal, private=False)
        return
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
    if reply.error:  # lost a race after the checks: say so; the empty thread stays
        await deliver(interaction, reply, private=False)
        return
    interaction.extras["stored"] = reply
    await thread.send(render.clip(reply.text), allowed_mentions=render.quiet())
    note = Reply(f"{reply.text}\nThe game lives in {thread.mention}.", game_id=reply.game_id)
    await deliver(interaction, note, private=False)


async def deliver(
    interaction: discord.Interaction[Any],
    reply: Reply,
    *,
    private: bool,
    view: discord.ui.View | None = None,
    announce: bool = False,
) -> None:
    """Post ``reply`` for an interaction deferred ephemerally (``private``) or publicly.

    With ``announce`` (a secret move), the public part goes to the channel as a plain message,
    never as a reply to the interaction, and the asker's private notes answer the interaction.
    """
    bot = host(interaction)
    if view is None and not reply.ephemeral:
        view = await board_view(bot, reply)
        if render.is_board(reply) and reply.game_id is not None:
            game = await bot.service.store.game(reply.game_id)
            if game is not None and game.status in ACTIVE:
                view = with_hand(view, reply.game_id, full_board=reply.focus)
    if view is None:
        view = confirm_view(reply) or history_view(reply)
    text = render.told(reply)
    content = render.clip(text)
    hint = await secret_hint(bot, reply)
    if hint:
        content = render.clip(f"{text}\n{hint}")
    files = render.board_files(reply)
    notes = render.notes_for(reply, interaction.user.id)
    channel = bot.get_partial_messageable(
        interaction.channel_id or 0, guild_id=interaction.guild_id
    )
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
    elif announce:
        message = await channel.send(
            content,
            files=files,
            view=view or discord.utils.MISSING,
            allowed_mentions=render.quiet(),
        )
        await interaction.edit_original_response(content=notes or POSTED)
        notes = None
    else:
        await interaction.edit_original_response(content=POSTED)
        message = await interaction.followup.send(
            content,
            files=files,
            view=view or discord.utils.MISSING,
            allowed_mentions=render.quiet(),
            wait=True,
        )
    interaction.extras["posted"] = True
    posted = None
    if message is not None and not reply.ephemeral:
        posted = boards.BoardMessage.of(interaction.guild_id, message)
    if posted is not None and render.is_board(reply) and reply.game_id is not None:
        await boards.posted(bot, reply.game_id, posted)
    if notes:
        await interaction.followup.send(notes, ephemeral=True, allowed_mentions=render.quiet())
    if reply.ping and not reply.ephemeral and reply.game_id is not None:
        game = await bot.service.store.game(reply.game_id)
        name = game.name if game else "your game"
        over = game is not None and game.status == "finished"
        url = posted.jump_url if posted else None
        text = render.ping_text(reply.ping, name, url, over=over)
        if hint:
            text = render.clip(f"{text} {hint}")
        # Back after a while: what happened since their last move (the move just posted above
        # says enough on its own).
        news = await bot.service.since_last_move(reply.game_id, reply.ping, least=2)
        if news:
            text = render.clip(f"{text}\n{news}")
        if announce:
            await channel.send(text, allowed_mentions=render.mentions(reply.ping))
        else:
            await interaction.followup.send(text, allowed_mentions=render.mentions(reply.ping))


async def secret_hint(bot: Host, reply: Reply) -> str | None:
    """Where the secret choices are, when someone the game now waits for has one to make (the
    Rail Baron choice at the start): they are not on the public buttons."""
    if reply.ephemeral or reply.game_id is None or reply.seq is None:
        return None
    game = await bot.service.store.game(reply.game_id)
    if game is None or game.status != "active" or game.seq != reply.seq:
        return None
    title = bot.service.title(game)
    where = Where(game.guild_id, game.channel_id)
    for seat in await bot.service.store.seats(game.id):
        if seat.seat in game.to_act:
            legal = await bot.service.legal(where, User(seat.user_id, seat.name))
            kinds = {a.get("type") for a in legal if title.is_secret_move(a)}
            spec = next((c for c in title.meta.commands if c.action in kinds), None)
            if spec is not None:
                return f"{spec.description} privately: {HAND_HINT}."
            if kinds:
                return f"Secret choices are made privately: {HAND_HINT}."
    return None


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


def history_view(reply: Reply) -> discord.ui.View | None:
    """The final-board menu under /stats history (the service lists the games it shows)."""
    games = reply.data.get("history") if isinstance(reply.data, dict) else None
    return final_board_view(games) if games else None


async def board_view(bot: Host, reply: Reply) -> discord.ui.View | None:
    """The suggested moves open now (to whoever must act), or an undo consent button."""
    if reply.game_id is None or reply.seq is None:
        return None
    game = await bot.service.store.game(reply.game_id)
    if game is None or game.status != "active" or game.seq != reply.seq:
        return None
    if game.pending and game.pending.get("kind") == "undo":
        return control_view(game.id, game.seq, "undo")
    return suggestion_view(game.id, game.seq, await bot.service.public_suggestions(game))


async def secret_view(bot: Host, where: Where, user: User) -> discord.ui.View | None:
    """The asker's suggested moves that the board does not show, for a private message only
    they see (under `/game hand`): secret ones (keeping a Rail Baron) and, while several
    players act at once, the ones offered to the asker alone."""
    game = await bot.service.game_here(where, required=False)
    if game is None or game.status != "active":
        return None
    return suggestion_view(
        game.id, game.seq, await bot.service.private_suggestions(where, user), private=True
    )
