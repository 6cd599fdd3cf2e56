"""Taking back a move: free within your own turn, else with every other player's consent."""

from __future__ import annotations

from bot.replies import Reply, UserError, outcome_unknown, stood
from bot.service.cache import Loaded
from bot.service.core import ServiceCore, User, Where
from bot.storage import GameChange, GameRow, SeatRow, StaleSeq, StoreUnavailable
from engine.core import UNDO, Action


class Undo(ServiceCore):
    """/game undo."""

    async def latest_move_is_theirs(self, where: Where, user: User) -> bool:
        """Whether /game undo has a move of ``user`` to take back (help offers it only then)."""
        game = await self._game(where)
        seat = await self._seated(game, user)
        last = await self._last_move(game)
        return last is not None and last[1].get("seat") == seat.seat

    async def undo(self, where: Where, user: User) -> Reply:
        """Undo your own latest move: free within your turn when it revealed nothing and drew no
        chance; otherwise every other player must agree (each runs /game undo)."""
        game = await self._game(where)
        seen = game.seq  # as the player saw it: a repeated agreement must not ask anew
        if game.status != "active":
            raise UserError(f"{game.name} is not running, so there is nothing to undo.")
        seat = await self._seated(game, user)
        title = self.title(game)
        async with self.lock(game.id):
            game = await self._reload(game)
            if game.status != "active":
                raise UserError(f"{game.name} is not running, so there is nothing to undo.")
            await self._refuse_repeated_undo(game, seat.seat, seen)
            last = await self._last_move(game)
            if last is None:
                raise UserError("There is no move to undo.")
            target_seq, target = last
            seats = await self.store.seats(game.id)
            names = self._names(seats)
            pending = (
                game.pending if game.pending and game.pending.get("target") == target_seq else None
            )
            why = None
            if pending is None:
                if target.get("seat") != seat.seat:
                    owner = names.get(target.get("seat", -1), "another player")
                    raise UserError(
                        f"You can only undo your own move; the latest move was {owner}'s."
                    )
                loaded = await self.load(game)
                why = (
                    "it drew a chance outcome"
                    if target.get("chance")
                    else "it revealed hidden information"
                    if target.get("_reveal")
                    else "your turn has passed"
                    if seat.seat not in title.to_act(loaded.state)
                    else None
                )
            agreed = [seat.seat]
            if pending is not None or (why is not None and len(seats) > 1):
                agreed = await self._agree(game, seat.seat, target_seq)
                missing = [s for s in seats if s.seat not in agreed]
                if missing and pending is None:
                    others = [s for s in seats if s.seat != seat.seat]
                    return Reply(
                        f"{user.name} asks to undo their last move ({why}). Every other "
                        "player must agree by running /game undo.",
                        game_id=game.id,
                        seq=game.seq,
                        ping=[s.user_id for s in others],
                    )
                if missing:
                    return Reply(
                        f"{user.name} agrees to the undo. Still waiting for "
                        f"{', '.join(s.name for s in missing)}.",
                        game_id=game.id,
                        seq=game.seq,
                        ping=[s.user_id for s in missing],
                    )
            return await self._take_back(game, user, seats, target_seq, target, agreed)

    async def _agree(self, game: GameRow, seat: int, target_seq: int) -> list[int]:
        """Add ``seat``'s agreement to the undo of move ``target_seq`` (asking for it, if
        nobody has yet) in one transaction on the game row, so agreements made at the same
        moment through different processes all count; returns who has agreed. Refused when
        the game moved on since it was read. Writes nothing once everyone agreed: the undo
        itself then clears what was asked."""
        agreed: list[int] = []

        def add(row: GameRow, seats: list[SeatRow]) -> GameChange | None:
            if row.seq != game.seq or row.status != "active":
                raise UserError(
                    "The game moved on meanwhile; look at the latest board and try again."
                )
            asked = row.pending if (row.pending or {}).get("target") == target_seq else None
            agreed[:] = sorted(set((asked or {}).get("agreed", [])) | {seat})
            if all(s.seat in agreed for s in seats):
                return None
            by = (asked or {}).get("by", seat)
            pending = {"kind": "undo", "target": target_seq, "by": by, "agreed": agreed}
            return GameChange(fields={"pending": pending})

        await self._change(game, add)
        return agreed

    async def _refuse_repeated_undo(self, game: GameRow, seat: int, seen: int) -> None:
        """An undo that came in before another undo was made, or an agreement repeated after
        the undo it agreed to was made, is that same undo again: refuse it."""
        later = await self.store.actions(game.id, after=min(seen, game.seq - 1))
        undos = [r for r in later if r.action.get("type") == UNDO]
        if any(r.seq > seen for r in undos):
            raise UserError("That undo was already made.")
        if undos and undos[-1].seq == game.seq:
            agreed = undos[-1].action.get("agreed", [])
            if len(agreed) > 1 and seat in agreed:
                raise UserError("That undo was already made; nothing has happened since.")

    async def _take_back(
        self,
        game: GameRow,
        user: User,
        seats: list[SeatRow],
        target_seq: int,
        target: Action,
        agreed: list[int],
    ) -> Reply:
        """Append the undo with the game's new turn, in one transaction."""
        title = self.title(game)
        state = await self._rebuild(game, undoing=target_seq)
        owner_seat = target.get("seat")
        undo: Action = {"type": UNDO, "seat": owner_seat, "target": target_seq, "agreed": agreed}
        now = self._clock()
        to_act = title.to_act(state)
        try:
            appended = await self.store.append_action(
                game.id,
                game.seq,
                undo,
                user_id=user.id,
                now=now,
                game_fields={"pending": None, "turn_since": now, "to_act": to_act},
                drop_snapshots_from=target_seq,
            )
        except StaleSeq:
            self._forget(game.id)
            later = await self.store.actions(game.id, after=game.seq)
            if any(r.action.get("type") == UNDO and r.action.get("target") == target_seq
                   for r in later):
                raise UserError("That undo was already made.") from None
            raise UserError("The game moved on while undoing; try again.") from None
        except StoreUnavailable as exc:
            self._forget(game.id)
            if exc.unknown:
                raise outcome_unknown("the undo") from None
            raise
        seq = appended.seq
        self._cache.put(game.id, Loaded(seq, appended.version, state))
        game.seq = seq
        owner = self._names(seats).get(owner_seat if isinstance(owner_seat, int) else -1, "?")
        reply = Reply(
            f"{owner}'s last move was undone. " + self._turn_text(title, state, seats),
            game_id=game.id,
            seq=seq,
        )
        reply.ping = [s.user_id for s in seats if s.seat in to_act and s.user_id != user.id]
        self.painted(reply, await self._focus_board(game, state))
        if appended.recovered:
            reply.text += "\n" + stood("the undo")
        return reply
