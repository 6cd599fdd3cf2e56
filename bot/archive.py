"""Copies for safekeeping: the whole database (`railbot backup`) and one game as JSON
(`railbot export` / `railbot import`).

A backup uses SQLite's online backup API, so it is a consistent copy even while the bot writes.
An exported game is its row, seats, settings and full action log with the chance each action
drew: importing it replays nothing from a random generator, so the game comes back identical.
"""

from __future__ import annotations

import json
import os
import sqlite3
from dataclasses import asdict
from pathlib import Path
from typing import Any

from bot.replies import UserError
from bot.service import GameService
from bot.store import (
    ActionRow,
    ChannelBusy,
    GameRow,
    SeatRow,
    Store,
    StoreOpenError,
    open_problem,
    schema_problem,
)
from engine.core import effective_actions

FORMAT = "railbot-game"
VERSION = 2
"""The export format's version: bumped when its shape changes; a newer one is refused.
2: the game carries the rules version it started on (a started game of format 1 had the first)."""


def backup(db: str, out: str) -> int:
    """Copy the database at ``db`` to ``out`` as one self-contained file; returns its size.

    The copy is written next to ``out`` first and renamed into place when complete, so ``out``
    is never a half-written file."""
    if not Path(db).is_file():
        raise StoreOpenError(f"there is no database at {db}.")
    partial = out + ".partial"
    try:
        with _closing(sqlite3.connect(db, timeout=5)) as source:
            version = source.execute("PRAGMA user_version").fetchone()[0]
            problem = schema_problem(db, version)
            if problem:
                raise StoreOpenError(problem)
            Path(partial).unlink(missing_ok=True)
            with _closing(sqlite3.connect(partial)) as copy:
                source.backup(copy)  # one step: a single consistent read of the source
                copy.execute("PRAGMA journal_mode=DELETE")  # no -wal file beside the copy
                (check,) = copy.execute("PRAGMA quick_check").fetchone()
                if check != "ok":
                    raise StoreOpenError(f"the copy of {db} does not check out ({check}).")
    except sqlite3.Error as exc:
        Path(partial).unlink(missing_ok=True)
        raise StoreOpenError(open_problem(db, exc)) from exc
    except BaseException:
        Path(partial).unlink(missing_ok=True)
        raise
    os.replace(partial, out)
    return Path(out).stat().st_size


class _closing:
    """``with`` for a sqlite3 connection that closes it (sqlite3's own only ends a transaction)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def __enter__(self) -> sqlite3.Connection:
        return self.conn

    def __exit__(self, *exc: object) -> None:
        self.conn.close()


async def export_game(store: Store, channel: int) -> dict[str, Any]:
    """The channel's game (the running one, else the latest) as JSON-able data. A game whose
    moves no longer replay is exported all the same, and the problem raised afterwards by
    :func:`check_replays` is for the caller to report."""
    game = await store.last_game_in_channel(channel)
    if game is None:
        raise UserError(f"There is no game in channel {channel}.")
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": asdict(game),
        "seats": [asdict(s) for s in await store.seats(game.id)],
        "settings": await store.settings("game", game.id),
        "actions": [asdict(a) for a in await store.actions(game.id)],
    }


def check_replays(service: GameService, data: dict[str, Any]) -> None:
    """Raise the same UserError every command gives when the game's moves no longer replay."""
    game, seats, actions = _parts(data)
    if game.status == "lobby":
        return
    service.replay_from_start(game, seats, effective_actions([(a.seq, a.action) for a in actions]))


async def import_game(service: GameService, data: dict[str, Any], channel: int | None) -> GameRow:
    """Store an exported game under a new id (in ``channel``, else its own); its moves must
    replay under the current rules, and a running game needs a channel without one."""
    if data.get("format") != FORMAT:
        raise UserError("That file is not a game exported by railbot.")
    if not isinstance(data.get("version"), int) or data["version"] > VERSION:
        raise UserError(
            f"That file was exported by a newer railbot (format {data.get('version')}; this one "
            f"reads up to {VERSION})."
        )
    game, seats, actions = _parts(data)
    store = service.store
    if game.title not in {t.meta.id for t in service.registry}:
        raise UserError(f"This railbot has no game '{game.title}'.")
    meta = service.registry.get(game.title).meta
    if (game.rules_version or 0) > meta.rules_version:
        raise UserError(
            f"That game was played under newer rules of {meta.name} (version "
            f"{game.rules_version}; this railbot knows up to {meta.rules_version}): "
            "upgrade railbot."
        )
    if channel is not None:
        game.channel_id = channel
    check_replays(service, data)
    try:
        game_id = await store.insert_copy(game, seats, actions, data.get("settings") or {})
    except ChannelBusy:
        busy = await store.game_in_channel(game.channel_id)
        what = f" ({busy.name}, {busy.status})" if busy else ""
        raise UserError(
            f"Channel {game.channel_id} already has a game{what}; choose another with --channel."
        ) from None
    stored = await store.game(game_id)
    assert stored is not None
    return stored


def _parts(data: dict[str, Any]) -> tuple[GameRow, list[SeatRow], list[ActionRow]]:
    try:
        game = GameRow(**data["game"])
        if game.status != "lobby" and "rules_version" not in data["game"]:
            game.rules_version = 1  # exported before games recorded their rules version
        seats = [SeatRow(**s) for s in data["seats"]]
        actions = [ActionRow(**a) for a in data["actions"]]
    except (KeyError, TypeError) as exc:
        raise UserError(f"That file is not a complete exported game ({exc}).") from None
    return game, seats, actions


def read_export(path: str) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise UserError(f"Cannot read {path} ({exc.strerror}).") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise UserError(f"{path} is not a JSON file ({exc}).") from None
    if not isinstance(data, dict):
        raise UserError(f"{path} is not a game exported by railbot.")
    return data


def write_export(path: str, data: dict[str, Any]) -> None:
    Path(path).write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")

