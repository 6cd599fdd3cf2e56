"""Persistent buttons and selects under a posted board.

Their custom_id carries everything needed to act after a restart: the game id, the action seq
the board showed (a click on an older board is stale) and the move itself, e.g.
``rb:12:40:add:amount=2``.
No state lives in the View; each click goes through the service like a typed command.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, cast
from urllib.parse import quote, unquote

import discord

from bot.discord.host import Host
from engine.core import Action, CommandSpec, Title

MAX_CUSTOM_ID = 100
MAX_BUTTONS = 5
MAX_PICKS = 25

Move = tuple[str, dict[str, Any]]
"""A command name and its options, as a player would type them."""


def encode_options(options: dict[str, Any]) -> str:
    parts = []
    for key, value in options.items():
        text = ("true" if value else "false") if isinstance(value, bool) else str(value)
        parts.append(f"{key}={quote(text, safe='')}")
    return ",".join(parts)


def decode_options(spec: CommandSpec | None, arg: str) -> dict[str, Any]:
    """Inverse of :func:`encode_options`, typed by the command's option specs."""
    types = {o.name: o.type for o in spec.options} if spec else {}
    out: dict[str, Any] = {}
    for part in filter(None, arg.split(",")):
        key, _, raw = part.partition("=")
        text = unquote(raw)
        kind = types.get(key, "string")
        if kind == "integer" and text.lstrip("-").isdigit():
            out[key] = int(text)
        elif kind == "boolean":
            out[key] = text == "true"
        else:
            out[key] = text
    return out


def as_move(title: Title, action: Action) -> Move | None:
    """The command that makes ``action``, if a click can carry it (scalar options only)."""
    spec = next((c for c in title.meta.commands if c.action == action.get("type")), None)
    if spec is None:
        return None
    names = {o.name for o in spec.options}
    options = {k: v for k, v in action.items() if k not in ("type", "seat")}
    if not set(options) <= names:
        return None
    if any(not isinstance(v, str | int | bool) for v in options.values()):
        return None
    if any(o.required and o.name not in options for o in spec.options):
        return None
    return spec.name, options


def label(move: Move, limit: int) -> str:
    name, options = move
    words = " ".join(str(v) for v in options.values())
    return (f"{name} {words}".strip())[:limit]


def move_id(game_id: int, seq: int, move: Move) -> str:
    return f"rb:{game_id}:{seq}:{move[0]}:{encode_options(move[1])}"


def _bot(interaction: discord.Interaction[Any]) -> Host:
    return cast("Host", interaction.client)


class MoveButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"rb:(?P<game>[0-9]+):(?P<seq>[0-9]+):(?P<cmd>[a-z0-9_-]+):(?P<arg>[^:]*)",
):
    """One move that needs no further choice (pass, take this card)."""

    def __init__(self, game_id: int, seq: int, command: str, arg: str, text: str) -> None:
        self.game_id, self.seq, self.command, self.arg = game_id, seq, command, arg
        super().__init__(
            discord.ui.Button(
                label=text,
                style=discord.ButtonStyle.primary,
                custom_id=f"rb:{game_id}:{seq}:{command}:{arg}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> MoveButton:
        text = getattr(item, "label", None) or match["cmd"]
        return cls(int(match["game"]), int(match["seq"]), match["cmd"], match["arg"], text)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _bot(interaction).press(interaction, self.game_id, self.seq, self.command, self.arg)


class MovePicker(
    discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
    template=r"rbs:(?P<game>[0-9]+):(?P<seq>[0-9]+)",
):
    """A menu of complete moves; each option's value is ``command:options``."""

    def __init__(self, game_id: int, seq: int, options: list[discord.SelectOption]) -> None:
        self.game_id, self.seq = game_id, seq
        super().__init__(
            discord.ui.Select(
                custom_id=f"rbs:{game_id}:{seq}",
                placeholder="Choose a move",
                options=options,
                min_values=1,
                max_values=1,
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> MovePicker:
        options = list(getattr(item, "options", []))
        return cls(int(match["game"]), int(match["seq"]), options)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        choice = self.item.values[0] if self.item.values else ""
        command, _, arg = choice.partition(":")
        await _bot(interaction).press(interaction, self.game_id, self.seq, command, arg)


CONTROLS = {"undo": "Agree to undo", "abandon": "Yes, abandon the game"}


class ControlButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"rbc:(?P<game>[0-9]+):(?P<seq>[0-9]+):(?P<what>undo|abandon)",
):
    """Consent to an undo, or confirm abandoning: valid only while the game has not moved."""

    def __init__(self, game_id: int, seq: int, what: str) -> None:
        self.game_id, self.seq, self.what = game_id, seq, what
        style = discord.ButtonStyle.danger if what == "abandon" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=CONTROLS[what], style=style, custom_id=f"rbc:{game_id}:{seq}:{what}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ControlButton:
        return cls(int(match["game"]), int(match["seq"]), match["what"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _bot(interaction).control(interaction, self.game_id, self.seq, self.what)


DYNAMIC_ITEMS = (MoveButton, MovePicker, ControlButton)


def move_view(game_id: int, seq: int, moves: Iterable[Move]) -> discord.ui.View | None:
    """Up to 5 buttons for moves without options and a menu of up to 25 moves with them."""
    buttons: list[MoveButton] = []
    picks: list[discord.SelectOption] = []
    for move in dict((move_id(game_id, seq, m), m) for m in moves).values():
        if not move[1]:
            cid = move_id(game_id, seq, move)
            if len(buttons) < MAX_BUTTONS and len(cid) <= MAX_CUSTOM_ID:
                arg = encode_options(move[1])
                buttons.append(MoveButton(game_id, seq, move[0], arg, label(move, 80)))
        else:
            value = f"{move[0]}:{encode_options(move[1])}"
            if len(picks) < MAX_PICKS and len(value) <= MAX_CUSTOM_ID:
                picks.append(discord.SelectOption(label=label(move, 100), value=value))
    if not buttons and not picks:
        return None
    view = discord.ui.View(timeout=None)
    for button in buttons:
        view.add_item(button)
    if picks:
        view.add_item(MovePicker(game_id, seq, picks))
    return view


def control_view(game_id: int, seq: int, what: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ControlButton(game_id, seq, what))
    return view
