"""Soak: many games moving at once from several bot processes against one store, SQLite and
PostgreSQL side by side.

Each worker process opens its own store on the shared database and plays every game at once
(one task per game): it reads the game's seq, appends the next move through the store's commit
path (every 25th move carries a 17 KB snapshot, as a crowded board does) and records each move the
store acknowledged to it. Workers race for the same games, as processes serving one busy server
would, so many attempts are refused as stale; that is the exactly-once check at work.

Afterwards every game's log is read back and compared with what was acknowledged: a move
acknowledged but not stored as its acknowledger wrote it is lost; a move number acknowledged
twice (or stored twice) is duplicated. Both must be 0.

Printed per store: moves/s (acknowledged moves over the wall time), p50/p99 commit latency (the
append call, in the worker), conflicts (stale attempts), lost and duplicated moves.

PostgreSQL runs as a throwaway server (tests/pg_server.py) on a loopback port, twice: with its
default durability (synchronous_commit=on: a commit waits for its log flush to disk), and with
synchronous_commit=off ("PG async commit": the promise of SQLite's NORMAL, see
docs/scaling.md). SQLite runs with the bot's default, synchronous=NORMAL (docs/storage.md).
Bounded: at most --seconds (60 at most) of play and --moves moves per worker.

With --split each process moves only its own share of the games, as processes serving different
shards do (no races: conflicts are 0).

Run: .venv/bin/python bench/soak.py [--games 12] [--processes 3] [--seconds 5] [--moves 600]
     [--split]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from bot.storage import StaleSeq, Store, connect_store  # noqa: E402

SNAPSHOT_EVERY = 25
SNAPSHOT = {"board": [{"hex": i, "track": [i % 6, (i + 3) % 6], "owner": i % 5}
                      for i in range(400)]}


async def worker(
    db: str, name: str, start: float, seconds: float, moves: int, share: tuple[int, int] | None
) -> dict[str, Any]:
    async with connect_store(db) as store:
        games = await store.all_game_ids()
        if share is not None:  # only this worker's games, as a process serving its own shards
            games = [g for n, g in enumerate(games) if n % share[1] == share[0]]
        acks: list[tuple[int, int]] = []
        latencies: list[float] = []
        stale = 0
        await asyncio.sleep(max(0.0, start - time.time()))
        stop = time.time() + seconds

        async def play(game_id: int) -> None:
            nonlocal stale
            while time.time() < stop and len(acks) < moves:
                game = await store.game(game_id)
                assert game is not None
                seq = game.seq + 1
                t0 = time.perf_counter()
                try:
                    await store.append_action(
                        game_id, game.seq, {"type": "soak", "seat": seq % 4, "by": name},
                        user_id=seq % 4, now=time.time(), game_fields={"to_act": [seq % 4]},
                        snapshot=SNAPSHOT if seq % SNAPSHOT_EVERY == 0 else None,
                    )
                except StaleSeq:
                    stale += 1
                    continue
                latencies.append(time.perf_counter() - t0)
                acks.append((game_id, seq))

        await asyncio.gather(*(play(g) for g in games))
    return {"acks": acks, "latencies": latencies, "stale": stale}


async def make_games(db: str, count: int) -> None:
    async with connect_store(db) as store:
        for n in range(count):
            await store.create_game(
                guild_id=1, channel_id=1000 + n, title="soak", map_id=None, options={},
                name=f"soak {n}", creator_id=1, now=time.time(),
            )


async def audit(db: str, results: list[dict[str, Any]], names: list[str]) -> tuple[int, int]:
    """(lost, duplicated) moves: acknowledged vs stored."""
    acked: dict[tuple[int, int], list[str]] = {}
    for name, result in zip(names, results, strict=True):
        for game_id, seq in result["acks"]:
            acked.setdefault((game_id, seq), []).append(name)
    duplicated = sum(len(who) - 1 for who in acked.values())
    lost = 0
    store: Store
    async with connect_store(db) as store:
        stored: dict[tuple[int, int], str] = {}
        for game_id in await store.all_game_ids():
            rows = await store.actions(game_id)
            seqs = [r.seq for r in rows]
            duplicated += len(seqs) - len(set(seqs))
            stored.update({(game_id, r.seq): r.action["by"] for r in rows})
    for key, who in acked.items():
        if stored.get(key) not in who:
            lost += 1
    return lost, duplicated


async def no_flush_wait(url: str) -> None:
    """Commits on this database return before their log flush (synchronous_commit=off): like
    SQLite's NORMAL, a crash of the database's machine may cost the last moment of moves."""
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        name = await conn.fetchval("SELECT current_database()")
        await conn.execute(f"ALTER DATABASE {name} SET synchronous_commit = off")
    finally:
        await conn.close()


def run_backend(db: str, args: argparse.Namespace) -> dict[str, Any]:
    asyncio.run(make_games(db, args.games))
    names = [f"w{n}" for n in range(args.processes)]
    split = ["--split"] if args.split else []
    start = time.time() + 3.0  # every worker connected and waiting before the first move
    procs = [
        subprocess.Popen(
            [sys.executable, __file__, "--worker", name, "--db", db, "--start", str(start),
             "--seconds", str(args.seconds), "--moves", str(args.moves),
             "--processes", str(args.processes), *split],
            stdout=subprocess.PIPE, text=True,
        )
        for name in names
    ]
    results = [json.loads(p.communicate()[0]) for p in procs]
    wall = max(r["finished"] for r in results) - start
    lost, duplicated = asyncio.run(audit(db, results, names))
    latencies = sorted(x for r in results for x in r["latencies"])
    acks = sum(len(r["acks"]) for r in results)
    return {
        "moves/s": acks / wall,
        "moves": acks,
        "p50 ms": statistics.median(latencies) * 1000,
        "p99 ms": latencies[int(len(latencies) * 0.99) - 1] * 1000,
        "conflicts": sum(r["stale"] for r in results),
        "lost": lost,
        "duplicated": duplicated,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--moves", type=int, default=600, help="at most, per worker")
    parser.add_argument("--split", action="store_true",
                        help="each process moves only its share of the games (no races)")
    parser.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--db", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--start", type=float, default=0.0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.seconds = min(args.seconds, 60.0)
    if args.worker:
        share = (int(args.worker[1:]), args.processes) if args.split else None
        result = asyncio.run(
            worker(args.db, args.worker, args.start, args.seconds, args.moves, share)
        )
        result["finished"] = time.time()
        print(json.dumps(result))
        return

    from pg_server import PgServer, bindir

    columns: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        columns["SQLite (NORMAL)"] = run_backend(str(Path(tmp) / "soak.sqlite3"), args)
    if bindir() is not None:
        server = PgServer(durable=True).start()
        try:
            columns["PostgreSQL"] = run_backend(server.new_database(), args)
            relaxed = server.new_database()
            asyncio.run(no_flush_wait(relaxed))
            columns["PG async commit"] = run_backend(relaxed, args)
        finally:
            server.stop()
    else:
        print("PostgreSQL server binaries not found: PostgreSQL skipped.")
    how = "each its share of the games" if args.split else "each moving every game"
    print(f"{args.games} games, {args.processes} processes ({how}), {args.seconds:g} s "
          f"(at most {args.moves} moves per process)")
    print(f"{'':12}" + "".join(f"{name:>18}" for name in columns))
    for key in ("moves/s", "moves", "p50 ms", "p99 ms", "conflicts", "lost", "duplicated"):
        cells = "".join(
            f"{c[key]:>18.1f}" if isinstance(c[key], float) else f"{c[key]:>18}"
            for c in columns.values()
        )
        print(f"{key:12}{cells}")
    if any(c["lost"] or c["duplicated"] for c in columns.values()):
        sys.exit("moves were lost or duplicated")


if __name__ == "__main__":
    main()
