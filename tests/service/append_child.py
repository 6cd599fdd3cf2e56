"""One of the processes of the two-process append test: it tries to append every move of one
game, move 1 to ``rounds``, each as the move after the one before, and prints ``ack N`` for each
move the store acknowledged to it and ``stale N`` for each it was refused."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent.parent))

from bot.storage import StaleSeq, connect_store


async def main(db: str, game_id: int, rounds: int, name: str) -> None:
    async with connect_store(db) as store:
        for expected in range(rounds):
            try:
                done = await store.append_action(
                    game_id, expected, {"type": "x", "seat": 0, "by": name},
                    user_id=1, now=1.0, game_fields={},
                )
                print(f"ack {done.seq}", flush=True)
            except StaleSeq:
                print(f"stale {expected + 1}", flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]))
