from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from service_support import Clock, tiny_board
from tinygame import TinyTitle

from bot.commands import Dispatcher
from bot.service import GameService
from bot.store import Store
from engine.core import Registry


@pytest.fixture
def registry() -> Registry:
    reg = Registry()
    reg.register(TinyTitle())
    return reg


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "games.sqlite3")


@pytest.fixture
async def store(db_path: str) -> AsyncIterator[Store]:
    async with Store.connect(db_path) as s:
        yield s


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def service(store: Store, registry: Registry, clock: Clock) -> GameService:
    return GameService(store, registry, render=tiny_board, clock=clock)


@pytest.fixture
def dispatcher(service: GameService) -> Dispatcher:
    return Dispatcher(service)
