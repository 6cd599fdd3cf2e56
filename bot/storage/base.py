"""What every store holds and promises: the rows, the errors, and the :class:`Store` interface.

A store keeps games, seats, the append-only action log, snapshots and settings. Two
implementations exist: SQLite (bot.storage.sqlite, one file, the default) and PostgreSQL
(bot.storage.postgres, one server shared by several bot processes). Both keep the same promises: one
transaction per move, a move appended only as the seq after the one its player saw (so two
processes can never both append move N), and every change to a game row bumps its version.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

ACTIVE = ("lobby", "active", "paused")
"""Statuses that occupy a channel: a channel holds at most one game in one of these."""

KEEP_SNAPSHOTS = 3
"""Snapshots kept per game (older ones are deleted as new ones are written): the newest serves
loads, the others serve a load after undos that dropped the newer ones."""

SETTLE_TRIES = 4
SETTLE_WAIT = 1.0
"""After a connection dropped at a commit, the move is read back this many times, this many
seconds apart, before railbot says it cannot tell whether the move was saved."""

CLAIMS_KEPT_DAYS = 30
"""A game's claims (bot.reminders, bot.takeover) older than this are dropped when it claims
again: they only need to outlive the turn they were made in."""


class StoreError(Exception):
    """A storage rule was broken (e.g. a second game in a busy channel, a stale seq)."""


class StoreOpenError(StoreError):
    """The database cannot be used at all; the message is one line for whoever runs railbot."""


class StaleSeq(StoreError):
    pass


class StoreUnavailable(StoreError):
    """The database cannot be reached just now (a dropped connection, a server restarting or
    refusing connections). Nothing was changed unless ``unknown``: then the change may have been
    committed as the connection dropped, and nobody could read back whether it was."""

    full = False
    """The database's disk is full (:class:`StoreFull`)."""

    def __init__(self, where: str, detail: str, *, unknown: bool = False) -> None:
        super().__init__(f"{where}: {detail}")
        self.where = where
        self.detail = detail
        self.unknown = unknown


class StoreFull(StoreUnavailable):
    """The database's disk is full: nothing was written. Commands work again once whoever runs
    the bot makes room."""

    full = True


class VersionMoved(StoreError):
    """A change to a game row found the row at another version than the one it was worked out
    from: someone else changed the game in between, and nothing was written."""


class ChannelBusy(StoreError):
    pass


def newer_schema(where: str, version: int, newest: int) -> str | None:
    """Why a database of schema ``version`` cannot be used by code that knows up to ``newest``."""
    if version > newest:
        return (
            f"{where} was written by a newer railbot (database schema {version}; this one knows "
            f"up to {newest}): upgrade railbot, or use a backup made by this version."
        )
    return None


@dataclass
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    title: str
    map: str | None
    options: dict[str, Any]
    name: str
    creator_id: int
    status: str
    seed: int | None
    seq: int
    to_act: list[int]
    created_at: float
    updated_at: float
    turn_since: float | None
    pending: dict[str, Any] | None
    version: int = 0
    rules_version: int | None = None
    """The title's rules version the game started on; None while it is in the lobby."""


@dataclass
class SeatRow:
    seat: int
    user_id: int
    name: str
    colour: str


@dataclass
class ActionRow:
    seq: int
    seat: int | None
    user_id: int | None
    action: dict[str, Any]
    created_at: float
    public: str | None = None
    """What everyone was told when the move was made (None for moves stored before that)."""
    chain: str | None = None
    """The log's checksum up to and including this move (:func:`chain_link`)."""


@dataclass(frozen=True)
class ResultRow:
    """One seat's result of a finished game, as stored in the move that ended it."""

    game_id: int
    seat: int
    guild_id: int | None
    title: str
    map: str | None
    player: str
    """Who is rated for the seat: a user id as text, or ``bot:<level>`` for a computer."""
    name: str
    place: int
    score: int
    moves: int
    """Moves made for the seat by ``player`` (a seat taken over counts for whoever made most)."""
    finished_at: float

    def columns(self) -> tuple[Any, ...]:
        return (self.game_id, self.seat, self.guild_id, self.title, self.map, self.player,
                self.name, self.place, self.score, self.moves, self.finished_at)


