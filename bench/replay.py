"""Time animated replays of stored games and print their sizes against Discord's 10 MiB limit.

Make games first, e.g. six computer players on the Eastern U.S. map:
``.venv/bin/railbot play --db /tmp/e6.db --bots 6 --system rotw --map eastern-us --no-boards``
(``--level easy`` when the normal computers take long; ``--system newengland`` or ``ultimate``
for the other titles), then run ``.venv/bin/python bench/replay.py /tmp/e6.db [more.db ...]``
(``--to N``: moves 1 to N only).

For the last game of each file's channel it prints the replay by move as ``/game replay``
makes it (focus frames up to 200 moves, else the whole board): moves, the WebP frames they
took (a move whose change lies in far-apart places is a few rectangles in a row), CPU
seconds, wall seconds and the file size. ``--before DIR`` makes the same replay with the code
of another checkout (the main branch, say) in a process of its own, one after the other in
the same run, and prints the CPU and size ratios of the two. ``--turns`` adds the replays by
turn (WebP and GIF). On a busy machine the CPU time says more than the wall-clock time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import time
from io import BytesIO
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.app import make_service  # noqa: E402
from bot.cli.main import LOCAL_CHANNEL  # noqa: E402
from bot.service import Where  # noqa: E402
from bot.storage import connect_store  # noqa: E402

LIMIT = 10 * 1024 * 1024

ELSEWHERE = """
import asyncio, json, sys, time
sys.path.insert(0, ".")
from bot.app import make_service
from bot.service import Where
from bot.storage import connect_store

async def run(db, channel, last):
    async with connect_store(db) as store:
        service = make_service(store)
        where = Where(None, channel)
        cpu0 = time.process_time()
        reply = await service.replay(where, None, last, "webp", limit=None, by="move")
        print(json.dumps({"cpu": time.process_time() - cpu0, "size": len(reply.image)}))

asyncio.run(run(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
"""
"""The replay by move in another checkout: its own code, the same stored game."""


def _line(label: str, moves: int, data: bytes, cpu: float, wall: float, fmt: str) -> None:
    size = len(data)
    print(f"  {label}: {moves} moves in {_frames(data)} frames, {cpu:.1f} s CPU "
          f"({cpu / moves * 1000:.0f} ms a move), {wall:.1f} s wall, {size / 2**20:.2f} MiB "
          f"{fmt} ({'under' if size < LIMIT else 'OVER'} the 10 MiB limit)", flush=True)


async def bench(db: str, channel: int, turns: bool, before: str | None,
                last: int | None) -> None:
    async with connect_store(db) as store:
        service = make_service(store)
        where = Where(None, channel)
        game = await service.game_here(where, ended=True)
        assert game is not None
        players = len(await store.seats(game.id))
        last = min(last or game.seq, game.seq)
        print(f"{game.name}: {players} players, {game.seq} moves in the log, replayed to "
              f"#{last}", flush=True)
        runs = [("move", "webp")] + ([("turn", "webp"), ("turn", "gif")] if turns else [])
        for by, fmt in runs:
            t0, cpu0 = time.perf_counter(), time.process_time()
            reply = await service.replay(where, None, last, fmt, limit=None, by=by)
            cpu, wall = time.process_time() - cpu0, time.perf_counter() - t0
            assert reply.image is not None
            _line(f"by {by}, now", last, reply.image, cpu, wall, fmt)
            if before is not None and by == "move":
                got = subprocess.run([sys.executable, "-c", ELSEWHERE, str(Path(db).resolve()),
                                      str(channel), str(last)], cwd=before, check=True,
                                     capture_output=True, text=True)
                then = json.loads(got.stdout.strip().splitlines()[-1])
                print(f"  by move, with {before}: {then['cpu']:.1f} s CPU, "
                      f"{then['size'] / 2**20:.2f} MiB", flush=True)
                print(f"  now / before: {cpu / then['cpu']:.2f} of the CPU, "
                      f"{len(reply.image) / then['size']:.2f} of the size", flush=True)


def _frames(data: bytes) -> int:
    with Image.open(BytesIO(data)) as img:
        return int(getattr(img, "n_frames", 1))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("dbs", nargs="+")
    p.add_argument("--channel", type=int, default=LOCAL_CHANNEL)
    p.add_argument("--turns", action="store_true", help="also the replays by turn")
    p.add_argument("--before", default=None,
                   help="another checkout whose code makes the same replay, for the ratio")
    p.add_argument("--to", type=int, default=None, help="replay up to this move only")
    args = p.parse_args()
    for db in args.dbs:
        asyncio.run(bench(db, args.channel, args.turns, args.before, args.to))


if __name__ == "__main__":
    main()
