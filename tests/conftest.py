from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncpg
import pytest

sys.path.insert(0, str(Path(__file__).parent))

from pg_server import SKIP_REASON, PgServer, bindir
from service_support import Clock, tiny_board
from tinygame import TinyTitle

from bot.commands import Dispatcher
from bot.service import GameService
from bot.storage import Store, connect_store
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
    async with connect_store(db_path) as s:
        yield s


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    """One throwaway PostgreSQL server for the whole run, started on first use."""
    if bindir() is None:
        pytest.skip(SKIP_REASON)
    server = PgServer().start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def pg_shared(pg_server: PgServer) -> str:
    """The database the PostgreSQL tests share, emptied before each (see :func:`pg_url`)."""
    return pg_server.new_database()


@pytest.fixture
async def pg_url(pg_shared: str) -> str:
    """An empty railbot database on the test server (tables emptied, ids restarted)."""
    conn = await asyncpg.connect(pg_shared)
    try:
        tables = [r[0] for r in await conn.fetch(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
            " AND tablename <> 'railbot_schema'"
        )]
        if tables:
            await conn.execute(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY CASCADE")
    finally:
        await conn.close()
    return pg_shared


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def service(store: Store, registry: Registry, clock: Clock) -> GameService:
    return GameService(store, registry, render=tiny_board, clock=clock)


@pytest.fixture
def dispatcher(service: GameService) -> Dispatcher:
    return Dispatcher(service)
