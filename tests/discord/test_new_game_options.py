"""`/game new options:` suggests only the key=value pairs the chosen system and map allow."""

from __future__ import annotations

import pytest
from discord_harness import ALICE, Harness

from bot.app import default_registry
from engine.core import Registry


@pytest.fixture
def tiny_registry() -> Registry:
    return default_registry()


async def pairs(h: Harness, system: str, typed: str = "", **more: str) -> list[str]:
    found = await h.autocomplete(ALICE, ["game", "new"], "options", system=system,
                                 options=typed, **more)
    return [c["value"] for c in found]


async def test_game_new_options_fit_the_chosen_map(harness: Harness) -> None:
    # The Transcontinental's baron options only on its map, the Advanced Game only on England
    # and Wales.
    east = await pairs(harness, "rotw", map="eastern-us")
    assert "mines=true" in east
    assert not [p for p in east if p.startswith(("barons=", "advanced="))]
    assert "barons=each_board" in await pairs(harness, "rotw", map="transcontinental")
    assert "advanced=true" in await pairs(harness, "rotw", map="england-wales")


async def test_an_option_already_typed_narrows_what_follows(harness: Harness) -> None:
    # Ultimate Railroads: the Asian #2 locomotives are a choice only with the Asian boards.
    russian = await pairs(harness, "ultimate", "board=russian, ")
    assert "board=russian, coal=true" in russian
    assert not [p for p in russian if "asian_locos" in p]
    asian = await pairs(harness, "ultimate", "board=asian, industry=base, ")
    assert [p for p in asian if "asian_locos" in p]
