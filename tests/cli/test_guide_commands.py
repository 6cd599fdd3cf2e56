"""Every command the guides show runs: each is typed, in the order the guide shows it, into the
game the guide last opened (three players, through the opening choices), and no reply may refuse
it for its own words: an option, a value, a name, a hex or a command the game does not know.
Refusals that depend on the moment (another player's turn, too little money, a space taken)
are the game's, not the guide's, and pass."""

from __future__ import annotations

import asyncio
import re
from contextlib import AsyncExitStack
from pathlib import Path

import pytest
from typed_table import Table, suggested_commands, table

from bot.commands import Dispatcher, split_line
from bot.replies import UserError

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
GUIDES = ["../README.md", *sorted(p.name for p in DOCS.glob("*.md"))]
"""Every player guide, and the README's quick start."""

PIECE = re.compile(r"```[a-z]*\n(?P<block>.*?)```|`(?P<span>[^`\n]+)`", re.S)
COMMAND = re.compile(r"^(?:(?P<user>[a-z]+) )?(?P<command>/[a-z].*)$")
PLACEHOLDER = re.compile(r"<|\.\.\.|\||:$|: |\[")
"""A command's outline rather than a line to type: `<name>`, `...`, `a|b`, `[level:]`, `hours:`."""
THE_GUIDES_FAULT = (
    "is not an option", "has no option", "must be one of", "must be a whole number",
    "must be true or false", "There is no /", "is not a move in", "is not a hex",
    "not a hex label", "No city or hex called", "There is no seat", "type more of the",
    "Could not read that line", "Start the line with", "(e.g. /", "is not a player colour",
    "There is no map", "There is no action space", "is not a system", "There is no city",
    "There is no card",
)
"""Words of a refusal caused by what was typed, not by the moment."""
ADVANCE_PHASES = {"rotw": ("baron", "auction"), "ultimate": ("bonus",)}
"""Opening steps passed through (by the first suggestion) before the guide's moves are typed."""
PLAYERS = ("alice", "bob", "carol")
SEED = 5


def guide_commands(name: str) -> list[tuple[str | None, str]]:
    """The commands of a guide in its order: code block lines and inline code, each with the
    player who types it when the guide names one."""
    out: list[tuple[str | None, str]] = []
    for m in PIECE.finditer((DOCS / name).read_text(encoding="utf-8")):
        lines = m.group("block").splitlines() if m.group("block") is not None else \
            [m.group("span")]
        for line in lines:
            found = COMMAND.match(line.split("  #")[0].strip())
            if found and not PLACEHOLDER.search(found.group("command")):
                out.append((found.group("user"), found.group("command").strip()))
    return out


LOBBY_STEPS = ("/game join", "/game start")
"""Named in the text as steps ("before `/game start`"); a typed example types them itself."""


def mention(dispatcher: Dispatcher, system: str, user: str | None, command: str) -> bool:
    """A command named in the text rather than a line to type: a bare name that needs options
    (`/build`), another title's move (`/ship` in a list of every title's moves), a lobby step."""
    if user is None and command in LOBBY_STEPS:
        return True
    try:
        _, path, options = split_line("x " + command)
        spec = dispatcher.spec(path)
    except UserError:
        return False
    if options:
        return False
    title = next(t for t in dispatcher.registry if t.meta.id == system)
    other = path[0] != "game" and title.meta.command(path[0]) is None
    return other or any(o.required for o in spec.options)


class GuideRun:
    """Types a guide's commands, each game the guide opens at a table of its own (seeded as
    `railbot play --seed 5`, which the typed examples say they were played with)."""

    def __init__(self, tmp_path: Path, stack: AsyncExitStack) -> None:
        self.tmp_path = tmp_path
        self.stack = stack
        self.tables = 0
        self.t: Table | None = None
        self.creator = "alice"
        self.system = ""
        self.bad: list[str] = []

    async def open(self, user: str | None, command: str, scripted: bool,
                   start: bool = True) -> None:
        self.tables += 1
        folder = self.tmp_path / f"table{self.tables}"
        folder.mkdir()
        self.t = await self.stack.enter_async_context(table(folder, seed=SEED))
        self.creator = user or "alice"
        self.system = re.search(r"system:(\w+)", command).group(1)  # type: ignore[union-attr]
        await self.type(self.creator, command)
        if scripted:  # the guide seats its players itself
            return
        for name in PLAYERS[1:] if start else PLAYERS[1:2]:
            await self.type(name, "/game join")
        if start:
            await self.type(self.creator, "/game start")
            await self.advance()

    @property
    def table(self) -> Table:
        assert self.t is not None
        return self.t

    async def advance(self) -> None:
        t = self.table
        for _ in range(20):
            state = await t.state()
            if state.get("phase") not in ADVANCE_PHASES.get(self.system, ()):
                return
            who = (await t.waiting())[0]
            offered = suggested_commands(await t.type(f"{who} /game help"))
            await t.type(f"{who} {next(c for c in offered if '...' not in c)}")

    async def typist(self, user: str | None, command: str) -> str:
        if user is not None:
            return user
        t = self.table
        game = await t.service.game_here(t.term.where, required=False)
        if command.startswith("/game") or game is None or game.status != "active":
            return self.creator
        waiting = await t.waiting()
        return waiting[0] if waiting else self.creator

    async def type(self, user: str, command: str) -> None:
        t = self.table
        reply = await t.type(f"{user} {command}")
        refusal = t.refusal or ""
        if any(words in refusal for words in THE_GUIDES_FAULT):
            self.bad.append(f"{command} -> {refusal}")
        # A move that asks first is confirmed, as a player following the guide would; ending
        # the whole game (/game abandon) is not.
        if "confirm:true" in reply and "confirm:true" not in command \
                and not command.startswith("/game"):
            await t.type(f"{user} {command} confirm:true")
        if command.startswith("/game pause"):
            await t.type(f"{self.creator} /game resume")


async def run_guide(tmp_path: Path, name: str) -> list[str]:
    commands = guide_commands(name)
    async with AsyncExitStack() as stack:
        run = GuideRun(tmp_path, stack)
        if not any(c.startswith("/game new system:") for _, c in commands):
            # A guide about the bot, not one title: a game in its lobby, since such guides show
            # how a table is filled and its seats handed on.
            await run.open(None, "/game new system:ultimate", False, start=False)
        dispatcher = run.table.term.dispatcher if run.t else None
        for i, (user, command) in enumerate(commands):
            if command.startswith("/game new system:"):
                # A typed example seats its own players (its lines name who types them).
                after = commands[i + 1] if i + 1 < len(commands) else (None, "")
                scripted = user is not None and after[0] is not None \
                    and after[1].startswith("/game join")
                await run.open(user, command, scripted)
                dispatcher = run.table.term.dispatcher
                continue
            if dispatcher is None or mention(dispatcher, run.system, user, command):
                continue
            await run.type(await run.typist(user, command), command)
        return run.bad


@pytest.mark.parametrize("guide", GUIDES)
def test_every_command_of_a_guide_runs(tmp_path: Path, guide: str) -> None:
    assert asyncio.run(run_guide(tmp_path, guide)) == []


def test_the_guides_show_commands() -> None:
    shown = {name: len(guide_commands(name)) for name in GUIDES}
    for guide in ("rotw-guide.md", "newengland-guide.md", "ultimate-guide.md",
                  "england-wales-advanced.md"):
        assert shown[guide] > 10, shown
