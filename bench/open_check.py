"""What checking a database costs when railbot opens it, and what the log checksums cost.

Builds a large SQLite database of railbot's own schema in bench/ (GAMES games of MOVES moves,
each move a realistic ~250-byte action, three 20 KB snapshots per game), then times:

1. SQLite's checks over the whole file: ``PRAGMA quick_check`` (what every command runs on
   opening) and ``PRAGMA integrity_check`` (which also checks every index against its table);
2. opening the store as a command does (probe, check, migrations: none left), read-only too;
3. computing the log checksums of every stored move (what upgrading an older database to
   schema 5 does once), and checking one long game's log (what the first command on a game
   does in a process).

The page cache is warm (the file was just written): a cold start reads the file from disk
first, at the disk's speed. Run: .venv/bin/python bench/open_check.py [games] [moves per game]
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

from bot.storage import connect_store
from bot.storage.base import chain_updates, first_damaged
from bot.storage.sql import Sql

HERE = Path(__file__).parent


def action(rng: random.Random, seq: int) -> str:
    route = [f"{rng.choice('ABCDEFGHJKLMNPQRSTUVWXYZ')}{rng.randrange(1, 40)}" for _ in range(6)]
    return json.dumps({"type": "build", "seat": seq % 6, "route": route, "hexes": route[1:],
                       "cost": rng.randrange(2, 40), "city": "Pittsburgh", "phase": "build"})


def build(path: str, games: int, moves: int) -> None:
    rng = random.Random(7)
    state = json.dumps({"board": ["x" * 40 for _ in range(480)]})  # about 20 KB
    conn = sqlite3.connect(path)
    with conn:
        conn.executemany(
            "INSERT INTO games (id, channel_id, title, options, name, creator_id, status, seq,"
            " created_at, updated_at) VALUES (?, ?, 'rotw', '{}', 'g', 1, 'active', ?, 0, 0)",
            [(g, g, moves) for g in range(1, games + 1)])
        for g in range(1, games + 1):
            conn.executemany(
                "INSERT INTO actions (game_id, seq, seat, type, action, chance, user_id,"
                " created_at, public) VALUES (?, ?, ?, 'build', ?, NULL, 1, 0, ?)",
                [(g, s, s % 6, action(rng, s), f"player {s % 6} builds a route for $12.")
                 for s in range(1, moves + 1)])
            conn.executemany("INSERT INTO snapshots VALUES (?, ?, ?)",
                             [(g, s, state) for s in range(moves - 50, moves + 1, 25)])
    rows = conn.execute(Sql.ALL_ACTIONS).fetchall()
    with conn:
        conn.executemany(Sql.SET_CHAIN, chain_updates(rows))
    conn.close()


def timed(label: str, fn: object, runs: int = 3) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        fn()  # type: ignore[operator]
        best = min(best, time.perf_counter() - start)
    print(f"{label:<58} {best * 1000:9.1f} ms")
    return best


def pragma(path: str, check: str) -> None:
    conn = sqlite3.connect(path)
    try:
        assert conn.execute(f"PRAGMA {check}").fetchall() == [("ok",)]
    finally:
        conn.close()


async def open_store(path: str, readonly: bool) -> None:
    async with connect_store(path, readonly=readonly):
        pass


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1500
    moves = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    with tempfile.TemporaryDirectory(dir=HERE) as tmp:
        path = str(Path(tmp) / "big.sqlite3")
        asyncio.run(open_store(path, readonly=False))  # railbot's schema
        start = time.perf_counter()
        build(path, games, moves)
        size = os.path.getsize(path)
        print(f"{games:,} games x {moves} moves, {size / 2**20:,.0f} MB "
              f"(built in {time.perf_counter() - start:.0f} s)")
        quick = timed("PRAGMA quick_check (run on every open)", lambda: pragma(path, "quick_check"))
        timed("PRAGMA integrity_check", lambda: pragma(path, "integrity_check"), runs=1)
        timed("open the store for writing (probe, check, migrate)",
              lambda: asyncio.run(open_store(path, readonly=False)))
        timed("open the store read-only", lambda: asyncio.run(open_store(path, readonly=True)))
        print(f"quick_check reads {size / quick / 2**20:,.0f} MB/s")
        conn = sqlite3.connect(path)
        rows = conn.execute(Sql.ALL_ACTIONS).fetchall()
        one = conn.execute(Sql.ACTIONS, (1, 0)).fetchall()
        conn.close()
        timed(f"checksums of all {len(rows):,} moves (the upgrade to schema 5)",
              lambda: chain_updates(rows), runs=1)
        from bot.storage.base import action_row

        game = [action_row(*r) for r in one]
        timed(f"check one game's log ({len(game)} moves)", lambda: first_damaged(game))


if __name__ == "__main__":
    main()
