"""PostgreSQL going away under railbot, made to happen on purpose (never by timing luck):

- the connection drops right after a move's COMMIT reached the server (the answer is lost):
  railbot reads the move back by its number and says it stands, for a person's move and for
  the computer player's move that follows it;
- the connection is cut while a move waits, before its COMMIT: nothing was changed, and the
  player is told so;
- the server is stopped: every command answers one plain sentence and logs one line (no
  traceback), and all works again once the server is back.

The server here is one of its own, so stopping it disturbs no other test."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Iterator
from typing import Any

import asyncpg
import pytest
from pg_server import PgServer, bindir
from service_support import HERE, tiny_board

from bot.commands import Dispatcher
from bot.replies import UNREACHABLE
from bot.service import GameService, User
from bot.storage import PgStore, connect_store
from engine.core import Registry

ANN, BEN = User(1, "ann"), User(2, "ben")


@pytest.fixture(scope="module")
def server() -> Iterator[PgServer]:
    if bindir() is None:
        pytest.skip("PostgreSQL server binaries not found")
    own = PgServer().start()
    try:
        yield own
    finally:
        own.stop()


@pytest.fixture
async def store(server: PgServer) -> AsyncIterator[PgStore]:
    async with connect_store(server.new_database()) as opened:
        assert isinstance(opened, PgStore)
        yield opened


@pytest.fixture
def dispatcher(store: PgStore, registry: Registry) -> Dispatcher:
    return Dispatcher(GameService(store, registry, render=tiny_board))


async def terminate(url: str, pid: int) -> None:
    """End server process ``pid`` from a connection of its own, as an operator would."""
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("SELECT pg_terminate_backend($1)", pid)
    finally:
        await conn.close()


class DropAfterCommit:
    """Arm it, and the next move committed (or the ``nth`` one) loses its answer: the server
    has committed it, then its connection is terminated and the client sees the error a
    dropped connection gives."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, url: str) -> None:
        self.url, self.armed = url, 0
        fetchval = asyncpg.connection.Connection.fetchval
        commit = asyncpg.transaction.Transaction.commit

        async def fetchval_then_drop(conn: Any, query: str, *args: Any, **kw: Any) -> Any:
            value = await fetchval(conn, query, *args, **kw)
            alone = not conn.is_in_transaction()  # the statement committed by itself
            if "INSERT INTO actions" in query and value is not None and alone:
                await self.maybe_drop(conn)
            return value

        async def commit_then_drop(tx: Any) -> None:
            await commit(tx)
            await self.maybe_drop(tx._connection)

        monkeypatch.setattr(asyncpg.connection.Connection, "fetchval", fetchval_then_drop)
        monkeypatch.setattr(asyncpg.transaction.Transaction, "commit", commit_then_drop)

    async def maybe_drop(self, conn: Any) -> None:
        if not self.armed:
            return
        self.armed -= 1
        if self.armed:
            return
        await terminate(self.url, conn.get_server_pid())
        raise asyncpg.ConnectionDoesNotExistError(
            "connection was closed in the middle of operation"
        )


async def opened(d: Dispatcher, *, bot: bool = False) -> int:
    await d.run(HERE, ANN, ["game", "new"], {"system": "tiny", "options": "target=1000"})
    if bot:
        await d.run(HERE, ANN, ["game", "addbot"], {})
    else:
        await d.run(HERE, BEN, ["game", "join"], {})
    reply = await d.run(HERE, ANN, ["game", "start"], {})
    assert not reply.error, reply.text
    for user in (ANN,) if bot else (ANN, BEN):
        assert not (await d.run(HERE, user, ["ready"], {})).error
    game = await d.service.game_here(HERE)
    assert game is not None
    return game.id


async def to_move(d: Dispatcher, gid: int) -> User:
    game = await d.service.store.game(gid)
    assert game is not None
    seat = {s.seat: s.user_id for s in await d.service.store.seats(gid)}[game.to_act[0]]
    return ANN if seat == ANN.id else BEN


