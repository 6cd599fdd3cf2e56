"""Memory of loaded games, and /game log time: Railways of the World, 6 players, Eastern U.S.

Stores one seeded 6-player game many times over at three points (just started, half way,
finished), each copy with a snapshot at its last move as the service writes them, then loads
every copy through GameService (as commands in that many channels would) and prints what the
loaded games hold in memory per 1,000 games (tracemalloc), with the cache as large as needed and
with its default bound. Goal: < 300 MB per 1,000 live games. Then times /game log on a finished
game (goal: no replay on the event loop).

Run: .venv/bin/python bench/memory.py [games]   (default 1000)
"""

from __future__ import annotations

import asyncio
import gc
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from rotw_engine import play

import maps
from bot.service import GameService, Where
from bot.service.cache import GameCache
from bot.storage import ActionRow, GameRow, SeatRow, Store, connect_store
from engine.core import Action, Config, Registry, new_game, step, visible_to
from engine.rotw.title import RotwTitle

GUILD = 1


def rows_for(title: RotwTitle, cfg: Config, log: list[Action]) -> list[ActionRow]:
    """The stored form of ``log``, with each move's public text."""
    state = new_game(title, cfg)
    out = []
    for seq, action in enumerate(log, start=1):
        result = step(title, state, action, in_place=True)
        public = "; ".join(e["text"] for e in result.events if visible_to(e, None))
        out.append(ActionRow(seq, action.get("seat"), 1000 + int(action.get("seat", 0)),
                             action, 0.0, public))
    return out


async def fill(store: Store, title: RotwTitle, cfg: Config, rows: list[ActionRow],
               copies: int, first_channel: int, status: str) -> list[int]:
    state = new_game(title, cfg)
    for row in rows:
        step(title, state, row.action, in_place=True)
    # All moves but the last go in as a copied game; the last is appended the way the service
    # commits a move, so the copy ends with a snapshot at its last move.
    copied, last = (rows[:-1], rows[-1]) if rows else (rows, None)
    seats = [SeatRow(p["seat"], 1000 + p["seat"], p["name"], p["colour"])
             for p in cfg["players"]]
    ids = []
    for i in range(copies):
        game = GameRow(id=0, guild_id=GUILD, channel_id=first_channel + i, title="rotw",
                       map="eastern-us", options={}, name=f"bench {i}", creator_id=1000,
                       status=status, seed=cfg["seed"], seq=len(copied),
                       to_act=title.to_act(state), created_at=0.0, updated_at=0.0,
                       turn_since=None, pending=None)
        gid = await store.insert_copy(game, seats, copied, {})
        if last is not None:
            await store.append_action(gid, len(copied), last.action, user_id=last.user_id,
                                      now=0.0, game_fields={}, snapshot=state,
                                      public=last.public)
        ids.append(gid)
    return ids


async def held(service: GameService, channels: list[int]) -> float:
    """Bytes that loading these games leaves allocated (the service's cache)."""
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    for channel in channels:
        await service.view(Where(GUILD, channel), None)
    gc.collect()
    now = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return float(now - base)


def fresh_service(store: Store, registry: Registry, limit: int | None) -> GameService:
    service = GameService(store, registry)
    # The service has no setting for its cache bound; the bench raises it on the cache itself.
    cache: GameCache | None = getattr(service, "_cache", None)
    if limit is not None and cache is not None:
        cache.limit = limit
    return service


async def main() -> None:
    copies = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    title = RotwTitle(maps.load, maps.load_cards)
    registry = Registry()
    registry.register(title)
    cfg, log, _ = play(title, 6, 100)
    rows = rows_for(title, cfg, log)
    stages = {"fresh": 0, "mid-game": len(rows) // 2, "finished": len(rows)}
    print(f"one 6-player game: {len(rows)} moves; {copies} copies per stage")
    with tempfile.TemporaryDirectory() as tmp:
        async with connect_store(str(Path(tmp) / "bench.sqlite3")) as store:
            channels: dict[str, list[int]] = {}
            for n, (stage, upto) in enumerate(stages.items()):
                status = "finished" if stage == "finished" else "active"
                ids = await fill(store, title, cfg, rows[:upto], copies, 10_000 * (n + 1), status)
                channels[stage] = [10_000 * (n + 1) + i for i in range(len(ids))]
            print("\nmemory held by loaded games, MB per 1,000 games (goal < 300):")
            for stage, chans in channels.items():
                unbounded = await held(fresh_service(store, registry, copies), chans)
                bounded = await held(fresh_service(store, registry, None), chans)
                scale = 1000 / copies / 1e6
                print(f"  {stage:9s} every game cached {unbounded * scale:7.1f}"
                      f"   default cache bound {bounded * scale:7.1f}")
            service = fresh_service(store, registry, None)
            where = Where(GUILD, channels["finished"][0])
            await service.view(where, None)
            times = []
            for _ in range(5):
                t0 = time.perf_counter()
                await service.log(where, last=10)
                times.append(time.perf_counter() - t0)
            print(f"\n/game log, finished game: median {statistics.median(times) * 1000:.1f} ms")


if __name__ == "__main__":
    asyncio.run(main())
