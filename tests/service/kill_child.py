"""The process the kill test kills: it plays moves as fast as it can and prints the seq of each
move once the service has acknowledged it (a reply without error)."""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent))

from service_support import ALICE, BOB, HERE
from tinygame import TinyTitle

from bot.service import GameService
from bot.storage import connect_store
from engine.core import Registry


async def main(db: str) -> None:
    registry = Registry()
    registry.register(TinyTitle())
    async with connect_store(db) as store:
        service = GameService(store, registry, seeds=random.Random(1))
        if await service.game_here(HERE, required=False) is None:
            await service.new_game(HERE, ALICE, "tiny", options={"target": 1_000_000})
            await service.join(HERE, BOB)
            await service.start(HERE, ALICE)
        game = await service.game_here(HERE)
        assert game is not None
        by_seat = {s.seat: s.user_id for s in await store.seats(game.id)}
        while True:
            seat = (await service.view(HERE, None))["current_seat"]
            user = ALICE if by_seat[seat] == ALICE.id else BOB
            legal = await service.legal(HERE, user)
            move = "ready" if legal[0]["type"] == "ready" else "roll"  # a roll draws chance
            reply = await service.act(HERE, user, move, {})
            if reply.error:
                raise SystemExit(f"refused: {reply.text}")
            print(reply.seq, flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
