"""A whole game of the tiny title played through Discord interactions, checked on the wire."""

from __future__ import annotations

from discord_harness import (
    ALICE,
    BOB,
    EVE,
    Call,
    Harness,
    MakeHarness,
    current_game,
    final,
    open_and_start,
    to_act,
)


def assert_deferred_first(calls: list[Call], *, private: bool) -> None:
    assert calls[0].kind == "callback"
    assert calls[0].payload["type"] == 5  # deferred channel message: "thinking..."
    assert calls[0].ephemeral is private


async def test_a_full_game_through_interactions(harness: Harness) -> None:
    h = harness
    opened = await h.run(ALICE, ["game", "new"], system="tiny", options="target=6")
    assert_deferred_first(opened, private=False)
    assert "opened a game of Tiny Race" in final(opened).content
    joined = await h.run(BOB, ["game", "join"], colour="blue")
    assert "bob joined" in final(joined).content

    started = await h.run(ALICE, ["game", "start"])
    assert_deferred_first(started, private=False)
    board = final(started)
    assert board.files == ["board.png"] and not board.ephemeral
    assert board.mentions == {"parse": []}, "the board itself pings nobody"
    # Both must say ready: one ping naming exactly them, with a jump link to the board.
    (ping,) = [c for c in started if "is waiting for you" in c.content]
    assert ping.mentions is not None and sorted(ping.mentions["users"]) == [1, 2]
    assert ping.mentions["parse"] == [] and "Tiny Race" in ping.content
    assert "https://discord.com/channels/10/100/" in ping.content
    assert any(cid.startswith("rb:") and ":ready:" in cid for cid in board.custom_ids)

    # Ready by button for both (the same board's button works for each of them once).
    ready_id = next(cid for cid in board.custom_ids if ":ready:" in cid)
    first = await h.click(ALICE, board, ready_id)
    assert_deferred_first(first, private=True)
    assert "alice is ready" in final(first).content
    second = await h.click(BOB, board, ready_id)
    moved = final(second)
    assert "bob is ready" in moved.content, "alice's click does not expire bob's button"
    assert moved.files == ["board.png"] and not moved.ephemeral
    again = final(await h.click(ALICE, board, ready_id))
    assert again.ephemeral and again.content == "Your ready was already made."

    # Then add to the total until someone reaches 6: /add by command, then by the menu.
    player = await to_act(h)
    added = await h.run(player, ["add"], amount=3)
    assert "adds 3: total 3" in final(added).content
    menu = final(added)
    picker = next(cid for cid in menu.custom_ids if cid.startswith("rbs:"))
    options = next(
        c["options"]
        for row in menu.payload["components"]
        for c in row["components"]
        if c["custom_id"] == picker
    )
    add3 = next(o["value"] for o in options if o["value"] == "add:amount=3")
    winner = await to_act(h)
    ended = await h.click(winner, menu, picker, add3)
    text = final(ended).content
    assert "total 6" in text and "wins" in text and "The game is over." in text
    assert not final(ended).custom_ids, "a finished game offers no buttons"
    assert (await current_game(h)).status == "finished"
    status = await h.run(EVE, ["game", "status"])
    assert_deferred_first(status, private=True)
    assert "[finished]" in final(status).content and final(status).ephemeral


async def test_hidden_information_only_reaches_its_owner(harness: Harness) -> None:
    h = harness
    await open_and_start(h, target=30)
    await h.run(ALICE, ["ready"])
    await h.run(BOB, ["ready"])
    for _ in range(4):
        player = await to_act(h)
        calls = await h.run(player, ["pass"])
        notes = [c for c in calls if "Your card is" in c.content]
        assert len(notes) == 1 and notes[0].ephemeral and notes[0].kind == "followup"
        assert notes[0].token is not None and notes[0].token.endswith(f"-{player[0]}")
    hand = final(await h.run(BOB, ["game", "hand"]))
    assert hand.ephemeral and "Card:" in hand.content
    game = await current_game(h)
    loaded = await h.bot.service.load(game)
    cards = loaded.state["cards"]
    # No public payload may carry a private note or anyone's hand.
    for call in h.rec.public():
        assert "Your card is" not in call.content
        assert "Card:" not in call.content
    assert any(f"Card: {c}" in hand.content for c in cards)


