"""SQLite persistence for games, seats, the action log, snapshots and settings.

One aiosqlite connection per store (one writer per process), WAL so readers never block the
writer, and a busy timeout so a second process waits instead of failing. The schema evolves by
numbered migrations (bot.storage.sqlite_schema) recorded in ``PRAGMA user_version``.
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite

from bot.storage.base import (
    KEEP_SNAPSHOTS,
    ActionRow,
    Appended,
    ChannelBusy,
    GameChange,
    GameRow,
    RatingRow,
    ResultRow,
    SeatRow,
    StaleSeq,
    Store,
    StoreError,
    StoreOpenError,
    VersionMoved,
    action_columns,
    action_row,
    chain_updates,
    claims_expire,
    content_digest,
    copy_columns,
    game_row,
    rating_row,
    result_row,
    with_chains,
)
from bot.storage.checkpoints import Checkpointer, restart_log
from bot.storage.commits import Append, Writer, game_update, room_on_disk
from bot.storage.sql import Sql
from bot.storage.sqlite_file import address, open_problem, probe
from bot.storage.sqlite_schema import CHAIN_MIGRATION, MIGRATIONS, schema_problem

SYNCHRONOUS = "NORMAL"
"""SQLite's synchronous setting: NORMAL loses nothing acknowledged when the process dies, and at
most about a second of moves on a power cut; FULL loses nothing on a power cut either, at a
flush per move. Chosen by measurement: docs/storage.md."""

SYNCHRONOUS_ENV = "RAILBOT_SYNCHRONOUS"


class SqliteStore(Store):
    """The SQLite store: one file, one writer at a time (across processes too)."""

    def __init__(
        self, path: str, *, synchronous: str | None = None, readonly: bool = False
    ) -> None:
        self.path = self.where = path
        self.readonly = readonly
        """Open for reading only (inspect, export, backup, replay): works on a read-only file or
        folder, migrates nothing, and every write fails."""
        synchronous = (synchronous or os.environ.get(SYNCHRONOUS_ENV) or SYNCHRONOUS).upper()
        if synchronous not in ("NORMAL", "FULL"):
            raise StoreOpenError(f"{SYNCHRONOUS_ENV} must be NORMAL or FULL, not {synchronous!r}.")
        self.synchronous = synchronous
        self._db: aiosqlite.Connection | None = None
        # One connection is shared by every task: statements of one task must never land inside
        # another task's open transaction, so every use of the connection takes this lock.
        self._lock = asyncio.Lock()
        self._checkpoints = Checkpointer(
            path, restart=lambda: self._writer.call(restart_log, None, may_wait=True)
        )
        self._writer = Writer(
            path,
            (
                "PRAGMA foreign_keys=ON",
                f"PRAGMA synchronous={synchronous}",
                "PRAGMA wal_autocheckpoint=10000",
            ),
        )

    @classmethod
    @asynccontextmanager
    async def connect(cls, path: str, **kwargs: Any) -> AsyncIterator[SqliteStore]:
        store = cls(path, **kwargs)
        await store.open()
        try:
            yield store
        finally:
            await store.close()

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("the store is not open")
        return self._db

    async def open(self) -> None:
        """Connect and migrate; raises StoreOpenError (with the connection and its thread
        closed) when the file is not a database, is newer than this code, or fails to migrate."""
        try:
            # Probe first with a plain connection: a file that cannot be opened at all would
            # otherwise fail inside aiosqlite's thread start-up, past anyone's reach.
            immutable = await asyncio.to_thread(probe, self.path, readonly=self.readonly)
            database, uri = address(self.path, readonly=self.readonly, immutable=immutable)
            self._db = await aiosqlite.connect(database, uri=uri, isolation_level=None)
            self._db.row_factory = aiosqlite.Row
            await self._db.execute("PRAGMA busy_timeout=5000")
            if self.readonly:
                return
            async with self._db.execute("PRAGMA journal_mode=WAL") as cur:
                mode = await cur.fetchone()
            # In WAL mode NORMAL's commit does not flush: it may run on the event loop.
            self._writer.inline = (
                self.synchronous == "NORMAL" and mode is not None and mode[0] == "wal"
            )
            await self._db.execute("PRAGMA foreign_keys=ON")
            await self._db.execute(f"PRAGMA synchronous={self.synchronous}")
            await self._migrate()
            # Checkpoints run beside the commits (bot.storage.checkpoints); SQLite's own stays as a
            # backstop for a log that grows past 10,000 pages (40 MB) regardless.
            await self._db.execute("PRAGMA wal_autocheckpoint=10000")
            await self._writer.open()
        except BaseException as exc:
            await self.close()
            if isinstance(exc, sqlite3.Error):
                raise StoreOpenError(open_problem(self.path, exc)) from exc
            raise

    async def close(self) -> None:
        await self._checkpoints.stop()
        await self._writer.close()
        if self._db is not None:
            await self._db.close()
            self._db = None

    async def _migrate(self) -> None:
        async with self.db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        version = int(row[0]) if row else 0
        problem = schema_problem(self.path, version)
        if problem:
            raise StoreOpenError(problem)
        for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                for statement in script.split(";"):
                    if statement.strip():
                        await self.db.execute(statement)
                if number == CHAIN_MIGRATION:
                    await self._fill_chains()
                await self.db.execute(f"PRAGMA user_version={number}")
                await self.db.execute("COMMIT")
            except BaseException as exc:
                await self.db.execute("ROLLBACK")
                if isinstance(exc, sqlite3.Error):
                    raise StoreOpenError(
                        f"{self.path}: upgrading the database to schema {number} failed ({exc});"
                        " it was left as it was. Use a backup, or report this."
                    ) from exc
                raise

    async def _fill_chains(self) -> None:
        """Every stored move's checksum, computed once when the column comes (migration 5)."""
        rows = await self.db.execute_fetchall(Sql.ALL_ACTIONS)
        await self.db.executemany(Sql.SET_CHAIN, chain_updates(list(rows)))

    async def schema_version(self) -> int:
        row = await self._fetchone("PRAGMA user_version")
        return int(row[0]) if row else 0

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One atomic unit of work; the write lock is taken at once (BEGIN IMMEDIATE). Raises
        StoreFull, having written nothing, when the disk has no room for it."""
        async with self._lock:
            with room_on_disk(self.path):
                await self.db.execute("BEGIN IMMEDIATE")
                try:
                    yield self.db
                    await self.db.execute("COMMIT")
                except BaseException:
                    if self.db.in_transaction:
                        await self.db.execute("ROLLBACK")
                    raise
            self._checkpoints.written()

    async def _fetchall(self, sql: str, params: tuple[Any, ...] = ()) -> list[aiosqlite.Row]:
        async with self._lock:  # one trip to the database thread (execute and fetch)
            return list(await self.db.execute_fetchall(sql, params))

    async def _fetchone(self, sql: str, params: tuple[Any, ...] = ()) -> aiosqlite.Row | None:
        rows = await self._fetchall(sql, params)
        return rows[0] if rows else None

    async def _write(self, sql: str, params: tuple[Any, ...] = ()) -> None:
        async with self._lock:
            with room_on_disk(self.path):
                await self.db.execute(sql, params)
        self._checkpoints.written()

    # -- games ---------------------------------------------------------------------------------

    async def create_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        title: str,
        map_id: str | None,
        options: dict[str, Any],
        name: str,
        creator_id: int,
        now: float,
        seats: Sequence[SeatRow] = (),
    ) -> int:
        """Insert a lobby game and its first seats in one transaction."""
        try:
            async with self.transaction() as db:
                cur = await db.execute(
                    Sql.INSERT_LOBBY,
                    (guild_id, channel_id, title, map_id, json.dumps(options), name, creator_id,
                     now, now),
                )
                game_id = cur.lastrowid
                assert game_id is not None
                await self._insert_seats(db, game_id, seats)
        except aiosqlite.IntegrityError as exc:
            raise ChannelBusy("this channel already has a game") from exc
        assert game_id is not None
        return game_id

    async def game_in_channel(self, channel_id: int) -> GameRow | None:
        row = await self._fetchone(Sql.GAME_IN_CHANNEL, (channel_id,))
        return game_row(row) if row else None

    async def last_game_in_channel(self, channel_id: int) -> GameRow | None:
        """The channel's active game, else its most recent one (finished or abandoned)."""
        row = await self._fetchone(Sql.LAST_GAME_IN_CHANNEL, (channel_id,))
        return game_row(row) if row else None

    async def game(self, game_id: int) -> GameRow | None:
        row = await self._fetchone(Sql.GAME, (game_id,))
        return game_row(row) if row else None

    async def games_in_guild(
        self, guild_id: int | None, *, active_only: bool = True
    ) -> list[GameRow]:
        sql = "SELECT * FROM games WHERE guild_id IS ?"
        if active_only:
            sql += " AND status IN ('lobby','active','paused')"
        rows = await self._fetchall(sql + " ORDER BY id", (guild_id,))
        return [game_row(r) for r in rows]

    async def active_games(self) -> list[GameRow]:
        rows = await self._fetchall(Sql.ACTIVE_GAMES)
        return [game_row(r) for r in rows]

    async def all_game_ids(self) -> list[int]:
        return [int(r[0]) for r in await self._fetchall(Sql.GAME_IDS)]

    async def update_game(self, game_id: int, now: float, **fields: Any) -> int:
        """Set plain columns of a game row (JSON columns are encoded here); the new version."""
        async with self._lock:
            version = await self._update_game(self.db, game_id, now, fields)
        self._checkpoints.written()
        return version

    @staticmethod
    async def _update_game(
        db: aiosqlite.Connection, game_id: int, now: float, fields: dict[str, Any]
    ) -> int:
        async with db.execute(*game_update(game_id, now, fields)) as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def change_game(
        self,
        game_id: int,
        now: float,
        make: Callable[[GameRow, list[SeatRow]], GameChange | None],
    ) -> tuple[GameRow, GameChange | None, int]:
        """Read the game and its seats, let ``make`` work out a change from them, and write it,
        all in one transaction: nobody (no other task, no other process) can change the game
        in between. ``make`` may raise to refuse; then nothing is written. Returns the game as
        it was read, the change made (None: nothing to write) and the game's version after."""
        async with self.transaction() as db:
            async with db.execute(Sql.GAME, (game_id,)) as cur:
                row = await cur.fetchone()
            if row is None:
                raise StoreError(f"no game {game_id}")
            game = game_row(row)
            async with db.execute(Sql.SEATS, (game_id,)) as cur:
                seats = [SeatRow(*r) for r in await cur.fetchall()]
            change = make(game, seats)
            if change is None:
                return game, None, game.version
            if change.seats is not None:
                await db.execute(Sql.DROP_SEATS, (game_id,))
                await self._insert_seats(db, game_id, change.seats)
            if change.drop_snapshots:
                await db.execute(Sql.DROP_SNAPSHOTS, (game_id,))
            for key, value in change.settings.items():
                await db.execute(Sql.SET_SETTING, ("game", game_id, key, json.dumps(value)))
            async with db.execute(
                *game_update(game_id, now, change.fields, version_was=game.version)
            ) as cur:
                row = await cur.fetchone()
            if row is None:  # cannot happen under BEGIN IMMEDIATE; refused if it ever does
                raise VersionMoved(f"game {game_id} changed meanwhile")
            version = int(row[0])
        return game, change, version

    # -- seats ---------------------------------------------------------------------------------

    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._fetchall(Sql.SEATS, (game_id,))
        return [SeatRow(r["seat"], r["user_id"], r["name"], r["colour"]) for r in rows]

    @staticmethod
    async def _insert_seats(
        db: aiosqlite.Connection, game_id: int, seats: Sequence[SeatRow]
    ) -> None:
        await db.executemany(
            Sql.INSERT_SEAT,
            [(game_id, s.seat, s.user_id, s.name, s.colour) for s in seats],
        )

    # -- the action log ------------------------------------------------------------------------

    async def append_action(
        self,
        game_id: int,
        expected_seq: int,
        action: dict[str, Any],
        *,
        user_id: int | None,
        now: float,
        game_fields: dict[str, Any],
        snapshot: dict[str, Any] | None = None,
        drop_snapshots_from: int | None = None,
        public: str | None = None,
        results: Sequence[ResultRow] = (),
    ) -> Appended:
        """Append one action as seq ``expected_seq + 1`` (with the public text of its events),
        update the game row and maybe write a snapshot and results, all in one transaction (one
        call on the writer thread, bot.storage.commits). Raises StaleSeq if someone else appended
        first."""
        seat, kind, body, chance = action_columns(action)
        fields = {**game_fields, "seq": expected_seq + 1}
        move = Append(
            game_id=game_id,
            expected_seq=expected_seq,
            columns=(seat, kind, body, chance, user_id, now, public),
            digest=content_digest(expected_seq + 1, action, public, read_back=False),
            update=game_update(game_id, now, fields, seq_was=expected_seq),
            snapshot=json.dumps(snapshot) if snapshot is not None else None,
            drop_snapshots_from=drop_snapshots_from,
            keep_snapshots=KEEP_SNAPSHOTS,
            results=tuple(r.columns() for r in results),
        )
        # No store lock: the writer has a connection of its own and runs one move at a time, and
        # reads on the shared connection need not wait for a commit. The writer runs it on the
        # event loop when nothing can make it wait there (bot.storage.commits.Writer).
        version = await self._writer.commit(move)
        if version is None:
            raise StaleSeq("the game has moved on")
        self._checkpoints.written()
        return Appended(move.seq, version)

    async def actions(self, game_id: int, after: int = 0) -> list[ActionRow]:
        rows = await self._fetchall(Sql.ACTIONS, (game_id, after))
        return [action_row(*r) for r in rows]

    async def put_results(self, game_id: int, rows: Sequence[ResultRow]) -> None:
        async with self.transaction() as db:
            await db.execute(Sql.DROP_RESULTS, (game_id,))
            await db.executemany(Sql.INSERT_RESULT, [r.columns() for r in rows])

    async def results(self, guild_id: int) -> list[ResultRow]:
        return [result_row(r) for r in await self._fetchall(Sql.RESULTS, (guild_id,))]

    async def result_guilds(self) -> list[int]:
        return [int(r[0]) for r in await self._fetchall(Sql.RESULT_GUILDS)]

    async def put_ratings(self, guild_id: int, rows: Sequence[RatingRow]) -> None:
        async with self.transaction() as db:
            await db.execute(Sql.DROP_RATINGS, (guild_id,))
            await db.executemany(Sql.INSERT_RATING, [
                (guild_id, r.title, r.player, r.mu, r.sigma, r.games, r.last_game) for r in rows
            ])

    async def ratings(self, guild_id: int) -> list[RatingRow]:
        return [rating_row(r) for r in await self._fetchall(Sql.RATINGS, (guild_id,))]

    async def latest_snapshot(
        self, game_id: int, before: int | None = None
    ) -> tuple[int, dict[str, Any]] | None:
        """The newest snapshot (with ``before``: the newest taken before that seq)."""
        row = await self._fetchone(
            Sql.LATEST_SNAPSHOT,
            (game_id, before if before is not None else 1 << 62),
        )
        return (row["seq"], json.loads(row["state"])) if row else None

    async def insert_copy(
        self,
        game: GameRow,
        seats: list[SeatRow],
        actions: list[ActionRow],
        settings: dict[str, Any],
        *,
        keep_id: bool = False,
    ) -> int:
        row = copy_columns(game, keep_id=keep_id)
        try:
            async with self.transaction() as db:
                cur = await db.execute(
                    f"INSERT INTO games ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
                    tuple(row.values()),
                )
                game_id = cur.lastrowid
                assert game_id is not None
                await self._insert_seats(db, game_id, seats)
                await db.executemany(
                    Sql.INSERT_ACTION,
                    [(game_id, a.seq, *action_columns(a.action), a.user_id, a.created_at,
                      a.public, a.chain) for a in with_chains(actions)],
                )
                await db.executemany(
                    Sql.INSERT_GAME_SETTING,
                    [(game_id, k, json.dumps(v)) for k, v in settings.items()],
                )
        except aiosqlite.IntegrityError as exc:
            raise ChannelBusy("this channel already has a game") from exc
        assert game_id is not None
        return game_id

    # -- settings ------------------------------------------------------------------------------

    async def set_setting(self, scope: str, scope_id: int, key: str, value: Any) -> None:
        await self._write(
            Sql.SET_SETTING,
            (scope, scope_id, key, json.dumps(value)),
        )

    async def settings(self, scope: str, scope_id: int) -> dict[str, Any]:
        rows = await self._fetchall(Sql.SETTINGS, (scope, scope_id))
        return {r["key"]: json.loads(r["value"]) for r in rows}

    async def setting(self, scope: str, scope_id: int, key: str, default: Any = None) -> Any:
        row = await self._fetchone(Sql.SETTING, (scope, scope_id, key))
        return json.loads(row["value"]) if row else default

    async def scopes(self, scope: str) -> list[int]:
        rows = await self._fetchall(Sql.SCOPES, (scope,))
        return [int(r[0]) for r in rows]

    # -- claims --------------------------------------------------------------------------------

    async def claim(self, game_id: int, what: str, now: float) -> bool:
        async with self.transaction() as db:
            await db.execute(Sql.DROP_OLD_CLAIMS, (game_id, claims_expire(now)))
            cur = await db.execute(Sql.CLAIM, (game_id, what, now))
            return cur.rowcount == 1
