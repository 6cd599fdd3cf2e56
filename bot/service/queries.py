"""Looking at a game without changing it: views, legal moves, board, hand, log, status, info."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.replies import SERVERS_ONLY, Reply, UserError
from bot.service.core import ServiceCore, User, Where, command_for, public_text
from bot.service.display import rules_options
from bot.storage import ACTIVE, GameRow, SeatRow
from engine.core import Action, Step, Title, effective_actions

SINCE_LINES = 5
"""At most this many moves in a player's "since your last move" (the newest; the log has all)."""


def moves_text(n: int) -> str:
    """'1 move', '7 moves'."""
    return f"{n} move" if n == 1 else f"{n} moves"


class Queries(ServiceCore):
    """Everything that reads a game and writes nothing."""

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
            f"{game.name}, after {moves_text(game.seq)}.",
            image=image,
            game_id=game.id,
            seq=game.seq,
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
            f"{k.replace('_', ' ').capitalize()}: {self._describe(v)}".replace(": \n", ":\n", 1)
            for k, v in mine.items()
            if k != "seat"
        ]
        return Reply("\n".join(lines) or "You hold nothing secret.", ephemeral=True, data=mine)

    @staticmethod
    def _describe(value: Any) -> str:
        if isinstance(value, dict):
            # A card is named, never shown by its id: moves accept the name or a prefix of it.
            name, text, ident = value.get("name"), value.get("text"), value.get("id")
            label = str(name or ident or "")
            if label and text:
                return f"{label}: {text}"
            return label or str(text or value)
        if isinstance(value, list):
            if any(isinstance(v, dict) and v.get("text") for v in value):
                # cards with their texts: one a line, so their sentences do not run together
                return "".join("\n- " + Queries._describe(v) for v in value)
            return "; ".join(Queries._describe(v) for v in value) or "none"
        return "none" if value is None else str(value)

    async def log(self, where: Where, last: int = 10) -> Reply:
        game = await self._game(where, ended=True)
        if last < 1:
            raise UserError("last: must be at least 1.")
        rows = await self.whole_log(game)
        if not rows:
            return Reply(f"{game.name}: no moves yet.", ephemeral=True)
        await self.load(game)  # a game whose moves no longer replay says so, as everywhere
        seats = await self.store.seats(game.id)
        effective = effective_actions([(r.seq, r.action) for r in rows])
        # Each move keeps what everyone was told when it was made; moves stored before that
        # are replayed once, off the event loop.
        told = {r.seq: r.public for r in rows if r.public is not None}
        if any(seq not in told for seq, _ in effective):
            told = await asyncio.to_thread(self._replayed_texts, game, seats, effective)
        lines = self._log_lines(game, seats, effective, told)
        # Each undo removes itself and the move it took back from the log.
        undone = (len(rows) - len(effective)) // 2
        tail = lines[-last:]
        note = f" ({moves_text(undone)} taken back with /game undo)" if undone else ""
        return Reply(
            f"{game.name}, last {moves_text(len(tail))}{note}:\n" + "\n".join(tail), ephemeral=True
        )

    def _log_lines(
        self,
        game: GameRow,
        seats: list[SeatRow],
        moves: list[tuple[int, Action]],
        told: dict[int, str],
    ) -> list[str]:
        """One line per move, numbered as /game board at: takes them."""
        title, names = self.title(game), self._names(seats)
        return [
            f"#{seq} {names.get(action.get('seat', -1), '?')}: "
            + (told.get(seq) or self._move_name(title, str(action.get("type"))))
            for seq, action in moves
        ]

    async def since_last_move(self, game_id: int, user_ids: list[int], least: int = 1) -> str:
        """The few lines of /game status for the players ``user_ids`` (a ping or a reminder that
        wakes them): the moves since the latest of theirs, when there are at least ``least``."""
        game = await self.store.game(game_id)
        if game is None or game.status != "active":
            return ""
        seats = await self.store.seats(game.id)
        mine = {s.seat for s in seats if s.user_id in user_ids}
        if not mine:
            return ""
        return await self._since_last_move(game, seats, mine, least)

    async def _since_last_move(
        self, game: GameRow, seats: list[SeatRow], mine: set[int], least: int = 0
    ) -> str:
        """What the others did since a seat of ``mine`` last acted, in a few lines (nothing if
        none ever acted: the log says how the game began; nothing if fewer than ``least``)."""
        rows = await self.whole_log(game)
        effective = effective_actions([(r.seq, r.action) for r in rows])
        acted = [i for i, (_, action) in enumerate(effective) if action.get("seat") in mine]
        if not acted:
            return ""
        since = effective[acted[-1] + 1 :]
        if len(since) < least:
            return ""
        if not since:
            return "Nobody has moved since your last move."
        told = {r.seq: r.public for r in rows if r.public is not None}
        lines = self._log_lines(game, seats, since[-SINCE_LINES:], told)
        more = len(since) - len(lines)
        head = f"Since your last move ({len(since)} move{'s' if len(since) > 1 else ''}"
        head += f"; the {more} before these: /game log last:{len(since)}):" if more else "):"
        return "\n".join([head, *lines])

    def _replayed_texts(
        self, game: GameRow, seats: list[SeatRow], effective: list[tuple[int, Action]]
    ) -> dict[int, str]:
        texts: dict[int, str] = {}

        def told(seq: int, res: Step) -> None:
            texts[seq] = public_text(res.events)

        self.replay_from_start(game, seats, effective, told)
        return texts

    @staticmethod
    def _move_name(title: Title, kind: str) -> str:
        """A move with nothing public to say, named by its command (never its internal type)."""
        command = command_for(title, kind)
        return f"/{command}" if command else "a move"

    async def status(self, where: Where, user: User | None = None) -> Reply:
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
            f"{game.name} [{game.status}] after {moves_text(game.seq)}. "
            + self._turn_text(title, loaded.state, seats)
            + since
        )
        if summary:
            text += "\n" + summary
        me = self._seat_of(seats, user) if user is not None else None
        if me is not None and game.status in ("active", "paused"):
            since_text = await self._since_last_move(game, seats, {me.seat})
            if since_text:
                text += "\n" + since_text
        return Reply(text, ephemeral=True, game_id=game.id, seq=game.seq)

    async def info(self, where: Where) -> Reply:
        game = await self._game(where, ended=True)
        meta = self.title(game).meta
        seats = await self.store.seats(game.id)
        m = meta.map(game.map)
        what = meta.name + (f" on {m.name}" if m else "")
        # a game named after its title and map says it once
        named = game.name if meta.name in game.name else f"{game.name}: {what}"
        lines = [f"{named} [{game.status}]"]
        # The options as typed, less those left at their default (the lines below say it all).
        defaults = {o.name: o.default for o in meta.options}
        shown = [
            f"{k}={str(v).lower() if isinstance(v, bool) else v}"
            for k, v in (game.options or {}).items()
            if k not in defaults or v != defaults[k]
        ]
        if shown:
            lines.append("Options: " + ", ".join(shown))
        lines += self.title(game).settings(game.map, rules_options(game.options), len(seats))
        if game.status == "active":
            # Where the game stands (a Transcontinental game names its phase here).
            lines.append("Now: " + self.title(game).summary((await self.load(game)).state))
        lines.append("Players: " + (", ".join(f"{s.name} ({s.colour})" for s in seats) or "none"))
        house = self.title(game).house_data(game.map, rules_options(game.options))
        if house:
            lines.append("House data (not printed in the rulebook): " + ", ".join(house) + ".")
        return Reply("\n".join(lines), ephemeral=True)

    async def list_games(self, guild_id: int | None) -> Reply:
        if guild_id is None:  # games outside servers are nobody's to list
            raise UserError(SERVERS_ONLY)
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
