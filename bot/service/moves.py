"""Playing a move: check it is the player's, confirm it if it issues bonds, commit it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.ratings import game_results, rate_guild
from bot.replies import Reply, UserError, outcome_unknown, stood
from bot.service.cache import Loaded
from bot.service.core import (
    ServiceCore,
    User,
    Where,
    bot_level,
    command_for,
    is_bot,
    log,
    public_text,
)
from bot.storage import GameRow, ResultRow, SeatRow, StaleSeq, StoreUnavailable
from engine.core import (
    UNDO,
    Action,
    Event,
    IllegalAction,
    State,
    Title,
    effective_actions,
    step,
    visible_to,
)

SNAPSHOT_EVERY = 25
"""Write a state snapshot (a cache) every this many log entries."""


def giving_up_question(title: Title, state: State, action: Action) -> str | None:
    """What a typed pass (or "done") asks first: the question its button asks, when it throws
    away an action while others are open; None when it loses nothing."""
    kind = action.get("type")
    if kind not in GIVING_UP:
        return None
    for s in title.suggest(state, int(action["seat"])):
        spec = title.meta.command(s.command)
        if s.confirm and not s.options and spec is not None and spec.action == kind:
            return s.confirm
    return None


def question(title: Title, state: State, action: Action) -> str | None:
    """What a move asks before it is made (it issues bonds, it gives up an action), if any."""
    return title.confirmation(state, action) or giving_up_question(title, state, action)


GIVING_UP = ("pass", "done")
"""Moves that end a seat's part without doing anything."""


