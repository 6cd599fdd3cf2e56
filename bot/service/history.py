"""The game as it was: the board after any earlier move, replayed from the log."""

from __future__ import annotations

import asyncio

from bot.replies import Reply, UserError
from bot.service.core import ServiceCore, Where
from engine.core import effective_actions


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
