"""Railways of the World's Rail Baron choice through the real tree: made privately from the
"My hand" menu, announced publicly, and a menu stays usable while the others choose."""

from __future__ import annotations

from typing import Any

import pytest
from discord_harness import ALICE, BOB, Call, Harness, current_game, final

from bot.app import default_registry
from bot.discord.interact import HAND_HINT
from bot.service import BoardRenderer, Where
from engine.core import Registry


@pytest.fixture
def tiny_registry() -> Registry:
    return default_registry()


@pytest.fixture
def renderer() -> BoardRenderer:
    def board(title: str, view: dict[str, Any], map_id: str | None, zoom: str | None) -> bytes:
        return b"PNG"

    return board


def baron_choices(menu: Call) -> tuple[str, list[str]]:
    """The menu's custom_id and the values of its Rail Baron entries."""
    for row in menu.payload["components"]:
        for item in row["components"]:
            values = [o["value"] for o in item.get("options", []) if "baron" in o["value"]]
            if values:
                return item["custom_id"], values
    raise AssertionError(f"no baron menu in {menu.payload}")


async def test_the_baron_menu_survives_another_players_choice(harness: Harness) -> None:
    h = harness
    await h.run(ALICE, ["game", "new"], system="rotw")
    await h.run(BOB, ["game", "join"])
    calls = await h.run(ALICE, ["game", "start"])
    start = final(calls)
    hint = f"Keep one of your two Rail Baron cards privately: {HAND_HINT}."
    assert hint in start.content, "the start says where the baron choice is"
    assert hint in next(c.content for c in calls if "is waiting for you" in c.content)
    assert not [cid for cid in start.custom_ids if "baron" in cid], "no secret on public buttons"
    hand = next(cid for cid in start.custom_ids if cid.startswith("rbh:"))
    menus = {user: final(await h.click(user, start, hand)) for user in (ALICE, BOB)}
    assert all(m.ephemeral for m in menus.values())

    picker, values = baron_choices(menus[ALICE])
    chose = await h.click(ALICE, menus[ALICE], picker, values[0])
    assert "has chosen a Rail Baron" not in " ".join(c.content for c in chose if not c.ephemeral)
    (line,) = [c for c in h.rec.calls if "alice has chosen" in c.content]
    assert line.kind == "channel_message" and line.files == ["board.png"]
    assert line.content.startswith("alice has chosen a Rail Baron card.")
    kept = final(chose)
    assert kept.ephemeral and kept.content.startswith("You keep Rail Baron ")

    # Bob's menu was shown before alice chose; his choice from it still stands.
    picker, values = baron_choices(menus[BOB])
    chose = await h.click(BOB, menus[BOB], picker, values[1])
    assert "moved on" not in final(chose).content, final(chose).content
    (line,) = [c for c in h.rec.calls if "bob has chosen" in c.content]
    assert line.kind == "channel_message"
    game = await current_game(h)
    view = await h.bot.service.view(Where(game.guild_id, game.channel_id), None)
    assert view["phase"] == "auction", "both choices were made"
