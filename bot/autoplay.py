"""Computer turns that play by themselves: a game of computers (or one waiting on a computer
after a restart) goes on without anyone typing, until a person must act or the game ends.

Each game with computers to move gets one background task. It makes a bounded run of moves
(at most ``batch`` moves or ``pace`` seconds of thinking), posts the run as one message with the
last board, and waits out the rest of ``pace`` before the next run: the channel reads one message
every few seconds however fast the computers are, and between moves the task yields to the event
loop so other games' commands are answered. At start-up :meth:`AutoPlay.resume` wakes every game
a computer was due to move in. Plain logic over the service: posting is the client's callback.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from bot.replies import Reply
from bot.service import GameService, Where
from bot.service.bots import merge_replies
from bot.storage import StoreUnavailable

log = logging.getLogger("railbot.autoplay")

PACE_SECONDS = 6.0
"""One message per game at most this often while computers play among themselves."""
BATCH_MOVES = 40
"""Computer moves collapsed into one message at most."""
INLINE_MOVES = 12
"""Computer moves answered together with a person's command; the rest play on by themselves."""
INLINE_SECONDS = 3.0
"""As long as computers may think before a person's command is answered (a strong computer
thinks up to 1.5 s a move); the rest play on by themselves."""

Post = Callable[[Reply], Awaitable[None]]


class AutoPlay:
    def __init__(
        self,
        service: GameService,
        post: Post,
        *,
        pace: float = PACE_SECONDS,
        batch: int = BATCH_MOVES,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.service = service
        self.post = post
        self.pace = pace
        self.batch = batch
        self.clock = clock
        self.sleep = sleep
        self._tasks: dict[tuple[int | None, int], asyncio.Task[None]] = {}

    def wake(self, where: Where) -> None:
        """Let the computers of the game here play on (nothing happens if they already are)."""
        key = (where.guild_id, where.channel_id)
        running = self._tasks.get(key)
        if running is not None and not running.done():
            return  # the running task asks the game again before it stops
        self._tasks[key] = asyncio.get_running_loop().create_task(self._run(where))

    def busy(self) -> int:
        return sum(1 for t in self._tasks.values() if not t.done())

    async def resume(self, owns: Callable[[int | None], bool] = lambda guild: True) -> int:
        """At start-up: wake every game in which a computer must act, of the servers this
        process serves (``owns``: several processes share one database); returns how many."""
        woken = 0
        for game in await self.service.store.active_games():
            if owns(game.guild_id) and await self.service.bots_waiting(game):
                self.wake(Where(game.guild_id, game.channel_id))
                woken += 1
        return woken

    async def idle(self) -> None:
        """Wait until no game has computers left to move (for tests and shutdown)."""
        while pending := [t for t in self._tasks.values() if not t.done()]:
            await asyncio.gather(*pending, return_exceptions=True)

    def stop(self) -> None:
        for task in self._tasks.values():
            task.cancel()

    async def _run(self, where: Where) -> None:
        try:
            while True:
                started = self.clock()
                run: list[Reply] = []
                while len(run) < self.batch:
                    made = await self.service.play_bots(where, limit=1, draw=False)
                    run.extend(made)
                    if not made or self.clock() - started >= self.pace:
                        break
                    await self.sleep(0)  # let other games' commands in between moves
                if not run:
                    return
                self.service.painted(run[-1], await self.service.latest_focus(where))
                first, *rest = run
                await self.post(merge_replies(first, rest))
                await self.sleep(max(0.0, self.pace - (self.clock() - started)))
        except asyncio.CancelledError:
            raise
        except StoreUnavailable:  # logged by the store in one line; the next wake retries
            return
        except Exception:  # one game's failure must not stop the others; the next wake retries
            log.exception("computer players stopped in channel %s", where.channel_id)
