"""What Discord receives for a Reply: clipped text, the board as a file, and exact mentions."""

from __future__ import annotations

import io
from collections.abc import Iterable

import discord

from bot.replies import UNDRAWN, Reply
from bot.usertext import MAX_MESSAGE, fit

MAX_CONTENT = MAX_MESSAGE
"""Discord refuses longer message content."""


def clip(text: str, limit: int = MAX_CONTENT) -> str:
    """One message's worth: the first line and the newest lines that fit."""
    return fit(text, limit)


def is_board(reply: Reply) -> bool:
    """Whether ``reply`` is posted as the game's board (even when its picture failed to draw):
    it gets the board's buttons and takes them off the board before."""
    return reply.image is not None or reply.undrawn


def told(reply: Reply) -> str:
    """The reply's text, saying so when the board it should carry could not be drawn."""
    return f"{reply.text}\n{UNDRAWN}" if reply.undrawn else reply.text


def board_files(reply: Reply) -> list[discord.File]:
    """The board (and at the end of a game the score chart) as fresh Files each time:
    discord.py consumes a File when it sends it."""
    files = []
    if reply.image is not None:
        files.append(discord.File(io.BytesIO(reply.image), filename=reply.image_name))
    if reply.chart is not None:
        files.append(discord.File(io.BytesIO(reply.chart), filename="scores.png"))
    return files


def mentions(users: Iterable[int]) -> discord.AllowedMentions:
    """Mention exactly these users: never everyone, never a role."""
    return discord.AllowedMentions(
        everyone=False,
        roles=False,
        users=[discord.Object(u) for u in dict.fromkeys(users)],
        replied_user=False,
    )


def quiet() -> discord.AllowedMentions:
    """Names in a game's text (which players choose) never ping anyone."""
    return discord.AllowedMentions.none()


def mention_line(users: Iterable[int]) -> str:
    return " ".join(f"<@{u}>" for u in dict.fromkeys(users))


def ping_text(
    users: Iterable[int], game_name: str, jump_url: str | None, *, over: bool = False
) -> str:
    where = f" {jump_url}" if jump_url else ""
    news = "is over: see the final standings" if over else "is waiting for you"
    return clip(f"{mention_line(users)} **{game_name}** {news}.{where}")


def notes_for(reply: Reply, user_id: int) -> str | None:
    """The private notes ``user_id`` owns in this reply, as one ephemeral message."""
    mine = [p.text for p in reply.private if p.user_id == user_id]
    return clip("\n".join(mine)) if mine else None
