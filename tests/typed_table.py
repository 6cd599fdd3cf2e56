"""A terminal table for tests that type lines as players do (`alice /game help`) against every
real title, and read back exactly what the terminal prints for each line."""

from __future__ import annotations

import io
import random
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from bot.app import default_registry
from bot.cli.main import Terminal
from bot.commands import Dispatcher
from bot.service import GameService
from bot.storage import connect_store
from engine.core import Registry

_REGISTRY: list[Registry] = []


def registry() -> Registry:
    """The real titles, loaded once for all tests (maps and cards are read from disk)."""
    if not _REGISTRY:
        _REGISTRY.append(default_registry())
    return _REGISTRY[0]


class Table:
    def __init__(self, term: Terminal, out: io.StringIO, service: GameService) -> None:
        self.term = term
        self.out = out
        self.service = service
        self.refusal: str | None = None

    def move_to(self, channel: int) -> None:
        """Go on typing in another channel of the same server (another game)."""
        self.term = Terminal(self.term.dispatcher, self.term.out_dir, self.out, channel)

    async def type(self, line: str) -> str:
        """What the terminal prints for ``line``; ``refusal`` then holds the refusal, if the
        line was refused (a line that could not be read, or a move or query not allowed)."""
        start = len(self.out.getvalue())
        reply = await self.term.line(line)
        text = self.out.getvalue()[start:]
        self.refusal = reply.text if reply is not None and reply.error else \
            "\n".join(errors(text)) or None
        return text

    async def game(self) -> Any:
        game = await self.service.game_here(self.term.where, required=False)
        assert game is not None
        return game

    async def waiting(self) -> list[str]:
        """The names of the players who must act now."""
        game = await self.game()
        seats = {s.seat: s.name for s in await self.service.store.seats(game.id)}
        return [seats[s] for s in game.to_act]

    async def turn_label(self) -> str:
        game = await self.game()
        loaded = await self.service.load(game)
        return str(self.service.title(game).turn_label(loaded.state))

    async def state(self) -> Any:
        game = await self.game()
        return (await self.service.load(game)).state


@asynccontextmanager
async def table(tmp_path: Path, seed: int = 1) -> AsyncIterator[Table]:
    async with connect_store(str(tmp_path / "table.db")) as store:
        service = GameService(store, registry(), seeds=random.Random(seed))
        out = io.StringIO()
        yield Table(Terminal(Dispatcher(service), tmp_path, out), out, service)


SUGGESTED = re.compile(r"^\d+\. .*?: (/\S.*)$")


def suggested_commands(help_text: str) -> list[str]:
    """The typed forms of the suggestions a /game help reply lists, in its order."""
    return [m.group(1) for line in help_text.splitlines() if (m := SUGGESTED.match(line))]


def errors(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("[error]")]
