"""Time animated replays of stored games and print their sizes against Discord's 10 MiB limit.

Make games first, e.g. six computer players on the Eastern U.S. map:
``.venv/bin/railbot play --db /tmp/e6.db --bots 6 --system rotw --map eastern-us --no-boards``
(``--level easy`` when the normal computers take long; ``--system newengland`` or ``ultimate``
for the other titles), then run ``.venv/bin/python bench/replay.py /tmp/e6.db [more.db ...]``
(``--to N``: moves 1 to N only).

For the last game of each file's channel it prints the replay by move as ``/game replay``
makes it (focus frames up to 200 moves, else the whole board): frames, CPU seconds, wall
seconds and the file size; then the same frames the way they were made before (every picture
drawn at its full size and shrunk, a key frame at least every 60 frames) and the CPU ratio of
the two, from the same run. ``--turns`` adds the replays by turn (WebP and GIF); ``--no-old``
leaves out the old way. On a busy machine the CPU time says more than the wall-clock time.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from collections.abc import Callable, Iterable
from functools import partial
from io import BytesIO
from pathlib import Path

from PIL import Image, _webp

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot import film  # noqa: E402
from bot.app import draw_board, draw_focus, make_service, render_board  # noqa: E402
from bot.cli.main import LOCAL_CHANNEL  # noqa: E402
from bot.service import GameService, Where  # noqa: E402
from bot.service.history import FOCUS_MOVES  # noqa: E402
from bot.storage import connect_store  # noqa: E402
from engine.core import effective_actions  # noqa: E402

LIMIT = 10 * 1024 * 1024


def _timed(make: Callable[[], bytes]) -> tuple[bytes, float, float]:
    t0, cpu0 = time.perf_counter(), time.process_time()
    data = make()
    return data, time.process_time() - cpu0, time.perf_counter() - t0


def _line(label: str, data: bytes, cpu: float, wall: float, fmt: str) -> None:
    frames = _frames(data)
    size = len(data)
    print(f"  {label}: {frames} frames, {cpu:.1f} s CPU ({cpu / frames * 1000:.0f} ms a frame), "
          f"{wall:.1f} s wall, {size / 2**20:.2f} MiB {fmt} "
          f"({'under' if size < LIMIT else 'OVER'} the 10 MiB limit)", flush=True)


def _old_webp(frames: Iterable[tuple[Image.Image, int]]) -> bytes:
    """The encoder as it was set before: a key frame at least every 60 frames, effort 2."""
    encoder = None
    at = 0
    size = (0, 0)
    for img, ms in frames:
        img = film._fit(img, size) if encoder is not None else img
        size = img.size
        if encoder is None:
            encoder = _webp.WebPAnimEncoder(img.size, 0, 0, False, 0, 60, False, False)
        encoder.add(img.getim(), at, False, film.QUALITY, 100, 2)
        at += ms
    assert encoder is not None
    encoder.add(None, at, False, film.QUALITY, 100, 0)
    return bytes(encoder.assemble("", b"", b""))


async def bench(db: str, channel: int, turns: bool, old: bool, last: int | None) -> None:
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
            reply_data, cpu, wall = await _replay(service, where, fmt, by, last)
            _line(f"by {by}, now", reply_data, cpu, wall, fmt)
            if old and by == "move":
                # A service without a frame painter draws every picture whole, and the film
                # scales it: the frames as they were made before.
                before = GameService(store, service.registry, render=render_board,
                                     draw=draw_board, focus=draw_focus)
                await before.load(game)
                rows = [r for r in await before.whole_log(game) if r.seq <= last]
                effective = effective_actions([(r.seq, r.action) for r in rows])
                seats = await store.seats(game.id)
                focus = len(effective) <= FOCUS_MOVES
                frames = before._frames(game, seats, effective, 1, "move", focus)
                data, old_cpu, old_wall = await asyncio.to_thread(_timed, partial(_old_webp,
                                                                                  frames))
                _line(f"by {by}, before", data, old_cpu, old_wall, fmt)
                print(f"  now / before: {cpu / old_cpu:.2f} of the CPU, "
                      f"{len(reply_data) / len(data):.2f} of the size", flush=True)


async def _replay(service: GameService, where: Where, fmt: str, by: str, last: int,
                  ) -> tuple[bytes, float, float]:
    t0, cpu0 = time.perf_counter(), time.process_time()
    reply = await service.replay(where, None, last, fmt, limit=None, by=by)
    assert reply.image is not None
    return reply.image, time.process_time() - cpu0, time.perf_counter() - t0


def _frames(data: bytes) -> int:
    with Image.open(BytesIO(data)) as img:
        return int(getattr(img, "n_frames", 1))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("dbs", nargs="+")
    p.add_argument("--channel", type=int, default=LOCAL_CHANNEL)
    p.add_argument("--turns", action="store_true", help="also the replays by turn")
    p.add_argument("--no-old", action="store_true", help="leave out the old way")
    p.add_argument("--to", type=int, default=None, help="replay up to this move only")
    args = p.parse_args()
    for db in args.dbs:
        asyncio.run(bench(db, args.channel, args.turns, not args.no_old, args.to))


if __name__ == "__main__":
    main()
