"""The SQL both stores run, in SQLite's words: ``?`` placeholders, which bot.storage.postgres
numbers (``$1, $2, ...``) for PostgreSQL. Statements only one of them can run stay with it."""

from __future__ import annotations


class Sql:
    """One statement per constant; each reads as what it does."""

    INSERT_LOBBY = (
        "INSERT INTO games (guild_id, channel_id, title, map, options, name, creator_id, status,"
        " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'lobby', ?, ?)"
    )
    GAME_IN_CHANNEL = (
        "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby','active','paused')"
    )
    LAST_GAME_IN_CHANNEL = (
        "SELECT * FROM games WHERE channel_id = ? ORDER BY"
        " status IN ('lobby','active','paused') DESC, id DESC LIMIT 1"
    )
    GAME = "SELECT * FROM games WHERE id = ?"
    RAILBOT_TABLES = (
        "actions", "claims", "games", "ratings", "results", "seats", "settings", "snapshots"
    )
    """The tables a railbot database holds (PostgreSQL adds ``railbot_schema``)."""
    ACTIVE_GAMES = "SELECT * FROM games WHERE status = 'active' ORDER BY id"
    GAME_IDS = "SELECT id FROM games ORDER BY id"
    SEATS = "SELECT seat, user_id, name, colour FROM seats WHERE game_id = ? ORDER BY seat"
    INSERT_SEAT = "INSERT INTO seats (game_id, seat, user_id, name, colour) VALUES (?, ?, ?, ?, ?)"
    DROP_SEATS = "DELETE FROM seats WHERE game_id = ?"
    DROP_SNAPSHOTS = "DELETE FROM snapshots WHERE game_id = ?"
    INSERT_ACTION = (
        "INSERT INTO actions (game_id, seq, seat, type, action, chance, user_id, created_at,"
        " public, chain) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    )
    CHAIN_AT = "SELECT chain FROM actions WHERE game_id = ? AND seq = ?"
    ALL_ACTIONS = (
        "SELECT game_id, seq, seat, user_id, action, chance, created_at, public FROM actions"
        " ORDER BY game_id, seq"
    )
    SET_CHAIN = "UPDATE actions SET chain = ? WHERE game_id = ? AND seq = ?"
    DROP_SNAPSHOTS_FROM = "DELETE FROM snapshots WHERE game_id = ? AND seq >= ?"
    PUT_SNAPSHOT = (
        "INSERT INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)"
        " ON CONFLICT (game_id, seq) DO UPDATE SET state = excluded.state"
    )
    TRIM_SNAPSHOTS = (
        "DELETE FROM snapshots WHERE game_id = ? AND seq NOT IN"
        " (SELECT seq FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT ?)"
    )
    ACTIONS = (
        "SELECT seq, seat, user_id, action, chance, created_at, public, chain FROM actions"
        " WHERE game_id = ? AND seq > ? ORDER BY seq"
    )
    LATEST_SNAPSHOT = (
        "SELECT seq, state FROM snapshots WHERE game_id = ? AND seq < ? ORDER BY seq DESC LIMIT 1"
    )
    INSERT_GAME_SETTING = (
        "INSERT INTO settings (scope, scope_id, key, value) VALUES ('game', ?, ?, ?)"
    )
    SET_SETTING = (
        "INSERT INTO settings (scope, scope_id, key, value) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (scope, scope_id, key) DO UPDATE SET value = excluded.value"
    )
    SETTINGS = "SELECT key, value FROM settings WHERE scope = ? AND scope_id = ? ORDER BY key"
    SETTING = "SELECT value FROM settings WHERE scope = ? AND scope_id = ? AND key = ?"
    SCOPES = "SELECT DISTINCT scope_id FROM settings WHERE scope = ? ORDER BY scope_id"
    DROP_OLD_CLAIMS = "DELETE FROM claims WHERE game_id = ? AND claimed_at < ?"
    CLAIM = (
        "INSERT INTO claims (game_id, what, claimed_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING"
    )

    INSERT_RESULT = (
        "INSERT INTO results (game_id, seat, guild_id, title, map, player, name, place, score,"
        " moves, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    )
    DROP_RESULTS = "DELETE FROM results WHERE game_id = ?"
    RESULTS = (
        "SELECT game_id, seat, guild_id, title, map, player, name, place, score, moves,"
        " finished_at FROM results WHERE guild_id = ? ORDER BY finished_at, game_id, seat"
    )
    RESULT_GUILDS = "SELECT DISTINCT guild_id FROM results WHERE guild_id IS NOT NULL ORDER BY 1"
    DROP_RATINGS = "DELETE FROM ratings WHERE guild_id = ?"
    INSERT_RATING = (
        "INSERT INTO ratings (guild_id, title, player, mu, sigma, games, last_game)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)"
    )
    RATINGS = (
        "SELECT title, player, mu, sigma, games, last_game FROM ratings WHERE guild_id = ?"
        " ORDER BY title, player"
    )
