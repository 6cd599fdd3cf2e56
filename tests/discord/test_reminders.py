"""Reminders: due after the game's interval, snoozed per player, silent after a long stall."""

from __future__ import annotations

import asyncio

from discord_harness import (
    ALICE,
    BOB,
    EVE,
    GUILD,
    Clock,
    Harness,
    current_game,
    final,
    open_and_start,
    to_act,
)

from bot import reminders
from bot.discord.reminders import send_due
from bot.service import User, Where

HOUR = 3600.0


async def started(h: Harness) -> None:
    await open_and_start(h, target=30)
    await h.run(ALICE, ["ready"])
    await h.run(BOB, ["ready"])


def posted(h: Harness) -> list:
    return [c for c in h.rec.calls if c.kind == "channel_message"]


async def test_reminder_after_the_interval_pings_only_who_must_act(
    harness: Harness, clock: Clock
) -> None:
    h = harness
    await started(h)
    mover = await to_act(h)
    clock.now += 11 * HOUR
    assert await send_due(h.bot, clock.now) == 0
    clock.now += 1 * HOUR
    assert await send_due(h.bot, clock.now) == 1
    (call,) = posted(h)
    assert call.url.endswith("/channels/100/messages")
    assert call.mentions == {"parse": [], "users": [mover[0]]}
    assert f"<@{mover[0]}>" in call.content and "waiting for your move for 12 h" in call.content
    # Not again until another interval has passed.
    clock.now += HOUR
    assert await send_due(h.bot, clock.now) == 0


async def test_snooze_and_a_move_reset_reminders(harness: Harness, clock: Clock) -> None:
    h = harness
    await started(h)
    mover = await to_act(h)
    other = BOB if mover == ALICE else ALICE
    refused = final(await h.run(other, ["game", "snooze"]))
    assert refused.ephemeral and "not waiting for you" in refused.content
    snoozed = final(await h.run(mover, ["game", "snooze"]))
    assert snoozed.ephemeral and "until the turn changes" in snoozed.content
    clock.now += 24 * HOUR
    assert await send_due(h.bot, clock.now) == 0
    await h.run(mover, ["pass"])  # a new turn: the snooze no longer applies
    clock.now += 12 * HOUR
    assert await send_due(h.bot, clock.now) == 1
    reminder = posted(h)[-1].content
    assert f"<@{other[0]}>" in reminder
    # What happened meanwhile, as /game status tells it: the pass is the latest line.
    assert "\nSince your last move (" in reminder
    assert reminder.endswith("passes.") and "\n#3 " in reminder


async def test_reminders_stop_after_a_long_stall(harness: Harness, clock: Clock) -> None:
    h = harness
    await started(h)
    for _ in range(reminders.MAX_REMINDERS + 3):
        clock.now += 12 * HOUR
        await send_due(h.bot, clock.now)
    sent = posted(h)
    assert len(sent) == reminders.MAX_REMINDERS
    assert "no more this turn" in sent[-1].content
    assert all("no more" not in c.content for c in sent[:-1])


async def test_only_the_creator_sets_the_interval(harness: Harness, clock: Clock) -> None:
    h = harness
    await started(h)
    refused = final(await h.run(EVE, ["game", "remind"], hours=1))
    assert refused.ephemeral and "creator or a server manager" in refused.content
    bad = final(await h.run(ALICE, ["game", "remind"], hours=-1))
    assert bad.ephemeral and "between 0" in bad.content
    set_two = final(await h.run(ALICE, ["game", "remind"], hours=2))
    assert not set_two.ephemeral and "every 2 h" in set_two.content
    clock.now += 2 * HOUR
    assert await send_due(h.bot, clock.now) == 1
    final(await h.run(ALICE, ["game", "remind"], hours=0))
    clock.now += 100 * HOUR
    assert await send_due(h.bot, clock.now) == 0
    game = await current_game(h)
    assert await reminders.interval_hours(h.bot.service.store, game.id) == 0


async def test_two_bot_processes_on_one_database_remind_once(
    make_harness, clock: Clock
) -> None:
    one, two = await make_harness(), await make_harness()
    await started(one)
    clock.now += 12 * HOUR
    sent = await asyncio.gather(send_due(one.bot, clock.now), send_due(two.bot, clock.now))
    assert sorted(sent) == [0, 1]
    assert len(posted(one)) == 1  # both harnesses share one recorder: one post in all
    clock.now += 12 * HOUR
    sent = await asyncio.gather(send_due(two.bot, clock.now), send_due(one.bot, clock.now))
    assert sorted(sent) == [0, 1] and len(posted(one)) == 2
    assert "waiting for your move for 24 h" in posted(one)[-1].content


async def test_two_players_snoozing_at_once_both_stay_quiet(
    harness: Harness, clock: Clock
) -> None:
    h = harness
    await open_and_start(h, target=30)  # the opening "ready" waits for both players at once
    where = Where(GUILD, 100)
    answers = await asyncio.gather(
        *(reminders.snooze(h.bot.service, where, User(*who)) for who in (ALICE, BOB))
    )
    assert all("until the turn changes" in a.text for a in answers)
    clock.now += 24 * HOUR
    assert await send_due(h.bot, clock.now) == 0
