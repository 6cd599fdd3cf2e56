"""Autocomplete on the shipped titles: every text or number option of every move command
suggests the title's legal values by name, through the real command tree, as a game goes on."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from click_player import CAROL, ClickPlayer, hand_button, shipped_bot
from discord_harness import ALICE, BOB, Call, Clock, Harness, Recorder, final

from bot.app import default_registry
from bot.commandtree import move_commands
from bot.service import User, Where
from bot.storage import SqliteStore, Store

USERS = {ALICE[0]: ALICE, BOB[0]: BOB, CAROL[0]: CAROL}
HERE = Where(10, 100)
RAW = re.compile(r"#\d|link:\d|\bseat\b")
Seen = dict[tuple[str, str], int]


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = SqliteStore(str(tmp_path / "games.sqlite3"))
    await opened.open()
    yield opened
    await opened.close()


def test_every_text_and_number_option_of_a_move_command_is_autocompleted() -> None:
    for cmd in move_commands(default_registry()):
        for o in cmd.options:
            if o.type in ("string", "integer") and not o.choices:
                assert o.autocomplete, f"/{cmd.name} {o.name}"


async def suggest(
    h: Harness, user: tuple[int, str], command: str, focused: str, options: dict[str, Any]
) -> list[dict[str, Any]]:
    """What Discord would show while ``focused`` is typed (options may be named like the
    harness's own parameters, e.g. /build path:)."""
    payload, token = h.command_payload(user, [command], options, focused=focused)
    h.feed(payload)
    await h.settle()
    (call,) = h.rec.for_token(token)
    return list(call.payload["data"]["choices"])


async def mover(h: Harness) -> tuple[int, str]:
    game = await h.bot.service.store.last_game_in_channel(100)
    assert game is not None
    seats = {s.seat: s.user_id for s in await h.bot.service.store.seats(game.id)}
    return USERS[seats[game.to_act[0]]]


async def complete_all(h: Harness, title_id: str, seen: Seen) -> None:
    """Autocomplete every option of every move command of the title for the player to act,
    filling each command's options in order with the first value offered (so that /build to:
    is asked with a from:); what comes back must be the title's own values, by name."""
    user = await mover(h)
    service = h.bot.service
    title = service.registry.get(title_id)
    where_user = User(*user)
    game = await service.store.last_game_in_channel(100)
    assert game is not None
    for cmd in title.meta.commands:
        tree_spec = next(c for c in move_commands(service.registry) if c.name == cmd.name)
        filled: dict[str, Any] = {}
        for o in tree_spec.options:
            if not o.autocomplete or o.name not in {x.name for x in cmd.options}:
                continue
            choices = await suggest(h, user, cmd.name, o.name, {**filled, o.name: ""})
            assert len(choices) <= 25
            values = await service.option_values(HERE, where_user, cmd.name, o.name, filled)
            expected = [v.value if o.type == "integer" else str(v.value) for v in values]
            assert [c["value"] for c in choices] == expected[:25], (cmd.name, o.name)
            for c in choices:
                assert not RAW.search(c["name"]), c["name"]
            seen[(cmd.name, o.name)] = seen.get((cmd.name, o.name), 0) + len(choices)
            if choices:
                filled[o.name] = choices[0]["value"]
                typed = str(choices[0]["value"])[:3]
                narrowed = await suggest(h, user, cmd.name, o.name, {**filled, o.name: typed})
                assert choices[0]["value"] in [c["value"] for c in narrowed]


async def play_and_complete(
    h: Harness, title_id: str, board: Call, moves: int, every: int, seed: int
) -> Seen:
    player = ClickPlayer(h, seed)
    seen: Seen = {}
    for i in range(moves):
        game = await h.bot.service.store.last_game_in_channel(100)
        assert game is not None
        if game.status != "active":
            break
        if i % every == 0 or game.seq < 4:
            await complete_all(h, title_id, seen)
        user = await mover(h)
        if not [c for c in board.custom_ids if not c.startswith("rbh:")]:
            hand = hand_button(board)
            assert hand is not None
            board = final(await h.click(user, board, hand))
        board = await player.play(user, board)
    return seen


async def test_railways_of_the_world_options_suggest_legal_values(
    store: Store, recorder: Recorder, clock: Clock
) -> None:
    h = await shipped_bot(store, default_registry(), recorder, clock)
    await h.run(ALICE, ["game", "new"], system="rotw", map="eastern-us")
    await h.run(BOB, ["game", "join"])
    await h.run(CAROL, ["game", "join"])
    board = final(await h.run(ALICE, ["game", "start"]))
    seen = await play_and_complete(h, "rotw", board, moves=36, every=9, seed=3)
    for key in [("baron", "card"), ("bid", "amount"), ("build", "from"), ("build", "to"),
                ("build", "via"), ("build", "path"), ("build", "exit"), ("deliver", "city"),
                ("urbanize", "city"), ("card", "card")]:
        assert seen.get(key), f"/{key[0]} {key[1]} never suggested anything"


async def test_new_england_options_suggest_legal_values(
    store: Store, recorder: Recorder, clock: Clock
) -> None:
    h = await shipped_bot(store, default_registry(), recorder, clock)
    await h.run(ALICE, ["game", "new"], system="newengland")
    await h.run(BOB, ["game", "join"])
    await h.run(CAROL, ["game", "join"])
    board = final(await h.run(ALICE, ["game", "start"]))
    seen = await play_and_complete(h, "newengland", board, moves=60, every=3, seed=4)
    for key in [("loan", "amount"), ("bid", "amount"), ("ship", "from"), ("ship", "to"),
                ("ship", "cube"), ("ship", "route")]:
        assert seen.get(key), f"/{key[0]} {key[1]} never suggested anything"


async def test_the_england_and_wales_map_is_offered_when_opening_a_game(
    store: Store, recorder: Recorder, clock: Clock
) -> None:
    h = await shipped_bot(store, default_registry(), recorder, clock)
    typed = await h.autocomplete(ALICE, ["game", "new"], "map", system="rotw", map="engl")
    assert [c["value"] for c in typed] == ["england-wales"]
    every = await h.autocomplete(ALICE, ["game", "new"], "map", system="rotw", map="")
    assert "england-wales" in [c["value"] for c in every]
