"""Opening a game, taking and giving up seats, starting it."""

from __future__ import annotations

import random
from typing import Any

from bot.replies import SERVERS_ONLY, Reply, UserError
from bot.service.core import Loaded, ServiceCore, User, Where
from bot.store import ChannelBusy, GameRow, SeatRow
from engine.core import Title, new_game


class Lobby(ServiceCore):
    """/game new, join, leave and start."""

    async def new_game(
        self,
        where: Where,
        user: User,
        system: str,
        map_id: str | None = None,
        options: dict[str, Any] | None = None,
        name: str | None = None,
    ) -> Reply:
        if where.guild_id is None:
            raise UserError(SERVERS_ONLY)
        title, map_id, opts = self.check_new_game(system, map_id, options)
        meta = title.meta
        busy = await self.store.game_in_channel(where.channel_id)
        if busy is not None:
            raise UserError(
                f"This channel already has a game ({busy.name}, {busy.status}). Finish or abandon "
                "it first, or start yours in another channel or thread."
            )
        chosen = meta.map(map_id)
        label = name or meta.name + (f" ({chosen.name})" if chosen else "")
        try:
            game_id = await self.store.create_game(
                guild_id=where.guild_id,
                channel_id=where.channel_id,
                title=meta.id,
                map_id=map_id,
                options=opts,
                name=label,
                creator_id=user.id,
                now=self._clock(),
            )
        except ChannelBusy:
            raise UserError(
                "This channel already has a game; finish or abandon it first."
            ) from None
        game = await self.store.game(game_id)
        assert game is not None
        await self._seat_user(game, user, None)
        m = meta.map(map_id)
        players = (
            f"{m.min_players}-{m.max_players}" if m else f"{meta.min_players}-{meta.max_players}"
        )
        return Reply(
            f"{user.name} opened a game of {label} here ({players} players). "
            "Join with /game join; the creator starts it with /game start.",
            game_id=game_id,
            seq=0,
        )

    def check_new_game(
        self, system: str, map_id: str | None, options: dict[str, Any] | None
    ) -> tuple[Title, str | None, dict[str, Any]]:
        """The title, map and options a new game would get; raises what /game new would refuse
        (before a place for the game, such as a thread, is made)."""
        title = self.registry.get(system)
        meta = title.meta
        if meta.maps:
            if map_id is None:
                map_id = meta.maps[0].id
            if meta.map(map_id) is None:
                known = ", ".join(m.id for m in meta.maps)
                raise UserError(f"{meta.name} has no map '{map_id}'. Choose one of: {known}.")
        elif map_id is not None:
            raise UserError(f"{meta.name} has no map choice; leave out map:.")
        opts = self._check_options(title, options or {})
        title.validate_options(map_id, opts)
        return title, map_id, opts

    def _check_options(self, title: Title, options: dict[str, Any]) -> dict[str, Any]:
        specs = {o.name: o for o in title.meta.options}
        out: dict[str, Any] = {
            o.name: o.default for o in title.meta.options if o.default is not None
        }
        for key, value in options.items():
            spec = specs.get(key)
            if spec is None:
                known = ", ".join(specs) or "none"
                raise UserError(f"{title.meta.name} has no option '{key}'. Its options: {known}.")
            if spec.choices and str(value) not in spec.choices:
                raise UserError(f"Option {key} must be one of: {', '.join(spec.choices)}.")
            if spec.type == "boolean" and not isinstance(value, bool):
                raise UserError(f"Option {key} must be true or false.")
            if spec.type == "integer" and not isinstance(value, int):
                raise UserError(f"Option {key} must be a whole number.")
            out[key] = value
        return out

    async def _seat_user(self, game: GameRow, user: User, colour: str | None) -> SeatRow:
        title = self.title(game)
        seats = await self.store.seats(game.id)
        taken = {s.colour for s in seats}
        free = [c for c in title.meta.colours if c not in taken]
        if colour is None:
            if not free:
                raise UserError(f"{game.name} is full.")
            colour = free[0]
        elif colour not in title.meta.colours:
            raise UserError(f"'{colour}' is not a player colour. Choose one of: {', '.join(free)}.")
        elif colour in taken:
            raise UserError(f"{colour} is taken. Free colours: {', '.join(free) or 'none'}.")
        seat = SeatRow(len(seats), user.id, user.name, colour)
        await self.store.set_seats(game.id, [*seats, seat])
        return seat

    def _max_players(self, game: GameRow) -> int:
        meta = self.title(game).meta
        m = meta.map(game.map)
        return m.max_players if m else meta.max_players

    async def join(self, where: Where, user: User, colour: str | None = None) -> Reply:
        game = await self._game(where)
        if game.status != "lobby":
            raise UserError(
                f"{game.name} has already started; ask the creator to /game replace a "
                "player if a seat needs you."
            )
        async with self.lock(game.id):
            game = await self._reload(game)
            if game.status != "lobby":
                raise UserError(f"{game.name} has already started.")
            seats = await self.store.seats(game.id)
            if self._seat_of(seats, user) is not None:
                raise UserError(f"You are already in {game.name}.")
            if len(seats) >= self._max_players(game):
                raise UserError(f"{game.name} is full ({len(seats)} players).")
            seat = await self._seat_user(game, user, colour)
            count = len(seats) + 1
        return Reply(
            f"{user.name} joined {game.name} as {seat.colour} ({count} players).",
            game_id=game.id,
            seq=0,
        )

    async def leave(self, where: Where, user: User) -> Reply:
        game = await self._game(where)
        if game.status != "lobby":
            raise UserError(
                "The game has started: you can't leave it now. The creator can "
                "/game replace you with another player."
            )
        async with self.lock(game.id):
            game = await self._reload(game)
            if game.status != "lobby":
                raise UserError(f"{game.name} has started: you can't leave it now.")
            seats = await self.store.seats(game.id)
            me = self._seat_of(seats, user)
            if me is None:
                raise UserError(f"You are not in {game.name}.")
            rest = [s for s in seats if s.user_id != user.id]
            if not rest:
                await self.store.update_game(game.id, self._clock(), status="abandoned")
                await self.store.set_seats(game.id, [])
                return Reply(f"{user.name} left; {game.name} is closed as nobody is left in it.")
            renumbered = [SeatRow(i, s.user_id, s.name, s.colour) for i, s in enumerate(rest)]
            await self.store.set_seats(game.id, renumbered)
            if game.creator_id == user.id:
                await self.store.update_game(game.id, self._clock(), creator_id=rest[0].user_id)
        return Reply(f"{user.name} left {game.name}.", game_id=game.id)

    async def start(self, where: Where, user: User, seed: int | None = None) -> Reply:
        game = await self._game(where)
        if game.status != "lobby":
            raise UserError(f"{game.name} has already started.")
        self._require_admin(game, user, "start the game")
        title = self.title(game)
        async with self.lock(game.id):
            game = await self._reload(game)
            if game.status != "lobby":
                raise UserError(f"{game.name} has already started.")
            seats = await self.store.seats(game.id)
            game_seed = seed if seed is not None else self._seeds.randrange(1 << 62)
            order = list(seats)
            random.Random(game_seed).shuffle(order)  # seating order at random (R19)
            seated = [SeatRow(i, s.user_id, s.name, s.colour) for i, s in enumerate(order)]
            game.seed = game_seed
            config = self.config(game, seated)
            state = new_game(title, config)  # raises IllegalAction for a wrong player count
            to_act = title.to_act(state)
            await self.store.set_seats(game.id, seated)
            now = self._clock()
            await self.store.update_game(
                game.id, now, status="active", seed=game_seed, to_act=to_act, turn_since=now
            )
            self._cache[game.id] = Loaded(0, state, [])
            game = await self.store.game(game.id) or game
        order_text = ", ".join(f"{s.name} ({s.colour})" for s in seated)
        reply = Reply(
            f"{game.name} has started. Seating order: {order_text}. "
            + self._turn_text(title, state, seated),
            game_id=game.id,
            seq=0,
        )
        reply.ping = [s.user_id for s in seated if s.seat in to_act]
        reply.private = self._private_events([], seated)
        reply.image = await self._board(game, state)
        return reply
