"""What the creator or a server manager may do: abandon, pause, resume, kick, replace."""

from __future__ import annotations

from typing import Any

from bot.replies import Reply, UserError
from bot.service.core import ServiceCore, User, Where
from bot.service.display import COLOURBLIND, set_server_default
from bot.storage import ACTIVE, GameChange, GameRow, SeatRow
from engine.core.names import Named, resolve


def seat_label(seat: SeatRow) -> str:
    """A seat as players name it in /game replace seat: (a computer has no mention)."""
    return f"{seat.name} ({seat.colour})"


class Admin(ServiceCore):
    """/game abandon, pause, resume, kick, replace and colourblind."""

    async def set_game_setting(self, game: GameRow, user: User, what: str, key: str,
                               value: Any) -> GameRow:
        """Set one of the game's settings (reminder or takeover hours) for its creator or a
        server manager, checked on the game row as it is in the transaction that writes it
        and bumps its version: a change racing an abandon or the creator's leaving is
        refused with a sentence, never acknowledged after it. The row as it was."""

        def make(row: GameRow, seats: list[SeatRow]) -> GameChange:
            if row.status not in ACTIVE:
                raise UserError(f"{row.name} is {row.status}, so its settings no longer change.")
            self._require_admin(row, user, what)
            return GameChange(settings={key: value})

        row, _, _ = await self._change(game, make)
        return row

    async def set_colourblind(self, where: Where, user: User, on: bool,
                              server: bool = False) -> Reply:
        """Colour-blind boards for the game in the channel (any of its players, its creator
        or a server manager may switch them: they change no move), or with ``server`` the
        default for the server's new games."""
        if server:
            return await set_server_default(self.store, where.guild_id, user.manager, on)
        game = await self.store.game_in_channel(where.channel_id)
        if game is None:
            raise UserError("There is no game in this channel. A server manager sets the "
                            "default for this server's new games with server:true.")

        def switch(row: GameRow, seats: list[SeatRow]) -> GameChange:
            # Read and written in one transaction: another option changed meanwhile stays.
            if (self._seat_of(seats, user) is None and user.id != row.creator_id
                    and not user.manager):
                raise UserError(f"Only the players of {row.name} (or a server manager) can "
                                "change how its boards look.")
            return GameChange(fields={"options": {**(row.options or {}), COLOURBLIND.name: on}})

        await self._change(game, switch)
        if on:
            text = (f"{game.name} now shows colour-blind boards: each colour's letter on goods "
                    "and cities, a pattern on each player's track.")
        else:
            text = f"{game.name} shows plain colours again."
        return Reply(text + " Only the pictures change.", game_id=game.id)

    async def abandon(self, where: Where, user: User, confirm: bool = False) -> Reply:
        game = await self._game(where, checked=False)  # a damaged game can be abandoned
        self._require_admin(game, user, "abandon the game")
        if not confirm:
            raise UserError(
                f"Abandoning ends {game.name} for everyone and cannot be undone: "
                "repeat with confirm:true."
            )

        def end(row: GameRow, seats: list[SeatRow]) -> GameChange:
            if row.status not in ACTIVE:  # another command ended it first
                raise UserError(f"{row.name} is already {row.status}.")
            return GameChange(fields={"status": "abandoned"})

        async with self.lock(game.id):
            await self._change(game, end)
            self._forget(game.id)
        return Reply(f"{game.name} was abandoned by {user.name}.", game_id=game.id)

    async def set_paused(self, where: Where, user: User, paused: bool) -> Reply:
        game = await self._game(where)
        self._require_admin(game, user, "pause or resume the game")

        def switch(row: GameRow, seats: list[SeatRow]) -> GameChange:
            # Checked on the row as it is now, in the transaction that changes it: a pause and
            # an abandon at the same moment cannot both be acknowledged, nor a resume revive an
            # abandoned game.
            if paused and row.status != "active":
                raise UserError(f"{row.name} is {row.status}, so it can't be paused.")
            if not paused and row.status != "paused":
                raise UserError(f"{row.name} is {row.status}, not paused.")
            fields: dict[str, Any] = {"status": "paused" if paused else "active"}
            if not paused:  # reminders count from the resume, not across the pause
                fields["turn_since"] = self._clock()
            return GameChange(fields=fields)

        if paused and game.status != "active":
            raise UserError(f"{game.name} is not running, so it can't be paused.")
        if not paused and game.status != "paused":
            raise UserError(f"{game.name} is not paused.")
        await self._change(game, switch)  # not behind the lock: a pause overtakes moves
        verb = "paused" if paused else "resumed"
        return Reply(f"{game.name} was {verb} by {user.name}.", game_id=game.id)

    async def kick(self, where: Where, user: User, target: User) -> Reply:
        game = await self._game(where)
        self._require_admin(game, user, "remove a player")
        if game.status != "lobby":
            raise UserError(
                f"{game.name} has started, so seats can't be emptied; use "
                "/game replace to give the seat to someone else."
            )
        def empty_seat(game: GameRow, seats: list[SeatRow]) -> GameChange:
            if game.status != "lobby":
                raise UserError(f"{game.name} has started, so seats can't be emptied.")
            if self._seat_of(seats, target) is None:
                raise UserError(f"{target.name} is not in {game.name}.")
            if target.id == game.creator_id:
                raise UserError("The creator can't be removed; the creator can /game leave.")
            rest = [s for s in seats if s.user_id != target.id]
            return GameChange(
                seats=[SeatRow(i, s.user_id, s.name, s.colour) for i, s in enumerate(rest)]
            )

        async with self.lock(game.id):
            game, _, _ = await self._change(game, empty_seat)
        return Reply(f"{target.name} was removed from {game.name} by {user.name}.", game_id=game.id)

    async def seat_names(self, where: Where) -> list[str]:
        """The seats of the game here, for /game replace seat: suggestions."""
        game = await self.game_here(where, required=False)
        if game is None:
            return []
        return [seat_label(s) for s in await self.store.seats(game.id)]

    async def seat_holder(self, where: Where, text: str) -> User:
        """Who sits in the seat ``text`` names (by player name, colour or both, as the
        suggestions read), for handing a computer's seat back to a person."""
        game = await self._game(where)
        seats = await self.store.seats(game.id)
        found = resolve(text, [Named(s, seat_label(s), (s.name, s.colour)) for s in seats],
                        "seat")
        return User(found.user_id, found.name)

    async def replace(self, where: Where, user: User, old: User, new: User) -> Reply:
        game = await self._game(where)
        self._require_admin(game, user, "replace a player")
        taken: list[SeatRow] = []

        def hand_over(game: GameRow, seats: list[SeatRow]) -> GameChange:
            target = self._seat_of(seats, old)
            if target is None:
                raise UserError(f"{old.name} is not playing in {game.name}.")
            if self._seat_of(seats, new) is not None:
                raise UserError(f"{new.name} already has a seat in {game.name}.")
            taken.append(target)
            # The engine's state took the players' names from the seats at the start: drop the
            # snapshots so it is rebuilt from the seats as they are now (the new name shows).
            change = GameChange(
                seats=[
                    SeatRow(s.seat, new.id, new.name, s.colour) if s.seat == target.seat else s
                    for s in seats
                ],
                drop_snapshots=True,
            )
            if game.status != "lobby" and target.seat in game.to_act:
                change.fields["turn_since"] = self._clock()  # reminders count from here
            return change

        async with self.lock(game.id):
            game, _, _ = await self._change(game, hand_over)
        target = taken[-1]
        return Reply(
            f"{new.name} takes over {old.name}'s seat ({target.colour}) in {game.name}.",
            game_id=game.id,
            ping=[new.id],
        )
