"""The one error handler: specific sentences for players, an apology and a traceback for bugs."""

from __future__ import annotations

import logging

import pytest
from discord_harness import ALICE, BOB, Call, Harness, final, open_and_start, to_act

from bot.cli import main as cli
from bot.discord.tree import SORRY
from bot.replies import DISK_FULL, UNREACHABLE
from bot.storage import SqliteStore, StoreUnavailable
from engine.core import Registry


async def test_a_bug_gets_an_apology_and_a_logged_traceback(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    await open_and_start(harness)

    async def broken(*args: object) -> None:
        raise RuntimeError("database on fire")

    monkeypatch.setattr(harness.bot.service, "status", broken)
    with caplog.at_level(logging.ERROR, logger="railbot.discord"):
        calls = await harness.run(BOB, ["game", "status"])
    answer = final(calls)
    assert answer.ephemeral and answer.content == SORRY
    assert "database on fire" not in answer.content
    (record,) = [r for r in caplog.records if r.name == "railbot.discord"]
    assert record.exc_info is not None and "database on fire" in str(record.exc_info[1])


async def click_ready_failing(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
    error: Exception,
) -> Call:
    """Click the Ready button while the dispatcher raises ``error``; the final answer."""
    board = await open_and_start(harness)
    ready = next(cid for cid in board.custom_ids if ":ready:" in cid)

    async def failing(*args: object, **kwargs: object) -> None:
        raise error

    monkeypatch.setattr(harness.bot.dispatcher, "run", failing)
    with caplog.at_level(logging.WARNING):
        return final(await harness.click(ALICE, board, ready))


async def test_a_bug_behind_a_button_is_reported_the_same_way(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    answer = await click_ready_failing(harness, monkeypatch, caplog, KeyError("lost seat"))
    assert answer.ephemeral and answer.content == SORRY
    assert any(r.exc_info for r in caplog.records if r.name == "railbot.discord")


async def test_an_unreachable_database_is_one_sentence_and_no_traceback(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    away = StoreUnavailable("postgresql://db/railbot", "ConnectionRefusedError: refused")
    answer = await click_ready_failing(harness, monkeypatch, caplog, away)
    assert answer.ephemeral and answer.content == UNREACHABLE
    assert not [r for r in caplog.records if r.exc_info], "no traceback for an outage"


async def test_a_full_disk_is_one_sentence_and_the_game_goes_on_once_there_is_room(
    harness: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    h = harness
    await open_and_start(h, target=30)
    await h.run(ALICE, ["ready"])
    await h.run(BOB, ["ready"])
    store = h.bot.service.store
    assert isinstance(store, SqliteStore)

    async def room(pages: int | None) -> None:
        """No more pages than the file has now (SQLite then finds the disk full), or more."""
        limit = pages or store._writer._conn.execute("PRAGMA page_count").fetchone()[0]
        store._writer._conn.execute(f"PRAGMA max_page_count={limit}")
        await store.db.execute(f"PRAGMA max_page_count={limit}")

    await room(None)
    with caplog.at_level(logging.WARNING):
        for _ in range(200):  # moves fill the last pages, then one finds no room
            game = await store.last_game_in_channel(100)
            answer = final(await h.run(await to_act(h), ["pass"]))
            if answer.content == DISK_FULL:
                break
        else:
            pytest.fail("the file never filled")
    assert answer.ephemeral
    assert not [r for r in caplog.records if r.exc_info], "no traceback for a full disk"
    assert any("full" in r.getMessage() for r in caplog.records if r.name == "railbot.store")
    after = await store.last_game_in_channel(100)
    assert after.seq == game.seq and len(await store.actions(game.id)) == game.seq
    await room(1_000_000)
    moved = final(await h.run(await to_act(h), ["pass"]))
    assert "passes" in moved.content
    assert (await store.last_game_in_channel(100)).seq == game.seq + 1


async def test_spectators_see_the_board_and_help(harness: Harness) -> None:
    await open_and_start(harness)
    board = final(await harness.run((9, "eve"), ["game", "board"]))
    assert not board.ephemeral and board.files == ["board.png"]
    helped = final(await harness.run((9, "eve"), ["game", "help"]))
    assert helped.ephemeral and "You are watching" in helped.content
    mover = await to_act(harness)
    mine = final(await harness.run(mover, ["game", "help"]))
    assert mine.ephemeral and "/ready" in mine.content


def test_sync_needs_a_token(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)

    assert cli.main(["sync", "--guild", "5"], registry=Registry()) == 2
    assert "DISCORD_TOKEN" in capsys.readouterr().err
