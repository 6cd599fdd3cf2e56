import asyncio
from typing import Any

import pytest
from service_support import ALICE, BOB, CAROL, EVE, HERE, raw, rechain

from bot.replies import UserError
from bot.service import GameService, User, Where
from bot.storage import Store
from engine.core import IllegalAction


async def begin(service: GameService, *players: User, **options: Any) -> int:
    await service.new_game(HERE, players[0], "tiny", options=options)
    for p in players[1:]:
        await service.join(HERE, p)
    reply = await service.start(HERE, players[0], seed=5)
    assert reply.game_id is not None
    return reply.game_id


async def seat_user(service: GameService, gid: int, seat: int, *users: User) -> User:
    uid = {s.seat: s.user_id for s in await service.store.seats(gid)}[seat]
    return next(u for u in users if u.id == uid)


async def current(service: GameService, gid: int, *users: User) -> User:
    view = await service.view(HERE, None)
    return await seat_user(service, gid, view["current_seat"], *users)


async def ready_all(service: GameService, *users: User) -> None:
    for u in users:
        await service.act(HERE, u, "ready", {})


async def disk(store: Store, gid: int) -> tuple:
    game = await store.game(gid)
    assert game is not None
    return game.seq, [(r.seq, r.action) for r in await store.actions(gid)], game.to_act


async def test_second_game_in_a_busy_channel_is_refused(service: GameService) -> None:
    await service.new_game(HERE, ALICE, "tiny")
    with pytest.raises(UserError) as info:
        await service.new_game(HERE, BOB, "tiny")
    assert "already has a game" in info.value.message
    # Another channel is fine.
    reply = await service.new_game(Where(10, 101), BOB, "tiny")
    assert "opened a game" in reply.text


async def test_lobby_rules(service: GameService) -> None:
    await service.new_game(HERE, ALICE, "tiny")
    with pytest.raises(UserError, match="already in"):
        await service.join(HERE, ALICE)
    with pytest.raises(UserError, match="taken"):
        await service.join(HERE, BOB, "red")
    with pytest.raises(UserError, match="not a player colour"):
        await service.join(HERE, BOB, "mauve")
    reply = await service.join(HERE, BOB, "green")
    assert "green" in reply.text
    with pytest.raises(UserError, match="creator"):
        await service.start(HERE, BOB)
    with pytest.raises(UserError, match="not started"):
        await service.act(HERE, ALICE, "ready", {})


async def test_too_few_players_cannot_start(service: GameService) -> None:
    await service.new_game(HERE, ALICE, "tiny")
    with pytest.raises(UserError, match=r"2-4 players, not 1\. Others sit down with /game join; "
                       r"the creator seats a computer player with /game addbot"):
        await service.start(HERE, ALICE)


async def test_only_seated_players_act(service: GameService) -> None:
    gid = await begin(service, ALICE, BOB)
    before = await disk(service.store, gid)
    with pytest.raises(UserError, match="not playing"):
        await service.act(HERE, EVE, "ready", {})
    assert await disk(service.store, gid) == before


async def test_only_the_player_to_act_acts(service: GameService) -> None:
    gid = await begin(service, ALICE, BOB)
    await ready_all(service, ALICE, BOB)
    mover = await current(service, gid, ALICE, BOB)
    other = BOB if mover == ALICE else ALICE
    before = await disk(service.store, gid)
    with pytest.raises(IllegalAction) as info:
        await service.act(HERE, other, "add", {"amount": 1})
    assert info.value.message == f"It is {mover.name}'s turn, not yours."
    assert await disk(service.store, gid) == before


async def test_simultaneous_phase_lets_everyone_act(service: GameService) -> None:
    gid = await begin(service, ALICE, BOB, CAROL)
    assert sorted((await service.store.game(gid)).to_act) == [0, 1, 2]  # type: ignore[union-attr]
    await service.act(HERE, CAROL, "ready", {})
    await service.act(HERE, ALICE, "ready", {})
    reply = await service.act(HERE, BOB, "ready", {})
    assert "bob is ready" in reply.text


async def test_illegal_action_changes_nothing_on_disk(service: GameService) -> None:
    gid = await begin(service, ALICE, BOB)
    await ready_all(service, ALICE, BOB)
    mover = await current(service, gid, ALICE, BOB)
    before = await disk(service.store, gid)
    with pytest.raises(IllegalAction, match="1, 2 or 3"):
        await service.act(HERE, mover, "add", {"amount": 7})
    assert await disk(service.store, gid) == before
    # The cached state was not touched either.
    assert (await service.view(HERE, None))["total"] == 0


