"""GameService: lock -> load -> apply -> persist -> views. Knows nothing of Discord.

Every entry point takes where it was asked (guild and channel ids) and who asked, and returns a
:class:`Reply`. Bad input raises :class:`UserError` or the engine's :class:`IllegalAction`; both
mean nothing was written.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.replies import Private, Reply, UserError
from bot.store import ACTIVE, ChannelBusy, GameRow, SeatRow, StaleSeq, Store
from engine.core import (
    UNDO,
    Action,
    Config,
    Event,
    IllegalAction,
    Registry,
    State,
    Title,
    effective_actions,
    new_game,
    step,
    visible_to,
)

log = logging.getLogger("railbot.service")

SNAPSHOT_EVERY = 25
"""Write a state snapshot (a cache) every this many effective actions."""

BoardRenderer = Callable[[str, dict[str, Any], str | None, str | None], bytes | None]
"""(title id, public view, map id, zoom) -> PNG bytes, or None when the title has no board."""


@dataclass(frozen=True)
class Where:
    guild_id: int | None
    channel_id: int


@dataclass(frozen=True)
class User:
    id: int
    name: str
    manager: bool = False
    """May manage the server (Discord's Manage Server): may kick, replace, pause and abandon."""


@dataclass
class Loaded:
    """A game's state as of ``seq`` with the effective (not undone) actions that built it."""

    seq: int
    state: State
    effective: list[tuple[int, Action]] = field(default_factory=list)


class GameService:
    def __init__(
        self,
        store: Store,
        registry: Registry,
        *,
        render: BoardRenderer | None = None,
        clock: Callable[[], float] = time.time,
        seeds: random.Random | None = None,
    ) -> None:
        self.store = store
        self.registry = registry
        self._render = render
        self._clock = clock
        self._seeds = seeds or random.Random()
        self._locks: dict[int, asyncio.Lock] = {}
        self._cache: dict[int, Loaded] = {}

    # -- helpers -------------------------------------------------------------------------------

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    async def game_here(
        self, where: Where, *, required: bool = True, ended: bool = False
    ) -> GameRow | None:
        """The channel's running game; with ``ended``, else the last one (to look at)."""
        if ended:
            game = await self.store.last_game_in_channel(where.channel_id)
        else:
            game = await self.store.game_in_channel(where.channel_id)
        if game is None and required:
            raise UserError("There is no game in this channel. Start one with /game new.")
        return game

    async def _game(self, where: Where, *, ended: bool = False) -> GameRow:
        game = await self.game_here(where, ended=ended)
        assert game is not None
        return game

    def title(self, game: GameRow) -> Title:
        return self.registry.get(game.title)

    @staticmethod
    def _seat_of(seats: list[SeatRow], user: User) -> SeatRow | None:
        return next((s for s in seats if s.user_id == user.id), None)

    async def _seated(self, game: GameRow, user: User) -> SeatRow:
        seat = self._seat_of(await self.store.seats(game.id), user)
        if seat is None:
            raise UserError(
                f"You are not playing in {game.name}. Spectators can use /game board, "
                "/game status and /game log."
            )
        return seat

    async def _reload(self, game: GameRow) -> GameRow:
        """The game's row as it is now: a check made before waiting for the lock may be out of
        date (another command started, paused or ended the game meanwhile)."""
        return await self.store.game(game.id) or game

    def _require_admin(self, game: GameRow, user: User, what: str) -> None:
        if user.id != game.creator_id and not user.manager:
            raise UserError(f"Only the game's creator or a server manager can {what}.")

    def config(self, game: GameRow, seats: list[SeatRow]) -> Config:
        return {
            "title": game.title,
            "map": game.map,
            "options": game.options,
            "seed": game.seed or 0,
            "players": [{"seat": s.seat, "name": s.name, "colour": s.colour} for s in seats],
        }

    async def load(self, game: GameRow) -> Loaded:
        """The game's current state: from the cache, else a snapshot plus the actions after it."""
        cached = self._cache.get(game.id)
        if cached is not None and cached.seq == game.seq:
            return cached
        title = self.title(game)
        rows = await self.store.actions(game.id)
        effective = effective_actions([(r.seq, r.action) for r in rows])
        snap = await self.store.latest_snapshot(game.id)
        if snap is not None:
            snap_seq, state = snap
        else:
            snap_seq, state = 0, new_game(title, self.config(game, await self.store.seats(game.id)))
        for seq, action in effective:
            if seq > snap_seq:
                try:
                    step(title, state, action, in_place=True)
                except Exception as exc:
                    # The stored moves no longer fit the rules (a rules change, or a damaged
                    # file): say so plainly instead of failing every command in the channel.
                    log.exception("game %s: move #%s no longer replays", game.id, seq)
                    raise UserError(
                        f"{game.name} cannot be loaded: its move #{seq} no longer fits the "
                        f"current rules ({exc}). The creator or a server manager can "
                        "/game abandon it."
                    ) from None
        loaded = Loaded(game.seq, state, effective)
        self._cache[game.id] = loaded
        return loaded

    def _forget(self, game_id: int) -> None:
        self._cache.pop(game_id, None)

    def _names(self, seats: list[SeatRow]) -> dict[int, str]:
        return {s.seat: s.name for s in seats}

    def _turn_text(self, title: Title, state: State, seats: list[SeatRow]) -> str:
        if title.is_over(state):
            return "The game is over."
        names = self._names(seats)
        acting = [names.get(s, f"seat {s}") for s in title.to_act(state)]
        if not acting:
            return ""
        return f"Waiting for {', '.join(acting)}."

    def board(self, game: GameRow, state: State, zoom: str | None = None) -> bytes | None:
        if self._render is None:
            return None
        view = self.title(game).view(state, None)
        try:
            return self._render(game.title, view, game.map, zoom)
        except ValueError as exc:  # a bad zoom target: the renderer says what was wrong
            raise UserError(str(exc)) from None

    async def _board(self, game: GameRow, state: State, zoom: str | None = None) -> bytes | None:
        # Rendering is CPU work: keep it off the event loop. A drawing bug must not lose a move
        # that is already stored, so anything but a bad zoom target only costs the picture.
        try:
            return await asyncio.to_thread(self.board, game, state, zoom)
        except UserError:
            raise
        except Exception:
            log.exception("rendering game %s failed", game.id)
            return None

    # -- lobby ---------------------------------------------------------------------------------

    async def new_game(
        self,
        where: Where,
        user: User,
        system: str,
        map_id: str | None = None,
        options: dict[str, Any] | None = None,
        name: str | None = None,
    ) -> Reply:
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

    async def abandon(self, where: Where, user: User, confirm: bool = False) -> Reply:
        game = await self._game(where)
        self._require_admin(game, user, "abandon the game")
        if not confirm:
            raise UserError(
                f"Abandoning ends {game.name} for everyone and cannot be undone: "
                "repeat with confirm:true."
            )
        async with self.lock(game.id):
            await self.store.update_game(game.id, self._clock(), status="abandoned")
            self._forget(game.id)
        return Reply(f"{game.name} was abandoned by {user.name}.", game_id=game.id)

    async def set_paused(self, where: Where, user: User, paused: bool) -> Reply:
        game = await self._game(where)
        self._require_admin(game, user, "pause or resume the game")
        if paused and game.status != "active":
            raise UserError(f"{game.name} is not running, so it can't be paused.")
        if not paused and game.status != "paused":
            raise UserError(f"{game.name} is not paused.")
        now = self._clock()
        fields: dict[str, Any] = {"status": "paused" if paused else "active"}
        if not paused:
            fields["turn_since"] = now  # reminders count from the resume, not across the pause
        await self.store.update_game(game.id, now, **fields)
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
        async with self.lock(game.id):
            game = await self._reload(game)
            if game.status != "lobby":
                raise UserError(f"{game.name} has started, so seats can't be emptied.")
            seats = await self.store.seats(game.id)
            if self._seat_of(seats, target) is None:
                raise UserError(f"{target.name} is not in {game.name}.")
            if target.id == game.creator_id:
                raise UserError("The creator can't be removed; the creator can /game leave.")
            rest = [s for s in seats if s.user_id != target.id]
            await self.store.set_seats(
                game.id, [SeatRow(i, s.user_id, s.name, s.colour) for i, s in enumerate(rest)]
            )
        return Reply(f"{target.name} was removed from {game.name} by {user.name}.", game_id=game.id)

    async def replace(self, where: Where, user: User, old: User, new: User) -> Reply:
        game = await self._game(where)
        self._require_admin(game, user, "replace a player")
        async with self.lock(game.id):
            game = await self._reload(game)
            seats = await self.store.seats(game.id)
            target = self._seat_of(seats, old)
            if target is None:
                raise UserError(f"{old.name} is not playing in {game.name}.")
            if self._seat_of(seats, new) is not None:
                raise UserError(f"{new.name} already has a seat in {game.name}.")
            seats = [
                SeatRow(s.seat, new.id, new.name, s.colour) if s.seat == target.seat else s
                for s in seats
            ]
            # The engine's state took the players' names from the seats at the start: rebuild it
            # from the seats as they are now, so the board and the moves show the new name.
            await self.store.replace_seat(game.id, seats)
            self._forget(game.id)
            if game.status != "lobby" and target.seat in game.to_act:
                # The newcomer's turn starts now: reminders count from here.
                await self.store.update_game(game.id, self._clock(), turn_since=self._clock())
        return Reply(
            f"{new.name} takes over {old.name}'s seat ({target.colour}) in {game.name}.",
            game_id=game.id,
            ping=[new.id],
        )

    # -- play ----------------------------------------------------------------------------------

    async def act(
        self,
        where: Where,
        user: User,
        command: str,
        options: dict[str, Any],
        expected_seq: int | None = None,
        confirmed: bool = False,
    ) -> Reply:
        """Play one move typed as a command (``/build from:... to:...``).

        A move the title wants confirmed (one that issues bonds, R12) is only described, and
        nothing is written, until it comes again with ``confirmed``.
        """
        game = await self._game(where)
        if game.status == "lobby":
            raise UserError(
                f"{game.name} has not started yet; the creator starts it with /game start."
            )
        if game.status == "paused":
            raise UserError(f"{game.name} is paused; the creator can /game resume it.")
        seat = await self._seated(game, user)
        title = self.title(game)
        async with self.lock(game.id):
            game = await self._reload(game)
            if game.status == "paused":
                raise UserError(f"{game.name} is paused; the creator can /game resume it.")
            if game.status != "active":
                raise UserError(f"{game.name} is {game.status}.")
            if expected_seq is not None and expected_seq != game.seq:
                raise UserError(
                    "The game has moved on since that button was shown; look at the "
                    "latest board and try again."
                )
            loaded = await self.load(game)
            seats = await self.store.seats(game.id)
            acting = title.to_act(loaded.state)
            if title.is_over(loaded.state):
                raise UserError(f"{game.name} is over.")
            if seat.seat not in acting:
                names = self._names(seats)
                who = ", ".join(names.get(s, "?") for s in acting)
                raise IllegalAction("not_your_turn", f"It is {who}'s turn, not yours.")
            action = title.command_to_action(loaded.state, seat.seat, command, options)
            action["seat"] = seat.seat
            if not confirmed:
                trial = step(title, loaded.state, action)
                ask = title.confirmation(loaded.state, trial.state, action)
                if ask is not None:
                    what = " ".join(ev["text"] for ev in trial.events if visible_to(ev, None))
                    return Reply(
                        f"{what}\n{ask} Repeat the move with confirm:true to go ahead.".strip(),
                        ephemeral=True,
                        game_id=game.id,
                        seq=game.seq,
                        data={"confirm": {"command": command, "options": options}},
                    )
            return await self._commit(game, title, loaded, seats, action, user)

    async def _commit(
        self,
        game: GameRow,
        title: Title,
        loaded: Loaded,
        seats: list[SeatRow],
        action: Action,
        user: User,
    ) -> Reply:
        """Apply ``action`` (already checked as the user's) and persist it; under the game lock."""
        result = step(title, loaded.state, action)
        stored = dict(action)
        if result.chance:
            stored["chance"] = result.chance
        if title.is_reveal(action, result.events):
            stored["_reveal"] = True
        effective = [*loaded.effective, (game.seq + 1, stored)]
        snapshot = result.state if len(effective) % SNAPSHOT_EVERY == 0 else None
        over = title.is_over(result.state)
        to_act = title.to_act(result.state)
        now = self._clock()
        fields: dict[str, Any] = {"to_act": to_act, "pending": None}
        if to_act != game.to_act:
            fields["turn_since"] = now
        if over:
            fields["status"] = "finished"
        try:
            seq = await self.store.append_action(
                game.id,
                game.seq,
                stored,
                user_id=user.id,
                now=now,
                game_fields=fields,
                snapshot=snapshot,
            )
        except StaleSeq:
            self._forget(game.id)
            raise UserError(
                "Someone else moved at the same moment; look at the board and try again."
            ) from None
        self._cache[game.id] = Loaded(seq, result.state, effective)
        game.seq, game.status = seq, fields.get("status", game.status)
        return await self._after_move(game, title, result.state, seats, result.events, user)

    async def _after_move(
        self,
        game: GameRow,
        title: Title,
        state: State,
        seats: list[SeatRow],
        events: list[Event],
        actor: User,
    ) -> Reply:
        public = [ev["text"] for ev in events if visible_to(ev, None) and ev["text"]]
        lines = public or ["Done."]
        turn = self._turn_text(title, state, seats)
        if turn:
            lines.append(turn)
        to_act = title.to_act(state)
        reply = Reply("\n".join(lines), game_id=game.id, seq=game.seq)
        reply.ping = [s.user_id for s in seats if s.seat in to_act and s.user_id != actor.id]
        reply.private = self._private_events(events, seats)
        reply.image = await self._board(game, state)
        return reply

    @staticmethod
    def _private_events(events: list[Event], seats: list[SeatRow]) -> list[Private]:
        by_seat = {s.seat: s.user_id for s in seats}
        out = []
        for ev in events:
            vis = ev["visibility"]
            if vis != "public" and vis in by_seat and ev["text"]:
                out.append(Private(by_seat[vis], ev["text"]))
        return out

    # -- undo ----------------------------------------------------------------------------------

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

    # -- looking -------------------------------------------------------------------------------

    async def view(self, where: Where, user: User | None) -> dict[str, Any]:
        """The public view, or a seated user's private view."""
        game = await self._game(where, ended=True)
        if game.status == "lobby":
            seats = await self.store.seats(game.id)
            return {
                "title": game.title,
                "map": game.map,
                "status": "lobby",
                "players": [{"seat": s.seat, "name": s.name, "colour": s.colour} for s in seats],
            }
        loaded = await self.load(game)
        seat = None
        if user is not None:
            me = self._seat_of(await self.store.seats(game.id), user)
            seat = me.seat if me else None
        return self.title(game).view(loaded.state, seat)

    async def legal(self, where: Where, user: User) -> list[Action]:
        game = await self._game(where)
        if game.status != "active":
            return []
        seat = await self._seated(game, user)
        loaded = await self.load(game)
        title = self.title(game)
        if seat.seat not in title.to_act(loaded.state):
            return []
        return title.legal(loaded.state, seat.seat)

    async def show_board(self, where: Where, zoom: str | None = None) -> Reply:
        game = await self._game(where, ended=True)
        if game.status == "lobby":
            raise UserError(f"{game.name} has not started yet, so there is no board to show.")
        loaded = await self.load(game)
        image = await self._board(game, loaded.state, zoom)
        if image is None:
            raise UserError(f"{self.title(game).meta.name} has no board picture yet.")
        return Reply(
            f"{game.name}, after {game.seq} moves.", image=image, game_id=game.id, seq=game.seq
        )

    async def places(self, where: Where) -> list[str]:
        """Names a player may zoom the board to (the cities of the game's map), for suggestions."""
        game = await self.game_here(where, required=False, ended=True)
        if game is None or game.status == "lobby":
            return []
        view = self.title(game).view((await self.load(game)).state, None)
        cities = view.get("cities")
        if not isinstance(cities, list):
            return []
        return sorted(str(c["name"]) for c in cities if isinstance(c, dict) and "name" in c)

    async def hand(self, where: Where, user: User) -> Reply:
        game = await self._game(where, ended=True)
        seat = await self._seated(game, user)
        if game.status == "lobby":
            raise UserError(f"{game.name} has not started yet: nothing is dealt.")
        loaded = await self.load(game)
        mine = self.title(game).view(loaded.state, seat.seat).get("you")
        if not mine:
            return Reply("You hold nothing secret.", ephemeral=True)
        lines = [
            f"{k.replace('_', ' ').capitalize()}: {self._describe(v)}"
            for k, v in mine.items()
            if k != "seat"
        ]
        return Reply("\n".join(lines) or "You hold nothing secret.", ephemeral=True, data=mine)

    @staticmethod
    def _describe(value: Any) -> str:
        if isinstance(value, dict):
            name, text, ident = value.get("name"), value.get("text"), value.get("id")
            label = f"{name} [{ident}]" if name and ident else str(name or ident or "")
            if label and text:
                return f"{label}: {text}"
            return label or str(text or value)
        if isinstance(value, list):
            return "; ".join(GameService._describe(v) for v in value) or "none"
        return "none" if value is None else str(value)

    async def log(self, where: Where, last: int = 10) -> Reply:
        game = await self._game(where, ended=True)
        if last < 1:
            raise UserError("last: must be at least 1.")
        title = self.title(game)
        seats = await self.store.seats(game.id)
        rows = await self.store.actions(game.id)
        if not rows:
            return Reply(f"{game.name}: no moves yet.", ephemeral=True)
        # Replay to recover each move's public events (the log stores moves, not texts).
        config = self.config(game, seats)
        state = new_game(title, config)
        effective = effective_actions([(r.seq, r.action) for r in rows])
        lines: list[str] = []
        names = self._names(seats)
        for seq, action in effective:
            res = step(title, state, action, in_place=True)
            text = "; ".join(ev["text"] for ev in res.events if visible_to(ev, None))
            lines.append(
                f"#{seq} {names.get(action.get('seat', -1), '?')}: {text or action['type']}"
            )
        undone = len(rows) - len(effective)
        tail = lines[-last:]
        note = f" ({undone} log entries undone or undo markers)" if undone else ""
        return Reply(
            f"{game.name}, last {len(tail)} moves{note}:\n" + "\n".join(tail), ephemeral=True
        )

    async def status(self, where: Where) -> Reply:
        game = await self._game(where, ended=True)
        seats = await self.store.seats(game.id)
        if game.status == "lobby":
            who = ", ".join(f"{s.name} ({s.colour})" for s in seats)
            return Reply(f"{game.name} is waiting to start. Players: {who}.", ephemeral=True)
        title = self.title(game)
        loaded = await self.load(game)
        since = ""
        if game.turn_since:
            hours = (self._clock() - game.turn_since) / 3600
            since = f" (for {hours:.1f} h)" if hours >= 0.1 else " (just now)"
        summary = title.summary(loaded.state)
        text = (
            f"{game.name} [{game.status}] after {game.seq} moves. "
            + self._turn_text(title, loaded.state, seats)
            + since
        )
        if summary:
            text += "\n" + summary
        return Reply(text, ephemeral=True, game_id=game.id, seq=game.seq)

    async def info(self, where: Where) -> Reply:
        game = await self._game(where, ended=True)
        meta = self.title(game).meta
        seats = await self.store.seats(game.id)
        m = meta.map(game.map)
        lines = [f"{game.name}: {meta.name}" + (f" on {m.name}" if m else "") + f" [{game.status}]"]
        if game.options:
            shown = (
                f"{k}={str(v).lower() if isinstance(v, bool) else v}"
                for k, v in game.options.items()
            )
            lines.append("Options: " + ", ".join(shown))
        lines.append("Players: " + (", ".join(f"{s.name} ({s.colour})" for s in seats) or "none"))
        house = list(meta.house_data) + (list(m.house_data) if m else [])
        if house:
            lines.append("House data (not printed in the rulebook): " + ", ".join(house) + ".")
        return Reply("\n".join(lines), ephemeral=True)

    async def list_games(self, guild_id: int | None) -> Reply:
        games = await self.store.games_in_guild(guild_id)
        if not games:
            return Reply(
                "No games are running in this server. Start one with /game new.", ephemeral=True
            )
        lines = []
        for g in games:
            seats = {s.seat: s.name for s in await self.store.seats(g.id)}
            waiting = (
                ", ".join(seats.get(s, "?") for s in g.to_act) if g.status == "active" else g.status
            )
            lines.append(f"<#{g.channel_id}> {g.name}: {waiting}")
        return Reply("\n".join(lines), ephemeral=True)

    async def is_seated(self, where: Where, user: User) -> bool:
        game = await self.game_here(where, required=False)
        if game is None:
            return False
        return self._seat_of(await self.store.seats(game.id), user) is not None

    @staticmethod
    def active_statuses() -> tuple[str, ...]:
        return ACTIVE
