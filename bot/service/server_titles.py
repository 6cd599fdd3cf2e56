"""Which titles a server plays, and so which slash commands its guild sync publishes.

Every title brings its own move commands; listed globally they all show in every channel. A
server manager names the titles the server plays (``/game titles enable:rotw,newengland``);
``railbot sync --guild ID`` then publishes to that server only /game, /stats and the move
commands those titles use (a command shared by several titles stays if any of them uses it).
The setting lives in the store's settings under scope "guild"; no setting means every title.
Syncing stays a separate step run on demand: Discord limits command creations per server a day.
"""

from __future__ import annotations

from bot.replies import SERVERS_ONLY, Reply, UserError
from bot.storage import Store
from engine.core import CommandSpec, OptionSpec, Registry

SCOPE = "guild"
KEY = "titles"
ALL = "all"
ALWAYS = ("game", "stats")
"""The groups every server gets, whatever it plays."""

COMMAND = CommandSpec(
    "titles",
    "Which games this server plays: only their move commands are listed (server manager)",
    (OptionSpec("enable", "Game ids separated by commas (e.g. rotw,newengland), or all; "
                "leave out to see the setting", "string"),),
)


def valid_ids(registry: Registry) -> list[str]:
    return [t.meta.id for t in registry]


def parse_titles(registry: Registry, text: str) -> list[str] | None:
    """The title ids named in ``text`` (None for every title); an unknown name is refused with
    the valid ones."""
    names = [n.strip().lower() for n in text.replace(" ", ",").split(",") if n.strip()]
    if not names:
        raise UserError(f"Name at least one game: {', '.join(valid_ids(registry))}, or all.")
    if names == [ALL]:
        return None
    known = valid_ids(registry)
    unknown = [n for n in names if n not in known]
    if unknown:
        raise UserError(f"There is no game {', '.join(unknown)} here. The games are: "
                        f"{', '.join(known)} (or all).")
    return [t for t in known if t in names]


def command_names(registry: Registry, titles: list[str] | None) -> list[str]:
    """The top-level commands a server playing ``titles`` (None: every title) is given."""
    moves = {c.name for t in registry if titles is None or t.meta.id in titles
             for c in t.meta.commands}
    return [*ALWAYS, *sorted(moves - set(ALWAYS))]


async def enabled(store: Store, guild_id: int) -> list[str] | None:
    value = await store.setting(SCOPE, guild_id, KEY, None)
    return None if value is None else [str(v) for v in value]


def listing(registry: Registry, titles: list[str] | None) -> str:
    names = command_names(registry, titles)
    return f"{len(names)} commands: " + ", ".join(f"/{n}" for n in names)


async def set_titles(store: Store, registry: Registry, guild_id: int | None, manager: bool,
                     text: str | None) -> Reply:
    """Show the server's titles, or (a server manager) set them; the command list follows
    at the next ``railbot sync --guild``."""
    if guild_id is None:
        raise UserError(SERVERS_ONLY)
    if text is None:
        titles = await enabled(store, guild_id)
        which = "every game" if titles is None else ", ".join(titles)
        return Reply(f"This server plays {which}; its players see {listing(registry, titles)}.")
    if not manager:
        raise UserError("Only a server manager can choose which games this server plays "
                        "(and so which move commands it lists).")
    titles = parse_titles(registry, text)
    await store.set_setting(SCOPE, guild_id, KEY, titles)
    which = "every game" if titles is None else ", ".join(titles)
    return Reply(f"This server now plays {which}. After the bot's admin runs "
                 f"`railbot sync --guild {guild_id}`, its players see "
                 f"{listing(registry, titles)}.")
