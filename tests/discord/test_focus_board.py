"""After a move the channel gets the focus picture (the part of the board where it happened) with
a "Full board" button that shows the whole board to whoever clicks."""

from __future__ import annotations

from typing import Any

import pytest
from discord_harness import (
    BOB,
    Harness,
    current_game,
    final,
    open_and_ready,
    open_and_start,
)
from PIL import Image

from bot.service import FocusPainter

drawn: list[str] = []


@pytest.fixture
def focus_painter() -> FocusPainter:
    def focus(title: str, view: dict[str, Any], map_id: str | None,
              whole: Image.Image | None) -> Image.Image:
        drawn.append(title)
        return Image.new("RGB", (8, 6), (255, 214, 0))

    return focus


def full_board_button(message: Any) -> list[str]:
    return [cid for cid in message.custom_ids if cid.startswith("rbf:")]


async def test_a_move_posts_its_focus_picture_with_a_full_board_button(harness: Harness) -> None:
    h = harness
    drawn.clear()
    started = await open_and_start(h)
    assert not full_board_button(started), "the set-up board is the whole board already"
    board = await open_and_ready(h)
    game = await current_game(h)
    assert drawn == ["tiny", "tiny"], "a focus picture for each move since the start"
    (button,) = full_board_button(board)
    assert button == f"rbf:{game.id}" and board.files == ["board.png"]
    # Anyone may look: the whole board comes back only to the one who clicked.
    shown = final(await h.click(BOB, board, button))
    assert shown.ephemeral and shown.files == ["board.png"]
    assert shown.content.startswith(f"{game.name}, after ")
    assert not full_board_button(shown)


async def test_a_failing_focus_picture_posts_the_whole_board(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness

    def broken(*args: Any) -> Image.Image:
        raise RuntimeError("drawing bug")

    monkeypatch.setattr(h.bot.service, "_focus", broken)
    board = await open_and_ready(h)
    # The move stands and its board is posted: the whole board, so no Full board button.
    assert board.files == ["board.png"] and not full_board_button(board)
    assert any(cid.startswith("rbh:") for cid in board.custom_ids)
