"""A whole three-player game of Railways of the World typed into `railbot play`.

A simple deterministic player reads the public and private views after every line and types its
next command the way a person would (`alice /build from:Pittsburgh to:Cleveland`); the transcript
is then fed as a script to a fresh `railbot play` on a new database, which must reach the same
final scores. So every line goes through the real command parser, dispatcher, service and store.
"""

from __future__ import annotations

import asyncio
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from bot.app import default_registry
from bot.cli.main import Terminal, local_user, main
from bot.commands import Dispatcher
from bot.service import GameService
from bot.storage import connect_store
from engine.core import Rng, new_rng_state

MAX_LINES = 900


def q(text: str) -> str:
    return f'"{text}"' if " " in text else text


def line_for(name: str, action: dict[str, Any]) -> str:
    kind = action["type"]
    if kind == "choose_baron":
        return f"{name} /baron card:{action['card']}"
    if kind == "bid":
        return f"{name} /bid amount:{action['amount']}"
    if kind in ("pass", "upgrade"):
        return f"{name} /{kind}"
    if kind == "deliver":
        return (
            f"{name} /deliver city:{q(action['city'])} colour:{action['colour']} "
            f"to:{q(action['route'][-1])}"
        )
    if kind == "urbanize":
        return f"{name} /urbanize city:{q(action['city'])} colour:{action['colour']}"
    if kind == "western_link":
        return f"{name} /westernlink city:{q(action['city'])}"
    if kind == "card":
        extra = "".join(f" {k}:{q(str(action[k]))}" for k in ("city", "colour") if k in action)
        return f"{name} /card card:{action['card']}{extra}"
    raise AssertionError(f"no command for {kind}")


class Player:
    """Picks a legal move: deliver for the most own points, else build toward a near city."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(new_rng_state(seed))

    def choose(
        self,
        view: dict[str, Any],
        legal: list[dict[str, Any]],
        name: str,
        cities: dict[str, tuple[int, int]],
    ) -> str:
        kinds: dict[str, list[dict[str, Any]]] = {}
        for a in legal:
            kinds.setdefault(a["type"], []).append(a)
        seat = legal[0]["seat"]
        me = view["players"][[p["seat"] for p in view["players"]].index(seat)]
        if "choose_baron" in kinds:
            return line_for(name, kinds["choose_baron"][0])
        if view["phase"] == "auction":
            if "bid" in kinds and me["money"] >= 4000 and self.rng.below(3) == 0:
                return f"{name} /bid amount:{kinds['bid'][0]['min']}"
            return f"{name} /pass"
        roll = self.rng.below(100)
        if "deliver" in kinds and roll < 60:
            best = max(kinds["deliver"], key=lambda a: a["points"].get(str(seat), 0))
            return line_for(name, best)
        if "upgrade" in kinds and me["engine"] < 3 and roll < 70:
            return f"{name} /upgrade"
        starts = [a["start"] for a in kinds.get("build", [])]
        if starts and roll < 95:
            own_end = [s for s in starts if s.startswith("link:")]
            start = own_end[0] if own_end else self.rng.choice(starts)
            here = cities.get(start)
            if here is None:
                link = next(lk for lk in view["links"] if f"link:{lk['id']}" == start)
                here = cities[link["cities"][0]]
            near = sorted(
                (abs(r - here[0]) + abs(c - here[1]), n)
                for n, (r, c) in cities.items()
                if (r, c) != here
            )
            goal = near[self.rng.below(4)][1]
            return f"{name} /build from:{q(start)} to:{q(goal)}"
        return f"{name} /pass"


async def play_live(db: str, out: Path) -> tuple[list[str], dict[str, Any]]:
    """Play the whole game line by line; return the transcript and the final public view."""
    registry = default_registry()
    lines: list[str] = []
    async with connect_store(db) as store:
        # No board images here: drawing is tested elsewhere and would only slow the game down.
        service = GameService(store, registry, seeds=random.Random(5))
        term = Terminal(Dispatcher(service), out, io.StringIO())
        opening = [
            "alice /game new system:rotw map:eastern-us",
            "bob /game join",
            "carol /game join",
            "alice /game start",
        ]
        for text in opening:
            lines.append(text)
            await term.line(text)
        title = registry.get("rotw")
        mapdef = title.context("eastern-us").mapdef  # type: ignore[attr-defined]
        cities = {n: (c.hex.row, c.hex.col) for n, c in mapdef.cities.items()}
        player = Player(17)
        for _ in range(MAX_LINES):
            view = await service.view(term.where, None)
            if view["phase"] == "finished":
                break
            seat = view["to_act"][0]
            name = next(p["name"] for p in view["players"] if p["seat"] == seat)
            legal = await service.legal(term.where, local_user(name))
            text = player.choose(view, legal, name, cities)
            reply = await term.line(text)
            if reply is not None and isinstance(reply.data, dict) and "confirm" in reply.data:
                # The move would issue bonds (R12), build a partial link toward a city out of
                # reach, or pass while other actions are open: the bot described it; the player
                # confirms.
                assert ("bond" in reply.text or "cannot be reached in one action" in reply.text
                        or "Passing throws away this action" in reply.text) and reply.ephemeral
                lines.append(text)
                text += " confirm:true"
                reply = await term.line(text)
            if reply is not None and reply.error and "/build" in text:
                # The route could not be laid this action: a real player would pass instead.
                text = f"{name} /pass"
                reply = await term.line(text)
            assert reply is not None and not reply.error, (text, reply and reply.text)
            lines.append(text)
        final = await service.view(term.where, None)
    return lines, final


def test_three_player_game_to_the_final_scores(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines, final = asyncio.run(play_live(str(tmp_path / "live.db"), tmp_path / "live"))
    assert final["phase"] == "finished" and final["final"] is not None
    assert len(final["final"]["scores"]) == 3
    assert len(lines) > 60

    # The transcript replayed as a script through `railbot play` reaches the same end.
    script = "\n".join(lines) + "\n"
    db = str(tmp_path / "script.db")
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    argv = ["play", "--db", db, "--out", str(tmp_path / "boards"), "--seed", "5", "--no-boards"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "[error]" not in out
    assert "The game is over." in out
    assert main(["inspect", "--db", db]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["final"] == final["final"]
    assert replayed["players"] == final["players"]
