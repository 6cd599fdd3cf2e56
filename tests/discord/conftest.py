from __future__ import annotations

import random
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest
from discord.webhook.async_ import AsyncWebhookAdapter

sys.path.insert(0, str(Path(__file__).parent.parent))
sys.path.insert(0, str(Path(__file__).parent))

from discord_harness import BOT_USER, Clock, Harness, MakeHarness, Recorder
from tinygame import TinyTitle

from bot.discord.client import RailBot
from bot.service import BoardRenderer, FocusPainter, GameService
from bot.storage import SqliteStore, Store
from engine.core import Registry


def board(title: str, view: dict[str, Any], map_id: str | None, zoom: str | None) -> bytes:
    return f"PNG total={view['total']}".encode()


@pytest.fixture
def tiny_registry() -> Registry:
    reg = Registry()
    reg.register(TinyTitle())
    return reg


@pytest.fixture
def renderer() -> BoardRenderer:
    """How boards are drawn (a test module may override this fixture)."""
    return board


@pytest.fixture
def focus_painter() -> FocusPainter | None:
    """How focus pictures are drawn after a move: none (the whole board is posted) unless a
    test module overrides this fixture."""
    return None


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Recorder:
    rec = Recorder()
    monkeypatch.setattr(AsyncWebhookAdapter, "request", rec.webhook_request)
    return rec


@pytest.fixture
async def make_harness(
    tmp_path: Path,
    tiny_registry: Registry,
    clock: Clock,
    recorder: Recorder,
    renderer: BoardRenderer,
    focus_painter: FocusPainter | None,
) -> AsyncIterator[MakeHarness]:
    """Builds a bot over the same database each time it is called (a restart)."""
    stores: list[Store] = []
    bots: list[RailBot] = []

    async def make() -> Harness:
        store = SqliteStore(str(tmp_path / "games.sqlite3"))
        await store.open()
        stores.append(store)
        service = GameService(
            store, tiny_registry, render=renderer, focus=focus_painter, clock=clock,
            seeds=random.Random(7)
        )
        bot = RailBot(service, reminders=False, clock=clock)
        bot.http.request = recorder.http_request  # type: ignore[method-assign]
        # What logging in would set: the bot's own user and application.
        bot._connection.user = discord.ClientUser(state=bot._connection, data=BOT_USER)
        bot._connection.application_id = 4242
        await bot._async_setup_hook()
        await bot.setup_hook()
        bots.append(bot)
        return Harness(bot, recorder)

    yield make
    for store in stores:
        await store.close()


@pytest.fixture
async def harness(make_harness: MakeHarness) -> Harness:
    return await make_harness()
