"""Slash commands built from the shared command tree (bot.commands): `/game ...` and one command
per move kind. Each callback only turns Discord's values into plain ones and calls
:func:`bot.discord.interact.answer`.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Callable, Coroutine
from typing import Any

import discord
from discord import app_commands

from bot.commands import parse_options
from bot.commandtree import game_group, move_commands, stats_group
from bot.discord.interact import answer, as_user, host, user_of, where_of
from bot.replies import UserError
from bot.service import display
from engine.core import CommandSpec, IllegalAction, OptionSpec, Registry, Title

log = logging.getLogger("railbot.discord")

AUTOCOMPLETE_SECONDS = 2.0
"""Autocomplete cannot be deferred: give up well inside Discord's 3 s."""

MAX_CHOICES = 25

PY_TYPES: dict[str, type] = {"string": str, "integer": int, "boolean": bool, "user": discord.User}

Suggest = Callable[
    [discord.Interaction[Any], str], Coroutine[Any, Any, list[app_commands.Choice[Any]]]
]


def game_subcommands(registry: Registry) -> list[CommandSpec]:
    """The shared `/game` subcommands (the same ones `railbot commands` prints)."""
    return list(game_group(registry).subcommands)


def _plain(value: Any) -> Any:
    if isinstance(value, discord.User | discord.Member):
        return as_user(value)
    return value


def _choices(spec: OptionSpec) -> list[app_commands.Choice[Any]]:
    if spec.type == "integer":
        return [app_commands.Choice(name=c, value=int(c)) for c in spec.choices[:MAX_CHOICES]]
    return [app_commands.Choice(name=c, value=c) for c in spec.choices[:MAX_CHOICES]]


def _matching(values: list[Any], current: str, integer: bool) -> list[app_commands.Choice[Any]]:
    typed = current.strip().lower()
    out: list[app_commands.Choice[Any]] = []
    for value in dict.fromkeys(values):
        if typed and typed not in str(value).lower():
            continue
        out.append(
            app_commands.Choice(name=str(value)[:100], value=value if integer else str(value))
        )
        if len(out) == MAX_CHOICES:
            break
    return out


def _guarded(fn: Suggest) -> Suggest:
    """Suggestions are a convenience: a slow or failing lookup offers nothing, never an error."""

    async def suggest(interaction: discord.Interaction[Any], current: str) -> list[Any]:
        try:
            return await asyncio.wait_for(fn(interaction, current), AUTOCOMPLETE_SECONDS)
        except (UserError, IllegalAction, TimeoutError):
            return []
        except Exception:
            log.exception("autocomplete failed")
            return []

    return suggest


def _maps(registry: Registry) -> Suggest:
    async def suggest(interaction: discord.Interaction[Any], current: str) -> list[Any]:
        system = getattr(interaction.namespace, "system", None)
        titles = [t for t in registry if system in (None, t.meta.id)]
        ids = [m.id for t in titles for m in t.meta.maps]
        return _matching(ids, current, integer=False)

    return suggest


def _game_options(registry: Registry) -> Suggest:
    """`/game new options:` ready-made `key=value` pairs for the chosen system, appended to what
    is already typed (several options are separated by commas)."""

    async def suggest(interaction: discord.Interaction[Any], current: str) -> list[Any]:
        system = getattr(interaction.namespace, "system", None)
        map_id = getattr(interaction.namespace, "map", None) or None
        done, _, last = current.rpartition(",")
        prefix = f"{done}, " if done else ""
        try:
            chosen = parse_options(done)
        except UserError:
            chosen = {}
        pairs: list[str] = []
        for title in registry:
            if system not in (None, title.meta.id):
                continue
            for o in (*title.meta.options, *display.DISPLAY_OPTIONS):
                values: list[Any] = [not o.default] if o.type == "boolean" else \
                    [c for c in o.choices if c != o.default]
                # Only what the chosen map (and the options already typed) allow: no
                # Transcontinental baron options on the Eastern U.S., no refused module.
                pairs.extend(f"{o.name}={str(v).lower() if isinstance(v, bool) else v}"
                             for v in values if _fits(title, map_id, chosen, o.name, v))
        typed = last.strip()
        return _matching([prefix + p for p in pairs if typed in p], "", integer=False)

    return suggest


def _fits(title: Title, map_id: str | None, chosen: dict[str, Any], name: str,
          value: Any) -> bool:
    """Whether ``name=value`` may be added to the options already ``chosen`` on ``map_id`` (or
    stand alone, when those typed so far are refused anyway)."""

    def allowed(options: dict[str, Any]) -> bool:
        try:
            title.validate_options(map_id, display.rules_options(options))
        except (IllegalAction, KeyError, ValueError):
            return False
        return True

    return allowed({**chosen, name: value}) if allowed(chosen) else allowed({name: value})


