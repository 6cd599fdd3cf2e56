"""The store's helpers: moves commit on the writer's connection (on the event loop with
synchronous=NORMAL, on its thread whenever that could wait), checkpoints run beside them and
start the log over themselves, and closing the store ends every thread it started."""

from __future__ import annotations

import asyncio
import sqlite3
import struct
import threading
import time
from pathlib import Path

import pytest

from bot.storage import SqliteStore, StaleSeq, checkpoints, connect_store

GAME = dict(
    guild_id=1, channel_id=5, title="tiny", map_id=None, options={}, name="g", creator_id=1,
    now=0.0,
)


def ours(before: set[threading.Thread]) -> set[threading.Thread]:
    """Threads started since ``before``, but for the event loop's shared worker pool."""
    return {t for t in threading.enumerate() if t not in before and t.is_alive()
            and not t.name.startswith("asyncio_")}


def threads_settle(before: set[threading.Thread]) -> bool:
    for _ in range(100):
        if not ours(before):
            return True
        time.sleep(0.01)
    return False


async def test_checkpoints_follow_writes_and_rest_when_idle(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(checkpoints, "INTERVAL", 0.01)
    calls: list[tuple[int, int, int]] = []
    real = checkpoints.checkpoint

    def counted(path: str) -> tuple[int, int, int]:
        result = real(path)
        calls.append(result)
        return result

    monkeypatch.setattr(checkpoints, "checkpoint", counted)
    async with connect_store(str(tmp_path / "g.db")) as store:
        game = await store.create_game(**GAME)
        await asyncio.sleep(0.1)
        calls.clear()
        await asyncio.sleep(0.1)
        assert calls == [], "nothing written, nothing to checkpoint"
        for seq in range(5):
            await store.append_action(
                game, seq, {"type": "x", "seat": 0}, user_id=1, now=1.0, game_fields={}
            )
        await asyncio.sleep(0.1)
        assert calls and calls[-1][1] == calls[-1][2] > 0, "the whole log was copied back"


async def test_closing_ends_the_writer_and_checkpoint_threads(tmp_path: Path) -> None:
    before = set(threading.enumerate())
    async with connect_store(str(tmp_path / "g.db")) as store:
        game = await store.create_game(**GAME)
        await store.append_action(game, 0, {"type": "x"}, user_id=1, now=1.0, game_fields={})
        with pytest.raises(StaleSeq):
            await store.append_action(game, 0, {"type": "y"}, user_id=1, now=1.0, game_fields={})
        assert {t.name for t in ours(before)} >= {"railbot-writer_0"}
        assert [r.action["type"] for r in await store.actions(game)] == ["x"]
    assert threads_settle(before)


def committed_on(store: SqliteStore) -> list[str]:
    """The names of the threads each of ``store``'s commits runs on, from now on."""
    names: list[str] = []
    writer = store._writer
    real = writer.call

    async def call(fn, arg, **kwargs):  # type: ignore[no-untyped-def]
        def noted(conn: sqlite3.Connection, arg: object) -> object:
            names.append(threading.current_thread().name)
            return fn(conn, arg)

        return await real(noted, arg, **kwargs)

    writer.call = call  # type: ignore[method-assign]
    return names


async def test_normal_commits_on_the_loop_and_full_on_the_writer_thread(tmp_path: Path) -> None:
    loop = threading.current_thread().name
    for sync, where, backstop in (("NORMAL", loop, 0), ("FULL", "railbot-writer_0", 10000)):
        async with SqliteStore.connect(str(tmp_path / f"{sync}.db"), synchronous=sync) as store:
            game = await store.create_game(**GAME)
            names = committed_on(store)
            await store.append_action(game, 0, {"type": "x"}, user_id=1, now=1.0, game_fields={})
            assert names == [where], sync
            # SQLite's own checkpoint never runs inside a commit on the loop
            assert await store._writer.call(
                lambda conn, _: conn.execute("PRAGMA wal_autocheckpoint").fetchone()[0], None
            ) == backstop


async def test_a_locked_database_moves_the_commit_off_the_loop_and_keeps_order(
    tmp_path: Path,
) -> None:
    path = str(tmp_path / "g.db")
    async with SqliteStore.connect(path) as store:
        one = await store.create_game(**GAME)
        two = await store.create_game(**{**GAME, "channel_id": 6})
        names = committed_on(store)
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
        moves = [
            asyncio.create_task(store.append_action(
                game, seq, {"type": f"m{game}-{seq}"}, user_id=1, now=1.0, game_fields={}))
            for seq in range(2) for game in (one, two)
        ]
        ticks = 0
        while ticks < 5:  # the event loop goes on while the commits wait for the lock
            await asyncio.sleep(0.01)
            ticks += 1
        assert not any(m.done() for m in moves)
        other.execute("COMMIT")
        other.close()
        await asyncio.gather(*moves)
        # the first move tried the loop and found the lock; it and those after it (queued
        # behind it) waited on the writer's thread
        assert names == [threading.current_thread().name] + ["railbot-writer_0"] * 4
        for game in (one, two):
            assert [r.action["type"] for r in await store.actions(game)] == [
                f"m{game}-0", f"m{game}-1"]
        # once the thread has nothing left, commits come back to the loop
        names.clear()
        await store.append_action(one, 2, {"type": "x"}, user_id=1, now=1.0, game_fields={})
        assert names == [threading.current_thread().name]


def log_restarts(path: str) -> int:
    """The WAL header's checkpoint sequence number: one more each time the log starts over."""
    with open(path + "-wal", "rb") as wal:
        return int(struct.unpack(">I", wal.read(16)[12:16])[0])


async def test_a_checkpoint_starts_the_log_over_before_the_next_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(checkpoints, "INTERVAL", 0.01)
    path = str(tmp_path / "g.db")
    async with SqliteStore.connect(path) as store:
        game = await store.create_game(**GAME)
        await store.append_action(game, 0, {"type": "x"}, user_id=1, now=1.0, game_fields={})
        before = log_restarts(path)
        await asyncio.sleep(0.2)  # a checkpoint copies the log back, then starts it over
        assert log_restarts(path) == before + 1, "started over with no move waiting for it"
        version = await store.schema_version()
        await store.append_action(game, 1, {"type": "y"}, user_id=1, now=1.0, game_fields={})
        assert log_restarts(path) == before + 1, "the move found it done"
        assert await store.schema_version() == version
        assert [r.action["type"] for r in await store.actions(game)] == ["x", "y"]