async def test_a_button_expires_when_its_seat_has_moved_not_when_another_did(
    service: GameService,
) -> None:
    gid = await begin(service, ALICE, BOB)
    await service.act(HERE, ALICE, "ready", {}, expected_seq=0)
    # Both are asked at once: Alice's move does not expire the button Bob was shown.
    await service.act(HERE, BOB, "ready", {}, expected_seq=0)
    assert (await disk(service.store, gid))[0] == 2
    with pytest.raises(UserError, match=r"^Your ready was already made\.$"):
        await service.act(HERE, ALICE, "ready", {}, expected_seq=0)
    assert (await disk(service.store, gid))[0] == 2


async def test_reply_pings_next_player_and_keeps_secrets_private(service: GameService) -> None:
    gid = await begin(service, ALICE, BOB)
    await ready_all(service, ALICE, BOB)
    mover = await current(service, gid, ALICE, BOB)
    other = BOB if mover == ALICE else ALICE
    reply = await service.act(HERE, mover, "add", {"amount": 2})
    assert reply.ping == [other.id]
    assert reply.image == b"PNG total=2"
    assert "Your card" not in reply.text
    assert [p.user_id for p in reply.private] == [mover.id]
    assert reply.private[0].text.startswith("Your card is")


async def test_undo_own_move_within_turn_needs_no_consent(service: GameService) -> None:
    gid = await begin(service, ALICE, BOB, CAROL)
    await ready_all(service, ALICE, BOB, CAROL)
    mover = await current(service, gid, ALICE, BOB, CAROL)
    await service.act(HERE, mover, "note", {})  # the turn goes on: a free undo
    reply = await service.undo(HERE, mover)
    assert "undone" in reply.text
    view = await service.view(HERE, mover)
    assert view["notes"] == [0, 0, 0]
    rows = await service.store.actions(gid)
    assert [r.action["type"] for r in rows][-2:] == ["note", "undo"]
    # The latest effective move is now Carol's "ready", from before the turn began.
    if mover == CAROL:
        assert "must agree" in (await service.undo(HERE, mover)).text
    else:
        with pytest.raises(UserError, match="only undo your own"):
            await service.undo(HERE, mover)


async def test_no_move_to_undo(service: GameService) -> None:
    await begin(service, ALICE, BOB)
    with pytest.raises(UserError, match="no move to undo"):
        await service.undo(HERE, ALICE)


async def test_undo_past_chance_needs_everyone(service: GameService) -> None:
    gid = await begin(service, ALICE, BOB)
    await ready_all(service, ALICE, BOB)
    mover = await current(service, gid, ALICE, BOB)
    other = BOB if mover == ALICE else ALICE
    await service.act(HERE, mover, "roll", {})
    total = (await service.view(HERE, None))["total"]
    assert total > 0
    with pytest.raises(UserError, match="only undo your own"):
        await service.undo(HERE, other)
    ask = await service.undo(HERE, mover)
    assert "must agree" in ask.text and ask.ping == [other.id]
    assert (await service.view(HERE, None))["total"] == total
    done = await service.undo(HERE, other)
    assert "undone" in done.text
    assert (await service.view(HERE, None))["total"] == 0


async def test_a_move_cancels_a_pending_undo_request(service: GameService) -> None:
    gid = await begin(service, ALICE, BOB)
    await ready_all(service, ALICE, BOB)
    mover = await current(service, gid, ALICE, BOB)
    other = BOB if mover == ALICE else ALICE
    await service.act(HERE, mover, "add", {"amount": 1})
    await service.undo(HERE, mover)  # turn passed: needs consent
    await service.act(HERE, other, "add", {"amount": 1})
    with pytest.raises(UserError, match="only undo your own"):
        await service.undo(HERE, mover)
    game = await service.store.game(gid)
    assert game is not None and game.pending is None


async def test_game_end_marks_finished_and_frees_the_channel(service: GameService) -> None:
    gid = await begin(service, ALICE, BOB, target=3)
    await ready_all(service, ALICE, BOB)
    mover = await current(service, gid, ALICE, BOB)
    reply = await service.act(HERE, mover, "add", {"amount": 3})
    assert "wins" in reply.text and "over" in reply.text
    game = await service.store.game(gid)
    assert game is not None and game.status == "finished"
    assert (await service.status(HERE)).text.startswith("Tiny Race [finished]")
    assert "opened" in (await service.new_game(HERE, BOB, "tiny")).text