@pytest.mark.parametrize("snapshot", [False, True])
async def test_a_move_whose_commit_answer_is_lost_is_read_back_and_stands(
    dispatcher: Dispatcher, store: PgStore, monkeypatch: pytest.MonkeyPatch, snapshot: bool
) -> None:
    if snapshot:  # the move then commits in a transaction of its own, with its snapshot
        monkeypatch.setattr("bot.service.moves.SNAPSHOT_EVERY", 1)
    gid = await opened(dispatcher)
    drop = DropAfterCommit(monkeypatch, store.url)
    seq = (await store.game(gid)).seq  # type: ignore[union-attr]
    drop.armed = 1
    reply = await dispatcher.run(HERE, await to_move(dispatcher, gid), ["roll"], {})
    assert drop.armed == 0, "the connection was dropped"
    assert not reply.error, reply.text
    assert " rolls " in reply.text
    assert reply.text.endswith("railbot read it back: the move stands.)")
    rows = await store.actions(gid)
    assert [r.seq for r in rows][-1] == seq + 1 and rows[-1].action["type"] == "roll"
    # And the game goes on from there, in this process and in a fresh one.
    nxt = await dispatcher.run(HERE, await to_move(dispatcher, gid), ["roll"], {})
    assert not nxt.error and (await store.game(gid)).seq == seq + 2  # type: ignore[union-attr]
    fresh = GameService(store, dispatcher.service.registry)
    assert await fresh.view(HERE, None) == await dispatcher.service.view(HERE, None)


async def test_a_computer_move_whose_answer_is_lost_keeps_the_persons_move(
    dispatcher: Dispatcher, store: PgStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    gid = await opened(dispatcher, bot=True)
    drop = DropAfterCommit(monkeypatch, store.url)
    seq = (await store.game(gid)).seq  # type: ignore[union-attr]
    drop.armed = 2  # the person's roll commits as usual; the computer's answer is lost
    reply = await dispatcher.run(HERE, ANN, ["roll"], {})
    assert drop.armed == 0 and not reply.error, reply.text
    assert reply.text.startswith("ann rolls ")
    assert "railbot read it back: the move stands." in reply.text
    rows = await store.actions(gid)
    assert rows[seq].user_id == ANN.id and rows[seq + 1].user_id != ANN.id


async def test_a_move_cut_off_before_its_commit_changes_nothing(
    dispatcher: Dispatcher, store: PgStore
) -> None:
    gid = await opened(dispatcher)
    before = await store.actions(gid)
    holder = await asyncpg.connect(store.url)  # holds the game's row: the move must wait
    tx = holder.transaction()
    await tx.start()
    try:
        await holder.execute("SELECT id FROM games WHERE id = $1 FOR UPDATE", gid)
        user = await to_move(dispatcher, gid)
        move = asyncio.create_task(dispatcher.run(HERE, user, ["roll"], {}))
        pid = None
        for _ in range(2000):  # until the move's statement waits for the lock (the only one)
            pid = await holder.fetchval(
                "SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                " AND datname = current_database() AND pid <> pg_backend_pid()")
            if pid is not None:
                break
            await asyncio.sleep(0.01)
        assert pid is not None
        await holder.execute("SELECT pg_terminate_backend($1)", pid)
        reply = await asyncio.wait_for(move, 30)
    finally:
        await tx.rollback()  # lets the move go if anything above failed
        await holder.close()
    assert reply.error and reply.text == UNREACHABLE
    assert await store.actions(gid) == before
    again = await dispatcher.run(HERE, await to_move(dispatcher, gid), ["roll"], {})
    assert not again.error, again.text


async def test_a_stopped_server_gets_one_sentence_and_one_log_line_per_command(
    dispatcher: Dispatcher, store: PgStore, server: PgServer, caplog: pytest.LogCaptureFixture
) -> None:
    gid = await opened(dispatcher)
    seq = (await store.game(gid)).seq  # type: ignore[union-attr]
    server.halt("fast")
    try:
        caplog.clear()
        with caplog.at_level(logging.WARNING):
            # who is to move cannot be read now: ann tries (refused alike either way)
            commands = [(ANN, ["roll"]), (ANN, ["game", "status"]), (BEN, ["game", "board"])]
            for user, path in commands:
                caplog.clear()
                reply = await dispatcher.run(HERE, user, path, {})
                assert reply.error and reply.text == UNREACHABLE, (path, reply.text)
                lines = [r for r in caplog.records if r.name.startswith("railbot")]
                assert len(lines) == 1 and lines[0].exc_info is None, lines
                assert "unreachable" in lines[0].getMessage()
    finally:
        server.resume()
    status = await dispatcher.run(HERE, ANN, ["game", "status"], {})
    assert not status.error, status.text
    moved = await dispatcher.run(HERE, await to_move(dispatcher, gid), ["roll"], {})
    assert not moved.error and (await store.game(gid)).seq == seq + 1  # type: ignore[union-attr]

