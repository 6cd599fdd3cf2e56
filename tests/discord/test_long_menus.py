"""A menu of moves longer than Discord's 25 entries comes in pages: its last entry opens the
next page (privately), and every move is reached by clicks, none cut off."""

from __future__ import annotations

import pytest
from click_player import menus
from discord_harness import Harness, final, open_and_ready, to_act
from tinygame import TinyTitle

from bot.discord.buttons import MORE
from engine.core import State, Suggestion

MANY = 40


def many_moves(self: TinyTitle, state: State, seat: int) -> list[Suggestion]:
    if not self.legal(state, seat):
        return []
    out = [Suggestion(f"Add {a}", "add", {"amount": a}, group="Add", rank=100 - a)
           for a in (1, 2)]
    # Many offers of one kind: only the first is a move the tiny game takes.
    out += [Suggestion(f"Roll die number {i}", "roll", {"die": i}, group="Roll", rank=50 - i)
            for i in range(MANY)]
    out.append(Suggestion("Pass", "pass", group="Pass", rank=0, style="secondary"))
    return out


async def test_every_move_of_a_long_menu_is_reached_by_clicks(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = harness
    monkeypatch.setattr(TinyTitle, "suggest", many_moves)
    board = await open_and_ready(h)
    mover = await to_act(h)
    rolls = next(m for m in menus(board) if m["placeholder"].startswith("Roll"))
    assert rolls["placeholder"] == f"Roll: {MANY} choices"
    reached: list[str] = []
    message, menu, pages = board, rolls, 0
    while True:
        entries = menu["options"]
        assert len(entries) <= 25
        reached += [o["label"] for o in entries if not o["value"].startswith(MORE)]
        more = [o for o in entries if o["value"].startswith(MORE)]
        if not more or more[0]["value"].startswith(f"{MORE}0"):
            break
        pages += 1
        message = final(await h.click(mover, message, menu["custom_id"], more[0]["value"]))
        assert message.ephemeral, "a next page is for the clicker alone"
        (menu,) = menus(message)
    assert pages == 1 and len(reached) == MANY
    assert reached == [f"Roll die number {i}" for i in range(MANY)], "best first, none lost"
