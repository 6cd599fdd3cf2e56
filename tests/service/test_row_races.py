"""Changes to a game row racing each other through two processes (two services, each with its
own store connection, as in tests/service/test_exactly_once.py): a change that lost the race
is refused with a sentence, or made on top of the other, never acknowledged and then undone."""

from __future__ import annotations

import asyncio

from service_support import ALICE, BOB, CAROL, HERE
from test_exactly_once import mover, outcome, pair, started

from bot import reminders, takeover
from bot.service import GameService
from engine.core import UNDO

__all__ = ["pair"]  # the fixture, shared

ROUNDS = 6


async def fresh_game(one: GameService, *users: object) -> int:
    game = await one.store.game_in_channel(HERE.channel_id)
    if game is not None:
        await one.abandon(HERE, ALICE, confirm=True)
    return await started(one, ALICE, BOB, *users)  # type: ignore[arg-type]


async def test_abandon_and_pause_at_once_never_leave_an_acknowledged_abandon_paused(
    pair: tuple[GameService, GameService],
) -> None:
    one, two = pair
    for _ in range(ROUNDS):
        gid = await fresh_game(one)
        abandon = asyncio.create_task(one.abandon(HERE, ALICE, confirm=True))
        pause = asyncio.create_task(two.set_paused(HERE, ALICE, True))
        said = [await outcome(abandon), await outcome(pause)]
        game = await one.store.game(gid)
        assert game is not None
        assert "was abandoned" in said[0], said  # an abandon ends a running or a paused game
        assert game.status == "abandoned", said
        if said[1].startswith("refused:"):  # it came second: it says why
            assert ("is abandoned, so it can't be paused" in said[1]
                    or "Tiny Race was abandoned" in said[1]), said


async def test_a_resume_never_revives_an_abandoned_game(
    pair: tuple[GameService, GameService],
) -> None:
    one, two = pair
    for _ in range(ROUNDS):
        gid = await fresh_game(one)
        await one.set_paused(HERE, ALICE, True)
        abandon = asyncio.create_task(one.abandon(HERE, ALICE, confirm=True))
        resume = asyncio.create_task(two.set_paused(HERE, ALICE, False))
        said = [await outcome(abandon), await outcome(resume)]
        game = await one.store.game(gid)
        assert game is not None and game.status == "abandoned", said
        assert "was abandoned" in said[0], said


async def test_undo_agreements_through_two_processes_all_count(
    pair: tuple[GameService, GameService],
) -> None:
    one, two = pair
    for _ in range(ROUNDS):
        gid = await fresh_game(one, CAROL)
        player = await mover(one, gid, ALICE, BOB, CAROL)
        others = [u for u in (ALICE, BOB, CAROL) if u != player]
        await one.act(HERE, player, "roll", {})  # a chance move: every other player must agree
        assert "asks to undo" in (await one.undo(HERE, player)).text
        agreeing = [asyncio.create_task(s.undo(HERE, u))
                    for s, u in zip(pair, others, strict=True)]
        said = [await outcome(t) for t in agreeing]
        assert not any(s.startswith("refused:") for s in said), said
        assert sum("was undone" in s for s in said) == 1, said
        assert sum("agrees to the undo" in s for s in said) == 1, said
        rows = await two.store.actions(gid)
        assert rows[-1].action["type"] == UNDO
        assert sorted(rows[-1].action["agreed"]) == [0, 1, 2]
        game = await one.store.game(gid)
        assert game is not None and game.pending is None


async def test_a_takeover_time_racing_an_abandon_is_written_before_it_or_refused(
    pair: tuple[GameService, GameService],
) -> None:
    one, two = pair
    for _ in range(ROUNDS):
        gid = await fresh_game(one)
        before = await one.store.game(gid)
        assert before is not None
        abandon = asyncio.create_task(one.abandon(HERE, ALICE, confirm=True))
        hours = asyncio.create_task(takeover.set_hours(two, HERE, ALICE, 5))
        said = [await outcome(abandon), await outcome(hours)]
        game = await one.store.game(gid)
        stored = await one.store.setting(takeover.SCOPE, gid, takeover.HOURS_KEY)
        assert game is not None and game.status == "abandoned" and "was abandoned" in said[0]
        if said[1].startswith("refused:"):  # it came second: it says why, and wrote nothing
            assert ("is abandoned, so its settings no longer change" in said[1]
                    or "was abandoned: /game board shows where it stopped" in said[1]), said
            assert stored is None and game.version == before.version + 1
        else:  # acknowledged: written through the row's version, before the abandon
            assert "takes over the seat" in said[1] and stored == 5
            assert game.version == before.version + 2, said


async def test_a_reminder_change_racing_the_creators_leaving_is_theirs_only_before_it(
    pair: tuple[GameService, GameService],
) -> None:
    one, two = pair
    for _ in range(ROUNDS):
        game = await one.store.game_in_channel(HERE.channel_id)
        if game is not None:  # the last round's lobby, Bob's since Alice left it
            await one.abandon(HERE, BOB, confirm=True)
        await one.new_game(HERE, ALICE, "tiny", options={"target": 1000})
        await one.join(HERE, BOB)
        lobby = await one.store.game_in_channel(HERE.channel_id)
        assert lobby is not None
        leave = asyncio.create_task(one.leave(HERE, ALICE))
        change = asyncio.create_task(reminders.set_interval(two, HERE, ALICE, 3))
        said = [await outcome(leave), await outcome(change)]
        row = await one.store.game(lobby.id)
        stored = await one.store.setting(reminders.SCOPE, lobby.id, reminders.HOURS_KEY)
        assert row is not None and row.creator_id == BOB.id and "left" in said[0], said
        if said[1].startswith("refused:"):  # Bob was the creator by then
            assert "Only the game's creator or a server manager can change reminders" \
                in said[1], said
            assert stored is None
        else:
            assert "every 3 h" in said[1] and stored == 3, said
            assert row.version == lobby.version + 2, said