class Moves(ServiceCore):
    """Moves typed as commands, and what follows a committed move."""

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
        # The game as the player saw it: a button carries the seq of its board; a typed command
        # counts from its arrival, before it waits for the lock behind other commands.
        seen = expected_seq if expected_seq is not None else game.seq
        self._refuse_not_playing(game)
        seat = await self._seated(game, user)
        title = self.title(game)
        async with self.lock(game.id):
            game = await self._reload(game)
            if game.status == "paused":
                raise UserError(f"{game.name} is paused; the creator can /game resume it.")
            if game.status != "active":
                raise UserError(f"{game.name} is {game.status}.")
            spec = title.meta.command(command)
            await self._refuse_repeat(game, seat.seat, seen, spec.action if spec else command)
            loaded = await self.load(game)
            seats = await self.store.seats(game.id)
            action = self._action(game, title, loaded.state, seats, seat.seat, command, options)
            ask = None if confirmed else question(title, loaded.state, action)
            if ask is not None:
                # Only check that the move is allowed: what it would draw or reveal stays unseen
                # until it is made (the trial's result is thrown away, never shown).
                step(title, loaded.state, action)
                return Reply(
                    f"{ask} Repeat the move with confirm:true to go ahead.",
                    ephemeral=True,
                    game_id=game.id,
                    seq=game.seq,
                    data={"confirm": {"command": command, "options": options}},
                )
            return await self._commit(game, title, loaded, seats, action, user)

    async def stores_nothing(self, where: Where, user: User, command: str,
                             options: dict[str, Any], confirmed: bool = False) -> bool:
        """Whether ``/command`` would certainly store nothing now: refused, or only described
        until it is confirmed. Checked like :meth:`act` but without the lock or a commit, so
        that its answer can be made private from the start; False when unsure."""
        try:
            game = await self._game(where)
            self._refuse_not_playing(game)
            seat = await self._seated(game, user)
            if game.status != "active":
                return True
            title = self.title(game)
            loaded = await self.load(game)
            seats = await self.store.seats(game.id)
            action = self._action(game, title, loaded.state, seats, seat.seat, command, options)
            if not confirmed and question(title, loaded.state, action) is not None:
                return True
            step(title, loaded.state, action)
        except (UserError, IllegalAction):
            return True
        return False

    def _action(self, game: GameRow, title: Title, state: State, seats: list[SeatRow],
                seat: int, command: str, options: dict[str, Any]) -> Action:
        """The action ``/command`` makes for ``seat``, once the turn is checked to be theirs."""
        self._refuse_out_of_turn(game, title, state, seats, seat, command)
        action = title.command_to_action(state, seat, command, options)
        action["seat"] = seat
        return action

    async def refuse_out_of_turn(self, where: Where, user: User, command: str) -> None:
        """Raise what ``/command`` would be refused for whatever its options (the game not
        running, a spectator, another player's turn), so that a player out of turn hears that
        first rather than which option the command is missing."""
        game = await self._game(where)
        self._refuse_not_playing(game)
        seat = await self._seated(game, user)
        if game.status != "active":
            raise UserError(f"{game.name} is {game.status}.")
        title = self.title(game)
        loaded = await self.load(game)
        seats = await self.store.seats(game.id)
        self._refuse_out_of_turn(game, title, loaded.state, seats, seat.seat, command)

    @staticmethod
    def _refuse_not_playing(game: GameRow) -> None:
        if game.status == "lobby":
            raise UserError(
                f"{game.name} has not started yet; the creator starts it with /game start."
            )
        if game.status == "paused":
            raise UserError(f"{game.name} is paused; the creator can /game resume it.")

    def _refuse_out_of_turn(self, game: GameRow, title: Title, state: State,
                            seats: list[SeatRow], seat: int, command: str) -> None:
        if title.is_over(state):
            raise UserError(f"{game.name} is over.")
        if title.meta.command(command) is None:
            # Discord offers every title's moves in every channel: say whose move it is.
            owners = [t.meta.name for t in self.registry if t.meta.command(command)]
            of = f" (it is a move of {' and '.join(owners)})" if owners else ""
            raise UserError(f"/{command} is not a move in {title.meta.name}, the game in this "
                            f"channel{of}; /game help lists the moves you can make here.")
        acting = title.to_act(state)
        if seat not in acting:
            names = self._names(seats)
            who = ", ".join(names.get(s, "?") for s in acting)
            why = title.out_of_turn(state, seat, command)
            raise IllegalAction("not_your_turn", why or f"It is {who}'s turn, not yours.")

    async def _refuse_repeat(self, game: GameRow, seat: int, seen: int, kind: str) -> None:
        """A move is checked against the game as its player saw it (``seen``): refuse it if
        that player has moved since, or a move was taken back, so a repeated or queued command
        never applies twice. Other players' moves since then do not matter."""
        if game.seq == seen:
            return
        later = await self.store.actions(game.id, after=seen)
        if any(r.action.get("type") == UNDO for r in later):
            raise UserError(
                "A move was taken back since then; look at the latest board and try again."
            )
        mine = [r.action.get("type") for r in later if r.seat == seat]
        if kind in mine:
            command = command_for(self.title(game), kind) or "move"
            raise UserError(f"Your {command} was already made.")
        if mine:
            raise UserError(
                "You have moved since then; look at the latest board and try again."
            )

    async def _commit(
        self,
        game: GameRow,
        title: Title,
        loaded: Loaded,
        seats: list[SeatRow],
        action: Action,
        user: User,
        *,
        draw: bool = True,
    ) -> Reply:
        """Apply ``action`` (already checked as the user's) and persist it; under the game lock.
        Without ``draw`` the answer has no board (a run of computer moves draws only its last)."""
        result = step(title, loaded.state, action)
        stored = dict(action)
        if result.chance:
            stored["chance"] = result.chance
        if title.is_reveal(action, result.events):
            stored["_reveal"] = True
        snapshot = result.state if (game.seq + 1) % SNAPSHOT_EVERY == 0 else None
        over = title.is_over(result.state)
        to_act = title.to_act(result.state)
        now = self._clock()
        fields: dict[str, Any] = {"to_act": to_act, "pending": None}
        if to_act != game.to_act:
            fields["turn_since"] = now
        results: list[ResultRow] = []
        if over:
            fields["status"] = "finished"
            results = await self._results(game, title, result.state, seats, action, user, now)
        public = public_text(result.events)
        try:
            appended = await self.store.append_action(
                game.id,
                game.seq,
                stored,
                user_id=user.id,
                now=now,
                game_fields=fields,
                snapshot=snapshot,
                public=public,
                results=results,
            )
        except StaleSeq:
            self._forget(game.id)
            raise UserError(
                "Someone else moved at the same moment; look at the board and try again."
            ) from None
        except StoreUnavailable as exc:
            self._forget(game.id)
            if exc.unknown:
                raise outcome_unknown("the move") from None
            raise
        self._cache.put(game.id, Loaded(appended.seq, appended.version, result.state))
        game.seq, game.status = appended.seq, fields.get("status", game.status)
        if results and game.guild_id is not None:
            await self._rate(game.guild_id)
        reply = await self._after_move(game, title, result.state, seats, result.events, user,
                                       waiting=title.to_act(loaded.state), draw=draw)
        if appended.recovered:
            reply.text += "\n" + stood("the move")
        return reply

    async def _results(self, game: GameRow, title: Title, state: State, seats: list[SeatRow],
                       action: Action, user: User, now: float) -> list[ResultRow]:
        """The results of ``game``, which ``user``'s ``action`` ends (stored with that move);
        moves taken back do not count towards who played a seat."""
        rows = await self.store.actions(game.id)
        kept = {seq for seq, _ in effective_actions([(r.seq, r.action) for r in rows])}
        movers = [(r.seat, r.user_id) for r in rows if r.seq in kept]
        movers.append((action.get("seat"), user.id))
        levels = {s.user_id: bot_level(s.user_id) for s in seats if is_bot(s.user_id)}
        return game_results(game, seats, title.places(state), title.points(state), movers, now,
                            levels)

    async def _rate(self, guild_id: int) -> None:
        """The server's ratings with the game just ended. The results are already stored with
        the last move, so a failure here loses nothing: the next look at them works it out."""
        try:
            await rate_guild(self.store, guild_id)
        except Exception:
            log.exception("the ratings of server %s could not be updated", guild_id)

    async def _after_move(
        self,
        game: GameRow,
        title: Title,
        state: State,
        seats: list[SeatRow],
        events: list[Event],
        actor: User,
        waiting: Sequence[int] = (),
        *,
        draw: bool = True,
    ) -> Reply:
        public = [ev["text"] for ev in events if visible_to(ev, None) and ev["text"]]
        lines = public or ["Done."]
        turn = self._turn_text(title, state, seats)
        if turn:
            lines.append(turn)
        to_act = title.to_act(state)
        over = title.is_over(state)
        standings = title.summary(state) if over else ""
        if standings:
            lines.append(standings)
        reply = Reply("\n".join(lines), game_id=game.id, seq=game.seq, over=over)
        # The end concerns everyone at the table; otherwise only those who must act now and were
        # not already waiting before this move are pinged (in a phase where several choose at
        # once, each choice made must not ping the others again).
        reply.ping = [
            s.user_id for s in seats
            if (over or (s.seat in to_act and s.seat not in waiting)) and s.user_id != actor.id
        ]
        reply.private = self._private_events(events, seats)
        if draw:
            self.painted(reply, await self._focus_board(game, state))
        if over:
            reply.chart = await self.final_chart(game, seats)
        return reply
