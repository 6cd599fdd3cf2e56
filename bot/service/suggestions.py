"""Suggested moves and legal option values, for buttons, menus, autocomplete and /game help.

A title works them out from the cached state; the results of one game position are kept until
the game moves, because a board, the clicks under it and their follow-up menus all ask again.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

from bot.service.core import ServiceCore, User, Where
from bot.storage import GameRow
from engine.core import CommandSpec, OptionValue, State, Suggestion, Title

LAST_KINDS = ("pass", "done")
"""Moves that give up or end a turn: /game help names them after every other command."""


def ordered(suggestions: list[Suggestion]) -> list[Suggestion]:
    """Best first (a stable sort, so a title's own order breaks ties)."""
    return sorted(suggestions, key=lambda s: -s.rank)


def identity(s: Suggestion) -> tuple[str, str, tuple[str, ...]]:
    """What makes two suggestions the same move offer (labels may differ between seats)."""
    options = repr(sorted((k, repr(v)) for k, v in s.options.items()))
    return s.command, options, s.needs


def open_kinds(title: Title, state: State, seat: int) -> list[str]:
    """The kinds of move ``seat`` may make now (the actions its commands produce), in the
    title's order."""
    return list(dict.fromkeys(str(a.get("type")) for a in title.legal(state, seat)))


class Suggestions(ServiceCore):
    """The moves a title suggests to the seats that must act."""

    def _suggested(self) -> dict[int, tuple[int, dict[int, list[Suggestion]]]]:
        cache: dict[int, tuple[int, dict[int, list[Suggestion]]]] = self.__dict__.setdefault(
            "_suggestion_cache", {}
        )
        return cache

    async def seat_suggestions(self, game: GameRow, seat: int) -> list[Suggestion]:
        """``seat``'s suggestions now, secret ones included, best first; empty when the seat
        has nothing to do."""
        if game.status != "active":
            return []
        loaded = await self.load(game)
        cache = self._suggested()
        seq, seats = cache.get(game.id, (-1, {}))
        if seq != loaded.seq:
            seats = {}
            cache[game.id] = (loaded.seq, seats)
        if seat not in seats:
            title = self.title(game)
            if seat in title.to_act(loaded.state):
                found = await asyncio.to_thread(title.suggest, loaded.state, seat)
            else:
                found = []
            seats[seat] = ordered(found)
        return seats[seat]

    async def _playing(self, where: Where, user: User) -> tuple[GameRow, int] | None:
        """This channel's running game and the asker's seat in it, if they play in it."""
        game = await self.game_here(where, required=False)
        if game is None or game.status != "active":
            return None
        seat = self._seat_of(await self.store.seats(game.id), user)
        return None if seat is None else (game, seat.seat)

    async def suggestions(self, where: Where, user: User) -> list[Suggestion]:
        """The asker's suggestions in this channel's game (secret ones included)."""
        playing = await self._playing(where, user)
        return [] if playing is None else await self.seat_suggestions(*playing)

    async def public_suggestions(self, game: GameRow) -> list[Suggestion]:
        """What may be offered in public, under a board: the suggestions that are not secret
        and, when several seats act at once, that every one of them is offered (a click must
        work for whoever of them clicks; the rest go to each seat's private menu)."""
        common: dict[Any, Suggestion] | None = None
        for seat in game.to_act:
            mine = {identity(s): s for s in await self.seat_suggestions(game, seat)}
            common = mine if common is None else {k: v for k, v in common.items() if k in mine}
        return [s for s in (common or {}).values() if not s.secret]

    async def private_suggestions(self, where: Where, user: User) -> list[Suggestion]:
        """The asker's suggestions that the board does not show: secret ones, and in a phase
        where several seats act at once those offered to the asker alone."""
        game = await self.game_here(where, required=False)
        if game is None or game.status != "active":
            return []
        shown = {identity(s) for s in await self.public_suggestions(game)}
        return [s for s in await self.suggestions(where, user) if identity(s) not in shown]

    async def help_commands(self, where: Where, user: User) -> list[CommandSpec]:
        """The move commands open to the asker now, as /game help shows them: each with only
        the options usable now (the title decides), passing and ending a turn last."""
        seated = await self._asker_state(where, user)
        if seated is None:
            return []
        title, state, seat = seated
        if seat not in title.to_act(state):
            return []
        kinds = open_kinds(title, state, seat)
        kinds.sort(key=lambda k: k in LAST_KINDS)
        specs = [next((c for c in title.meta.commands if c.action == k), None) for k in kinds]
        return [title.command_help(state, seat, c) for c in specs if c is not None]

    async def option_values(
        self, where: Where, user: User, command: str, option: str, chosen: Mapping[str, Any]
    ) -> list[OptionValue]:
        """Legal values of ``option`` of ``/command`` for the asker, best first; empty when
        the asker has no seat or the game is not running."""
        seated = await self._asker_state(where, user)
        if seated is None:
            return []
        title, state, seat = seated
        # Nothing for a command that is not open now (no /build cities during the auction).
        spec = title.meta.command(command)
        if spec is None or spec.action not in open_kinds(title, state, seat):
            return []
        return title.option_values(state, seat, command, option, chosen)

    async def _asker_state(self, where: Where, user: User) -> tuple[Title, State, int] | None:
        """The title, the game's state and the asker's seat, when the asker plays here."""
        playing = await self._playing(where, user)
        if playing is None:
            return None
        game, seat = playing
        return self.title(game), (await self.load(game)).state, seat
