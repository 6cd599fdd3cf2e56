from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from tinygame import TinyTitle

from bot.commands import Dispatcher
from bot.service import GameService, User, Where
from bot.store import Store
from engine.core import Registry


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def tiny_board(title: str, view: dict[str, Any], map_id: str | None, zoom: str | None) -> bytes:
    if zoom == "nowhere":
        raise ValueError("No place called 'nowhere'.")
    return f"PNG total={view['total']}".encode()


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


HERE = Where(10, 100)
ALICE = User(1, "alice")
BOB = User(2, "bob")
CAROL = User(3, "carol")
EVE = User(9, "eve")
