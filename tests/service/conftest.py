"""The store and service tests run on both stores: each test that takes ``store`` (or
``service``, ``db_url``) runs once on SQLite and once on PostgreSQL (skipped, with the reason,
when the PostgreSQL server binaries are not installed)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.storage import Store, connect_store


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, db_path: str) -> str:
    if request.param == "sqlite":
        return db_path
    url: str = request.getfixturevalue("pg_url")
    return url


@pytest.fixture
async def store(db_url: str) -> AsyncIterator[Store]:
    async with connect_store(db_url) as s:
        yield s
