"""Pictures prepared ahead of a move: after a restart, the whole boards of the games played last,
so that the first whole board each posts is encoded as a game's next picture (its map's palette
and rows kept) rather than from nothing (see docs/pictures.md)."""

from __future__ import annotations

from collections.abc import Callable

from bot.service.core import ServiceCore, log
from bot.storage import GameRow

WARMED_GAMES = 6
"""Games prepared after a restart, the latest moved first (house value): each keeps a palette
and bands of its own (kit.palettes holds 8, a focus picture's size takes one or two)."""

WARMED_MAPS = 4
"""The most maps those games are on: the map layers in memory hold 40 MiB (Transcontinental's
alone is 28), so preparing more would push out the layers of the games most likely to move
first; games on a map already chosen share its layer."""


class Warmth(ServiceCore):
    async def warm_recent(self, owns: Callable[[int | None], bool] = lambda guild: True,
                          most: int = WARMED_GAMES, maps_most: int = WARMED_MAPS) -> int:
        """Prepare the whole-board pictures of the ``most`` games moved last (on ``maps_most``
        maps at most) of the servers this process serves, one after the other, the latest last
        (its layer then stays in memory); returns how many games were prepared. Started once
        the bot is connected, in the background: a move that comes first is served as before."""
        if self._warm is None:
            return 0
        try:
            active = await self.store.active_games()
        except Exception:  # the store is down: the games' first pictures cost what they did
            log.exception("could not list the games whose pictures to prepare")
            return 0
        latest = sorted((game for game in active if owns(game.guild_id)),
                        key=lambda game: game.updated_at, reverse=True)
        chosen: list[GameRow] = []
        maps: set[tuple[str, str | None]] = set()
        for game in latest:
            if len(chosen) == most:
                break
            where = (game.title, game.map)
            if where in maps or len(maps) < maps_most:
                maps.add(where)
                chosen.append(game)
        done = 0
        for game in reversed(chosen):
            try:
                loaded = await self.load(game)
            except Exception:
                log.exception("could not load game %s to prepare its pictures", game.id)
                continue
            self.warm_later(game, loaded.state)
            await self.warmed()  # one game at a time: two would draw at once on a busy start
            done += 1
        return done
