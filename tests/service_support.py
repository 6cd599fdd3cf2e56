"""Shared test helpers for the core, service and terminal tests (a unique module name, so that
test files can import it whatever other conftest.py files exist)."""

from __future__ import annotations

from typing import Any

from bot.service import GameService, User, Where
from bot.storage import PgStore, SqliteStore, Store
from bot.storage.base import chain_updates
from bot.storage.postgres_schema import dollars
from bot.storage.sql import Sql


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def tiny_board(title: str, view: dict[str, Any], map_id: str | None, zoom: str | None) -> bytes:
    if zoom == "nowhere":
        raise ValueError("No place called 'nowhere'.")
    return f"PNG total={view['total']}".encode()


HERE = Where(10, 100)
ALICE = User(1, "alice")
BOB = User(2, "bob")
CAROL = User(3, "carol")
EVE = User(9, "eve")


async def ready_tiny(service: GameService, target: int, seed: int) -> None:
    """A two-player tiny game opened by alice, joined by bob, started and past "ready"."""
    await service.new_game(HERE, ALICE, "tiny", options={"target": target})
    await service.join(HERE, BOB)
    await service.start(HERE, ALICE, seed=seed)
    for user in (ALICE, BOB):
        await service.act(HERE, user, "ready", {})


async def raw(store: Store, sql: str, *params: Any) -> list[Any]:
    """Run one SQL statement (with ``?`` placeholders) on either store, behind its back: for
    tests that damage or inspect what is stored."""
    if isinstance(store, PgStore):
        return list(await store.pool.fetch(dollars(sql), *params))
    assert isinstance(store, SqliteStore)
    return await store._fetchall(sql, params)


async def rechain(store: Store, game_id: int) -> None:
    """Recompute a game's log checksums after a test changed its moves on purpose (standing in
    for a rules change, which leaves the stored log as it was but no longer replaying)."""
    rows = await raw(store, Sql.ALL_ACTIONS.replace(" ORDER BY", " WHERE game_id = ? ORDER BY"),
                     game_id)
    for chain, gid, seq in chain_updates([tuple(r) for r in rows]):
        await raw(store, Sql.SET_CHAIN, chain, gid, seq)


async def play_tiny(service: GameService, clock: Clock, where: Where, players: list[User],
                    seed: int) -> int:
    """A tiny game of ``players`` (the first opens it) played to the end; its id."""
    clock.now += 3600
    await service.new_game(where, players[0], "tiny", options={"target": 12})
    for p in players[1:]:
        await service.join(where, p)
    await service.start(where, players[0], seed=seed)
    for p in players:
        await service.act(where, p, "ready", {})
    game = await service.store.game_in_channel(where.channel_id)
    assert game is not None
    by_id = {p.id: p for p in players}
    while True:
        row = await service.store.game(game.id)
        assert row is not None
        if row.status == "finished":
            return game.id
        seats = {s.seat: s.user_id for s in await service.store.seats(game.id)}
        clock.now += 60
        await service.act(where, by_id[seats[row.to_act[0]]], "roll", {})
