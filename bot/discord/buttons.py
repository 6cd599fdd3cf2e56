"""Persistent buttons and selects: the suggested moves under a board, and their follow-ups.

Their custom_id carries everything needed to act after a restart: the game id, the action seq
the board showed (a click on an older board is stale) and the move, e.g.
``rb:12:40:add:amount=2``. A suggestion whose options do not fit in 100 characters, or that
still needs a choice or a confirmation, carries a short key of the suggestion instead
(``rbx:12:40:3f9a0c21``): the click works the suggestion out again from the game and checks that
it is still offered. No state lives in the View; each move goes through the dispatcher like a
typed command.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from typing import Any, cast
from urllib.parse import quote, unquote

import discord

from bot.discord.host import Host
from engine.core import CommandSpec, OptionValue, Suggestion
from engine.core.names import plural
from engine.core.title import detail_text

MAX_CUSTOM_ID = 100
MAX_BUTTONS = 5
SUGGESTED_BUTTONS = MAX_BUTTONS - 1
"""A board keeps a place in its first row for the "My hand" button."""
MAX_PICKS = 25
MAX_MENUS = 4
"""Selects under a board (each takes a row of its own; the buttons take the first row)."""
MAX_LABEL = 80
MAX_ENTRY = 100
MORE = "~more:"
"""The value of a long menu's last entry: it asks again, showing the page it names (no legal
value starts so)."""

Move = tuple[str, dict[str, Any]]
"""A command name and its options, as a player would type them."""

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def encode_options(options: Mapping[str, Any]) -> str:
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


def move_id(game_id: int, seq: int, move: Move) -> str:
    return f"rb:{game_id}:{seq}:{move[0]}:{encode_options(move[1])}"


def suggestion_key(s: Suggestion) -> str:
    """A short, stable name of a suggested move: the same move offered again has the same key."""
    options = sorted((k, repr(v)) for k, v in s.options.items())
    text = repr((s.command, options, s.needs, bool(s.confirm)))
    return hashlib.sha1(text.encode()).hexdigest()[:10]


def find(suggestions: list[Suggestion], key: str) -> Suggestion | None:
    return next((s for s in suggestions if suggestion_key(s) == key), None)


def _direct(s: Suggestion) -> bool:
    """Whether a click can make the move at once (nothing to choose or confirm first)."""
    return not s.needs and not s.confirm and all(
        isinstance(v, str | int | bool) for v in s.options.values()
    )


def _bot(interaction: discord.Interaction[Any]) -> Host:
    return cast("Host", interaction.client)


class MoveButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"rb:(?P<game>[0-9]+):(?P<seq>[0-9]+):(?P<cmd>[a-z0-9_-]+):(?P<arg>[^:]*)",
):
    """One move that needs no further choice (pass, take this card)."""

    def __init__(
        self,
        game_id: int,
        seq: int,
        command: str,
        arg: str,
        text: str,
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
    ) -> None:
        self.game_id, self.seq, self.command, self.arg = game_id, seq, command, arg
        super().__init__(
            discord.ui.Button(
                label=text,
                style=style,
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


class SuggestButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"rbx:(?P<game>[0-9]+):(?P<seq>[0-9]+):(?P<key>[0-9a-f]+)",
):
    """A suggested move named by its key: it may still ask for a choice or a confirmation."""

    def __init__(
        self,
        game_id: int,
        seq: int,
        key: str,
        text: str = "Move",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
    ) -> None:
        self.game_id, self.seq, self.key = game_id, seq, key
        super().__init__(
            discord.ui.Button(label=text, style=style, custom_id=f"rbx:{game_id}:{seq}:{key}")
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> SuggestButton:
        return cls(int(match["game"]), int(match["seq"]), match["key"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _bot(interaction).pick(interaction, self.game_id, self.seq, self.key, "")



def one_choice(
    custom_id: str, options: list[discord.SelectOption], placeholder: str
) -> discord.ui.Select[discord.ui.View]:
    """A persistent menu of which exactly one entry is chosen."""
    return discord.ui.Select(
        custom_id=custom_id,
        placeholder=placeholder[:150],
        options=options,
        min_values=1,
        max_values=1,
    )

class MovePicker(
    discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
    template=r"rbs:(?P<game>[0-9]+):(?P<seq>[0-9]+)(?::(?P<n>[0-9]+))?",
):
    """A menu of suggested moves; an entry's value is ``command:options``, or ``#key`` for a
    suggestion that asks more or does not fit."""

    def __init__(
        self,
        game_id: int,
        seq: int,
        options: list[discord.SelectOption],
        n: int = 0,
        placeholder: str = "Choose a move",
    ) -> None:
        self.game_id, self.seq, self.n = game_id, seq, n
        super().__init__(
            one_choice(f"rbs:{game_id}:{seq}:{n}", options, placeholder)
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
        return cls(int(match["game"]), int(match["seq"]), options, int(match["n"] or 0))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        choice = self.item.values[0] if self.item.values else ""
        if choice.startswith(MORE):  # the next page of a long menu: "~more:2:b" (or h)
            page, _, where = choice[len(MORE):].partition(":")
            await _bot(interaction).more_moves(
                interaction, self.game_id, self.seq, self.n, int(page or 0), private=where == "h"
            )
            return
        if choice.startswith("#"):
            await _bot(interaction).pick(interaction, self.game_id, self.seq, choice[1:], "")
            return
        command, _, arg = choice.partition(":")
        await _bot(interaction).press(interaction, self.game_id, self.seq, command, arg)


class NeedPicker(
    discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
    template=r"rbn:(?P<game>[0-9]+):(?P<seq>[0-9]+):(?P<key>[0-9a-f]+):(?P<need>[a-z0-9_]+)"
    r":(?P<arg>[^:]*)",
):
    """A follow-up menu: the value of one option a suggested move still needs. ``arg`` holds the
    options chosen in earlier menus."""

    def __init__(
        self,
        game_id: int,
        seq: int,
        key: str,
        need: str,
        arg: str,
        options: list[discord.SelectOption],
        placeholder: str = "Choose",
    ) -> None:
        self.game_id, self.seq, self.key, self.need, self.arg = game_id, seq, key, need, arg
        super().__init__(
            one_choice(need_id(game_id, seq, key, need, arg), options, placeholder)
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> NeedPicker:
        options = list(getattr(item, "options", []))
        return cls(
            int(match["game"]), int(match["seq"]), match["key"], match["need"], match["arg"],
            options,
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        value = self.item.values[0] if self.item.values else ""
        if value.startswith(MORE):  # the next page of a long menu, for the same choice
            page = int(value[len(MORE):] or 0)
            await _bot(interaction).pick(
                interaction, self.game_id, self.seq, self.key, self.arg, page=page
            )
            return
        chosen = f"{self.need}={quote(value, safe='')}"
        arg = f"{self.arg},{chosen}" if self.arg else chosen
        await _bot(interaction).pick(interaction, self.game_id, self.seq, self.key, arg)


def need_id(game_id: int, seq: int, key: str, need: str, arg: str) -> str:
    return f"rbn:{game_id}:{seq}:{key}:{need}:{arg}"


class ConfirmMove(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"rbk:(?P<game>[0-9]+):(?P<seq>[0-9]+):(?P<key>[0-9a-f]+):(?P<arg>[^:]*)",
):
    """Go ahead with a suggested move that asked to be confirmed."""

    def __init__(self, game_id: int, seq: int, key: str, arg: str) -> None:
        self.game_id, self.seq, self.key, self.arg = game_id, seq, key, arg
        super().__init__(
            discord.ui.Button(
                label="Confirm",
                style=discord.ButtonStyle.danger,
                custom_id=confirm_id(game_id, seq, key, arg),
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ConfirmMove:
        return cls(int(match["game"]), int(match["seq"]), match["key"], match["arg"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _bot(interaction).pick(
            interaction, self.game_id, self.seq, self.key, self.arg, confirmed=True
        )


def confirm_id(game_id: int, seq: int, key: str, arg: str) -> str:
    return f"rbk:{game_id}:{seq}:{key}:{arg}"


class CancelMove(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"rbq:(?P<game>[0-9]+)",
):
    """Drop a move that was waiting for a confirmation or a choice."""

    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Cancel", style=discord.ButtonStyle.secondary, custom_id=f"rbq:{game_id}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> CancelMove:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.edit_message(content="Nothing was played.", view=None)


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


DYNAMIC_ITEMS = (
    MoveButton,
    SuggestButton,
    MovePicker,
    NeedPicker,
    ConfirmMove,
    CancelMove,
    ControlButton,
)


# -- laying suggestions out ------------------------------------------------------------------

def _button(game_id: int, seq: int, s: Suggestion) -> MoveButton | SuggestButton:
    style = STYLES.get(s.style, discord.ButtonStyle.primary)
    text = detail_text(s.label, MAX_LABEL)
    if _direct(s):
        cid = move_id(game_id, seq, (s.command, dict(s.options)))
        if len(cid) <= MAX_CUSTOM_ID:
            return MoveButton(game_id, seq, s.command, encode_options(s.options), text, style)
    return SuggestButton(game_id, seq, suggestion_key(s), text, style)


def _entry(s: Suggestion) -> discord.SelectOption:
    value = f"{s.command}:{encode_options(s.options)}"
    if not _direct(s) or len(value) > MAX_ENTRY:
        value = f"#{suggestion_key(s)}"
    return discord.SelectOption(
        label=detail_text(s.label, MAX_ENTRY), value=value,
        description=detail_text(s.detail, MAX_ENTRY) or None,
    )


def groups(suggestions: list[Suggestion]) -> dict[str, list[Suggestion]]:
    """Suggestions by group, groups in the order of their best suggestion (the list is
    ordered best first)."""
    out: dict[str, list[Suggestion]] = {}
    for s in suggestions:
        out.setdefault(s.group or s.command.capitalize(), []).append(s)
    return out


def suggestion_view(
    game_id: int, seq: int, suggestions: list[Suggestion], *, private: bool = False
) -> discord.ui.View | None:
    """The best move of each group as a button (quiet "secondary" moves such as pass last), and
    a menu per group that has more to offer; groups beyond the menus share the last one."""
    if not suggestions:
        return None
    shown = _shown(groups(suggestions))
    view = discord.ui.View(timeout=None)
    for s in shown:
        view.add_item(_button(game_id, seq, s))
    for n in range(len(move_menus(suggestions))):
        view.add_item(move_menu(game_id, seq, suggestions, n, 0, private=private))
    return view


def move_menus(suggestions: list[Suggestion]) -> list[tuple[str, list[discord.SelectOption]]]:
    """The menus under the buttons of :func:`suggestion_view`: each one's name and entries."""
    by_group = groups(suggestions)
    shown = _shown(by_group)
    menus = [(name, g) for name, g in by_group.items() if len(g) > 1]
    # A kind with a single move that got no button must still be offered somewhere.
    left = [g[0] for g in by_group.values() if len(g) == 1 and g[0] not in shown]
    if left or len(menus) > MAX_MENUS:
        keep = MAX_MENUS - 1
        rest = [s for _, g in menus[keep:] for s in g] + left
        menus = [*menus[:keep], ("More moves", rest)]
    out = []
    for name, group in menus:
        entries: dict[str, discord.SelectOption] = {}
        for s in group:
            entry = _entry(s)
            entries.setdefault(entry.value, entry)
        out.append((name, list(entries.values())))
    return out


