"""Secret moves stay private, every board has a "My hand" button, and only the latest board keeps
its controls (across restarts), which is also where reminders point."""

from __future__ import annotations

from discord_harness import (
    ALICE,
    BOB,
    Call,
    Clock,
    Harness,
    MakeHarness,
    current_game,
    final,
    open_and_ready,
    open_and_start,
    to_act,
)

from bot.discord.interact import HAND_HINT
from bot.discord.reminders import send_due

HOUR = 3600.0


def board_ids(h: Harness) -> list[int]:
    """The messages that carried a board, in posting order."""
    return [c.message_id for c in h.rec.public() if c.files and c.message_id is not None]


def retired(h: Harness) -> dict[int, Call]:
    return {c.message_id: c for c in h.rec.calls if c.kind == "message_edit" and c.message_id}


async def test_a_typed_secret_move_is_answered_privately(harness: Harness) -> None:
    h = harness
    await open_and_ready(h)
    mover = await to_act(h)
    calls = await h.run(mover, ["note"])
    (defer,) = [c for c in calls if c.kind == "callback"]
    assert defer.ephemeral, "deferred privately: a public reply shows the command's options"
    assert all(c.ephemeral for c in calls if c.kind in ("edit_original", "followup"))
    # The channel reads a plain message with the board, not a reply to the /note command.
    lines = [c for c in h.rec.calls if c.kind == "channel_message"]
    assert lines and f"{mover[1]} makes a mark." in lines[-1].content
    assert lines[-1].files == ["board.png"]
    assert not [c for c in h.rec.public() if c.token is not None and "makes a mark" in c.content]


async def test_every_board_has_my_hand_with_the_secret_moves(harness: Harness) -> None:
    h = harness
    board = await open_and_ready(h)
    mover = await to_act(h)
    hand = next(cid for cid in board.custom_ids if cid.startswith("rbh:"))
    assert not [cid for cid in board.custom_ids if ":note:" in cid], "secret moves stay off"
    shown = final(await h.click(mover, board, hand))
    assert shown.ephemeral and "card" in shown.content.lower()
    (note,) = [cid for cid in shown.custom_ids if ":note:" in cid]
    before = len([c for c in h.rec.calls if c.kind == "channel_message"])
    clicked = await h.click(mover, shown, note)
    assert all(c.ephemeral for c in clicked if c.kind in ("edit_original", "followup"))
    lines = [c for c in h.rec.calls if c.kind == "channel_message"][before:]
    assert [f"{mover[1]} makes a mark." in c.content for c in lines] == [True]
    # A spectator's click shows only a refusal, and only to them.
    spectator = final(await h.click((9, "eve"), board, hand))
    assert spectator.ephemeral and "not playing" in spectator.content


async def test_the_start_and_its_ping_say_where_secret_choices_are(harness: Harness) -> None:
    h = harness
    await h.run(ALICE, ["game", "new"], system="tiny", options="target=30")
    await h.run(BOB, ["game", "join"])
    # Make the opening move secret, like a Rail Baron choice.
    title = h.bot.service.registry.get("tiny")
    plain = title.is_secret_move
    title.is_secret_move = lambda action: action.get("type") in ("ready", "note")  # type: ignore[method-assign]
    try:
        calls = await h.run(ALICE, ["game", "start"])
    finally:
        title.is_secret_move = plain  # type: ignore[method-assign]
    start = final(calls)
    hint = f"Say you are ready privately: {HAND_HINT}."
    assert hint in start.content and "My hand" in HAND_HINT
    ping = next(c for c in calls if "is waiting for you" in c.content)
    assert hint in ping.content


async def test_old_boards_lose_their_controls_even_after_a_restart(
    make_harness: MakeHarness,
) -> None:
    h = await make_harness()
    await open_and_start(h, target=30)
    await h.run(ALICE, ["ready"])
    first, second = board_ids(h)
    edit = retired(h)[first].payload
    assert edit["components"] == [], "the buttons are gone"
    assert "attachments" not in edit and "content" not in edit, "the picture and text stay"
    assert second not in retired(h), "the latest board keeps its buttons"
    restarted = await make_harness()
    await restarted.run(BOB, ["ready"])
    *_, newest = board_ids(restarted)
    assert second in retired(restarted) and newest not in retired(restarted)


async def test_a_reminder_links_to_the_latest_board(harness: Harness, clock: Clock) -> None:
    h = harness
    await open_and_ready(h)
    game = await current_game(h)
    *_, latest = board_ids(h)
    clock.now += 12 * HOUR
    assert await send_due(h.bot, clock.now) == 1
    reminder = [c for c in h.rec.calls if c.kind == "channel_message"][-1]
    assert reminder.content.endswith(f"/{game.guild_id}/{game.channel_id}/{latest}")
