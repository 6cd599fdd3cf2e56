"""Errors say what really happened: a stored move stands, a refused permission is named, an
expired interaction is one warning, an outdated command points at `railbot sync`."""

from __future__ import annotations

import logging

import aiohttp
import discord
import pytest
from discord_harness import (
    ALICE,
    BOB,
    Harness,
    current_game,
    final,
    http_error,
    lacking,
    open_and_ready,
    open_and_start,
    to_act,
)

from bot.discord import client
from bot.discord.client import RailBot
from bot.discord.tree import OUT_OF_DATE


async def test_a_missing_permission_is_named_before_anything_changes(harness: Harness) -> None:
    h = harness
    await open_and_ready(h)
    before = (await current_game(h)).seq
    lacking(h, "attach_files")
    answer = final(await h.run(await to_act(h), ["add"], amount=1))
    assert answer.ephemeral and "lacks the Attach Files permission" in answer.content
    assert (await current_game(h)).seq == before, "the move was not made"
    assert not [c for c in h.rec.public() if "adds 1" in c.content]


async def test_a_refused_request_names_the_permission(harness: Harness) -> None:
    h = harness
    await open_and_ready(h)
    before = (await current_game(h)).seq
    # Discord's answer when the bot cannot see the channel, although the interaction came in.
    lacking(h, "view_channel")
    h.rec.fail_next("callback", http_error(discord.Forbidden, 403, 50001))
    calls = await h.run(await to_act(h), ["add"], amount=1)
    told = [c for c in calls if c.kind == "callback" and c.ephemeral]
    assert told and "lacks the View Channel permission" in told[-1].payload["data"]["content"]
    assert (await current_game(h)).seq == before


async def test_a_failed_post_after_a_stored_move_says_the_move_stands(harness: Harness) -> None:
    h = harness
    board = await open_and_start(h, target=30)
    ready = next(cid for cid in board.custom_ids if ":ready:" in cid)
    board = final(await h.click(ALICE, board, ready))
    ready = next(cid for cid in board.custom_ids if ":ready:" in cid)
    before = (await current_game(h)).seq
    h.rec.fail_next("followup", http_error(discord.HTTPException, 500, 0))
    calls = await h.click(BOB, board, ready)
    assert (await current_game(h)).seq == before + 1, "the move is stored"
    answer = final(calls)
    assert answer.ephemeral and "Your move stands" in answer.content
    assert "nothing was changed" not in " ".join(c.content for c in calls)
    assert not [c for c in calls if c.kind == "delete_original"]


async def test_a_failed_ping_after_a_posted_board_keeps_the_board(harness: Harness) -> None:
    h = harness
    await open_and_ready(h)
    mover = await to_act(h)
    h.rec.fail_next("followup", http_error(discord.HTTPException, 500, 0))
    calls = await h.run(mover, ["add"], amount=2)
    posted = [c for c in calls if c.kind == "edit_original" and c.files]
    assert posted and "adds 2" in posted[0].content
    assert not [c for c in calls if c.kind == "delete_original"], "the board stays up"
    told = [c for c in calls if c.kind == "followup" and c.ephemeral]
    assert told and "Your move stands" in told[-1].content


async def test_an_expired_interaction_is_one_warning(
    harness: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    h = harness
    h.rec.fail_next("callback", http_error(discord.NotFound, 404, 10062))
    with caplog.at_level(logging.WARNING, logger="railbot"):
        await h.run(ALICE, ["game", "status"])
    records = [r for r in caplog.records if r.name.startswith("railbot")]
    assert [r.levelno for r in records] == [logging.WARNING]
    assert records[0].exc_info is None and "expired" in records[0].getMessage()


async def test_an_expired_autocomplete_is_one_warning(
    harness: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    h = harness
    h.rec.fail_next("callback", http_error(discord.NotFound, 404, 10062))
    payload, _ = h.command_payload(
        ALICE, ["game", "new"], {"system": "tiny", "options": ""}, focused="options"
    )
    with caplog.at_level(logging.WARNING):
        h.feed(payload)
        await h.settle()
    records = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert [(r.levelno, r.exc_info) for r in records] == [(logging.WARNING, None)]
    assert "expired" in records[0].getMessage()


async def test_a_command_missing_from_the_tree_asks_for_a_sync(harness: Harness) -> None:
    h = harness
    await open_and_ready(h)
    gone, _ = h.command_payload(ALICE, ["game", "status"])
    gone["data"]["name"] = "teleport"  # a command an older railbot had
    changed, _ = h.command_payload(await to_act(h), ["add"])  # its required amount is missing
    before = (await current_game(h)).seq
    for payload in (gone, changed):
        h.feed(payload)
        await h.settle()
        (answer,) = h.rec.for_token(payload["token"])
        assert answer.ephemeral and answer.payload["data"]["content"] == OUT_OF_DATE
    assert "railbot sync" in OUT_OF_DATE
    assert (await current_game(h)).seq == before


async def test_a_thread_is_opened_only_for_a_game_that_can_start(harness: Harness) -> None:
    h = harness
    calls = await h.run(ALICE, ["game", "new"], system="tiny", options="speed=9", thread=True)
    assert final(calls).ephemeral and "has no option 'speed'" in final(calls).content
    assert not [c for c in h.rec.calls if c.kind in ("thread", "channel_delete")]
    lacking(h, "create_public_threads")
    calls = await h.run(ALICE, ["game", "new"], system="tiny", thread=True)
    assert "lacks the Create Public Threads permission" in final(calls).content
    assert not [c for c in h.rec.calls if c.kind == "thread"]


@pytest.mark.parametrize(
    ("failure", "said"),
    [
        (aiohttp.ClientConnectionError("no route to host"), "Could not reach Discord"),
        (discord.LoginFailure("bad"), "refused the token"),
    ],
)
def test_sync_without_network_or_with_a_bad_token_is_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: object, failure: Exception, said: str
) -> None:
    async def login(self: RailBot, token: str) -> None:
        raise failure

    monkeypatch.setattr(RailBot, "login", login)
    with pytest.raises(SystemExit) as ended:
        client.sync("token", str(tmp_path) + "/sync.sqlite3", 5)
    message = str(ended.value.code)
    assert said in message and "\n" not in message
