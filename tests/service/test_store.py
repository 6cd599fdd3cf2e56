import asyncio
import sqlite3

import asyncpg
import pytest
from service_support import ALICE, BOB, HERE, Clock, raw, tiny_board

from bot.service import GameService
from bot.storage import (
    KEEP_SNAPSHOTS,
    MIGRATIONS,
    ChannelBusy,
    PgStore,
    SqliteStore,
    StaleSeq,
    Store,
    StoreOpenError,
    connect_store,
)
from engine.core import Registry


async def started(service: GameService, **options: int) -> int:
    await service.new_game(HERE, ALICE, "tiny", options=options)
    await service.join(HERE, BOB)
    reply = await service.start(HERE, ALICE, seed=11)
    assert reply.game_id is not None
    return reply.game_id


GAME_ROW = dict(
    guild_id=1,
    channel_id=5,
    title="tiny",
    map_id=None,
    options={},
    name="g",
    creator_id=1,
    now=0.0,
)


async def test_migrations_set_user_version_and_wal(store: Store, db_path: str) -> None:
    assert await store.schema_version() == len(MIGRATIONS)
    if isinstance(store, SqliteStore):
        con = sqlite3.connect(db_path)
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        con.close()
    else:  # the same numbered migrations, recorded in a table of their own
        assert [tuple(r) for r in await raw(store, "SELECT version FROM railbot_schema")] == [
            (len(MIGRATIONS),)
        ]


async def test_one_active_game_per_channel(store: Store) -> None:
    kw = GAME_ROW
    first = await store.create_game(**kw)
    with pytest.raises(ChannelBusy):
        await store.create_game(**kw)
    await store.update_game(first, 1.0, status="finished")
    assert await store.create_game(**kw) != first


async def test_stale_expected_seq_is_rejected_and_writes_nothing(store: Store) -> None:
    gid = await store.create_game(**GAME_ROW)
    written = await store.append_action(
        gid, 0, {"type": "x", "seat": 0}, user_id=1, now=1.0, game_fields={}
    )
    assert written.seq == 1
    with pytest.raises(StaleSeq):
        await store.append_action(
            gid, 0, {"type": "y", "seat": 0}, user_id=1, now=2.0, game_fields={}
        )
    rows = await store.actions(gid)
    assert [r.action["type"] for r in rows] == ["x"]
    game = await store.game(gid)
    assert game is not None and game.seq == 1


async def test_chance_is_stored_with_the_action(store: Store) -> None:
    gid = await store.create_game(**GAME_ROW)
    await store.append_action(
        gid, 0, {"type": "roll", "seat": 0, "chance": [4]}, user_id=1, now=1.0, game_fields={}
    )
    (row,) = await store.actions(gid)
    assert row.action == {"type": "roll", "seat": 0, "chance": [4]}


async def test_a_crash_between_actions_loses_nothing_acknowledged(
    db_url: str, registry: Registry
) -> None:
    clock = Clock()
    async with connect_store(db_url) as store:
        service = GameService(store, registry, render=tiny_board, clock=clock)
        await started(service)
        await service.act(HERE, ALICE, "ready", {})
        await service.act(HERE, BOB, "ready", {})
        view = await service.view(HERE, None)
        first = view["current_seat"]
        mover = ALICE if (await store.seats(1))[first].user_id == ALICE.id else BOB
        await service.act(HERE, mover, "roll", {})
        expected = await service.view(HERE, None)
    # The process "dies" here: a new store and service on the same database see every move.
    async with connect_store(db_url) as store:
        service = GameService(store, registry, render=tiny_board, clock=clock)
        assert await service.view(HERE, None) == expected
        game = await store.game_in_channel(HERE.channel_id)
        assert game is not None and game.seq == 3


async def test_concurrent_submits_are_serialised(service: GameService, store: Store) -> None:
    gid = await started(service)
    # Both seats are asked to be ready at once: both moves must land, in some order, once each.
    r1, r2 = await asyncio.gather(
        service.act(HERE, ALICE, "ready", {}), service.act(HERE, BOB, "ready", {})
    )
    rows = await store.actions(gid)
    assert sorted(r.seq for r in rows) == [1, 2]
    assert sorted(r.user_id for r in rows if r.user_id is not None) == [ALICE.id, BOB.id]
    assert {r1.seq, r2.seq} == {1, 2}


async def test_snapshots_are_written_and_used(service: GameService, store: Store) -> None:
    gid = await started(service, target=40)
    await service.act(HERE, ALICE, "ready", {})
    await service.act(HERE, BOB, "ready", {})
    seats = await store.seats(gid)
    by_seat = {s.seat: s for s in seats}
    for _ in range(30):
        view = await service.view(HERE, None)
        if view["winner"] is not None:
            break
        uid = by_seat[view["current_seat"]].user_id
        user = ALICE if uid == ALICE.id else BOB
        await service.act(HERE, user, "add", {"amount": 1})
    snap = await store.latest_snapshot(gid)
    assert snap is not None and snap[0] == 25
    expected = await service.view(HERE, None)
    service._forget(gid)  # drop the memory cache: load from snapshot + later actions
    assert await service.view(HERE, None) == expected


