"""Opening a game: checking its title, map and options, and seating its creator."""

from __future__ import annotations

from typing import Any

from bot.replies import SERVERS_ONLY, Reply, UserError
from bot.service.core import ServiceCore, User, Where
from bot.service.display import COLOURBLIND, check_display, rules_options, server_default
from bot.service.display import NAMES as DISPLAY_NAMES
from bot.storage import ChannelBusy, SeatRow
from engine.core import Title


class Opening(ServiceCore):
    """/game new."""

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
        if COLOURBLIND.name not in opts and await server_default(self.store, where.guild_id):
            opts[COLOURBLIND.name] = True  # the server's default for new games
        meta = title.meta
        busy = await self.store.game_in_channel(where.channel_id)
        if busy is not None:
            raise UserError(
                f"This channel already has a game ({busy.name}, {busy.status}). Finish or abandon "
                "it first, or start yours in another channel or thread."
            )
        chosen = meta.map(map_id)
        label = name or meta.name + (f" ({chosen.name})" if chosen else "")
        try:  # the game and its creator's seat in one transaction
            game_id = await self.store.create_game(
                guild_id=where.guild_id,
                channel_id=where.channel_id,
                title=meta.id,
                map_id=map_id,
                options=opts,
                name=label,
                creator_id=user.id,
                now=self._clock(),
                seats=[SeatRow(0, user.id, user.name, meta.colours[0])],
            )
        except ChannelBusy:
            raise UserError(
                "This channel already has a game; finish or abandon it first."
            ) from None
        players = (
            f"{chosen.min_players}-{chosen.max_players}"
            if chosen
            else f"{meta.min_players}-{meta.max_players}"
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
        title.validate_options(map_id, rules_options(opts))
        return title, map_id, opts

    def _check_options(self, title: Title, options: dict[str, Any]) -> dict[str, Any]:
        specs = {o.name: o for o in title.meta.options}
        out: dict[str, Any] = {
            o.name: o.default for o in title.meta.options if o.default is not None
        }
        for key, value in options.items():
            if key in DISPLAY_NAMES:  # how the boards look, the same for every title
                check_display(key, value)
                out[key] = value
                continue
            spec = specs.get(key)
            if spec is None:
                known = ", ".join([*specs, *DISPLAY_NAMES])
                near = key.lower().replace("color", "colour")
                hint = f" Did you mean {near}?" if near in DISPLAY_NAMES else ""
                raise UserError(f"{title.meta.name} has no option '{key}'. Its options: "
                                f"{known}.{hint}")
            if spec.choices and str(value) not in spec.choices:
                raise UserError(f"Option {key} must be one of: {', '.join(spec.choices)}.")
            if spec.type == "boolean" and not isinstance(value, bool):
                raise UserError(f"Option {key} must be true or false.")
            if spec.type == "integer" and not isinstance(value, int):
                raise UserError(f"Option {key} must be a whole number.")
            out[key] = value
        return out
