"""Every move applies once from the player's view, also with two processes on one database.

Two processes are two GameService objects, each with its own Store connection to one SQLite
file; their locks and caches are separate, as in two real processes.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from service_support import ALICE, BOB, CAROL, HERE, Clock, tiny_board

from bot.replies import Reply, UserError
from bot.service import GameService, User
from bot.storage import connect_store
from engine.core import UNDO, IllegalAction, Registry

DAVE = User(4, "dave")


@pytest.fixture
async def pair(db_url: str, registry: Registry) -> AsyncIterator[tuple[GameService, GameService]]:
    async with connect_store(db_url) as one, connect_store(db_url) as two:
        clock = Clock()
        yield (
            GameService(one, registry, render=tiny_board, clock=clock),
            GameService(two, registry, render=tiny_board, clock=clock),
        )


async def started(service: GameService, *users: User) -> int:
    await service.new_game(HERE, users[0], "tiny", options={"target": 1000})
    for user in users[1:]:
        await service.join(HERE, user)
    await service.start(HERE, users[0], seed=7)
    for user in users:
        await service.act(HERE, user, "ready", {})
    game = await service.store.game_in_channel(HERE.channel_id)
    assert game is not None
    return game.id


async def outcome(call: asyncio.Future[Reply] | asyncio.Task[Reply]) -> str:
    try:
        return (await call).text
    except (UserError, IllegalAction) as exc:
        return "refused: " + exc.message


async def mover(service: GameService, gid: int, *users: User) -> User:
    game = await service.store.game(gid)
    assert game is not None
    seats = {s.seat: s.user_id for s in await service.store.seats(gid)}
    return next(u for u in users if u.id == seats[game.to_act[0]])


async def test_a_command_queued_behind_its_twin_is_refused(service: GameService) -> None:
    gid = await started(service, ALICE, BOB)
    # note keeps the turn, so the twin would be legal again once the first is made
    player = await mover(service, gid, ALICE, BOB)
    before = (await service.store.game(gid)).seq  # type: ignore[union-attr]
    # All five arrived while the game stood at `before` (stated, as a reply to one board would:
    # on a database server the arrival reads of the later ones may finish after the first move)
    twins = [
        asyncio.create_task(service.act(HERE, player, "note", {}, expected_seq=before))
        for _ in range(5)
    ]
    answers = [await outcome(t) for t in twins]
    made = [a for a in answers if "makes a mark" in a]
    assert len(made) == 1, answers
    assert answers.count("refused: Your note was already made.") == 4
    assert (await service.view(HERE, None))["notes"] == [1, 0] if player == ALICE else [0, 1]


async def test_two_processes_fed_the_same_command_apply_it_once(
    pair: tuple[GameService, GameService],
) -> None:
    one, two = pair
    gid = await started(one, ALICE, BOB)
    player = await mover(one, gid, ALICE, BOB)
    for _ in range(3):  # a few rounds: each command typed once, delivered to both processes
        before = (await one.store.game(gid)).seq  # type: ignore[union-attr]
        # Both processes received the command while the game stood at `before`; that is what
        # each would take on arrival (passed explicitly, so a busy machine that delays one task
        # past the other's commit cannot make it look like a new command).
        first = asyncio.create_task(one.act(HERE, player, "note", {}, expected_seq=before))
        second = asyncio.create_task(two.act(HERE, player, "note", {}, expected_seq=before))
        answers = [await outcome(first), await outcome(second)]
        assert sum("makes a mark" in a for a in answers) == 1, answers
        assert (await two.store.game(gid)).seq == before + 1  # type: ignore[union-attr]
    views = [await s.view(HERE, None) for s in pair]
    assert views[0] == views[1] and sum(views[0]["notes"]) == 3


async def test_joins_from_two_processes_keep_every_acknowledged_seat(
    pair: tuple[GameService, GameService], registry: Registry
) -> None:
    one, two = pair
    for round_ in range(8):
        channel = HERE.__class__(HERE.guild_id, 500 + round_)
        await one.new_game(channel, ALICE, "tiny")
        calls = [
            asyncio.create_task(service.join(channel, user))
            for service, user in ((one, BOB), (two, CAROL), (one, DAVE), (two, User(5, "erin")))
        ]
        answers = [await outcome(c) for c in calls]
        joined = [a.split(" joined")[0] for a in answers if " joined " in a]
        game = await one.store.game_in_channel(channel.channel_id)
        assert game is not None
        seats = await two.store.seats(game.id)
        names = {s.name for s in seats}
        assert set(joined) <= names, f"acknowledged joins lost: {answers} vs {names}"
        assert len(seats) == 4 and len({s.colour for s in seats}) == 4
        assert sorted(s.seat for s in seats) == [0, 1, 2, 3]
        assert sum("is full" in a for a in answers) == 1


async def test_a_replace_in_one_process_reaches_the_others_cache(
    pair: tuple[GameService, GameService],
) -> None:
    one, two = pair
    await started(one, ALICE, BOB)
    assert "bob" in [p["name"] for p in (await two.view(HERE, None))["players"]]  # cached in two
    await one.replace(HERE, ALICE, BOB, CAROL)
    names = [p["name"] for p in (await two.view(HERE, None))["players"]]
    assert "carol" in names and "bob" not in names
    await one.set_paused(HERE, ALICE, True)
    with pytest.raises(UserError, match="paused"):
        await two.act(HERE, ALICE, "note", {})


async def undo_pending(service: GameService, gid: int) -> tuple[User, User]:
    """The mover rolls (chance), then asks to undo it: the other must agree."""
    player = await mover(service, gid, ALICE, BOB)
    other = BOB if player == ALICE else ALICE
    await service.act(HERE, player, "roll", {})
    asked = await service.undo(HERE, player)
    assert "asks to undo" in asked.text
    return player, other


async def test_a_repeated_undo_agreement_does_not_open_a_new_request(
    service: GameService,
) -> None:
    gid = await started(service, ALICE, BOB)
    _, other = await undo_pending(service, gid)
    twins = [asyncio.create_task(service.undo(HERE, other)) for _ in range(2)]
    answers = [await outcome(t) for t in twins]
    assert sum("was undone" in a for a in answers) == 1, answers
    # refused either way: as queued behind its twin, or as arriving after it was made
    assert any(a.startswith("refused: That undo was already made") for a in answers), answers
    # Typed again later, with nothing happened since: still the same undo, not a new request.
    again = await outcome(service.undo(HERE, other))
    assert again.startswith("refused: That undo was already made"), again
    game = await service.store.game(gid)
    assert game is not None and game.pending is None
    rows = await service.store.actions(gid)
    assert [r.action["type"] for r in rows].count(UNDO) == 1


async def test_an_undo_agreed_in_two_processes_is_made_once(
    pair: tuple[GameService, GameService],
) -> None:
    one, two = pair
    gid = await started(one, ALICE, BOB)
    _, other = await undo_pending(one, gid)
    answers = [
        await outcome(t)
        for t in [asyncio.create_task(s.undo(HERE, other)) for s in pair]
    ]
    assert sum("was undone" in a for a in answers) == 1, answers
    rows = await two.store.actions(gid)
    assert [r.action["type"] for r in rows].count(UNDO) == 1
    assert (await one.view(HERE, None)) == (await two.view(HERE, None))


async def test_start_and_leave_write_seats_and_game_together(
    pair: tuple[GameService, GameService],
) -> None:
    one, two = pair
    await one.new_game(HERE, ALICE, "tiny")
    await one.join(HERE, BOB)
    calls = [asyncio.create_task(one.start(HERE, ALICE, seed=3)),
             asyncio.create_task(two.leave(HERE, BOB))]
    answers = [await outcome(c) for c in calls]
    game = await one.store.last_game_in_channel(HERE.channel_id)
    assert game is not None
    seats = await one.store.seats(game.id)
    if "has started" in answers[0]:  # the start came first: bob stays, the leave is refused
        assert answers[1].startswith("refused:") and len(seats) == 2
        assert game.status == "active"
    else:  # the leave came first: too few players to start, and one seat left
        assert "left" in answers[1] and len(seats) == 1 and game.status == "lobby"
