"""/stats history offers each listed game's final board, shown only to whoever picks it, and
only for games of the server it is asked in."""

from __future__ import annotations

from typing import Any

import pytest
from click_player import menus
from discord_harness import EVE, Harness, current_game, final, open_and_ready, to_act

from bot.service import BoardRenderer

DRAWN: list[int] = []
"""The tiny game's total on each board drawn, in order."""


@pytest.fixture
def renderer() -> BoardRenderer:
    DRAWN.clear()

    def draw(title: str, view: dict[str, Any], map_id: str | None, zoom: str | None) -> bytes:
        DRAWN.append(view["total"])
        return f"PNG total={view['total']}".encode()

    return draw


async def _finish(h: Harness, amounts: tuple[int, ...]) -> int:
    await open_and_ready(h, target=6)
    for amount in amounts:
        await h.run(await to_act(h), ["add"], amount=amount)
    game = await current_game(h)
    assert game.status == "finished"
    return game.id


async def test_the_history_menu_shows_the_picked_games_final_board(harness: Harness) -> None:
    h = harness
    first = await _finish(h, (3, 3))
    second = await _finish(h, (3, 2, 2))
    listed = final(await h.run(EVE, ["stats", "history"]))
    (menu,) = menus(listed)
    assert [o["value"] for o in menu["options"]] == [str(second), str(first)]
    DRAWN.clear()
    shown = final(await h.click(EVE, listed, menu["custom_id"], str(first)))
    assert shown.ephemeral and shown.files == ["board.png"]
    assert f"(#{first}), its final board" in shown.content
    assert DRAWN == [6]  # the first game's final total, not the second's 7
    DRAWN.clear()
    final(await h.click(EVE, listed, menu["custom_id"], str(second)))
    assert DRAWN == [7]


async def test_a_game_of_another_server_is_refused(harness: Harness) -> None:
    h = harness
    game_id = await _finish(h, (3, 3))
    listed = final(await h.run(EVE, ["stats", "history"]))
    (menu,) = menus(listed)
    payload, token = h.click_payload(EVE, listed, menu["custom_id"], str(game_id))
    payload["guild_id"] = "11"  # the same menu, picked on another server
    DRAWN.clear()
    h.feed(payload)
    await h.settle()
    refused = final(h.rec.for_token(token))
    assert refused.ephemeral and not refused.files
    assert f"This server has no finished game #{game_id}" in refused.content
    assert DRAWN == []
