"""`railbot migrate`: every game copied to another database (PostgreSQL, or SQLite) under its
own id, and checked to replay identically there."""

from __future__ import annotations

import asyncio
import io
import random
from pathlib import Path

import pytest
from test_archive import OPENING, cli, game_with_chance, played, registry, state_and_views

import bot.storage.postgres
import bot.storage.sqlite
from bot.cli.main import Terminal
from bot.commands import Dispatcher
from bot.service import GameService
from bot.storage import connect_store


@pytest.fixture(params=["postgresql", "sqlite"])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:{tmp_path / 'target.db'}"
    server = request.getfixturevalue("pg_server")
    url: str = server.new_database()
    return url


async def ids_and_settings(db: str) -> tuple[list[tuple[int, str]], dict[str, object]]:
    async with connect_store(db) as store:
        games = [await store.game(i) for i in await store.all_game_ids()]
        return [(g.id, g.status) for g in games if g], await store.settings("guild", 1)


async def played_in(db: str, lines: list[str], channel: int) -> None:
    async with connect_store(db) as store:
        service = GameService(store, registry(), seeds=random.Random(5))
        term = Terminal(Dispatcher(service), Path("."), io.StringIO(), channel)
        for line in lines:
            await term.line(line)
        if lines:
            await store.set_setting("guild", 1, "seen", channel)


def source_with_games(tmp_path: Path) -> str:
    """Three games: one played with dice and undos, one abandoned, one still in its lobby."""
    src = str(tmp_path / "source.db")
    asyncio.run(game_with_chance(src))
    asyncio.run(played_in(src, [*OPENING, "alice /game abandon confirm:true"], 2))
    asyncio.run(played_in(src, ["carol /game new system:tiny"], 3))
    return src


def test_every_game_moves_with_its_id_and_replays_identically(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], target: str
) -> None:
    src = source_with_games(tmp_path)
    code, out, err = cli(capsys, "migrate", "--from", f"sqlite:{src}", "--to", target)
    assert code == 0, err
    assert "Migrated 3 games" in out and "each replays identically there" in out
    moved = asyncio.run(ids_and_settings(target))
    assert moved == asyncio.run(ids_and_settings(src))
    assert [status for _, status in moved[0]] == ["active", "abandoned", "lobby"]
    assert moved[1] == {"seen": 3}
    assert asyncio.run(state_and_views(target)) == asyncio.run(state_and_views(src))
    # the copy plays on: the same next moves draw the same dice on both
    rolls = ["alice /roll", "bob /roll"]
    asyncio.run(played(src, rolls))
    asyncio.run(played(target, rolls))
    assert asyncio.run(state_and_views(target)) == asyncio.run(state_and_views(src))
    # a second run would mix two databases' games: refused, nothing written
    code, _, err = cli(capsys, "migrate", "--from", src, "--to", target)
    assert code == 1 and "already holds games" in err


def test_a_copy_that_reads_back_differently_is_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], target: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    src = source_with_games(tmp_path)
    module = bot.storage.postgres if target.startswith("postgresql") else bot.storage.sqlite
    real = module.action_columns

    def loaded_dice(action: dict[str, object]) -> tuple[object, str, str, str | None]:
        seat, kind, body, chance = real(action)
        return seat, kind, body, "[6]" if chance else None

    monkeypatch.setattr(module, "action_columns", loaded_dice)
    code, _, err = cli(capsys, "migrate", "--from", src, "--to", target)
    assert code == 1 and "reads back differently" in err


def test_a_missing_source_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "migrate", "--from", f"sqlite:{tmp_path / 'nope.db'}",
                       "--to", f"sqlite:{tmp_path / 'b.db'}")
    assert code == 2 and "there is no database at" in err and err.count("\n") == 1
