"""Games live in server channels: the commands are offered only there, and refuse elsewhere."""

from __future__ import annotations

import pytest
from discord_harness import ALICE, BOB, Harness, final

from bot.cli import main as cli
from bot.discord.client import sync_tree
from bot.replies import SERVERS_ONLY
from engine.core import Registry


async def test_synced_commands_are_for_server_channels_of_guild_installs(harness: Harness) -> None:
    await sync_tree(harness.bot, None)
    (sync,) = [c for c in harness.rec.calls if c.kind == "sync"]
    assert sync.payload, "something was synced"
    for command in sync.payload:
        assert command["contexts"] == [0], command["name"]  # guild channels only
        assert command["integration_types"] == [0], command["name"]  # guild install only
        assert command["dm_permission"] is False, command["name"]


async def test_a_direct_message_is_refused_with_a_sentence(harness: Harness) -> None:
    h = harness
    opened = final(await h.run_dm(ALICE, ["game", "new"], system="tiny"))
    assert opened.ephemeral and opened.content == SERVERS_ONLY
    assert await h.bot.service.store.last_game_in_channel(55) is None, "no DM game was opened"


async def test_game_list_never_lists_direct_message_games(harness: Harness) -> None:
    h = harness
    # A game stored from before the commands were limited to servers.
    await h.bot.service.store.create_game(
        guild_id=None,
        channel_id=55,
        title="tiny",
        map_id=None,
        options={},
        name="Old DM race",
        creator_id=BOB[0],
        now=0.0,
    )
    listed = final(await h.run_dm(ALICE, ["game", "list"]))
    assert listed.ephemeral and "Old DM race" not in listed.content
    assert listed.content == SERVERS_ONLY
    here = final(await h.run(ALICE, ["game", "list"]))
    assert "Old DM race" not in here.content and "No games are running" in here.content


async def test_clearing_a_servers_copies_syncs_an_empty_list_there(harness: Harness) -> None:
    await sync_tree(harness.bot, 55, clear=True)
    (call,) = [c for c in harness.rec.calls if c.kind == "sync"]
    assert call.url.endswith("/applications/4242/guilds/55/commands") and call.payload == []


def test_clear_needs_a_server(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        cli.main(["sync", "--clear"], registry=Registry())
    assert ended.value.code == 2 and "--clear needs --guild" in capsys.readouterr().err


async def test_stats_answer_in_servers_only(harness: Harness) -> None:
    h = harness
    for path in (["stats", "player"], ["stats", "leaderboard"], ["stats", "history"]):
        asked = final(await h.run_dm(ALICE, path))
        assert asked.ephemeral and asked.content == SERVERS_ONLY, path
    history = final(await h.run(ALICE, ["stats", "history"]))
    assert "No finished games on this server yet" in history.content
