"""Once connected after a restart, the bot prepares the whole boards of the games moved last,
once only (a reconnect prepares nothing again)."""

from __future__ import annotations

from typing import Any

from service_support import ALICE, BOB, HERE, Clock, tiny_board

from bot.discord.client import RailBot
from bot.service import GameService
from bot.storage import Store
from engine.core import Registry


async def test_the_games_moved_last_are_prepared_once_connected(
        store: Store, registry: Registry, clock: Clock) -> None:
    before = GameService(store, registry, clock=clock)  # the process before the restart
    await before.new_game(HERE, ALICE, "tiny")
    await before.join(HERE, BOB)
    await before.start(HERE, ALICE, seed=5)
    warmed: list[str] = []

    def warm(title: str, view: dict[str, Any], map_id: str | None, posted: object) -> int:
        warmed.append(title)
        return 1

    service = GameService(store, registry, render=tiny_board, warm=warm, clock=clock)
    bot = RailBot(service, reminders=False, clock=clock)  # (never started: nothing to close)
    await bot.on_ready()
    first = bot._warming
    assert first is not None and await first == 1
    await bot.on_ready()  # a reconnect
    assert bot._warming is first
    assert warmed == ["tiny"]
