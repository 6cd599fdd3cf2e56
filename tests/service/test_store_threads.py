"""The store's helpers: moves commit on a writer thread, checkpoints run beside them, and
closing the store ends every thread it started."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path

import pytest

from bot.storage import StaleSeq, checkpoints, connect_store

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
