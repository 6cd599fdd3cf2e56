"""Drawing a board never stalls the event loop (the gateway heartbeat runs on it)."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from discord_harness import ALICE, BOB, Harness, final

from bot.service import BoardRenderer

drawing = threading.Event()
"""Set while the slow renderer is drawing."""
beats_seen = threading.Event()
"""Set by the heartbeat once it has ticked while a board was being drawn."""


def slow_board(title: str, view: dict[str, Any], map_id: str | None, zoom: str | None) -> bytes:
    # Blocks until the heartbeat has ticked meanwhile. Were this running on the event loop,
    # the heartbeat could not tick and the wait would run out.
    drawing.set()
    ticked = beats_seen.wait(timeout=5)
    drawing.clear()
    return b"PNG ticked" if ticked else b"PNG stalled"


@pytest.fixture
def renderer() -> BoardRenderer:
    drawing.clear()
    beats_seen.clear()
    return slow_board


async def test_a_slow_board_leaves_the_event_loop_free(harness: Harness) -> None:
    h = harness
    ticks_while_drawing = 0

    async def heartbeat() -> None:
        nonlocal ticks_while_drawing
        while True:
            await asyncio.sleep(0.005)
            if drawing.is_set():
                ticks_while_drawing += 1
                if ticks_while_drawing >= 3:
                    beats_seen.set()

    await h.run(ALICE, ["game", "new"], system="tiny")
    await h.run(BOB, ["game", "join"])
    beat = asyncio.get_running_loop().create_task(heartbeat())
    try:
        payload, token = h.command_payload(ALICE, ["game", "start"])
        h.feed(payload)
        me = asyncio.current_task()
        started = [t for t in asyncio.all_tasks() if t not in (beat, me)]
        await asyncio.wait(started, timeout=10)
    finally:
        beat.cancel()
    start = final(h.rec.for_token(token))
    assert start.files == ["board.png"]
    assert ticks_while_drawing >= 3, "the heartbeat kept ticking while the board was drawn"