async def test_pause_abandon_and_replace(service: GameService) -> None:
    gid = await begin(service, ALICE, BOB)
    with pytest.raises(UserError, match="creator or a server manager"):
        await service.set_paused(HERE, BOB, True)
    await service.set_paused(HERE, ALICE, True)
    with pytest.raises(UserError, match="paused"):
        await service.act(HERE, BOB, "ready", {})
    await service.set_paused(HERE, User(77, "mod", manager=True), False)
    reply = await service.replace(HERE, ALICE, BOB, CAROL)
    assert reply.ping == [CAROL.id]
    await service.act(HERE, CAROL, "ready", {})
    with pytest.raises(UserError, match="confirm:true"):
        await service.abandon(HERE, ALICE)
    await service.abandon(HERE, ALICE, confirm=True)
    game = await service.store.game(gid)
    assert game is not None and game.status == "abandoned"


async def test_views_hide_other_seats_secrets(service: GameService) -> None:
    gid = await begin(service, ALICE, BOB)
    public = await service.view(HERE, None)
    mine = await service.view(HERE, ALICE)
    assert "you" not in public
    assert all(p["card"] is None for p in public["players"])
    assert mine["you"]["seat"] == next(
        s.seat for s in await service.store.seats(gid) if s.user_id == ALICE.id
    )
    hand = await service.hand(HERE, ALICE)
    assert hand.ephemeral and hand.text.startswith("Card: ")


async def test_log_and_board(service: GameService) -> None:
    await begin(service, ALICE, BOB)
    await ready_all(service, ALICE, BOB)
    log = await service.log(HERE, last=1)
    assert "#2" in log.text and "#1" not in log.text
    board = await service.show_board(HERE)
    assert board.image == b"PNG total=0"
    with pytest.raises(UserError, match="nowhere"):
        await service.show_board(HERE, "nowhere")


async def test_a_drawing_bug_costs_the_picture_not_the_move(store: Store, registry) -> None:
    def broken(*_: object) -> bytes:
        raise RuntimeError("boom")

    service = GameService(store, registry, render=broken)
    gid = await begin(service, ALICE, BOB)
    reply = await service.act(HERE, ALICE, "ready", {})
    assert reply.image is None and "alice is ready" in reply.text
    assert (await disk(store, gid))[0] == 1


async def test_a_move_with_lasting_costs_is_described_until_confirmed(service: GameService) -> None:
    gid = await begin(service, ALICE, BOB)
    await ready_all(service, ALICE, BOB)
    mover = await current(service, gid, ALICE, BOB)
    before = await disk(service.store, gid)
    ask = await service.act(HERE, mover, "gamble", {})
    assert ask.ephemeral and not ask.error
    assert ask.text.startswith("That takes the total from 0 to at least 4.")
    assert "gambles" not in ask.text and "rolls" not in ask.text, "the roll stays unseen"
    assert ask.data == {"confirm": {"command": "gamble", "options": {}}}
    assert await disk(service.store, gid) == before, "a described move writes nothing"
    done = await service.act(HERE, mover, "gamble", {}, confirmed=True)
    assert not done.ephemeral and "gambles 3 and rolls" in done.text
    assert (await disk(service.store, gid))[0] == before[0] + 1


async def test_a_log_that_no_longer_replays_gets_a_plain_message(service: GameService) -> None:
    gid = await begin(service, ALICE, BOB)
    await ready_all(service, ALICE, BOB)
    # Damage the stored log behind the service's back (as a rules change could).
    await raw(
        service.store,
        "UPDATE actions SET action = ? WHERE game_id = ? AND seq = 2",
        '{"type": "add", "seat": 0, "amount": 9}', gid,
    )
    await rechain(service.store, gid)
    service._forget(gid)
    with pytest.raises(UserError) as info:
        await service.status(HERE)
    assert "move #2 no longer fits the current rules" in info.value.message
    assert "/game abandon" in info.value.message
    await service.abandon(HERE, ALICE, confirm=True)
    assert "opened" in (await service.new_game(HERE, BOB, "tiny")).text


