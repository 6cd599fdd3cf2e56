"""Time an animated replay of a stored game and print its size against Discord's 10 MiB limit.

Make a long game first, e.g. six computer players on the Eastern U.S. map:
``.venv/bin/railbot play --db /tmp/e6.db --bots 6 --system rotw --map eastern-us --no-boards``
(``--level easy`` when the normal computers take long), then run
``.venv/bin/python bench/replay.py /tmp/e6.db [channel]``. Prints, for a replay by move and by
turn, the frames, the time per frame (replay, drawing and encoding together), the whole time and
the file size for WebP, and for GIF by turn. On a busy machine the CPU time says more than the
wall-clock time.
"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.app import make_service  # noqa: E402
from bot.cli.main import LOCAL_CHANNEL  # noqa: E402
from bot.service import Where  # noqa: E402
from bot.storage import connect_store  # noqa: E402

LIMIT = 10 * 1024 * 1024


async def main(db: str, channel: int) -> None:
    async with connect_store(db) as store:
        service = make_service(store)
        where = Where(None, channel)
        game = await service.game_here(where, ended=True)
        assert game is not None
        players = len(await store.seats(game.id))
        print(f"{game.name}: {players} players, {game.seq} moves in the log")
        for fmt, by in (("webp", "move"), ("webp", "turn"), ("gif", "turn")):
            t0, cpu0 = time.perf_counter(), time.process_time()
            reply = await service.replay(where, None, None, fmt, limit=None, by=by)
            took, cpu = time.perf_counter() - t0, time.process_time() - cpu0
            assert reply.image is not None
            frames = _frames(reply.image, fmt)
            size = len(reply.image)
            print(
                f"{fmt} by {by}: {frames} frames in {took:.1f} s ({took / frames * 1000:.0f} ms "
                f"a frame; {cpu:.1f} s of CPU), {size / 1024 / 1024:.2f} MiB "
                f"({'under' if size < LIMIT else 'OVER'} the 10 MiB limit)"
            )


def _frames(data: bytes, fmt: str) -> int:
    from io import BytesIO

    from PIL import Image

    with Image.open(BytesIO(data)) as img:
        return int(getattr(img, "n_frames", 1))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else LOCAL_CHANNEL))
