"""PostgreSQL persistence: the same store as bot.storage.sqlite, on a server several bot processes
share (``RAILBOT_DB=postgresql://user:password@host/database``).

Each process holds a small pool of connections (asyncpg). A move is one transaction that first
locks its game's row (SELECT ... FOR UPDATE), so moves of one game queue up across processes
while other games go on; the append then only applies while the row's seq is still the one its
player saw, and the (game, seq) primary key refuses a second move N whatever happens. The schema
evolves by the same numbered migrations as SQLite's, recorded in ``railbot_schema`` and applied
under an advisory lock, so two processes starting at once never both upgrade.
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg

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
    StoreFull,
    StoreOpenError,
    StoreUnavailable,
    VersionMoved,
    action_columns,
    action_row,
    claims_expire,
    content_digest,
    copy_columns,
    game_row,
    rating_row,
    result_row,
    with_chains,
)
from bot.storage.commits import game_update
from bot.storage.postgres_schema import dollars, migrate
from bot.storage.sql import Sql

log = logging.getLogger("railbot.store")

SCHEMES = ("postgresql://", "postgres://")

T = TypeVar("T")

if TYPE_CHECKING:  # a pooled connection; subscriptable only in the type stubs
    from asyncpg.pool import PoolConnectionProxy

    Conn = PoolConnectionProxy[asyncpg.Record]

POOL_SIZE = 8
"""Connections per process: a move holds one for its transaction only."""


CHAIN_SQL = "encode(sha256(convert_to({prev} || chr(10) || {digest}, 'UTF8')), 'hex')"
"""bot.storage.base.chain_link in SQL, so that a move is still appended in one statement."""

LOST = (
    asyncpg.PostgresConnectionError,
    asyncpg.AdminShutdownError,
    asyncpg.CrashShutdownError,
    asyncpg.CannotConnectNowError,
    OSError,
    TimeoutError,
)
"""What a dropped or refused connection raises (asyncpg also raises InterfaceError for a
connection it found closed: see :func:`lost`)."""


def lost(exc: BaseException) -> bool:
    """Whether ``exc`` means the server could not be reached or the connection dropped."""
    if isinstance(exc, LOST):
        return True
    return isinstance(exc, asyncpg.InterfaceError) and "closed" in str(exc)


def is_postgres(url: str) -> bool:
    return url.startswith(SCHEMES)


def public_url(url: str) -> str:
    """``url`` without its password, for messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username}@{host}" if parts.username else host
    if parts.port:
        netloc += f":{parts.port}"
    return urlunsplit(parts._replace(netloc=netloc))