def move_menu(
    game_id: int, seq: int, suggestions: list[Suggestion], n: int, page: int, *, private: bool
) -> MovePicker:
    """Page ``page`` of the ``n``th menu of moves (its last entry opens the next page of a
    long one); ``private`` when it is shown under `/game hand` rather than under the board."""
    name, entries = move_menus(suggestions)[n]
    where = "h" if private else "b"
    options, _ = _page(entries, page, f"{MORE}{{page}}:{where}")
    count = plural(len(entries), "choice")
    return MovePicker(game_id, seq, options, n, f"{name}: {count}")


def _shown(by_group: dict[str, list[Suggestion]]) -> list[Suggestion]:
    """The suggestions that get a button: the best of each group, quiet ones last."""
    firsts = [g[0] for g in by_group.values()]
    loud = [s for s in firsts if s.style != "secondary"]
    quiet = [s for s in firsts if s.style == "secondary"]
    return (loud[: SUGGESTED_BUTTONS - min(len(quiet), 2)] + quiet)[:SUGGESTED_BUTTONS]


def _page(
    every: list[discord.SelectOption], page: int, more_value: str
) -> tuple[list[discord.SelectOption], str]:
    """Page ``page`` of a menu's entries, with an entry to the next page (``more_value`` with
    its number for ``{page}``; the last page leads back to the first), and which entries of how
    many it shows ("" when all fit)."""
    if len(every) <= MAX_PICKS:
        return every, ""
    size = MAX_PICKS - 1
    pages = -(-len(every) // size)
    page = page % pages
    start = page * size
    shown = every[start:start + size]
    after = (page + 1) % pages
    more = (f"More: {after * size + 1} to {min(len(every), (after + 1) * size)} of {len(every)}"
            if after else f"Back to the first {size} of {len(every)}")
    shown.append(discord.SelectOption(label=more, value=more_value.format(page=after)))
    return shown, f" ({start + 1} to {start + len(shown) - 1} of {len(every)})"


def need_view(
    game_id: int, seq: int, s: Suggestion, need: str, arg: str, values: list[OptionValue],
    page: int = 0,
) -> discord.ui.View | None:
    """A follow-up menu for the next option ``s`` still needs, or None when it cannot be carried
    in a custom_id (the player then types the command). A list too long for one menu comes in
    pages, best values first: the last entry of a page opens the next one."""
    if len(need_id(game_id, seq, suggestion_key(s), need, arg)) > MAX_CUSTOM_ID:
        return None
    options: dict[str, discord.SelectOption] = {}
    for v in values:
        text = ("true" if v.value else "false") if isinstance(v.value, bool) else str(v.value)
        if len(text) <= MAX_ENTRY and text not in options:
            options[text] = discord.SelectOption(
                label=detail_text(v.label, MAX_ENTRY), value=text
            )
    every = list(options.values())
    if not every:
        return None
    shown, which = _page(every, page, MORE + "{page}")
    view = discord.ui.View(timeout=None)
    view.add_item(
        NeedPicker(game_id, seq, suggestion_key(s), need, arg, shown, f"Choose {need}{which}")
    )
    view.add_item(CancelMove(game_id))
    return view


def confirm_move_view(
    game_id: int, seq: int, s: Suggestion, arg: str
) -> discord.ui.View | None:
    """Confirm and Cancel for a suggested move that asks first."""
    if len(confirm_id(game_id, seq, suggestion_key(s), arg)) > MAX_CUSTOM_ID:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmMove(game_id, seq, suggestion_key(s), arg))
    view.add_item(CancelMove(game_id))
    return view


def control_view(game_id: int, seq: int, what: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ControlButton(game_id, seq, what))
    return view
