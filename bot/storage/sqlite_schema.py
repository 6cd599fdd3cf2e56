"""The database schema: numbered migrations in SQLite's words (the PostgreSQL store runs the same
ones translated), so a schema number means the same in both stores."""

from __future__ import annotations

from bot.storage.base import newer_schema

MIGRATIONS: tuple[str, ...] = (
    # 1: the first schema
    """
    CREATE TABLE games (
        id          INTEGER PRIMARY KEY,
        guild_id    INTEGER,
        channel_id  INTEGER NOT NULL,
        title       TEXT NOT NULL,
        map         TEXT,
        options     TEXT NOT NULL DEFAULT '{}',
        name        TEXT NOT NULL,
        creator_id  INTEGER NOT NULL,
        status      TEXT NOT NULL,
        seed        INTEGER,
        seq         INTEGER NOT NULL DEFAULT 0,
        to_act      TEXT NOT NULL DEFAULT '[]',
        created_at  REAL NOT NULL,
        updated_at  REAL NOT NULL,
        turn_since  REAL,
        pending     TEXT
    );
    CREATE UNIQUE INDEX games_one_active_per_channel
        ON games(channel_id) WHERE status IN ('lobby', 'active', 'paused');
    CREATE INDEX games_by_guild ON games(guild_id, status);
    CREATE TABLE seats (
        game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat     INTEGER NOT NULL,
        user_id  INTEGER NOT NULL,
        name     TEXT NOT NULL,
        colour   TEXT NOT NULL,
        PRIMARY KEY (game_id, seat),
        UNIQUE (game_id, user_id),
        UNIQUE (game_id, colour)
    );
    CREATE TABLE actions (
        game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq        INTEGER NOT NULL,
        seat       INTEGER,
        user_id    INTEGER,
        type       TEXT NOT NULL,
        action     TEXT NOT NULL,
        chance     TEXT,
        created_at REAL NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE TABLE snapshots (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq     INTEGER NOT NULL,
        state   TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE TABLE settings (
        scope    TEXT NOT NULL CHECK (scope IN ('guild', 'game')),
        scope_id INTEGER NOT NULL,
        key      TEXT NOT NULL,
        value    TEXT NOT NULL,
        PRIMARY KEY (scope, scope_id, key)
    );
    """,
    # 2: every change to a game row or its seats bumps its version, so a process can tell that
    # its cached copy is out of date and a read-then-write can check nobody wrote in between;
    # each action keeps the public text of its events, so the log needs no replay
    """
    ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE actions ADD COLUMN public TEXT;
    """,
    # 3: each game records the rules version of its title it started on (NULL in the lobby),
    # so a later rules change keeps replaying it the old way; games started before this
    # column existed were played under each title's first rules
    """
    ALTER TABLE games ADD COLUMN rules_version INTEGER;
    UPDATE games SET rules_version = 1 WHERE status <> 'lobby';
    """,
    # 4: one-off jobs (a reminder, a takeover) are claimed here by the first process to see
    # them due, so several bot processes on one database never both do one
    """
    CREATE TABLE claims (
        game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        what       TEXT NOT NULL,
        claimed_at REAL NOT NULL,
        PRIMARY KEY (game_id, what)
    );
    """,
    # 5: each move carries the log's checksum up to it (bot.storage.base.chain_link), so damage
    # behind a snapshot is found when the game loads; the moves already stored get theirs
    # right after this script, in the same transaction (CHAIN_MIGRATION)
    """
    ALTER TABLE actions ADD COLUMN chain TEXT;
    """,
    # 6: each seat's result of a finished game, written in the move that ends it (so no result
    # is ever lost between the end and the ratings), and the ratings worked out from them, a
    # server at a time, always from all of its results in order (bot.ratings)
    """
    CREATE TABLE results (
        game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat        INTEGER NOT NULL,
        guild_id    INTEGER,
        title       TEXT NOT NULL,
        map         TEXT,
        player      TEXT NOT NULL,
        name        TEXT NOT NULL,
        place       INTEGER NOT NULL,
        score       INTEGER NOT NULL,
        moves       INTEGER NOT NULL,
        finished_at REAL NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX results_by_guild ON results(guild_id, finished_at);
    CREATE TABLE ratings (
        guild_id  INTEGER NOT NULL,
        title     TEXT NOT NULL,
        player    TEXT NOT NULL,
        mu        REAL NOT NULL,
        sigma     REAL NOT NULL,
        games     INTEGER NOT NULL,
        last_game INTEGER NOT NULL,
        PRIMARY KEY (guild_id, title, player)
    );
    """,
)

CHAIN_MIGRATION = 5
"""The migration after whose script every stored move's checksum is computed (in Python: SQLite
has no SHA-256)."""


SCHEMA_VERSION = len(MIGRATIONS)
"""The newest database schema this code knows; a newer database is refused, never guessed at."""


def schema_problem(path: str, version: int) -> str | None:
    """Why a database of schema ``version`` cannot be used by this code, or None."""
    return newer_schema(path, version, SCHEMA_VERSION)
