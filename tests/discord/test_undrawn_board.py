"""A board picture that fails to draw after a stored move: the move's message still carries the
board's controls, says the picture is missing and how to retry, and retires the board before."""

from __future__ import annotations

from typing import Any

import pytest
from discord_harness import Harness, final, open_and_ready, to_act

from bot.replies import UNDRAWN


def retired(h: Harness) -> set[int]:
    return {c.message_id for c in h.rec.calls
            if c.kind == "message_edit" and c.message_id and c.payload.get("components") == []}


async def test_a_move_whose_board_fails_to_draw_keeps_the_usual_controls(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = harness
    before = await open_and_ready(h)
    assert before.message_id is not None and before.files
    drawn = h.bot.service._render
    assert drawn is not None

    def broken(*args: Any) -> bytes:
        raise RuntimeError("drawing bug")

    monkeypatch.setattr(h.bot.service, "_render", broken)
    mover = await to_act(h)
    moved = final(await h.run(mover, ["add"], amount=1))
    assert not moved.ephemeral and moved.files == []
    assert f"{mover[1]} adds 1" in moved.content, "the move stands and is told"
    assert UNDRAWN in moved.content and "/game board" in UNDRAWN
    assert any(cid.startswith("rbh:") for cid in moved.custom_ids), "My hand is there"
    assert any(cid.startswith("rb:") for cid in moved.custom_ids), "the next moves are there"
    assert before.message_id in retired(h), "the board before lost its buttons"
    # /game board tries again: once drawing works, the picture comes.
    monkeypatch.setattr(h.bot.service, "_render", drawn)
    again = final(await h.run(mover, ["game", "board"]))
    assert again.files == ["board.png"]
