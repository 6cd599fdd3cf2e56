"""Never lose an acknowledged move: a real process playing moves is killed with SIGKILL at random
moments, again and again; reopened, the database holds every move it acknowledged, and the game
loads. (What a power cut may cost is a different promise: see docs/storage.md.)"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from service_support import HERE
from tinygame import TinyTitle

from bot.service import GameService
from bot.storage import connect_store
from engine.core import Registry

CHILD = Path(__file__).with_name("kill_child.py")
KILLS = 5


async def test_moves_acknowledged_before_a_kill_are_all_there(db_url: str) -> None:
    db = db_url  # a SQLite file, or a PostgreSQL database (the server lives on; the bot dies)
    chooser = random.Random()
    acknowledged: list[int] = []
    for _ in range(KILLS):
        child = subprocess.Popen(
            [sys.executable, str(CHILD), db], stdout=subprocess.PIPE, text=True
        )
        assert child.stdout is not None
        wanted = chooser.randint(1, 40)
        for _ in range(wanted):
            line = child.stdout.readline()
            assert line, "the child ended before it was killed"
            acknowledged.append(int(line))
        time.sleep(chooser.random() * 0.005)  # anywhere in the next move's commit, or between
        os.kill(child.pid, signal.SIGKILL)
        acknowledged += [int(line) for line in child.stdout.read().split()]
        child.wait()
        assert child.returncode == -signal.SIGKILL
    registry = Registry()
    registry.register(TinyTitle())
    async with connect_store(db) as store:
        game = await store.game_in_channel(HERE.channel_id)
        assert game is not None
        stored = [row.seq for row in await store.actions(game.id)]
        assert stored == list(range(1, game.seq + 1)), "the log has no gaps"
        missing = sorted(set(acknowledged) - set(stored))
        assert not missing, f"acknowledged moves lost: {missing}"
        view = await GameService(store, registry).view(HERE, None)
        assert view["total"] > 0 and len(acknowledged) >= KILLS
