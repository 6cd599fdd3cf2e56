"""An Advanced Game typed into `railbot play` line by line, each line a suggestion the player is
offered: the waiting line names the company decided for, merger votes stay off the public
buttons, the log and the channel until all are in, and the game reaches its final standings."""

from __future__ import annotations

import asyncio
import io
import random
from pathlib import Path
from typing import Any

from bot.app import default_registry
from bot.cli.main import Terminal, local_user
from bot.commands import Dispatcher
from bot.service import GameService
from bot.storage import connect_store
from engine.core import Rng, new_rng_state

MAX_LINES = 900


def q(text: str) -> str:
    return f'"{text}"' if " " in text else text


async def play(db: str, out: Path) -> dict[str, Any]:
    registry = default_registry()
    async with connect_store(db) as store:
        service = GameService(store, registry, seeds=random.Random(3))
        term = Terminal(Dispatcher(service), out, io.StringIO())
        for text in ("alice /game new system:rotw map:england-wales "
                     "options:advanced=true,end_empty=5",
                     "bob /game join", "carol /game join", "alice /game start"):
            reply = await term.line(text)
            assert reply is not None and not reply.error, text
        assert "first player marker" in reply.text
        rng = Rng(new_rng_state(9))
        named_company = votes_seen = 0
        for _ in range(MAX_LINES):
            view = await service.view(term.where, None)
            if view["phase"] == "finished":
                break
            seat = view["to_act"][0]
            name = next(p["name"] for p in view["players"] if p["seat"] == seat)
            offered = [s for s in await service.suggestions(term.where, local_user(name))
                       if not s.needs]
            game = await service.game_here(term.where)
            public = await service.public_suggestions(game)
            assert not any(s.command == "vote" for s in public)
            s = offered[rng.below(min(3, len(offered)))]
            text = f"{name} /{s.command}" + "".join(f" {k}:{q(str(v))}"
                                                    for k, v in s.options.items())
            reply = await term.line(text)
            if reply is not None and isinstance(reply.data, dict) and "confirm" in reply.data:
                assert reply.ephemeral and ("issues" in reply.text or "bond" in reply.text
                                            or "no shareholder gets anything" in reply.text)
                reply = await term.line(text + " confirm:true")
            assert reply is not None and not reply.error, (text, reply and reply.text)
            if s.command == "vote":
                votes_seen += 1
                assert "You vote" not in reply.text  # the channel reads only that one voted
                assert any("You vote" in p.text for p in reply.private)
            named_company += ", for the " in reply.text and " company: " in reply.text
        assert named_company > 5
        assert votes_seen > 0  # this seed holds merger votes
        log = await service.log(term.where, 200)
        assert "You vote" not in log.text
        return await service.view(term.where, None)


def test_an_advanced_game_through_the_terminal(tmp_path: Path) -> None:
    final = asyncio.run(play(str(tmp_path / "adv.db"), tmp_path / "boards"))
    assert final["phase"] == "finished"
    assert len(final["final"]["scores"]) == 3
