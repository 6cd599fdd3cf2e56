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

from bot.storage import SqliteStore, StaleSeq, checkpoints, commits, connect_store

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


def committed_on(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Each transaction of moves from now on: the thread it runs on and how many moves it
    holds (an attempt that finds the database locked included)."""
    seen: list[tuple[str, int]] = []
    real = commits.append_all

    def noted(conn: sqlite3.Connection, moves: list[commits.Append]) -> list[commits.Outcome]:
        seen.append((threading.current_thread().name, len(moves)))
        return real(conn, moves)

    monkeypatch.setattr(commits, "append_all", noted)
    return seen


async def test_normal_commits_on_the_loop_and_full_on_the_writer_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    loop = threading.current_thread().name
    for sync, where, backstop in (("NORMAL", loop, 0), ("FULL", "railbot-writer_0", 10000)):
        async with SqliteStore.connect(str(tmp_path / f"{sync}.db"), synchronous=sync) as store:
            game = await store.create_game(**GAME)
            seen = committed_on(monkeypatch)
            await store.append_action(game, 0, {"type": "x"}, user_id=1, now=1.0, game_fields={})
            assert seen == [(where, 1)], sync
            # SQLite's own checkpoint never runs inside a commit on the loop
            assert await store._writer.call(
                lambda conn, _: conn.execute("PRAGMA wal_autocheckpoint").fetchone()[0], None
            ) == backstop


async def test_a_locked_database_moves_the_commit_off_the_loop_and_keeps_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = str(tmp_path / "g.db")
    loop = threading.current_thread().name
    async with SqliteStore.connect(path) as store:
        one = await store.create_game(**GAME)
        two = await store.create_game(**{**GAME, "channel_id": 6})
        seen = committed_on(monkeypatch)
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
        moves = [
            asyncio.create_task(store.append_action(
                game, seq, {"type": f"m{game}-{seq}"}, user_id=1, now=1.0, game_fields={}))
            for seq in range(2) for game in (one, two)
        ]
        for _ in range(5):  # the event loop goes on while the commits wait for the lock
            await asyncio.sleep(0.01)
        assert not any(m.done() for m in moves)
        other.execute("COMMIT")
        other.close()
        await asyncio.gather(*moves)
        # the first move tried the loop and found the lock; it and those after it (queued
        # behind it) waited on the writer's thread, where the waiting ones went together
        assert seen[0] == (loop, 1)
        assert {name for name, _ in seen[1:]} == {"railbot-writer_0"}
        assert sum(n for _, n in seen[1:]) == 4 and max(n for _, n in seen[1:]) > 1
        for game in (one, two):
            assert [r.action["type"] for r in await store.actions(game)] == [
                f"m{game}-0", f"m{game}-1"]
        # once the thread has nothing left, commits come back to the loop
        seen.clear()
        await store.append_action(one, 2, {"type": "x"}, user_id=1, now=1.0, game_fields={})
        assert seen == [(loop, 1)]


async def test_moves_committed_together_are_durable_in_order_and_fail_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With FULL every commit waits for the disk on the writer's thread; moves of several games
    arriving meanwhile share one transaction (one flush). Each keeps its own answer: a stale
    one is refused alone, in the order the moves came."""
    path = str(tmp_path / "g.db")
    async with SqliteStore.connect(path, synchronous="FULL") as store:
        games = [await store.create_game(**{**GAME, "channel_id": c}) for c in range(3)]
        seen = committed_on(monkeypatch)
        moves = [store.append_action(g, 0, {"type": f"first {g}"}, user_id=1, now=1.0,
                                     game_fields={}) for g in games]
        # the same move number of the first game again: the first to arrive wins
        moves.append(store.append_action(games[0], 0, {"type": "late"}, user_id=1, now=1.0,
                                         game_fields={}))
        answers = await asyncio.gather(*moves, return_exceptions=True)
        assert [a.seq if not isinstance(a, BaseException) else type(a) for a in answers] == [
            1, 1, 1, StaleSeq]
        assert sum(n for _, n in seen) == 4 and max(n for _, n in seen) > 1, seen
    # durable: read back by a connection of its own after the store closed
    conn = sqlite3.connect(path)
    try:
        rows = conn.execute("SELECT game_id, seq, type FROM actions ORDER BY game_id").fetchall()
        row_seqs = conn.execute("SELECT id, seq FROM games ORDER BY id").fetchall()
    finally:
        conn.close()
    assert rows == [(g, 1, f"first {g}") for g in games]
    assert row_seqs == [(g, 1) for g in games]


async def test_a_move_that_fails_in_a_group_takes_back_only_itself(tmp_path: Path) -> None:
    async with SqliteStore.connect(str(tmp_path / "g.db")) as store:
        one = await store.create_game(**GAME)
        two = await store.create_game(**{**GAME, "channel_id": 6})

        def move(game: int, seq: int, update: tuple[str, tuple[object, ...]]) -> commits.Append:
            return commits.Append(
                game_id=game, expected_seq=seq, columns=(0, "x", "{}", None, 1, 1.0, None),
                digest="d", update=update, snapshot=None, drop_snapshots_from=None,
                keep_snapshots=3)

        good = [move(g, 0, commits.game_update(g, 1.0, {"seq": 1}, seq_was=0))
                for g in (one, two)]
        broken = move(one, 1, ("UPDATE games SET no_such_column = 1 RETURNING version", ()))
        outcomes = await store._writer.call(commits.append_all, [good[0], broken, good[1]])
        assert isinstance(outcomes[1], sqlite3.OperationalError)
        for game, outcome in ((one, outcomes[0]), (two, outcomes[2])):
            row = await store.game(game)
            assert row is not None and (row.seq, row.version) == (1, outcome)
            assert [r.seq for r in await store.actions(game)] == [1]


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
