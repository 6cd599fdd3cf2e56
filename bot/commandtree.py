"""The command tree shared by Discord and the terminal: `/game ...` and `/stats ...` manage games
and read results; every other top-level command is a move of some title (the union over the
registry: `/bid` exists once even if several titles have a bid, and each title checks its own
options when the move is made)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from bot import reminders, takeover
from bot.service import display, server_titles
from bot.service.history import BY
from bot.service.stats import PERIODS
from engine.computer import LEVELS
from engine.core import CommandSpec, OptionSpec, Registry


@dataclass(frozen=True)
class Group:
    name: str
    description: str
    subcommands: tuple[CommandSpec, ...] = field(default=())

    def sub(self, name: str) -> CommandSpec | None:
        return next((c for c in self.subcommands if c.name == name), None)


def _opt(
    name: str,
    description: str,
    type_: Any = "string",
    required: bool = False,
    choices: tuple[str, ...] = (),
    autocomplete: bool = False,
) -> OptionSpec:
    return OptionSpec(name, description, type_, required, choices, None, autocomplete)


GROUPS = ("game", "stats")
"""The commands with subcommands; every other command is a move."""


def game_group(registry: Registry) -> Group:
    systems = tuple(t.meta.id for t in registry)
    colours = tuple(dict.fromkeys(c for t in registry for c in t.meta.colours))
    return Group(
        "game",
        "Start, join, watch and manage the game in this channel",
        (
            CommandSpec(
                "new",
                "Open a new game in this channel",
                (
                    _opt("system", "Which game", required=True, choices=systems),
                    _opt("map", "Which map (for games with several)", autocomplete=True),
                    _opt(
                        "options",
                        "Game options as key=value pairs, separated by commas",
                        autocomplete=True,
                    ),
                    _opt("name", "A name for the game"),
                    _opt("thread", "Open a thread for the game (Discord only)", "boolean"),
                    _opt("bots", "How many computer players to seat at once", "integer"),
                ),
            ),
            CommandSpec(
                "join",
                "Take a seat in the game here",
                (_opt("colour", "Your player colour", choices=colours[:25]),),
            ),
            CommandSpec("leave", "Leave the game here before it starts"),
            CommandSpec(
                "addbot",
                "Seat a computer player before the start (creator)",
                (_opt("level", "How strong it plays (normal if left out)", choices=LEVELS),),
            ),
            CommandSpec("start", "Start the game (creator); seats are shuffled"),
            CommandSpec(
                "abandon",
                "End the game for everyone (creator or server manager)",
                (_opt("confirm", "Yes, really end it", "boolean"),),
            ),
            CommandSpec("info", "Title, map, options and which data is house data"),
            CommandSpec("list", "The games in this server and whose turn each is"),
            CommandSpec("status", "Whose turn it is, since when, and the last moves"),
            CommandSpec("log", "The latest moves", (_opt("last", "How many moves", "integer"),)),
            CommandSpec(
                "board",
                "Show the board",
                (
                    _opt("zoom", "A city, or a hex label from the board's edges, to zoom in on",
                         autocomplete=True),
                    _opt("at", "Show it as it was after this move of /game log", "integer"),
                ),
            ),
            CommandSpec(
                "replay",
                "An animated replay of the board, move by move or turn by turn",
                (
                    _opt("from", "First move to show (a number from /game log)", "integer"),
                    _opt("to", "Last move to show", "integer"),
                    _opt(
                        "by",
                        "One picture a move, or one a turn (by move unless the stretch is long)",
                        choices=BY,
                    ),
                ),
            ),
            CommandSpec("hand", "Your secret cards and choices (only you see them)"),
            CommandSpec("undo", "Undo your last move, or agree to another player's undo"),
            CommandSpec(
                "help",
                "What you can do right now, and with which command",
                (_opt("page", "Page 2 and on: the suggested moves that did not fit", "integer"),),
            ),
            CommandSpec("pause", "Pause the game (creator or server manager)"),
            CommandSpec("resume", "Resume a paused game (creator or server manager)"),
            CommandSpec(
                "kick",
                "Remove a player from the lobby (creator or server manager)",
                (_opt("player", "Who", "user", required=True),),
            ),
            CommandSpec(
                "replace",
                "Give a player's seat to someone else (creator or server manager)",
                (
                    _opt("player", "Who leaves (a person)", "user"),
                    _opt("seat", "Or the seat by name or colour (a computer's seat)",
                         autocomplete=True),
                    _opt("substitute", "Who takes the seat (a person)", "user"),
                    _opt("with", "Or a computer player takes the seat", choices=("bot",)),
                    _opt("level", "With with:bot: how strong it plays", choices=LEVELS),
                ),
            ),
            *reminders.COMMANDS,
            takeover.COMMAND,
            display.COMMAND,
            server_titles.COMMAND,
        ),
    )


def stats_group(registry: Registry) -> Group:
    """`/stats`: this server's finished games, results and ratings (bot.service.stats)."""
    systems = tuple(t.meta.id for t in registry)
    system = _opt("system", "Which game (all if left out)", choices=systems)
    return Group(
        "stats",
        "Results, ratings and leaderboards of this server's finished games",
        (
            CommandSpec("player", "A player's games, wins, scores and rating (yours if left out)",
                        (_opt("player", "Whose", "user"), system)),
            CommandSpec("leaderboard", "The server's best rated players, with a chart",
                        (system, _opt("map", "Only players who played this map",
                                      autocomplete=True),
                         _opt("period", "Only players who played lately", choices=tuple(PERIODS)))),
            CommandSpec("history", "The server's finished games, newest first",
                        (_opt("player", "Only games of this player", "user"), system)),
            CommandSpec("season", "Start a new season: ratings start afresh (server manager)",
                        (_opt("confirm", "Yes, start every rating afresh", "boolean"),)),
            CommandSpec("rated", "Take a game out of the ratings, or back in (server manager)",
                        (_opt("game", "The game's number from /stats history", "integer",
                              required=True),
                         _opt("on", "true: it counts; false: it does not", "boolean",
                              required=True))),
            CommandSpec("mingames", "Rated games a player needs to be listed (server manager)",
                        (_opt("games", "How many (1 to 100)", "integer", required=True),)),
            CommandSpec("export", "The server's results as a CSV file (server manager)"),
        ),
    )