@dataclass(frozen=True)
class RatingRow:
    """A player's rating in one title on one server (bot.ratings works them out)."""

    title: str
    player: str
    mu: float
    sigma: float
    games: int
    last_game: int


@dataclass
class GameChange:
    """What :meth:`Store.change_game` writes: new seats, game columns, dropped snapshots (a
    snapshot holds the players' names as they were, so the next load replays from the start)."""

    seats: list[SeatRow] | None = None
    fields: dict[str, Any] = field(default_factory=dict)
    drop_snapshots: bool = False
    settings: dict[str, Any] = field(default_factory=dict)
    """The game's own settings (scope "game": reminder and takeover hours) to set with it."""


class Appended(NamedTuple):
    seq: int
    version: int
    recovered: bool = False
    """The connection dropped as the move committed, and reading it back found it stored."""


def content_digest(
    seq: int, action: dict[str, Any], public: str | None, *, read_back: bool = True
) -> str:
    """SHA-256 (hex) of one move as JSON in a canonical form (keys sorted, an empty chance
    left out), so the same move digests alike however its stored text orders its keys (an
    export sorts them). A move about to be stored (not ``read_back``) is first made what it
    will read back as (tuples become lists, numeric keys strings)."""
    body = {k: v for k, v in action.items() if k != "chance" or v}
    if not read_back:
        body = json.loads(json.dumps(body))
    text = json.dumps([seq, body, public], sort_keys=True)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def chain_link(prev: str, digest: str) -> str:
    """The log's checksum after a move: SHA-256 (hex) of the checksum before it (empty before
    the first move) and the move's :func:`content_digest`, so a move altered or removed
    anywhere behind a snapshot shows at the first move after it. PostgreSQL computes the same
    in SQL (bot.storage.postgres.CHAIN_SQL)."""
    return hashlib.sha256(f"{prev}\n{digest}".encode()).hexdigest()


def row_link(prev: str, row: ActionRow) -> str:
    """:func:`chain_link` after a stored row."""
    return chain_link(prev, content_digest(row.seq, row.action, row.public))


def first_damaged(rows: Sequence[ActionRow], after: int = 0, prev: str = "") -> int | None:
    """The first move of ``rows`` (the log after move ``after``, whose checksum is ``prev``)
    that is missing, out of place or does not match its checksum; None when all hold."""
    expected = after + 1
    for row in rows:
        if row.seq != expected or row.chain != row_link(prev, row):
            return expected
        prev, expected = row.chain, expected + 1
    return None


def with_chains(rows: Sequence[ActionRow]) -> list[ActionRow]:
    """A log to store as a copy: its own checksums when it carries them all (a copy keeps
    them, so damage copied along is still found), else computed (an export made before the
    log had them)."""
    if all(row.chain for row in rows):
        return list(rows)
    out, prev = [], ""
    for row in rows:
        prev = row_link(prev, row)
        out.append(ActionRow(row.seq, row.seat, row.user_id, row.action, row.created_at,
                             row.public, prev))
    return out


def chain_updates(rows: Sequence[Sequence[Any]]) -> list[tuple[str, int, int]]:
    """(checksum, game id, seq) of every stored move, from rows of Sql.ALL_ACTIONS (game id,
    seq, seat, user id, action, chance, created at, public) in order: for the migration that
    brings the checksums."""
    out: list[tuple[str, int, int]] = []
    game, prev = None, ""
    for game_id, seq, seat, user_id, action, chance, created_at, public in rows:
        if game_id != game:
            game, prev = game_id, ""
        prev = row_link(prev, action_row(seq, seat, user_id, action, chance, created_at, public))
        out.append((prev, game_id, seq))
    return out


