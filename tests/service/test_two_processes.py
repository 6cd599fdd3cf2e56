"""Two real OS processes on one database both try to append every move of one game: each move
number is appended once, by one of them, and only that one was told it was stored."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

from bot.storage import connect_store

CHILD = Path(__file__).with_name("append_child.py")
ROUNDS = 60


async def test_two_processes_never_both_append_move_n(db_url: str) -> None:
    async with connect_store(db_url) as store:
        gid = await store.create_game(
            guild_id=1, channel_id=5, title="tiny", map_id=None, options={}, name="g",
            creator_id=1, now=0.0,
        )
    children = [
        subprocess.Popen([sys.executable, str(CHILD), db_url, str(gid), str(ROUNDS), name],
                         stdout=subprocess.PIPE, text=True)
        for name in ("one", "two")
    ]
    outs = [(await asyncio.to_thread(c.communicate, timeout=120))[0] for c in children]
    assert [c.returncode for c in children] == [0, 0]
    acked = {name: {int(line.split()[1]) for line in out.splitlines() if line.startswith("ack")}
             for name, out in zip(("one", "two"), outs, strict=True)}
    refused = sum(out.count("stale") for out in outs)
    assert not acked["one"] & acked["two"], "a move number acknowledged to both processes"
    assert acked["one"] | acked["two"] == set(range(1, ROUNDS + 1))
    assert refused == ROUNDS, "every move number was tried by both, and refused to one"
    async with connect_store(db_url) as store:
        rows = await store.actions(gid)
        game = await store.game(gid)
    assert [r.seq for r in rows] == list(range(1, ROUNDS + 1))
    assert all(r.seq in acked[r.action["by"]] for r in rows), "a stored move is not its acker's"
    assert game is not None and game.seq == ROUNDS
