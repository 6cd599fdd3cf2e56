"""The slash commands the bot would sync are the shared command tree, option for option."""

from __future__ import annotations

import random
from typing import Any

from discord_harness import ALICE, BOB, Harness, open_and_start
from tinygame import TinyTitle

from bot.commandtree import command_tree
from bot.discord.client import RailBot, sync_tree
from bot.service import GameService
from engine.core import CommandSpec, OptionSpec, Registry, TitleMeta

TYPES = {"string": 3, "integer": 4, "boolean": 5, "user": 6}

Shape = dict[str, Any]


def shared_shape(tree: dict[str, Any], extra_game: list[dict[str, Any]]) -> Shape:
    def opts(options: list[dict[str, Any]]) -> Shape:
        return {
            o["name"]: (
                o["description"],
                TYPES[o["type"]],
                o["required"],
                [str(c) for c in o.get("choices", [])],
                o.get("autocomplete", False),
            )
            for o in options
        }

    out: Shape = {}
    for cmd in tree["commands"]:
        if "subcommands" in cmd:
            subs = cmd["subcommands"] + extra_game
            out[cmd["name"]] = (
                cmd["description"],
                {s["name"]: (s["description"], opts(s["options"])) for s in subs},
            )
        else:
            out[cmd["name"]] = (cmd["description"], opts(cmd["options"]))
    return out


def synced_shape(payload: list[dict[str, Any]]) -> Shape:
    def opts(options: list[dict[str, Any]]) -> Shape:
        return {
            o["name"]: (
                o["description"],
                o["type"],
                o.get("required", False),
                [c["name"] for c in o.get("choices", [])],
                o.get("autocomplete", False),
            )
            for o in options
        }

    out: Shape = {}
    for cmd in payload:
        options = cmd.get("options", [])
        if options and all(o["type"] == 1 for o in options):
            out[cmd["name"]] = (
                cmd["description"],
                {s["name"]: (s["description"], opts(s.get("options", []))) for s in options},
            )
        else:
            out[cmd["name"]] = (cmd["description"], opts(options))
    return out


async def test_synced_tree_matches_railbot_commands(harness: Harness) -> None:
    registry = harness.bot.service.registry
    tree = command_tree(registry)
    expected = shared_shape(tree, [])
    local = [c.to_dict(harness.bot.tree) for c in harness.bot.tree.get_commands()]
    assert synced_shape(local) == expected

    synced = await sync_tree(harness.bot, None)
    (call,) = [c for c in harness.rec.calls if c.kind == "sync"]
    assert call.method == "PUT" and call.url.endswith("/applications/4242/commands")
    assert synced_shape(call.payload) == expected
    assert sorted(c.name for c in synced) == sorted(expected)


async def test_guild_sync_copies_the_global_tree(harness: Harness) -> None:
    await sync_tree(harness.bot, 55)
    (call,) = [c for c in harness.rec.calls if c.kind == "sync"]
    assert call.url.endswith("/applications/4242/guilds/55/commands")
    assert {c["name"] for c in call.payload} >= {"game", "add", "pass", "ready"}


class SuggestTitle(TinyTitle):
    """The tiny title with autocompleted amounts (tiny itself has no autocompleted option)."""

    meta = TitleMeta(
        id="tinysuggest",
        name="Tiny Suggest",
        min_players=2,
        max_players=4,
        colours=("red", "blue"),
        commands=(
            CommandSpec("ready", "Say you are ready"),
            CommandSpec(
                "add",
                "Add 1-3 to the total",
                (OptionSpec("amount", "1, 2 or 3", "integer", True, autocomplete=True),),
            ),
            CommandSpec("pass", "Do nothing this turn"),
        ),
    )


async def test_autocomplete_offers_the_askers_legal_values(harness: Harness) -> None:
    registry = Registry()
    registry.register(SuggestTitle())
    service = GameService(harness.bot.service.store, registry, seeds=random.Random(1))
    bot = RailBot(service, reminders=False)
    bot.http.request = harness.rec.http_request  # type: ignore[method-assign]
    h = Harness(bot, harness.rec)
    bot._connection.user = harness.bot._connection.user
    bot._connection.application_id = 4242
    await bot._async_setup_hook()
    await h.run(ALICE, ["game", "new"], system="tinysuggest")
    await h.run(BOB, ["game", "join"])
    await h.run(ALICE, ["game", "start"])
    await h.run(ALICE, ["ready"])
    await h.run(BOB, ["ready"])
    game = await bot.service.store.game_in_channel(100)
    assert game is not None
    seats = {s.seat: s.user_id for s in await bot.service.store.seats(game.id)}
    mover = ALICE if seats[game.to_act[0]] == 1 else BOB
    waiter = BOB if mover is ALICE else ALICE

    choices = await h.autocomplete(mover, ["add"], "amount", amount="")
    assert [c["value"] for c in choices] == [1, 2, 3]
    narrowed = await h.autocomplete(mover, ["add"], "amount", amount="2")
    assert [c["value"] for c in narrowed] == [2]
    assert await h.autocomplete(waiter, ["add"], "amount", amount="") == []


async def test_map_choices_and_static_choices(harness: Harness) -> None:
    await open_and_start(harness)
    # tiny has no maps: nothing to suggest, and no error either.
    assert await harness.autocomplete(ALICE, ["game", "new"], "map", system="tiny", map="") == []


async def test_game_new_options_are_suggested_as_key_value_pairs(harness: Harness) -> None:
    h = harness
    first = await h.autocomplete(ALICE, ["game", "new"], "options", system="tiny", options="")
    # the title's own options, then the display options every title takes
    assert [c["value"] for c in first] == ["fast=true", "colourblind=true"]
    more = await h.autocomplete(
        ALICE, ["game", "new"], "options", system="tiny", options="target=8, fa"
    )
    assert [c["value"] for c in more] == ["target=8, fast=true"]

