"""Taking and giving up seats before the start, and starting the game.

Each change reads and writes the seats in one transaction (Store.change_game), so joins from
several processes sharing the database never overwrite one another.
"""

from __future__ import annotations

import random

from bot.replies import Reply, UserError
from bot.service.cache import Loaded
from bot.service.core import ServiceCore, User, Where
from bot.storage import GameChange, GameRow, SeatRow
from engine.core import IllegalAction, State, new_game


class Lobby(ServiceCore):
    """/game join, leave and start."""

    def _max_players(self, game: GameRow) -> int:
        meta = self.title(game).meta
        m = meta.map(game.map)
        return m.max_players if m else meta.max_players

    def seat_filling(self, game: GameRow) -> str:
        """How to fill the table: others join, the creator seats computer players, and where
        the title has a solo game, one player alone plays it."""
        meta = self.title(game).meta
        m = meta.map(game.map)
        low = m.min_players if m else meta.min_players
        solo = " One player alone plays the solo game." if low == 1 else ""
        return ("Others sit down with /game join; the creator seats a computer player with "
                f"/game addbot (level:easy for a gentler one) for each empty seat.{solo}")

    def _in_lobby(self, game: GameRow, refusal: str) -> None:
        if game.status != "lobby":
            raise UserError(refusal.format(name=game.name))

    async def join(self, where: Where, user: User, colour: str | None = None) -> Reply:
        game = await self._game(where)
        started = "{name} has already started; ask the creator to /game replace a player if a "
        started += "seat needs you."
        self._in_lobby(game, started)

        def take_seat(game: GameRow, seats: list[SeatRow]) -> GameChange:
            self._in_lobby(game, started)
            if self._seat_of(seats, user) is not None:
                raise UserError(f"You are already in {game.name}.")
            if len(seats) >= self._max_players(game):
                raise UserError(f"{game.name} is full ({len(seats)} players).")
            colours = self.title(game).meta.colours
            taken = {s.colour for s in seats}
            free = [c for c in colours if c not in taken]
            chosen = colour or (free[0] if free else None)
            if chosen is None:
                raise UserError(f"{game.name} is full.")
            if chosen not in colours:
                raise UserError(
                    f"'{chosen}' is not a player colour. Choose one of: {', '.join(free)}."
                )
            if chosen in taken:
                raise UserError(f"{chosen} is taken. Free colours: {', '.join(free) or 'none'}.")
            return GameChange(seats=[*seats, SeatRow(len(seats), user.id, user.name, chosen)])

        async with self.lock(game.id):
            game, change, _ = await self._change(game, take_seat)
        assert change is not None and change.seats
        count, seat = len(change.seats), change.seats[-1]
        return Reply(
            f"{user.name} joined {game.name} as {seat.colour} ({count} players).",
            game_id=game.id,
            seq=0,
        )

    async def leave(self, where: Where, user: User) -> Reply:
        game = await self._game(where)
        started = "{name} has started: you can't leave it now. The creator can /game replace "
        started += "you with another player."
        self._in_lobby(game, started)

        def give_up_seat(game: GameRow, seats: list[SeatRow]) -> GameChange:
            self._in_lobby(game, started)
            if self._seat_of(seats, user) is None:
                raise UserError(f"You are not in {game.name}.")
            rest = [s for s in seats if s.user_id != user.id]
            if not rest:
                return GameChange(seats=[], fields={"status": "abandoned"})
            change = GameChange(seats=self._renumbered(rest))
            if game.creator_id == user.id:
                change.fields["creator_id"] = rest[0].user_id
            return change

        async with self.lock(game.id):
            game, change, _ = await self._change(game, give_up_seat)
        if change is not None and change.fields.get("status") == "abandoned":
            return Reply(f"{user.name} left; {game.name} is closed as nobody is left in it.")
        return Reply(f"{user.name} left {game.name}.", game_id=game.id)

    @staticmethod
    def _renumbered(seats: list[SeatRow]) -> list[SeatRow]:
        return [SeatRow(i, s.user_id, s.name, s.colour) for i, s in enumerate(seats)]

    async def start(self, where: Where, user: User, seed: int | None = None) -> Reply:
        game = await self._game(where)
        self._in_lobby(game, "{name} has already started.")
        self._require_admin(game, user, "start the game")
        title = self.title(game)
        game_seed = seed if seed is not None else self._seeds.randrange(1 << 62)
        started: list[State] = []

        def seat_and_set_up(game: GameRow, seats: list[SeatRow]) -> GameChange:
            self._in_lobby(game, "{name} has already started.")
            order = list(seats)
            random.Random(game_seed).shuffle(order)  # seating order at random (R19)
            seated = self._renumbered(order)
            game.seed = game_seed
            game.rules_version = title.meta.rules_version
            # raises IllegalAction for a wrong player count
            state = new_game(title, self.config(game, seated))
            started.append(state)
            now = self._clock()
            fields = {"status": "active", "seed": game_seed, "turn_since": now,
                      "to_act": title.to_act(state), "rules_version": game.rules_version}
            return GameChange(seats=seated, fields=fields)

        async with self.lock(game.id):
            try:
                game, change, version = await self._change(game, seat_and_set_up)
            except IllegalAction as exc:
                if exc.code != "player_count":
                    raise
                raise UserError(f"{exc.message} {self.seat_filling(game)}") from None
            assert change is not None and change.seats is not None
            state, seated = started[-1], change.seats
            self._cache.put(game.id, Loaded(0, version, state))
        game.status = "active"
        order_text = ", ".join(f"{s.name} ({s.colour})" for s in seated)
        opening = title.opening(state)
        reply = Reply(
            f"{game.name} has started. Seating order: {order_text}. "
            + (f"{opening} " if opening else "")
            + self._turn_text(title, state, seated),
            game_id=game.id,
            seq=0,
        )
        to_act = title.to_act(state)
        reply.ping = [s.user_id for s in seated if s.seat in to_act]
        reply.private = self._private_events([], seated)
        png, posted = await self._posted_board(game, state)
        self.painted(reply, (png, False))
        # The first moves (an opening auction) post the board under a header: prepared now,
        # while the start is posted, the first is encoded as a next picture (made from the
        # board just posted, which kept its palette and bands).
        self.warm_later(game, state, posted)
        return reply
