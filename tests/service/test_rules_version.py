"""Stored games keep the rules they started on: a later rules change behind a version number
leaves their replay (and what they told everyone) exactly as it was, and exports carry it."""

from __future__ import annotations

import dataclasses

import pytest
from service_support import ALICE, BOB, HERE, Clock, raw, tiny_board
from tinygame import TinyTitle

from bot.archive import export_game, import_game
from bot.replies import UserError
from bot.service import GameService, Where
from bot.storage import Store
from engine.core import Registry


class TinyNewRules(TinyTitle):
    """Tiny Race after a rules change: from version 2 a pass creeps the total up by 1."""

    meta = dataclasses.replace(TinyTitle.meta, rules_version=2)


def service_for(store: Store, title: TinyTitle) -> GameService:
    reg = Registry()
    reg.register(title)
    return GameService(store, reg, render=tiny_board, clock=Clock())


async def play_passes(service: GameService, where: Where = HERE) -> None:
    await service.new_game(where, ALICE, "tiny", options={"target": 1000})
    await service.join(where, BOB)
    await service.start(where, ALICE, seed=5)
    for user in (ALICE, BOB):
        await service.act(where, user, "ready", {})
    for _ in range(4):
        game = await service.store.game_in_channel(where.channel_id)
        assert game is not None
        seats = {s.seat: s.user_id for s in await service.store.seats(game.id)}
        who = ALICE if seats[game.to_act[0]] == ALICE.id else BOB
        await service.act(where, who, "pass", {})


async def test_an_old_game_replays_identically_after_a_rules_change(store: Store) -> None:
    old = service_for(store, TinyTitle())
    await play_passes(old)
    game = await store.game_in_channel(HERE.channel_id)
    assert game is not None and game.rules_version == 1
    before = (await old.load(game)).state
    told = (await old.log(HERE, last=20)).text
    await raw(store, "DELETE FROM snapshots")  # the new code must replay the whole log

    new = service_for(store, TinyNewRules())
    after = (await new.load(game)).state
    assert after == before and after["total"] == 0
    assert (await new.log(HERE, last=20)).text == told
    # a new game starts on the new rules, where the same passes count
    elsewhere = Where(HERE.guild_id, HERE.channel_id + 1)
    await play_passes(new, elsewhere)
    fresh = await store.game_in_channel(elsewhere.channel_id)
    assert fresh is not None and fresh.rules_version == 2
    assert (await new.load(fresh)).state["total"] == 4


async def test_an_export_carries_the_rules_version(store: Store) -> None:
    await play_passes(service_for(store, TinyTitle()))
    data = await export_game(store, HERE.channel_id)
    assert data["game"]["rules_version"] == 1
    new = service_for(store, TinyNewRules())
    copy = await import_game(new, data, HERE.channel_id + 1)
    assert copy.rules_version == 1
    assert (await new.load(copy)).state["total"] == 0
    # a file exported before games recorded their rules version: a started game had the first
    data["version"] = 1
    del data["game"]["rules_version"]
    older = await import_game(new, data, HERE.channel_id + 2)
    assert older.rules_version == 1 and (await new.load(older)).state["total"] == 0


async def test_a_game_from_newer_rules_is_refused(store: Store) -> None:
    await play_passes(service_for(store, TinyNewRules()))
    data = await export_game(store, HERE.channel_id)
    with pytest.raises(UserError, match=r"newer rules of Tiny Race \(version 2"):
        await import_game(service_for(store, TinyTitle()), data, HERE.channel_id + 1)
