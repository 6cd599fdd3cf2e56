"""Where a move's commit goes in the store, and how long it takes under load.

Moves and states are those of a seeded 6-player Railways of the World game. The database lives in
bench/ (the disk the bot's own database would be on), in a fresh file per run.

1. One game at a time (best of three runs): encoding a snapshot as JSON, a commit without a
   snapshot, a commit that also writes a snapshot; synchronous=NORMAL and FULL.
2. Under load: GAMES games play at once, each move preceded by ~1 ms of CPU work on the event
   loop (as the engine's step is) and a think time averaging THINK seconds (a very busy bot:
   about 80 moves/s in all), with a snapshot every 25 moves as the service writes them; commit
   p50/p99/max, NORMAL and FULL, and how late the event loop wakes meanwhile (what any await
   costs then, with or without a database); then FOUR games the same way. Goal: p99 < 5 ms
   wall with four games, printed with the CPU time of the process during each commit beside
   it (the store's thread included; an overlapping game's work too, so an upper bound), and
   the p99 of the commits during which the loop's thread kept its core (what a quiet machine
   gives: a busy one puts the process off its core for milliseconds at a time).
3. Flat out: the same games with no think time, for the moves/s the store can take.

Run: .venv/bin/python bench/commit_latency.py [moves per game] [four] ("four": only the four
games, NORMAL, for a quick figure when the machine is quiet)
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from rotw_engine import pct, play

import maps
from bot.storage import Store
from bot.storage.sqlite import SqliteStore
from engine.core.types import Action
from engine.rotw.title import RotwTitle

GAMES = 20
FOUR = 4
THINK = 0.25
SNAPSHOT_EVERY = 25
HERE = Path(__file__).parent


def ms(values: list[float]) -> str:
    return (f"p50 {pct(values, 0.5) * 1000:6.2f} ms  p99 {pct(values, 0.99) * 1000:6.2f} ms  "
            f"max {max(values) * 1000:6.2f} ms")


def busy(seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass


async def new_game(store: Store, channel: int) -> int:
    return await store.create_game(guild_id=1, channel_id=channel, title="rotw",
                                   map_id="eastern-us", options={}, name=f"g{channel}",
                                   creator_id=1, now=0.0)


async def commit(store: Store, game: int, seq: int, action: Action,
                 snapshot: dict[str, Any] | None) -> float:
    t0 = time.perf_counter()
    await store.append_action(game, seq, action, user_id=1, now=time.time(),
                              game_fields={"to_act": [seq % 6]}, snapshot=snapshot)
    return time.perf_counter() - t0


async def one_at_a_time(sync: str, log: list[Action], state: dict[str, Any]) -> None:
    """Best of three runs: other programs on a shared machine are not the store."""
    runs = [await one_run(sync, log, state) for _ in range(3)]
    plain = min(runs, key=lambda r: pct(r[0], 0.99))[0]
    snap = min(runs, key=lambda r: pct(r[1], 0.99))[1]
    print(f"  {sync:6} commit, no snapshot:   {ms(plain)}")
    print(f"  {sync:6} commit with snapshot: {ms(snap)}")


async def one_run(
    sync: str, log: list[Action], state: dict[str, Any]
) -> tuple[list[float], list[float]]:
    with tempfile.TemporaryDirectory(dir=HERE) as tmp:
        async with SqliteStore.connect(str(Path(tmp) / "bench.sqlite3"), synchronous=sync) as store:
            game = await new_game(store, 1)
            plain: list[float] = []
            snap: list[float] = []
            for seq, action in enumerate(log):
                with_snapshot = seq % 2 == 1
                took = await commit(store, game, seq, action, state if with_snapshot else None)
                (snap if with_snapshot else plain).append(took)
    return plain, snap


async def under_load(sync: str, log: list[Action], state: dict[str, Any], moves: int,
                     think: float, games: int = GAMES) -> tuple[float, float, float, float]:
    """Print the figures of ``games`` games moving at once; their commit p99 wall and CPU, the
    event loop's own p99 lag, and the wall p99 of the commits that kept their core."""
    times: list[float] = []
    cpu: list[float] = []
    undisturbed: list[float] = []  # commits the event loop's thread was never put off its core in
    pace = random.Random(7)

    async def player(store: Store, channel: int) -> None:
        game = await new_game(store, channel)
        for seq in range(moves):
            if think:
                await asyncio.sleep(pace.expovariate(1 / think))
            busy(0.001)  # the engine's step for this move, on the event loop
            snapshot = state if (seq + 1) % SNAPSHOT_EVERY == 0 else None
            c0 = time.process_time()
            switched = put_off_core()
            times.append(await commit(store, game, seq, log[seq % len(log)], snapshot))
            cpu.append(time.process_time() - c0)
            if put_off_core() == switched:
                undisturbed.append(times[-1])
            if not think:
                # A commit on the event loop returns without yielding; the service reads the
                # game between moves and computers yield after each, so the games take turns.
                await asyncio.sleep(0)

    lags: list[float] = []

    async def watch_the_loop() -> None:
        # How late a 5 ms sleep wakes up: the wait every commit's answer also has, store or not.
        while True:
            t0 = time.perf_counter()
            await asyncio.sleep(0.005)
            lags.append(time.perf_counter() - t0 - 0.005)

    with tempfile.TemporaryDirectory(dir=HERE) as tmp:
        async with SqliteStore.connect(str(Path(tmp) / "bench.sqlite3"), synchronous=sync) as store:
            watcher = asyncio.create_task(watch_the_loop())
            t0 = time.perf_counter()
            await asyncio.gather(*(player(store, c) for c in range(games)))
            wall = time.perf_counter() - t0
            watcher.cancel()
    rate = f"{len(times) / wall:6.0f} moves/s"
    print(f"  {sync:6} {games} games: {ms(times)}  {rate}")
    print(f"         CPU of the process per commit: {ms(cpu)}")
    print(f"         event loop lag meanwhile: {ms(lags)}")
    if undisturbed:
        print(f"         {len(times) - len(undisturbed)} of {len(times)} commits had the loop's "
              f"thread put off its core; the others: {ms(undisturbed)}")
    kept = pct(undisturbed, 0.99) if undisturbed else float("nan")
    return pct(times, 0.99), pct(cpu, 0.99), pct(lags, 0.99), kept


