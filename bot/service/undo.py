"""Taking back a move: free within your own turn, else with every other player's consent."""

from __future__ import annotations

from bot.replies import Reply, UserError
from bot.service.core import ServiceCore, User, Where
from bot.store import StaleSeq
from engine.core import UNDO, Action


class Undo(ServiceCore):
    """/game undo."""

    async def latest_move_is_theirs(self, where: Where, user: User) -> bool:
        """Whether /game undo has a move of ``user`` to take back (help offers it only then)."""
        game = await self._game(where)
        seat = await self._seated(game, user)
        loaded = await self.load(game)
        return bool(loaded.effective) and loaded.effective[-1][1].get("seat") == seat.seat

    async def undo(self, where: Where, user: User) -> Reply:
        """Undo your own latest move: free within your turn when it revealed nothing and drew no
        chance; otherwise every other player must agree (each runs /game undo)."""
        game = await self._game(where)
        if game.status != "active":
            raise UserError(f"{game.name} is not running, so there is nothing to undo.")
        seat = await self._seated(game, user)
        title = self.title(game)
        async with self.lock(game.id):
            game = await self._reload(game)
            if game.status != "active":
                raise UserError(f"{game.name} is not running, so there is nothing to undo.")
            loaded = await self.load(game)
            seats = await self.store.seats(game.id)
            if not loaded.effective:
                raise UserError("There is no move to undo.")
            target_seq, target = loaded.effective[-1]
            names = self._names(seats)
            pending = (
                game.pending if game.pending and game.pending.get("target") == target_seq else None
            )
            if pending is None:
                if target.get("seat") != seat.seat:
                    owner = names.get(target.get("seat", -1), "another player")
                    raise UserError(
                        f"You can only undo your own move; the latest move was {owner}'s."
                    )
                free = (
                    not target.get("chance")
                    and not target.get("_reveal")
                    and seat.seat in title.to_act(loaded.state)
                )
                if not free:
                    why = (
                        "it drew a chance outcome"
                        if target.get("chance")
                        else "it revealed hidden information"
                        if target.get("_reveal")
                        else "your turn has passed"
                    )
                    others = [s for s in seats if s.seat != seat.seat]
                    pend = {
                        "kind": "undo",
                        "target": target_seq,
                        "by": seat.seat,
                        "agreed": [seat.seat],
                    }
                    if others:
                        await self.store.update_game(game.id, self._clock(), pending=pend)
                        return Reply(
                            f"{user.name} asks to undo their last move ({why}). Every other "
                            "player must agree by running /game undo.",
                            game_id=game.id,
                            seq=game.seq,
                            ping=[s.user_id for s in others],
                        )
            else:
                agreed = set(pending["agreed"]) | {seat.seat}
                pending = {**pending, "agreed": sorted(agreed)}
                missing = [s for s in seats if s.seat not in agreed]
                if missing:
                    await self.store.update_game(game.id, self._clock(), pending=pending)
                    return Reply(
                        f"{user.name} agrees to the undo. Still waiting for "
                        f"{', '.join(s.name for s in missing)}.",
                        game_id=game.id,
                        seq=game.seq,
                        ping=[s.user_id for s in missing],
                    )
            owner_seat = target.get("seat")
            undo: Action = {"type": UNDO, "seat": owner_seat, "target": target_seq}
            now = self._clock()
            self._forget(game.id)
            try:
                seq = await self.store.append_action(
                    game.id,
                    game.seq,
                    undo,
                    user_id=user.id,
                    now=now,
                    game_fields={"pending": None, "turn_since": now},
                    drop_snapshots_from=target_seq,
                )
            except StaleSeq:
                raise UserError("The game moved on while undoing; try again.") from None
            game = await self.store.game(game.id) or game
            loaded = await self.load(game)
            to_act = title.to_act(loaded.state)
            await self.store.update_game(game.id, self._clock(), to_act=to_act)
            owner = names.get(owner_seat if isinstance(owner_seat, int) else -1, "?")
            reply = Reply(
                f"{owner}'s last move was undone. " + self._turn_text(title, loaded.state, seats),
                game_id=game.id,
                seq=seq,
            )
            reply.ping = [s.user_id for s in seats if s.seat in to_act and s.user_id != user.id]
            reply.image = await self._board(game, loaded.state)
            return reply
