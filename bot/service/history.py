"""The game as it was: the board after any earlier move, replayed from the log."""

from __future__ import annotations

import asyncio

from PIL import Image

from bot import film
from bot.replies import Reply, UserError
from bot.service.core import ServiceCore, Where
from bot.store import GameRow, SeatRow
from engine.core import Action, Step, effective_actions

MAX_FRAMES = 60
"""Most moves one /game replay shows (house value): every frame is drawn and held until the
file is written, so a whole long game in the channel would cost minutes and a lot of memory."""

_FILMING = asyncio.Semaphore(1)
"""One replay is made at a time in a process: each one keeps a CPU busy for a while, and a
channel asking for many at once must not starve the moves of every other game."""


class History(ServiceCore):
    """Looking back at a game; writes nothing."""

    async def board_at(self, where: Where, at: int, zoom: str | None = None) -> Reply:
        """The board after log entry #``at`` (0: as set up), in the public view: a past board
        shows no more than everyone could see."""
        game = await self._game(where, ended=True)
        if game.status == "lobby":
            raise UserError(f"{game.name} has not started yet, so there is no board to show.")
        if at < 0:
            raise UserError("at: is a move number from /game log, or 0 for the board as set up.")
        if at > game.seq:
            raise UserError(
                f"{game.name} has no move #{at} yet: at: can be 0 (as set up) to {game.seq}."
            )
        if at == game.seq:
            state = (await self.load(game)).state
        else:
            await self.load(game)  # a game whose moves no longer replay says so, as everywhere
            rows = [r for r in await self.store.actions(game.id) if r.seq <= at]
            effective = effective_actions([(r.seq, r.action) for r in rows])
            seats = await self.store.seats(game.id)
            # Replaying is CPU work: off the event loop.
            state = await asyncio.to_thread(self.replay_from_start, game, seats, effective)
        image = await self._board(game, state, zoom)
        if image is None:
            raise UserError(f"{self.title(game).meta.name} has no board picture yet.")
        when = "as set up" if at == 0 else f"after move #{at}"
        return Reply(f"{game.name}, {when} (of {game.seq}).", image=image)

    async def replay(
        self,
        where: Where,
        start: int | None = None,
        end: int | None = None,
        fmt: str = "webp",
        limit: int | None = MAX_FRAMES,
    ) -> Reply:
        """An animation of the board after each move from ``start`` to ``end`` (log numbers;
        by default the whole game, or its last ``limit`` moves), in the public view."""
        game = await self._game(where, ended=True)
        if game.status == "lobby" or game.seq == 0:
            raise UserError(f"{game.name} has no moves yet, so there is nothing to replay.")
        if self._render is None:
            raise UserError(f"{self.title(game).meta.name} has no board picture yet.")
        last = end if end is not None else game.seq
        first = start if start is not None else max(1, last - limit + 1) if limit else 1
        if not 1 <= first <= last <= game.seq:
            raise UserError(
                f"from: and to: are move numbers from /game log, 1 to {game.seq}, with from: "
                "not after to:."
            )
        await self.load(game)  # a game whose moves no longer replay says so, as everywhere
        rows = [r for r in await self.store.actions(game.id) if r.seq <= last]
        effective = effective_actions([(r.seq, r.action) for r in rows])
        if not any(first <= seq for seq, _ in effective):
            raise UserError(f"Moves #{first} to #{last} were all taken back: nothing to show.")
        shown = sum(1 for seq, _ in effective if seq >= first)
        if limit is not None and shown > limit:
            raise UserError(
                f"A replay shows at most {limit} moves and #{first} to #{last} are {shown}: "
                f"choose a shorter stretch with from: and to:."
            )
        seats = await self.store.seats(game.id)
        if limit is not None and _FILMING.locked():
            raise UserError("Another replay is being made right now; ask again in a minute.")
        async with _FILMING:
            data = await asyncio.to_thread(self.film, game, seats, effective, first, fmt)
        return Reply(
            f"{game.name}, moves #{first} to #{last}.", image=data, image_name=f"replay.{fmt}"
        )

    def film(
        self,
        game: GameRow,
        seats: list[SeatRow],
        effective: list[tuple[int, Action]],
        first: int,
        fmt: str,
    ) -> bytes:
        """The animation's bytes: one frame per move from ``first`` on (synchronous)."""
        names = self._names(seats)
        movers = {seq: action.get("seat", -1) for seq, action in effective}
        frames: list[Image.Image] = []

        def shoot(seq: int, res: Step) -> None:
            if seq < first:
                return
            png = self.board(game, res.state)
            who = names.get(movers[seq], "")
            if png is not None:
                caption = f"{game.name}: move #{seq} of {game.seq}" + (f", {who}" if who else "")
                frames.append(film.frame(png, caption))

        self.replay_from_start(game, seats, effective, shoot)
        return film.animate(frames, fmt)
