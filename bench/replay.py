"""Time an animated replay of a stored game and print its size against Discord's 10 MiB limit.

Make a long game first, e.g. six computer players on the Eastern U.S. map:
``.venv/bin/railbot play --db /tmp/e6.db --bots 6 --system rotw --map eastern-us --no-boards``
then run ``.venv/bin/python bench/replay.py /tmp/e6.db [channel]``. Prints the frames, the
seconds per frame (replay, drawing and encoding together) and the file size for WebP and GIF.
"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.app import default_registry, render_board  # noqa: E402
from bot.cli import LOCAL_CHANNEL  # noqa: E402
from bot.service import GameService, Where  # noqa: E402
from bot.store import connect_store  # noqa: E402
from engine.core import effective_actions  # noqa: E402

LIMIT = 10 * 1024 * 1024


async def main(db: str, channel: int) -> None:
    async with connect_store(db) as store:
        service = GameService(store, default_registry(), render=render_board)
        where = Where(None, channel)
        game = await service.game_here(where, ended=True)
        assert game is not None
        rows = await store.actions(game.id)
        frames = len(effective_actions([(r.seq, r.action) for r in rows]))
        print(f"{game.name}: {game.seq} log entries, {frames} moves standing (one frame each)")
        for fmt in ("webp", "gif"):
            t0 = time.perf_counter()
            reply = await service.replay(where, None, None, fmt, limit=None)
            took = time.perf_counter() - t0
            assert reply.image is not None
            size = len(reply.image)
            print(
                f"{fmt}: {took:.1f} s for {frames} frames ({took / frames * 1000:.0f} ms a "
                f"frame), {size / 1024 / 1024:.2f} MiB ({'under' if size < LIMIT else 'OVER'}"
                " the 10 MiB limit)"
            )


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else LOCAL_CHANNEL))
