"""Undo by consent, abandon by confirmation, threads, and user options, through interactions."""

from __future__ import annotations

from discord_harness import (
    ALICE,
    BOB,
    EVE,
    Harness,
    current_game,
    final,
    open_and_start,
    to_act,
)


async def test_undo_after_the_turn_passed_needs_a_consent_click(harness: Harness) -> None:
    h = harness
    await open_and_start(h, target=30)
    await h.run(ALICE, ["ready"])
    await h.run(BOB, ["ready"])
    mover = await to_act(h)
    other = BOB if mover == ALICE else ALICE
    await h.run(mover, ["add"], amount=2)  # the turn passes to the other player
    asked = await h.run(mover, ["game", "undo"])
    request = final(asked)
    assert "asks to undo" in request.content and not request.ephemeral
    (consent,) = request.custom_ids
    assert consent.startswith("rbc:") and consent.endswith(":undo")
    ping = next(c for c in asked if "is waiting for you" in c.content)
    assert ping.mentions is not None and ping.mentions["users"] == [other[0]]

    agreed = await h.click(other, request, consent)
    assert "was undone" in final(agreed).content
    game = await current_game(h)
    assert game.pending is None and await to_act(h) == mover
    # The consent button is spent: the game has moved on since.
    again = await h.click(other, request, consent)
    assert final(again).ephemeral and "moved on" in final(again).content


async def test_abandon_asks_for_a_confirming_click(harness: Harness) -> None:
    h = harness
    await open_and_start(h)
    refused = final(await h.run(BOB, ["game", "abandon"]))
    assert refused.ephemeral and "creator or a server manager" in refused.content
    prompt = final(await h.run(ALICE, ["game", "abandon"]))
    assert prompt.ephemeral and "cannot be undone" in prompt.content
    (confirm,) = prompt.custom_ids
    assert (await current_game(h)).status == "active", "nothing happens before the click"
    # Only an admin's click counts.
    assert "creator or a server manager" in final(await h.click(BOB, prompt, confirm)).content
    done = final(await h.click(ALICE, prompt, confirm))
    assert not done.ephemeral and "abandoned by alice" in done.content
    assert (await current_game(h)).status == "abandoned"


async def test_new_game_in_a_thread_lives_there(harness: Harness) -> None:
    h = harness
    calls = await h.run(ALICE, ["game", "new"], system="tiny", name="Friday race", thread=True)
    (thread,) = [c for c in h.rec.calls if c.kind == "thread"]
    assert thread.payload["name"] == "Friday race" and thread.payload["type"] == 11
    posted = next(c for c in h.rec.calls if c.kind == "channel_message")
    assert "opened a game of Friday race" in posted.content
    answer = final(calls)
    assert "The game lives in <#" in answer.content
    game = await h.bot.service.store.last_game_in_channel(100)
    assert game is None, "the parent channel stays free"
    thread_id = int(posted.url.split("/")[-2])
    payload, token = h.command_payload(BOB, ["game", "join"], channel=thread_id, parent=100)
    h.feed(payload)
    await h.settle()
    assert "bob joined Friday race" in final(h.rec.for_token(token)).content


async def test_kick_and_replace_take_users(harness: Harness) -> None:
    h = harness
    await h.run(ALICE, ["game", "new"], system="tiny")
    await h.run(BOB, ["game", "join"])
    kicked = final(await h.run(ALICE, ["game", "kick"], player=BOB))
    assert "bob was removed" in kicked.content
    await h.run(BOB, ["game", "join"])
    await h.run(ALICE, ["game", "start"])
    replaced = await h.run(ALICE, ["game", "replace"], player=BOB, substitute=EVE)
    text = final(replaced)
    assert "eve takes over bob's seat" in text.content
    ping = next(c for c in replaced if "is waiting for you" in c.content)
    assert ping.mentions is not None and ping.mentions["users"] == [EVE[0]]