async def test_a_stale_button_says_why_it_is_spent(harness: Harness) -> None:
    h = harness
    board = await open_and_start(h)
    await h.run(ALICE, ["ready"])
    await h.run(BOB, ["ready"])
    player = await to_act(h)
    calls = await h.run(player, ["pass"])
    old = final(calls)
    pass_id = next(cid for cid in old.custom_ids if ":pass:" in cid)
    nxt = await to_act(h)
    await h.run(nxt, ["note"])  # the game moves on under the old board
    seq = (await current_game(h)).seq
    stale = await h.click(nxt, old, pass_id)
    answer = final(stale)
    assert answer.ephemeral and "You have moved since then" in answer.content
    assert (await current_game(h)).seq == seq, "nothing was applied"
    # A button from a board of the lobby days is spent too.
    ready_id = next(cid for cid in board.custom_ids if ":ready:" in cid)
    assert "Your ready was already made." in final(await h.click(ALICE, board, ready_id)).content


async def test_restart_keeps_buttons_and_commands_working(make_harness: MakeHarness) -> None:
    first = await make_harness()
    await open_and_start(first, target=30)
    await first.run(ALICE, ["ready"])
    calls = await first.run(BOB, ["ready"])
    board = final(calls)
    player = await to_act(first)

    second = await make_harness()  # a new process: new client, service and store connection
    assert second.bot is not first.bot
    pass_id = next(cid for cid in board.custom_ids if ":pass:" in cid)
    clicked = await second.click(player, board, pass_id)
    assert f"{player[1]} passes" in final(clicked).content
    nxt = await to_act(second)
    assert nxt != player
    typed = await second.run(nxt, ["add"], amount=2)
    assert "adds 2: total 2" in final(typed).content


async def test_errors_are_private_and_specific(harness: Harness) -> None:
    h = harness
    await open_and_start(h)
    calls = await h.run(EVE, ["ready"])
    # A refusal known before deferring is private from the start: nothing public flickers.
    assert_deferred_first(calls, private=True)
    assert "delete_original" not in [c.kind for c in calls]
    refusal = final(calls)
    assert refusal.ephemeral and "You are not playing in Tiny Race" in refusal.content
    not_admin = final(await h.run(BOB, ["game", "pause"]))
    assert not_admin.ephemeral and "creator or a server manager" in not_admin.content
    # A server manager may, though they did not create the game.
    paused = final(await h.run_as(BOB, ["game", "pause"], manage=True))
    assert not paused.ephemeral and "paused by bob" in paused.content


async def test_secret_moves_are_offered_only_privately(harness: Harness) -> None:
    h = harness
    await open_and_start(h)
    await h.run(ALICE, ["ready"])
    ready = final(await h.run(BOB, ["ready"]))
    # The tiny title treats "note" as a secret move: never on the public board's buttons.
    assert ready.custom_ids and not any(":note:" in cid for cid in ready.custom_ids)
    player = await to_act(h)
    hand = final(await h.run(player, ["game", "hand"]))
    assert hand.ephemeral and any(":note:" in cid for cid in hand.custom_ids)
    other = BOB if player == ALICE else ALICE
    theirs = final(await h.run(other, ["game", "hand"]))
    assert not any(":note:" in cid for cid in theirs.custom_ids), "not their turn: nothing"
    for call in h.rec.public():
        assert not any(":note:" in cid for cid in call.custom_ids)


async def test_a_described_move_gets_a_confirm_button(harness: Harness) -> None:
    h = harness
    await open_and_start(h)
    await h.run(ALICE, ["ready"])
    await h.run(BOB, ["ready"])
    player = await to_act(h)
    ask = final(await h.run(player, ["gamble"]))
    assert ask.ephemeral and "confirm:true" in ask.content
    (confirm,) = [cid for cid in ask.custom_ids if ":gamble:" in cid]
    assert "confirm=true" in confirm
    done = final(await h.click(player, ask, confirm))
    assert not done.ephemeral and "gambles 3 and rolls" in done.content
