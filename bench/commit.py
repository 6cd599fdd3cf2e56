"""Where a move's commit time goes: Railways of the World, 6 players, Eastern U.S.

Plays one seeded 6-player game's moves through the service's commit path in several games at
once on one database file (as a busy bot would), and prints p50/p99 of the wall time per move
(from asking for the game's lock to the stored, answered move; no board drawing) and of its
parts: waiting for the lock, applying the move to a copy of the state, encoding the snapshot
(every 25th move), and the store's transaction. Goal: p99 < 5 ms.

Run: .venv/bin/python bench/commit.py [games at once] [moves per game]   (default 4 300)
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from rotw_engine import play

import bot.service.moves as moves
import bot.storage.sqlite as store_module
import maps
from bot.service import GameService, User, Where
from bot.storage import connect_store
from engine.core import Registry
from engine.rotw.title import RotwTitle

PARTS: dict[str, list[float]] = defaultdict(list)


def timed(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    def run(*args: Any, **kwargs: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            PARTS[name].append(time.perf_counter() - t0)

    return run


def timed_async(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    async def run(*args: Any, **kwargs: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return await fn(*args, **kwargs)
        finally:
            PARTS[name].append(time.perf_counter() - t0)

    return run


def wrap_global(module: ModuleType, name: str, wrapper: Callable[[Any], Any]) -> None:
    """Replace the global ``name`` that ``module``'s own code calls (an import it does not
    re-export) with ``wrapper`` of it."""
    namespace = vars(module)
    namespace[name] = wrapper(namespace[name])


class TimedJson:
    """bot.storage's json, with dumps of a whole state (the snapshot) timed."""

    def __getattr__(self, name: str) -> Any:
        return getattr(json, name)

    @staticmethod
    def dumps(value: Any, **kwargs: Any) -> str:
        if isinstance(value, dict) and "players" in value and "rng" in value:
            return str(timed("snapshot encoding", json.dumps)(value, **kwargs))
        return json.dumps(value, **kwargs)


async def one_game(service: GameService, channel: int, log: list[dict[str, Any]]) -> None:
    where = Where(1, channel)
    users = [User(1000 + i, f"P{i}") for i in range(6)]
    await service.new_game(where, users[0], "rotw", "eastern-us")
    for user in users[1:]:
        await service.join(where, user)
    await service.start(where, users[0], seed=100)
    game = await service.store.game_in_channel(channel)
    assert game is not None
    seats = await service.store.seats(game.id)
    by_seat = {s.seat: next(u for u in users if u.id == s.user_id) for s in seats}
    title = service.title(game)
    for action in log:
        move = {k: v for k, v in action.items() if k != "chance"}
        t0 = time.perf_counter()
        async with service.lock(game.id):
            PARTS["waiting for the lock"].append(time.perf_counter() - t0)
            game = await service.store.game(game.id)
            assert game is not None
            loaded = await service.load(game)
            await service._commit(game, title, loaded, seats, move, by_seat[move["seat"]])
        PARTS["wall per move"].append(time.perf_counter() - t0)
        await asyncio.sleep(0)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


async def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    title = RotwTitle(maps.load, maps.load_cards)
    registry = Registry()
    registry.register(title)
    _, log, _ = play(title, 6, 100)
    log = log[:count]
    wrap_global(moves, "step", lambda step: timed("apply to a copy of the state", step))
    wrap_global(store_module, "json", lambda _: TimedJson())
    with tempfile.TemporaryDirectory() as tmp:
        async with connect_store(str(Path(tmp) / "bench.sqlite3")) as store:
            store.append_action = timed_async(  # type: ignore[method-assign]
                "store transaction", store.append_action
            )
            service = GameService(store, registry)
            PARTS.clear()
            await asyncio.gather(*(one_game(service, 100 + g, log) for g in range(games)))
    print(f"{games} games at once, {len(log)} moves each, 6 players, Eastern U.S.")
    print("ms per move:                    p50     p99     count")
    for name in ("wall per move", "waiting for the lock", "apply to a copy of the state",
                 "snapshot encoding", "store transaction"):
        values = PARTS[name]
        print(f"  {name:28s} {pct(values, 0.5):7.2f} {pct(values, 0.99):7.2f} {len(values):7d}")


if __name__ == "__main__":
    asyncio.run(main())
