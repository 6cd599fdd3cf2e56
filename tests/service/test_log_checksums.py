"""The log's checksum chain: a move altered, removed or damaged anywhere (behind a snapshot too)
makes every command give the same sentence, on both stores; a database stored before the chain
existed gets it when it is upgraded."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from service_support import ALICE, BOB, HERE, raw, ready_tiny, tiny_board

from bot.replies import UserError
from bot.service import GameService
from bot.storage import SCHEMA_VERSION, PgStore, SqliteStore, Store, connect_store
from bot.storage.base import first_damaged


async def played(service: GameService, rolls: int) -> int:
    await ready_tiny(service, 1000, seed=3)
    game = await service.store.game_in_channel(HERE.channel_id)
    assert game is not None
    seats = {s.seat: s for s in await service.store.seats(game.id)}
    for _ in range(rolls):
        game = await service.store.game(game.id)
        assert game is not None
        who = ALICE if seats[game.to_act[0]].user_id == ALICE.id else BOB
        await service.act(HERE, who, "roll", {})
    return game.id


def every_command(service: GameService) -> dict[str, Callable[[], Awaitable[Any]]]:
    return {
        "status": lambda: service.status(HERE),
        "log": lambda: service.log(HERE, 5),
        "board": lambda: service.show_board(HERE),
        "board at:3": lambda: service.board_at(HERE, 3),
        "inspect": lambda: service.view(HERE, None),
        "hand": lambda: service.hand(HERE, ALICE),
        "info": lambda: service.info(HERE),
        "moves": lambda: service.legal(HERE, ALICE),
        "roll": lambda: service.act(HERE, ALICE, "roll", {}),
    }


async def test_the_chain_is_whole_after_play(service: GameService) -> None:
    gid = await played(service, 6)
    rows = await service.store.actions(gid)
    assert len(rows) == 8 and all(r.chain and len(r.chain) == 64 for r in rows)
    assert first_damaged(rows) is None
    assert len({r.chain for r in rows}) == len(rows)


@pytest.mark.parametrize("damage", ["altered", "text", "removed", "last removed"])
async def test_damage_behind_a_snapshot_reads_alike_in_every_command(
    service: GameService, monkeypatch: pytest.MonkeyPatch, damage: str
) -> None:
    monkeypatch.setattr("bot.service.moves.SNAPSHOT_EVERY", 3)
    gid = await played(service, 8)
    snap = await service.store.latest_snapshot(gid)
    assert snap is not None and snap[0] >= 6, "the damage hides behind a snapshot"
    store = service.store
    if damage == "altered":  # another move in its place, itself well formed
        await raw(store, "UPDATE actions SET action = ? WHERE game_id = ? AND seq = 4",
                  '{"type": "ready", "seat": 0}', gid)
        broken = 4
    elif damage == "text":
        await raw(store, "UPDATE actions SET public = 'forged' WHERE game_id = ? AND seq = 5", gid)
        broken = 5
    elif damage == "removed":
        await raw(store, "DELETE FROM actions WHERE game_id = ? AND seq = 3", gid)
        broken = 3
    else:
        await raw(store, "DELETE FROM actions WHERE game_id = ? AND seq = 10", gid)
        broken = 10
    written = len(await store.actions(gid))
    # A process that starts now (a restart, another bot process) finds it at once; this one,
    # which checked the log before it was damaged, as soon as a command reads the whole log
    # (here /game log), and from then on in every command.
    fresh = GameService(store, service.registry, render=tiny_board)
    with pytest.raises(UserError):
        await service.log(HERE, 5)
    sentence = (f"Tiny Race cannot be loaded: its move #{broken} is damaged (the stored log "
                "does not match its checksums). The creator or a server manager can /game "
                "abandon it.")
    for svc in (fresh, service):
        for name, command in every_command(svc).items():
            with pytest.raises(UserError) as info:
                await command()
            assert info.value.message == sentence, (name, info.value.message)
    assert len(await store.actions(gid)) == written, "nothing was written"
    done = await fresh.abandon(HERE, ALICE, confirm=True)
    assert "abandoned" in done.text


async def upgraded_from_schema_4(store: Store, url: str) -> None:
    """Make ``url`` a database as railbot wrote it before the chain: no column, schema 4."""
    await raw(store, "ALTER TABLE actions DROP COLUMN chain")
    for later in ("results", "ratings"):  # tables of later migrations
        await raw(store, f"DROP TABLE {later}")
    if isinstance(store, PgStore):
        await raw(store, "UPDATE railbot_schema SET version = 4")
    else:
        assert isinstance(store, SqliteStore)
        await raw(store, "PRAGMA user_version = 4")


async def test_a_database_from_before_the_chain_gets_it_on_upgrade(
    db_url: str, registry: Any
) -> None:
    async with connect_store(db_url) as store:
        service = GameService(store, registry, render=tiny_board)
        gid = await played(service, 5)
        chains = [r.chain for r in await store.actions(gid)]
        view = await service.view(HERE, None)
        await upgraded_from_schema_4(store, db_url)
    async with connect_store(db_url) as store:
        assert await store.schema_version() == SCHEMA_VERSION
        assert [r.chain for r in await store.actions(gid)] == chains
        service = GameService(store, registry, render=tiny_board)
        assert await service.view(HERE, None) == view
        game = await store.game(gid)
        assert game is not None
        mover = {s.seat: s.user_id for s in await store.seats(gid)}[game.to_act[0]]
        await service.act(HERE, ALICE if mover == ALICE.id else BOB, "roll", {})
        assert first_damaged(await store.actions(gid)) is None