def put_off_core() -> int:
    """How often this thread was made to give up its core (involuntary context switches): what
    a busy machine adds to a commit's wall time, and a quiet one does not."""
    return resource.getrusage(resource.RUSAGE_THREAD).ru_nivcsw


def load_average() -> str:
    return ", ".join(f"{x:.1f}" for x in os.getloadavg())


async def four_games(log: list[Action], state: dict[str, Any], moves: int) -> None:
    """The goal's figure: four games at once, NORMAL, beside the CPU time and the event loop's
    own lag in the same run (the part of the wall time spent waiting for a core)."""
    wall, cpu, lag, kept = await under_load("NORMAL", log, state, moves, THINK, FOUR)
    print(f"goal: {FOUR} games at once, NORMAL: commit p99 {wall * 1000:.2f} ms wall (goal < 5 on "
          f"a quiet machine), CPU p99 {cpu * 1000:.2f} ms, wall p99 of the commits that kept "
          f"their core {kept * 1000:.2f} ms; a bare 5 ms sleep woke {lag * 1000:.2f} ms late at "
          f"p99 (ratio wall / that lag {wall / max(lag, 1e-6):.2f}); load average "
          f"{load_average()}")


async def main() -> None:
    moves = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    print(f"machine load average (1, 5, 15 min) on {os.cpu_count()} cores: {load_average()}")
    title = RotwTitle(maps.load, maps.load_cards)
    _, log, state = play(title, 6, 101)
    if sys.argv[2:] == ["four"]:
        await four_games(log, state, moves)
        return
    t0 = time.perf_counter()
    for _ in range(20):
        encoded = json.dumps(state)
    encode = (time.perf_counter() - t0) / 20
    print(f"snapshot of a crowded 6-player board: {len(encoded) / 1024:.0f} KB, "
          f"JSON encoding {encode * 1000:.2f} ms")
    print("one game at a time:")
    for sync in ("NORMAL", "FULL"):
        await one_at_a_time(sync, log[:400], state)
    print(f"under load ({moves} moves per game, {THINK * 1000:.0f} ms think time on average):")
    for sync in ("NORMAL", "FULL"):
        await under_load(sync, log, state, moves, THINK)
    print(f"{FOUR} games at once ({moves} moves each, {THINK * 1000:.0f} ms think time):")
    await under_load("FULL", log, state, moves, THINK, FOUR)
    await four_games(log, state, moves)
    print(f"flat out ({moves} moves per game, no think time):")
    for sync in ("NORMAL", "FULL"):
        await under_load(sync, log, state, moves, 0.0)


if __name__ == "__main__":
    asyncio.run(main())