def _option_values(command: str, option: OptionSpec) -> Suggest:
    """The title's legal values of ``option`` for the asker, given the options already filled,
    matched against what is typed (in the label or the value)."""

    async def suggest(interaction: discord.Interaction[Any], current: str) -> list[Any]:
        filled = {
            k: v
            for k, v in vars(interaction.namespace).items()
            if k != option.name and isinstance(v, str | int | bool)
        }
        values = await host(interaction).service.option_values(
            where_of(interaction), user_of(interaction), command, option.name, filled
        )
        typed = current.strip().lower()
        integer = option.type == "integer"
        out: list[app_commands.Choice[Any]] = []
        seen: set[str] = set()
        for v in values:
            if integer != (isinstance(v.value, int) and not isinstance(v.value, bool)):
                continue
            text = str(v.value)
            if text in seen or len(text) > 100:
                continue
            if typed and typed not in v.label.lower() and typed not in text.lower():
                continue
            seen.add(text)
            out.append(app_commands.Choice(name=v.label[:100], value=v.value if integer else text))
            if len(out) == MAX_CHOICES:
                break
        return out

    return suggest


def _places() -> Suggest:
    """Cities of the channel's game, for `/game board zoom:` (a hex label can be typed too)."""

    async def suggest(interaction: discord.Interaction[Any], current: str) -> list[Any]:
        names = await host(interaction).service.places(where_of(interaction))
        return _matching(names, current, integer=False)

    return suggest


def _seats() -> Suggest:
    """Seats of the channel's game by name and colour, for `/game replace seat:`."""

    async def suggest(interaction: discord.Interaction[Any], current: str) -> list[Any]:
        names = await host(interaction).service.seat_names(where_of(interaction))
        return _matching(names, current, integer=False)

    return suggest


def _no_suggestions() -> Suggest:
    async def suggest(interaction: discord.Interaction[Any], current: str) -> list[Any]:
        return []

    return suggest


def spec_command(
    spec: CommandSpec,
    path: list[str],
    suggest: Callable[[OptionSpec], Suggest],
    parent: app_commands.Group | None = None,
) -> app_commands.Command[Any, ..., None]:
    """An app command whose options are exactly ``spec``'s, answered through the dispatcher.

    Python names (``o0``, ``o1``...) are renamed to the spec's names, which may be keywords
    such as ``from``.
    """
    names = {f"o{i}": o.name for i, o in enumerate(spec.options)}

    async def callback(interaction: discord.Interaction[Any], **values: Any) -> None:
        options = {names[k]: _plain(v) for k, v in values.items() if v is not None}
        await answer(interaction, list(path), options)

    params = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ]
    # Discord wants required options first.
    ordered = sorted(enumerate(spec.options), key=lambda io: not io[1].required)
    for i, o in ordered:
        params.append(
            inspect.Parameter(
                f"o{i}",
                inspect.Parameter.KEYWORD_ONLY,
                annotation=PY_TYPES[o.type],
                default=inspect.Parameter.empty if o.required else None,
            )
        )
    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    callback.__name__ = callback.__qualname__ = spec.name.replace("-", "_")
    wrapped: Any = callback
    wrapped = app_commands.rename(**names)(wrapped)
    wrapped = app_commands.describe(
        **{f"o{i}": o.description[:100] for i, o in enumerate(spec.options)}
    )(wrapped)
    choices = {f"o{i}": _choices(o) for i, o in enumerate(spec.options) if o.choices}
    if choices:
        wrapped = app_commands.choices(**choices)(wrapped)
    completes = {
        f"o{i}": _guarded(suggest(o))
        for i, o in enumerate(spec.options)
        if o.autocomplete and not o.choices
    }
    if completes:
        wrapped = app_commands.autocomplete(**completes)(wrapped)
    return app_commands.Command(
        name=spec.name,
        description=spec.description[:100],
        callback=wrapped,
        parent=parent,
    )


def build(tree: app_commands.CommandTree[Any], registry: Registry) -> None:
    """Add `/game`, `/stats` and the move commands to ``tree``."""
    shared = game_group(registry)
    group = app_commands.Group(name=shared.name, description=shared.description[:100])

    def game_suggest(option: OptionSpec) -> Suggest:
        if option.name == "map":
            return _maps(registry)
        if option.name == "options":
            return _game_options(registry)
        if option.name == "zoom":
            return _places()
        if option.name == "seat":
            return _seats()
        return _no_suggestions()

    for sub in game_subcommands(registry):
        group.add_command(spec_command(sub, [shared.name, sub.name], game_suggest, group))
    tree.add_command(group)
    counts = stats_group(registry)
    stats = app_commands.Group(name=counts.name, description=counts.description[:100])
    for sub in counts.subcommands:
        stats.add_command(spec_command(sub, [counts.name, sub.name], game_suggest, stats))
    tree.add_command(stats)
    for move in move_commands(registry):
        tree.add_command(spec_command(move, [move.name], _move_suggest(move.name)))


def _move_suggest(command: str) -> Callable[[OptionSpec], Suggest]:
    def pick(option: OptionSpec) -> Suggest:
        return _option_values(command, option)

    return pick