CONFIRM = OptionSpec("confirm", "Go ahead even though this move issues bonds", "boolean")
"""Every move command takes it: a move that would issue bonds is described first (R12)."""


def move_commands(registry: Registry) -> list[CommandSpec]:
    """Every title's move commands merged by name; an option required by only some titles
    becomes optional in the tree (the title checks it when the move is made). Every text or
    number option without fixed choices is autocompleted: titles offer the legal values of all
    of them (``Title.option_values``)."""
    merged: dict[str, CommandSpec] = {}
    holders: dict[str, int] = {}
    descriptions: dict[str, list[str]] = {}
    for title in registry:
        for cmd in title.meta.commands:
            holders[cmd.name] = holders.get(cmd.name, 0) + 1
            descriptions.setdefault(cmd.name, []).append(cmd.description)
            if cmd.name not in merged:
                merged[cmd.name] = cmd
                continue
            have = {o.name: o for o in merged[cmd.name].options}
            opts = list(merged[cmd.name].options)
            for o in cmd.options:
                if o.name in have:
                    if have[o.name].required != o.required:
                        opts = [replace(x, required=False) if x.name == o.name else x for x in opts]
                else:
                    opts.append(replace(o, required=False))
            for i, o in enumerate(opts):
                if o.required and o.name not in {x.name for x in cmd.options}:
                    opts[i] = replace(o, required=False)
            merged[cmd.name] = replace(merged[cmd.name], options=tuple(opts), action_type="")
    for name, texts in descriptions.items():
        merged[name] = replace(merged[name], description=shared_description(name, texts))
    out = []
    for k in sorted(merged):
        specs = tuple(
            replace(o, autocomplete=True)
            if not o.choices and o.type in ("string", "integer")
            else o
            for o in merged[k].options
        )
        if all(o.name != CONFIRM.name for o in specs):
            specs = (*specs, CONFIRM)
        out.append(replace(merged[k], options=specs))
    return out


MAX_DESCRIPTION = 100
"""Discord's limit for a command's description."""


def shared_description(name: str, texts: list[str]) -> str:
    """A description true in every title that has the command: one title's own words would
    mislead players of another (a /pass that "drops out of the bidding" in an action round)."""
    distinct = list(dict.fromkeys(texts))
    joined = " / ".join(distinct)
    if len(joined) <= MAX_DESCRIPTION:
        return joined
    return f"{name.capitalize()}: what it does depends on the game here (/game help says)"


def command_tree(registry: Registry) -> dict[str, Any]:
    """The tree as JSON-able data (printed by `railbot commands`, synced to Discord)."""

    def opt(o: OptionSpec) -> dict[str, Any]:
        d: dict[str, Any] = {
            "name": o.name,
            "description": o.description,
            "type": o.type,
            "required": o.required,
        }
        if o.choices:
            d["choices"] = list(o.choices)
        if o.autocomplete:
            d["autocomplete"] = True
        return d

    return {
        "commands": [
            *(
                {
                    "name": group.name,
                    "description": group.description,
                    "subcommands": [
                        {
                            "name": c.name,
                            "description": c.description,
                            "options": [opt(o) for o in c.options],
                        }
                        for c in group.subcommands
                    ],
                }
                for group in (game_group(registry), stats_group(registry))
            ),
            *(
                {
                    "name": c.name,
                    "description": c.description,
                    "options": [opt(o) for o in c.options],
                }
                for c in move_commands(registry)
            ),
        ]
    }
