"""/game replay through Discord interactions: deferred at once, then the animation as a file."""

from __future__ import annotations

import io
from typing import Any

import pytest
from discord_harness import ALICE, BOB, EVE, Harness, final, open_and_start, to_act
from PIL import Image

from bot.service import BoardRenderer


def png_board(title: str, view: dict[str, Any], map_id: str | None, zoom: str | None) -> bytes:
    """A real picture whose shade follows the total, so every frame differs."""
    out = io.BytesIO()
    Image.new("RGB", (160, 100), (20 + 10 * int(view["total"]), 80, 40)).save(out, "PNG")
    return out.getvalue()


@pytest.fixture
def renderer() -> BoardRenderer:
    return png_board


async def played(h: Harness, rolls: int) -> None:
    await open_and_start(h, target=100)
    await h.run(ALICE, ["ready"])
    await h.run(BOB, ["ready"])
    for _ in range(rolls):
        await h.run(await to_act(h), ["roll"])


async def test_replay_posts_an_animated_webp_for_everyone(harness: Harness) -> None:
    h = harness
    await played(h, 3)
    calls = await h.run(EVE, ["game", "replay"])  # a spectator may ask too
    assert calls[0].kind == "callback" and calls[0].payload["type"] == 5  # deferred at once
    posted = final(calls)
    assert not posted.ephemeral and posted.files == ["replay.webp"]
    assert "moves #1 to #5, one picture a move" in posted.content


async def test_replay_of_a_stretch_by_turn_and_a_bad_stretch(harness: Harness) -> None:
    h = harness
    await played(h, 4)
    by_turn = final(await h.run(ALICE, ["game", "replay"], **{"from": 3, "by": "turn"}))
    assert by_turn.files == ["replay.webp"] and "moves #3 to #6, one picture a turn" in (
        by_turn.content
    )
    refused = final(await h.run(ALICE, ["game", "replay"], **{"from": 5, "to": 2}))
    assert refused.ephemeral and not refused.files
    assert "from: and to: are move numbers from /game log, 1 to 6" in refused.content