class PgStore(Store):
    """The PostgreSQL store. Open it with :meth:`open` (or ``bot.storage.connect_store``)."""

    def __init__(self, url: str, *, pool_size: int = POOL_SIZE) -> None:
        self.url = url
        self.where = public_url(url)
        self.pool_size = pool_size
        self._pool: asyncpg.Pool | None = None

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("the store is not open")
        return self._pool

    async def open(self) -> None:
        try:
            self._pool = await asyncpg.create_pool(
                # no floor of idle connections: asyncpg would log a traceback each time it
                # fails to restore one while the server is away
                self.url, min_size=0, max_size=self.pool_size, command_timeout=60
            )
            await migrate(self.pool, self.where)
        except BaseException as exc:
            await self.close()
            if isinstance(exc, OSError | asyncpg.PostgresError | asyncpg.InterfaceError):
                raise StoreOpenError(
                    f"cannot use the PostgreSQL database {self.where} ({exc}): check the "
                    "address, the user and password, and that the database exists."
                ) from exc
            raise

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()

    async def schema_version(self) -> int:
        return int(await self._fetchval("SELECT max(version) FROM railbot_schema") or 0)

    async def _unavailable(
        self, exc: BaseException, *, unknown: bool, quiet: bool = False
    ) -> StoreUnavailable:
        # One line in the log, not a traceback per command: the cause is outside railbot.
        if not quiet:
            log.warning("PostgreSQL %s unreachable: %s: %s", self.where, type(exc).__name__, exc)
        if self._pool is not None:
            # The pool's other idle connections most likely died the same way (a restarted
            # server): replace them all on their next use rather than fail a command each.
            await self._pool.expire_connections()
        detail = f"{type(exc).__name__}: {exc}"
        return StoreUnavailable(self.where, detail, unknown=unknown)

    @asynccontextmanager
    async def connection(
        self, *, commits: bool = False, quiet: bool = False
    ) -> AsyncIterator[Conn]:
        """A pooled connection; a dropped or refused one raises StoreUnavailable, with
        ``unknown`` set when ``commits`` (the statements run on it commit as they go) and the
        connection was lost after it was handed out: a commit may then have reached the server
        without its answer reaching us. ``quiet``: not logged (it is tried again)."""
        try:
            conn = await self.pool.acquire()
        except Exception as exc:
            if lost(exc):
                raise await self._unavailable(exc, unknown=False, quiet=quiet) from None
            raise
        try:
            yield conn
        except Exception as exc:
            if lost(exc):
                raise await self._unavailable(exc, unknown=commits, quiet=quiet) from None
            if isinstance(exc, asyncpg.DiskFullError):  # refused by the server: nothing written
                log.warning("PostgreSQL %s: %s", self.where, exc)
                raise StoreFull(self.where, str(exc)) from None
            raise
        finally:
            # A connection that died while checked out may already have gone back to the pool
            # by itself; asyncpg then refuses to take it back a second time.
            with contextlib.suppress(asyncpg.InternalClientError):
                await self.pool.release(conn)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Conn]:
        """One transaction. A connection lost before its COMMIT was sent changed nothing (the
        server rolls it back); only one lost during the COMMIT leaves the outcome unknown."""
        async with self.connection() as conn:
            tx = conn.transaction()
            await tx.start()
            try:
                yield conn
            except BaseException:
                with contextlib.suppress(Exception):  # a dead connection rolls back by itself
                    await tx.rollback()
                raise
            try:
                await tx.commit()
            except Exception as exc:
                if lost(exc):
                    raise await self._unavailable(exc, unknown=True) from None
                raise

    async def _read(self, run: Callable[[Conn], Awaitable[T]]) -> T:
        """Run a read; once more on a fresh connection when the first was found dead (reads
        can be repeated, and after a server restart the pool's idle connections are)."""
        try:
            async with self.connection(quiet=True) as conn:
                return await run(conn)
        except StoreUnavailable:
            async with self.connection() as conn:
                return await run(conn)

    async def _fetch(self, sql: str, *args: Any) -> list[asyncpg.Record]:
        """Rows of ``sql`` (with ``?`` or numbered placeholders)."""
        return await self._read(lambda conn: conn.fetch(dollars(sql), *args))

    async def _fetchrow(self, sql: str, *args: Any) -> asyncpg.Record | None:
        return await self._read(lambda conn: conn.fetchrow(dollars(sql), *args))

    async def _fetchval(self, sql: str, *args: Any) -> Any:
        return await self._read(lambda conn: conn.fetchval(dollars(sql), *args))

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
        try:
            async with self.transaction() as conn:
                game_id = await conn.fetchval(
                    dollars(Sql.INSERT_LOBBY + " RETURNING id"),
                    guild_id, channel_id, title, map_id, json.dumps(options), name, creator_id,
                    float(now), float(now),
                )
                await self._insert_seats(conn, game_id, seats)
        except asyncpg.UniqueViolationError as exc:
            raise ChannelBusy("this channel already has a game") from exc
        return int(game_id)

    async def game_in_channel(self, channel_id: int) -> GameRow | None:
        row = await self._fetchrow(Sql.GAME_IN_CHANNEL, channel_id)
        return game_row(row) if row else None

    async def last_game_in_channel(self, channel_id: int) -> GameRow | None:
        row = await self._fetchrow(Sql.LAST_GAME_IN_CHANNEL, channel_id)
        return game_row(row) if row else None

    async def game(self, game_id: int) -> GameRow | None:
        row = await self._fetchrow(Sql.GAME, game_id)
        return game_row(row) if row else None

    async def games_in_guild(
        self, guild_id: int | None, *, active_only: bool = True
    ) -> list[GameRow]:
        sql = "SELECT * FROM games WHERE guild_id IS NOT DISTINCT FROM $1"
        if active_only:
            sql += " AND status IN ('lobby','active','paused')"
        return [game_row(r) for r in await self._fetch(sql + " ORDER BY id", guild_id)]

    async def active_games(self) -> list[GameRow]:
        rows = await self._fetch(Sql.ACTIVE_GAMES)
        return [game_row(r) for r in rows]

    async def all_game_ids(self) -> list[int]:
        return [int(r[0]) for r in await self._fetch(Sql.GAME_IDS)]

    async def update_game(self, game_id: int, now: float, **fields: Any) -> int:
        async with self.connection(commits=True) as conn:
            return await self._update_game(conn, game_id, now, fields)

    @staticmethod
    async def _update_game(
        conn: Conn,
        game_id: int,
        now: float,
        fields: dict[str, Any],
        seq_was: int | None = None,
    ) -> int:
        sql, params = game_update(game_id, float(now), fields, seq_was=seq_was)
        version = await conn.fetchval(dollars(sql), *params)
        return int(version) if version is not None else 0

    async def change_game(
        self,
        game_id: int,
        now: float,
        make: Callable[[GameRow, list[SeatRow]], GameChange | None],
    ) -> tuple[GameRow, GameChange | None, int]:
        read: list[tuple[GameRow, GameChange | None]] = []

        def making(game: GameRow, seats: list[SeatRow]) -> GameChange | None:
            change = make(game, seats)
            read.append((game, change))
            return change

        try:
            return await self._change_game(game_id, now, making)
        except StoreUnavailable as exc:
            if not exc.unknown or not read:
                raise
            # The COMMIT's answer was lost: the row tells whether it went through (our change
            # is the version after the one read, stamped with our time).
            (game, change), row = read[-1], await self.game(game_id)
            if row is not None and row.version == game.version:
                raise StoreUnavailable(exc.where, exc.detail) from None
            if row is not None and row.version == game.version + 1 and row.updated_at == now:
                return game, change, row.version
            raise

    async def _change_game(
        self,
        game_id: int,
        now: float,
        make: Callable[[GameRow, list[SeatRow]], GameChange | None],
    ) -> tuple[GameRow, GameChange | None, int]:
        async with self.transaction() as conn:
            # The row lock holds off every other process's change or move of this game.
            row = await conn.fetchrow(dollars(Sql.GAME + " FOR UPDATE"), game_id)
            if row is None:
                raise StoreError(f"no game {game_id}")
            game = game_row(row)
            seats = [SeatRow(*r) for r in await conn.fetch(dollars(Sql.SEATS), game_id)]
            change = make(game, seats)
            if change is None:
                return game, None, game.version
            if change.seats is not None:
                await conn.execute(dollars(Sql.DROP_SEATS), game_id)
                await self._insert_seats(conn, game_id, change.seats)
            if change.drop_snapshots:
                await conn.execute(dollars(Sql.DROP_SNAPSHOTS), game_id)
            for key, value in change.settings.items():
                await conn.execute(
                    dollars(Sql.SET_SETTING), "game", game_id, key, json.dumps(value)
                )
            sql, params = game_update(
                game_id, float(now), change.fields, version_was=game.version
            )
            version = await conn.fetchval(dollars(sql), *params)
            if version is None:  # cannot happen under the row lock; refused if it ever does
                raise VersionMoved(f"game {game_id} changed meanwhile")
        return game, change, int(version)

    # -- seats ---------------------------------------------------------------------------------

    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._fetch(Sql.SEATS, game_id)
        return [SeatRow(*r) for r in rows]

    @staticmethod
    async def _insert_seats(
        conn: Conn, game_id: int, seats: Sequence[SeatRow]
    ) -> None:
        if seats:
            await conn.executemany(
                dollars(Sql.INSERT_SEAT),
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
        seat, kind, body, chance = action_columns(action)
        state = json.dumps(snapshot) if snapshot is not None else None  # before the lock
        seq = expected_seq + 1
        update, params = game_update(
            game_id, float(now), {**game_fields, "seq": seq}, seq_was=expected_seq
        )
        # One statement, one round trip: lock the game's row (another process appending to
        # this game waits here until we commit, then finds the seq moved on), update it only
        # while its seq is the one the player saw, and log the move (with the log's checksum
        # after it) only if it was updated.
        chain = CHAIN_SQL.format(prev="prev.chain", digest="v.digest")
        statement = dollars(
            "WITH locked AS (SELECT id FROM games WHERE id = ? FOR UPDATE),"
            f" moved AS ({update.replace('WHERE id = ?', 'WHERE id = (SELECT id FROM locked)')}),"
            " v AS (SELECT ?::bigint AS game_id, ?::integer AS seq, ?::integer AS seat,"
            " ?::text AS type, ?::text AS action, ?::text AS chance, ?::bigint AS user_id,"
            " ?::float8 AS created_at, ?::text AS public, ?::text AS digest),"
            " prev AS (SELECT coalesce((SELECT chain FROM actions WHERE game_id = ?"
            " AND seq = ?), '') AS chain),"
            " logged AS (INSERT INTO actions (game_id, seq, seat, type, action, chance, user_id,"
            " created_at, public, chain) SELECT v.game_id, v.seq, v.seat, v.type, v.action,"
            f" v.chance, v.user_id, v.created_at, v.public, {chain} FROM v, prev, moved)"
            " SELECT version FROM moved"
        )
        digest = content_digest(seq, action, public, read_back=False)
        args = (game_id, *params[:-2], params[-1], game_id, seq, seat, kind, body, chance,
                user_id, float(now), public, digest, game_id, expected_seq)
        try:
            if state is None and drop_snapshots_from is None and not results:
                # the statement is the transaction
                async with self.connection(commits=True) as conn:
                    version = await conn.fetchval(statement, *args)
                if version is None:
                    raise StaleSeq("the game has moved on")
                return Appended(seq, int(version))
            async with self.transaction() as conn:
                version = await conn.fetchval(statement, *args)
                if version is None:
                    raise StaleSeq("the game has moved on")
                if drop_snapshots_from is not None:
                    await conn.execute(
                        dollars(Sql.DROP_SNAPSHOTS_FROM), game_id, drop_snapshots_from
                    )
                if state is not None:
                    await conn.execute(dollars(Sql.PUT_SNAPSHOT), game_id, seq, state)
                    await conn.execute(
                        dollars(Sql.TRIM_SNAPSHOTS), game_id, game_id, KEEP_SNAPSHOTS
                    )
                if results:
                    await conn.executemany(
                        dollars(Sql.INSERT_RESULT), [r.columns() for r in results]
                    )
        except StoreUnavailable as exc:
            if not exc.unknown:
                raise
            # The commit may have reached the server without its answer reaching us: read
            # back what move ``seq`` is before telling the player anything.
            return await self.settle_append(game_id, seq, action, user_id, float(now))
        return Appended(seq, int(version))

    async def actions(self, game_id: int, after: int = 0) -> list[ActionRow]:
        rows = await self._fetch(Sql.ACTIONS, game_id, after)
        return [action_row(*r) for r in rows]

    async def put_results(self, game_id: int, rows: Sequence[ResultRow]) -> None:
        async with self.transaction() as conn:
            await conn.execute(dollars(Sql.DROP_RESULTS), game_id)
            await conn.executemany(dollars(Sql.INSERT_RESULT), [r.columns() for r in rows])

    async def results(self, guild_id: int) -> list[ResultRow]:
        return [result_row(r) for r in await self._fetch(Sql.RESULTS, guild_id)]

    async def result_guilds(self) -> list[int]:
        return [int(r[0]) for r in await self._fetch(Sql.RESULT_GUILDS)]

    async def put_ratings(self, guild_id: int, rows: Sequence[RatingRow]) -> None:
        async with self.transaction() as conn:
            await conn.execute(dollars(Sql.DROP_RATINGS), guild_id)
            await conn.executemany(dollars(Sql.INSERT_RATING), [
                (guild_id, r.title, r.player, r.mu, r.sigma, r.games, r.last_game) for r in rows
            ])

    async def ratings(self, guild_id: int) -> list[RatingRow]:
        return [rating_row(r) for r in await self._fetch(Sql.RATINGS, guild_id)]

    async def latest_snapshot(
        self, game_id: int, before: int | None = None
    ) -> tuple[int, dict[str, Any]] | None:
        row = await self._fetchrow(
            Sql.LATEST_SNAPSHOT,
            game_id, before if before is not None else 2**31 - 1,
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
        for key in ("created_at", "updated_at", "turn_since"):
            row[key] = float(row[key]) if row[key] is not None else None
        marks = ", ".join(f"${n}" for n in range(1, len(row) + 1))
        try:
            async with self.transaction() as conn:
                game_id = int(await conn.fetchval(
                    f"INSERT INTO games ({', '.join(row)}) VALUES ({marks}) RETURNING id",
                    *row.values(),
                ))
                if keep_id:  # new games must not reuse the ids copied in
                    await conn.execute(
                        "SELECT setval(pg_get_serial_sequence('games', 'id'),"
                        " (SELECT max(id) FROM games))"
                    )
                await self._insert_seats(conn, game_id, seats)
                await conn.executemany(
                    dollars(Sql.INSERT_ACTION),
                    [(game_id, a.seq, *action_columns(a.action), a.user_id,
                      float(a.created_at), a.public, a.chain) for a in with_chains(actions)],
                )
                await conn.executemany(
                    dollars(Sql.INSERT_GAME_SETTING),
                    [(game_id, k, json.dumps(v)) for k, v in settings.items()],
                )
        except asyncpg.UniqueViolationError as exc:
            raise ChannelBusy("this channel already has a game") from exc
        return game_id

    # -- settings ------------------------------------------------------------------------------

    async def set_setting(self, scope: str, scope_id: int, key: str, value: Any) -> None:
        async with self.connection(commits=True) as conn:
            await conn.execute(dollars(Sql.SET_SETTING), scope, scope_id, key, json.dumps(value))

    async def settings(self, scope: str, scope_id: int) -> dict[str, Any]:
        rows = await self._fetch(Sql.SETTINGS, scope, scope_id)
        return {r["key"]: json.loads(r["value"]) for r in rows}

    async def setting(self, scope: str, scope_id: int, key: str, default: Any = None) -> Any:
        value = await self._fetchval(Sql.SETTING, scope, scope_id, key)
        return json.loads(value) if value is not None else default

    async def scopes(self, scope: str) -> list[int]:
        rows = await self._fetch(Sql.SCOPES, scope)
        return [int(r[0]) for r in rows]

    # -- claims --------------------------------------------------------------------------------

    async def claim(self, game_id: int, what: str, now: float) -> bool:
        async with self.transaction() as conn:
            await conn.execute(dollars(Sql.DROP_OLD_CLAIMS), game_id, claims_expire(now))
            status = await conn.execute(dollars(Sql.CLAIM), game_id, what, float(now))
        return bool(status == "INSERT 0 1")