async def test_replace_shows_the_new_name_in_board_and_moves(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.service.moves.SNAPSHOT_EVERY", 1)  # every move leaves a snapshot
    gid = await begin(service, ALICE, BOB)
    await ready_all(service, ALICE, BOB)
    await service.replace(HERE, ALICE, BOB, CAROL)
    names = [p["name"] for p in (await service.view(HERE, None))["players"]]
    assert "carol" in names and "bob" not in names
    mover = await current(service, gid, ALICE, CAROL)
    if mover == ALICE:
        await service.act(HERE, ALICE, "add", {"amount": 1})
    reply = await service.act(HERE, CAROL, "add", {"amount": 1})
    assert reply.text.startswith("carol adds 1")
    # A service with a cold cache, on the same database, agrees.
    fresh = GameService(service.store, service.registry)
    names = [p["name"] for p in (await fresh.view(HERE, None))["players"]]
    assert "carol" in names and "bob" not in names


async def _blocked(task: asyncio.Task[Any]) -> None:
    """Let ``task`` run until it waits (on the game lock)."""
    for _ in range(50):
        await asyncio.sleep(0.01)
    assert not task.done()


async def test_a_start_racing_another_start_is_refused(service: GameService) -> None:
    await service.new_game(HERE, ALICE, "tiny")
    await service.join(HERE, BOB)
    gid = (await service.store.game_in_channel(HERE.channel_id)).id  # type: ignore[union-attr]
    lock = service.lock(gid)
    await lock.acquire()
    first = asyncio.create_task(service.start(HERE, ALICE, seed=5))
    await _blocked(first)
    second = asyncio.create_task(service.start(HERE, ALICE, seed=6))
    await _blocked(second)
    lock.release()
    await first
    with pytest.raises(UserError, match="already started"):
        await second
    game = await service.store.game(gid)
    assert game is not None and game.seed == 5


async def test_a_join_racing_the_start_is_refused(service: GameService) -> None:
    await service.new_game(HERE, ALICE, "tiny")
    await service.join(HERE, BOB)
    gid = (await service.store.game_in_channel(HERE.channel_id)).id  # type: ignore[union-attr]
    lock = service.lock(gid)
    await lock.acquire()
    start = asyncio.create_task(service.start(HERE, ALICE, seed=5))
    await _blocked(start)
    join = asyncio.create_task(service.join(HERE, CAROL))
    await _blocked(join)
    lock.release()
    await start
    with pytest.raises(UserError, match="already started"):
        await join
    assert len(await service.store.seats(gid)) == 2


async def test_a_move_racing_a_pause_is_refused(service: GameService) -> None:
    gid = await begin(service, ALICE, BOB)
    lock = service.lock(gid)
    await lock.acquire()
    move = asyncio.create_task(service.act(HERE, ALICE, "ready", {}))
    await _blocked(move)
    await service.set_paused(HERE, ALICE, True)
    lock.release()
    with pytest.raises(UserError, match="paused"):
        await move
    game = await service.store.game(gid)
    assert game is not None and game.seq == 0


async def test_turn_clock_restarts_on_resume_and_for_a_replaced_seat_to_act(
    service: GameService, clock: Any
) -> None:
    gid = await begin(service, ALICE, BOB)
    clock.now += 3600
    await service.set_paused(HERE, ALICE, True)
    clock.now += 86400
    await service.set_paused(HERE, ALICE, False)
    game = await service.store.game(gid)
    assert game is not None and game.turn_since == clock.now
    clock.now += 3600
    await service.replace(HERE, ALICE, BOB, CAROL)  # both must still say ready
    game = await service.store.game(gid)
    assert game is not None and game.turn_since == clock.now


async def test_an_agreed_undo_pings_whoever_must_act_again(service: GameService) -> None:
    gid = await begin(service, ALICE, BOB)
    await ready_all(service, ALICE, BOB)
    mover = await current(service, gid, ALICE, BOB)
    other = BOB if mover == ALICE else ALICE
    await service.act(HERE, mover, "add", {"amount": 1})
    asked = await service.undo(HERE, mover)
    assert asked.ping == [other.id]
    done = await service.undo(HERE, other)
    assert "undone" in done.text
    assert done.ping == [mover.id]


async def test_a_choice_made_while_others_choose_pings_nobody_again(
    service: GameService,
) -> None:
    # Everyone says ready at once: the start pings all three, and each "ready" after that
    # pings nobody (they were all called already); the last one calls on whoever goes first.
    await service.new_game(HERE, ALICE, "tiny")
    for p in (BOB, CAROL):
        await service.join(HERE, p)
    start = await service.start(HERE, ALICE, seed=5)
    assert sorted(start.ping) == [ALICE.id, BOB.id, CAROL.id]
    assert (await service.act(HERE, ALICE, "ready", {})).ping == []
    assert (await service.act(HERE, BOB, "ready", {})).ping == []
    last = await service.act(HERE, CAROL, "ready", {})
    assert start.game_id is not None
    first = await current(service, start.game_id, ALICE, BOB, CAROL)
    assert last.ping == ([] if first == CAROL else [first.id])
