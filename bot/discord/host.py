"""What the handlers need from the running client, as a protocol.

Buttons, answers and reminders reach the client through ``interaction.client``; typing that as
this protocol instead of the client class keeps the imports one-way (the client imports them,
never the reverse).
"""

from __future__ import annotations

from typing import Any, Protocol

import discord

from bot.autoplay import AutoPlay
from bot.commands import Dispatcher
from bot.service import GameService


class Host(Protocol):
    service: GameService
    dispatcher: Dispatcher
    autoplay: AutoPlay

    async def press(
        self, interaction: discord.Interaction[Any], game_id: int, seq: int, cmd: str, arg: str
    ) -> None: ...

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
    ) -> None: ...

    async def more_moves(
        self, interaction: discord.Interaction[Any], game_id: int, seq: int, n: int, page: int,
        *, private: bool,
    ) -> None: ...

    async def control(
        self, interaction: discord.Interaction[Any], game_id: int, seq: int, what: str
    ) -> None: ...

    async def show_hand(self, interaction: discord.Interaction[Any], game_id: int) -> None: ...

    async def show_full_board(
        self, interaction: discord.Interaction[Any], game_id: int
    ) -> None: ...

    async def show_final_board(
        self, interaction: discord.Interaction[Any], game_id: int
    ) -> None: ...

    def get_partial_messageable(
        self, id: int, *, guild_id: int | None = None
    ) -> discord.PartialMessageable: ...

    async def wait_until_ready(self) -> None: ...