def action_columns(action: dict[str, Any]) -> tuple[Any, str, str, str | None]:
    """An action as its stored columns: seat, type, the JSON body, the JSON chance (if any)."""
    chance = action.get("chance")
    body = {k: v for k, v in action.items() if k != "chance"}
    return (
        body.get("seat"),
        str(body.get("type")),
        json.dumps(body),
        json.dumps(chance) if chance else None,
    )


def action_row(
    seq: int, seat: int | None, user_id: int | None, action: str, chance: str | None,
    created_at: float, public: str | None, chain: str | None = None,
) -> ActionRow:
    """A stored action back as a row (its chance put back into the action). A body that no
    longer parses (a damaged file) comes back empty: its checksum then fails to match."""
    try:
        body = json.loads(action)
        if chance:
            body["chance"] = json.loads(chance)
    except (ValueError, TypeError):
        body = {"type": "?", "damaged": action}
    return ActionRow(seq, seat, user_id, body, created_at, public, chain)


def game_row(row: Any) -> GameRow:
    """A ``games`` row (anything indexable by column name) as a GameRow."""
    return GameRow(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        title=row["title"],
        map=row["map"],
        options=json.loads(row["options"]),
        name=row["name"],
        creator_id=row["creator_id"],
        status=row["status"],
        seed=row["seed"],
        seq=row["seq"],
        to_act=json.loads(row["to_act"]),
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        turn_since=row["turn_since"],
        pending=json.loads(row["pending"]) if row["pending"] else None,
        version=row["version"],
        rules_version=row["rules_version"],
    )


def copy_columns(game: GameRow, *, keep_id: bool) -> dict[str, Any]:
    """A game row's columns for an INSERT of a copy (JSON columns encoded)."""
    row = {k: getattr(game, k) for k in GameRow.__dataclass_fields__}
    if not keep_id:
        del row["id"]
    for key in ("options", "to_act", "pending"):
        row[key] = json.dumps(row[key]) if row[key] is not None else None
    return row


