"""A newcomer's first round of each title: the game is opened as its guide says, three players
join, and every move is the first complete suggestion of `/game help`, typed as shown. The round
must end without a refusal that leaves the player without a way on."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest
from typed_table import errors, suggested_commands, table

DOCS = Path(__file__).resolve().parents[2] / "docs"
MAX_LINES = 400

GUIDES = {
    "rotw": ("rotw-guide.md", "rotw"),
    "rotw-advanced": ("england-wales-advanced.md", "rotw"),
    "newengland": ("newengland-guide.md", "newengland"),
    "ultimate": ("ultimate-guide.md", "ultimate"),
}


def opening_command(guide: str, system: str) -> str:
    """The first `/game new` the guide shows for its title."""
    text = (DOCS / guide).read_text()
    found = re.search(rf"(/game new system:{system}[^`\n]*)", text)
    assert found, f"{guide} shows no /game new for {system}"
    return found.group(1)


def fixable(line: str) -> bool:
    """A refusal that tells the player what to type (a command, or confirm:true)."""
    return "/" in line or "confirm:true" in line


async def first_round(tmp_path: Path, game: str) -> list[str]:
    guide, system = GUIDES[game]
    async with table(tmp_path, seed=3) as t:
        assert not errors(await t.type("alice " + opening_command(guide, system)))
        for name in ("bob", "carol"):
            assert not errors(await t.type(f"{name} /game join"))
        assert not errors(await t.type("alice /game start"))
        start = None
        refusals: list[str] = []
        for _ in range(MAX_LINES):
            label = await t.turn_label()
            start = start or label
            if label != start:
                return refusals
            who = (await t.waiting())[0]
            offered = suggested_commands(await t.type(f"{who} /game help"))
            typed = next((c for c in offered if "..." not in c), None)
            assert typed is not None, f"/game help offered {who} nothing to type: {offered}"
            reply = await t.type(f"{who} {typed}")
            if "confirm:true" in reply:
                reply = await t.type(f"{who} {typed} confirm:true")
            if t.refusal is not None:
                refusals.append(t.refusal)
                assert fixable(t.refusal), reply
        raise AssertionError(f"the first round did not end within {MAX_LINES} moves")


@pytest.mark.parametrize("game", sorted(GUIDES))
def test_a_first_round_by_help_alone(tmp_path: Path, game: str) -> None:
    refusals = asyncio.run(first_round(tmp_path, game))
    assert refusals == []