async def test_only_the_last_few_snapshots_are_kept(store: Store) -> None:
    gid = await store.create_game(**GAME_ROW)
    for seq in range(10):
        await store.append_action(
            gid, seq, {"type": "x", "seat": 0}, user_id=1, now=1.0, game_fields={},
            snapshot={"after": seq + 1},
        )
    rows = await raw(store, "SELECT seq FROM snapshots WHERE game_id = ?", gid)
    assert sorted(r["seq"] for r in rows) == list(range(10 - KEEP_SNAPSHOTS + 1, 11))
    assert await store.latest_snapshot(gid) == (10, {"after": 10})


async def test_synchronous_is_normal_unless_the_environment_asks_for_full(
    db_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with SqliteStore.connect(db_path) as store:
        assert (await store._fetchone("PRAGMA synchronous"))[0] == 1  # NORMAL
    monkeypatch.setenv("RAILBOT_SYNCHRONOUS", "full")
    async with SqliteStore.connect(db_path) as store:
        assert store.synchronous == "FULL"
        assert (await store._fetchone("PRAGMA synchronous"))[0] == 2
        assert await store._writer.call(lambda conn, _: conn.execute("PRAGMA synchronous")
                                        .fetchone()[0], None) == 2
    monkeypatch.setenv("RAILBOT_SYNCHRONOUS", "sometimes")
    with pytest.raises(StoreOpenError, match="must be NORMAL or FULL, not 'SOMETIMES'"):
        SqliteStore(db_path)


async def test_a_claim_is_won_once_across_stores(db_url: str) -> None:
    async with connect_store(db_url) as one, connect_store(db_url) as two:
        gid = await one.create_game(**GAME_ROW)
        wins = await asyncio.gather(
            *(s.claim(gid, "reminder 1", 5.0) for s in (one, two, one, two))
        )
        assert sorted(wins) == [False, False, False, True]
        assert await two.claim(gid, "reminder 2", 6.0)
        # a claim a month old is forgotten when the game claims again
        assert await one.claim(gid, "reminder 1", 5.0 + 31 * 86400)


async def test_a_copy_keeps_its_id_and_new_games_do_not_reuse_it(store: Store) -> None:
    gid = await store.create_game(**GAME_ROW)
    await store.append_action(
        gid, 0, {"type": "x", "seat": 0, "chance": [3]}, user_id=1, now=1.0, game_fields={}
    )
    game = await store.game(gid)
    assert game is not None
    game.id, game.channel_id = 40, 6
    copied = await store.insert_copy(game, [], await store.actions(gid), {"k": 1}, keep_id=True)
    assert copied == 40
    assert [r.action for r in await store.actions(40)] == [{"type": "x", "seat": 0, "chance": [3]}]
    assert await store.settings("game", 40) == {"k": 1}
    assert await store.scopes("game") == [40]
    fresh = await store.create_game(**{**GAME_ROW, "channel_id": 7})
    assert fresh > 40
    assert await store.all_game_ids() == [gid, 40, fresh]


async def test_big_discord_ids_and_guildless_games_round_trip(store: Store) -> None:
    snowflake = 1_234_567_890_123_456_789
    gid = await store.create_game(**{**GAME_ROW, "guild_id": None, "channel_id": snowflake,
                                     "creator_id": snowflake})
    game = await store.game_in_channel(snowflake)
    assert game is not None and game.id == gid and game.creator_id == snowflake
    assert [g.id for g in await store.games_in_guild(None)] == [gid]
    await store.set_setting("guild", snowflake, "x", {"a": [1]})
    assert await store.setting("guild", snowflake, "x") == {"a": [1]}


async def test_an_unreachable_postgresql_is_one_plain_line(pg_server) -> None:
    url = f"postgresql://railbot:secret@127.0.0.1:{pg_server.port}/no_such_database"
    with pytest.raises(StoreOpenError) as info:
        async with connect_store(url):
            pass
    text = str(info.value)
    assert "cannot use the PostgreSQL database" in text and "no_such_database" in text
    assert "secret" not in text


async def test_a_postgresql_database_from_a_newer_railbot_is_refused(pg_server) -> None:
    url = pg_server.new_database()  # its own: the shared one must stay usable
    async with connect_store(url) as store:
        await raw(store, "UPDATE railbot_schema SET version = 99")
    with pytest.raises(StoreOpenError, match="newer railbot"):
        async with connect_store(url):
            pass


async def test_processes_starting_at_once_migrate_once(pg_server) -> None:
    url = pg_server.new_database()
    stores = [PgStore(url) for _ in range(4)]
    await asyncio.gather(*(s.open() for s in stores))
    try:
        versions = await asyncio.gather(*(s.schema_version() for s in stores))
        assert versions == [len(MIGRATIONS)] * 4
        assert len(await raw(stores[0], "SELECT version FROM railbot_schema")) == 1
    finally:
        await asyncio.gather(*(s.close() for s in stores))


async def test_a_postgresql_database_of_another_program_is_refused_untouched(pg_server) -> None:
    url = pg_server.new_database()
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("CREATE TABLE invoices (id BIGINT PRIMARY KEY, total REAL)")
        with pytest.raises(StoreOpenError) as info:
            async with connect_store(url):
                pass
        assert "is not a railbot database (it holds other tables: invoices)" in str(info.value)
        tables = await conn.fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
        assert [r[0] for r in tables] == ["invoices"]
    finally:
        await conn.close()
