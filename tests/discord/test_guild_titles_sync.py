"""A guild sync publishes /game, /stats and the move commands of the server's enabled titles
only; without the setting it copies every command."""

from __future__ import annotations

from dataclasses import replace

import pytest
from discord_harness import Harness
from tinygame import TinyTitle

from bot.discord.client import sync_tree
from bot.service.server_titles import KEY, SCOPE, command_names
from engine.core import CommandSpec, Registry


class ShipTitle(TinyTitle):
    """A second title sharing /pass with tiny and adding its own /ship."""

    meta = replace(TinyTitle.meta, id="tinyship", name="Tiny Ship",
                   commands=(CommandSpec("ship", "Ship something"),
                             CommandSpec("pass", "Do nothing this turn")))


@pytest.fixture
def tiny_registry() -> Registry:
    reg = Registry()
    reg.register(TinyTitle())
    reg.register(ShipTitle())
    return reg


async def _synced_names(harness: Harness) -> set[str]:
    await sync_tree(harness.bot, 55)
    (call,) = [c for c in harness.rec.calls if c.kind == "sync"]
    assert call.url.endswith("/applications/4242/guilds/55/commands")
    return {c["name"] for c in call.payload}


async def test_guild_sync_publishes_only_the_enabled_titles_moves(harness: Harness) -> None:
    await harness.bot.service.store.set_setting(SCOPE, 55, KEY, ["tinyship"])
    names = await _synced_names(harness)
    assert names == {"game", "stats", "ship", "pass"}
    assert names == set(command_names(harness.bot.service.registry, ["tinyship"]))
    assert "add" not in names and "ready" not in names


async def test_guild_sync_without_setting_copies_every_command(harness: Harness) -> None:
    names = await _synced_names(harness)
    assert {"game", "stats", "ship", "pass", "add", "ready"} <= names