class Store(ABC):
    """The repository every part of railbot uses. Open it first (``async with
    bot.storage.connect_store(url)``); every method may be called from many tasks at once."""

    where: str
    """The database as named in messages (a path, or a server address without password)."""

    @abstractmethod
    async def open(self) -> None:
        """Connect and migrate; raises StoreOpenError (with everything closed again) when the
        database cannot be used, is newer than this code, or fails to migrate."""

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def schema_version(self) -> int: ...

    # -- games ---------------------------------------------------------------------------------

    @abstractmethod
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
        """Insert a lobby game and its first seats in one transaction; ChannelBusy when the
        channel already has a game that is not over."""

    @abstractmethod
    async def game_in_channel(self, channel_id: int) -> GameRow | None: ...

    @abstractmethod
    async def last_game_in_channel(self, channel_id: int) -> GameRow | None:
        """The channel's active game, else its most recent one (finished or abandoned)."""

    @abstractmethod
    async def game(self, game_id: int) -> GameRow | None: ...

    @abstractmethod
    async def games_in_guild(
        self, guild_id: int | None, *, active_only: bool = True
    ) -> list[GameRow]: ...

    @abstractmethod
    async def active_games(self) -> list[GameRow]: ...

    @abstractmethod
    async def all_game_ids(self) -> list[int]:
        """Every game's id, whatever its status, in order."""

    @abstractmethod
    async def update_game(self, game_id: int, now: float, **fields: Any) -> int:
        """Set plain columns of a game row (JSON columns are encoded here); the new version."""

    @abstractmethod
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

    # -- seats ---------------------------------------------------------------------------------

    @abstractmethod
    async def seats(self, game_id: int) -> list[SeatRow]: ...

    # -- the action log ------------------------------------------------------------------------

    @abstractmethod
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
        update the game row, maybe write a snapshot and (for the move that ends the game) its
        ``results``, all in one transaction. Raises StaleSeq (and writes nothing) if anyone, in
        any process, appended first."""

    @abstractmethod
    async def actions(self, game_id: int, after: int = 0) -> list[ActionRow]: ...

    # -- results and ratings -------------------------------------------------------------------

    @abstractmethod
    async def put_results(self, game_id: int, rows: Sequence[ResultRow]) -> None:
        """Replace a game's results (a rebuild from its log)."""

    @abstractmethod
    async def results(self, guild_id: int) -> list[ResultRow]:
        """A server's results, oldest game first."""

    @abstractmethod
    async def result_guilds(self) -> list[int]: ...

    @abstractmethod
    async def put_ratings(self, guild_id: int, rows: Sequence[RatingRow]) -> None:
        """Replace a server's ratings, all at once."""

    @abstractmethod
    async def ratings(self, guild_id: int) -> list[RatingRow]: ...

    async def settle_append(
        self, game_id: int, seq: int, action: dict[str, Any], user_id: int | None, now: float
    ) -> Appended:
        """What became of appending ``action`` as move ``seq`` when the connection dropped as it
        committed, read back by that seq: Appended (``recovered``) when it is stored, StaleSeq
        when another move is, StoreUnavailable when nothing is (``unknown`` unset: nothing was
        changed) or the database cannot be read (``unknown`` set)."""
        columns = action_columns(action)[2:]
        problem: StoreUnavailable | None = None
        for attempt in range(SETTLE_TRIES):
            if attempt:
                await asyncio.sleep(SETTLE_WAIT)
            try:
                rows = await self.actions(game_id, after=seq - 1)
                game = await self.game(game_id)
            except StoreUnavailable as exc:
                problem = exc
                continue
            row = rows[0] if rows and rows[0].seq == seq else None
            if row is None:
                raise StoreUnavailable(self.where, "the connection dropped before the move was "
                                       "committed")
            if (action_columns(row.action)[2:] != columns or row.created_at != now
                    or row.user_id != user_id):
                raise StaleSeq("another move was stored as that one")
            # The version is the row's own while nobody moved since; else no cached state may
            # claim it (-1 never matches).
            version = game.version if game is not None and game.seq == seq else -1
            return Appended(seq, version, recovered=True)
        assert problem is not None
        raise StoreUnavailable(problem.where, problem.detail, unknown=True)

    @abstractmethod
    async def latest_snapshot(
        self, game_id: int, before: int | None = None
    ) -> tuple[int, dict[str, Any]] | None:
        """The newest snapshot (with ``before``: the newest taken before that seq)."""

    @abstractmethod
    async def insert_copy(
        self,
        game: GameRow,
        seats: list[SeatRow],
        actions: list[ActionRow],
        settings: dict[str, Any],
        *,
        keep_id: bool = False,
    ) -> int:
        """Store a copy of a whole game in one transaction: under a new id (`railbot import`),
        or with ``keep_id`` under its own (`railbot migrate`: buttons on boards posted before
        carry the game's id). Raises ChannelBusy like create_game."""

    # -- settings ------------------------------------------------------------------------------

    @abstractmethod
    async def set_setting(self, scope: str, scope_id: int, key: str, value: Any) -> None: ...

    @abstractmethod
    async def settings(self, scope: str, scope_id: int) -> dict[str, Any]: ...

    @abstractmethod
    async def setting(
        self, scope: str, scope_id: int, key: str, default: Any = None
    ) -> Any: ...

    @abstractmethod
    async def scopes(self, scope: str) -> list[int]:
        """Every scope id that has settings of ``scope`` ("guild" or "game")."""

    # -- claims --------------------------------------------------------------------------------

    @abstractmethod
    async def claim(self, game_id: int, what: str, now: float) -> bool:
        """Claim a one-off job for a game (a reminder, a takeover) across every process on this
        database: True for the first claim of ``what``, False for every later one."""


def claims_expire(now: float) -> float:
    """Claims made before this are forgotten (see :data:`CLAIMS_KEPT_DAYS`)."""
    return float(now) - CLAIMS_KEPT_DAYS * 86400


def result_row(row: Any) -> ResultRow:
    return ResultRow(*(row[i] for i in range(11)))


def rating_row(row: Any) -> RatingRow:
    return RatingRow(row[0], row[1], float(row[2]), float(row[3]), int(row[4]), int(row[5]))
