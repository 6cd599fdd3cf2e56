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

from bot.replies import UserError, damaged_log
from bot.service import GameService
from bot.storage import (
    ActionRow,
    ChannelBusy,
    GameRow,
    SeatRow,
    Store,
    StoreOpenError,
    first_damaged,
    open_problem,
)
from bot.storage.sqlite_file import connect_uri, probe
from engine.core import State, effective_actions

FORMAT = "railbot-game"
VERSION = 2
"""The export format's version: bumped when its shape changes; a newer one is refused.
2: the game carries the rules version it started on (a started game of format 1 had the first)."""


def backup(db: str, out: str) -> int:
    """Copy the database at ``db`` to ``out`` as one self-contained file; returns its size.

    The source is checked first as every command checks it (a railbot database, whole, not
    newer than this code) and read without writing to it, so a read-only file or folder can
    be backed up. The copy is written next to ``out`` first and renamed into place when
    complete, so ``out`` is never a half-written file."""
    if not Path(db).is_file():
        raise StoreOpenError(f"there is no database at {db}.")
    writable_folder(out)
    immutable = probe(db, readonly=True)
    partial = out + ".partial"
    try:
        with _closing(connect_uri(db, readonly=True, immutable=immutable)) as source:
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


def writable_folder(out: str) -> None:
    """Refuse, in one sentence, a file to write whose folder is missing or read-only."""
    folder = Path(out).resolve().parent
    if not folder.is_dir():
        raise UserError(f"Cannot write {out}: the folder {folder} does not exist.")
    if not os.access(folder, os.W_OK):
        raise UserError(f"Cannot write {out}: the folder {folder} is read-only.")
    if Path(out).is_dir():
        raise UserError(f"Cannot write {out}: it is a folder.")


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


def check_replays(service: GameService, data: dict[str, Any]) -> State | None:
    """Raise the same UserError every command gives when the game's log was damaged (its
    checksums, when the file carries them) or its moves no longer replay; else the state its
    moves lead to (None for a game in its lobby)."""
    game, seats, actions = _parts(data)
    if all(a.chain for a in actions):  # files exported before the log had checksums have none
        bad = first_damaged(actions)
        if bad is not None:
            raise damaged_log(game.name, bad)
    if game.status == "lobby":
        return None
    return service.replay_from_start(
        game, seats, effective_actions([(a.seq, a.action) for a in actions])
    )


STATUSES = ("lobby", "active", "paused", "finished", "abandoned")


def check_export(service: GameService, data: dict[str, Any]) -> None:
    """Check an exported game through and through before it is stored, naming the first thing
    wrong: its players, its move numbers (1, 2, 3, ... each once), the move count and status
    it states against its moves, then that every move replays."""
    game, seats, actions = _parts(data)
    if game.status not in STATUSES:
        raise UserError(f"The file gives the game the status '{game.status}', which railbot "
                        f"does not know ({', '.join(STATUSES)}).")
    if sorted(s.seat for s in seats) != list(range(len(seats))):
        raise UserError("The file's seats are not numbered 0, 1, 2, ... each once.")
    if len({s.user_id for s in seats}) != len(seats):
        raise UserError("The file seats one player twice.")
    for expected, action in enumerate(actions, start=1):
        if action.seq != expected:
            seen = [a.seq for a in actions]
            what = ("appears twice" if seen.count(action.seq) > 1
                    else f"comes where move #{expected} should")
            raise UserError(f"The file's moves are not numbered 1, 2, 3, ...: move "
                            f"#{action.seq} {what}.")
    if game.seq != len(actions):
        raise UserError(f"The file says the game is at move {game.seq}, but it holds "
                        f"{len(actions)} moves.")
    if game.status == "lobby" and actions:
        raise UserError("The file says the game has not started, but it holds moves.")
    state = check_replays(service, data)
    if state is None:
        return
    over = service.title(game).is_over(state)
    if game.status == "finished" and not over:
        raise UserError("The file says the game is finished, but its moves leave it running.")
    if game.status in ("active", "paused") and over:
        raise UserError(f"The file says the game is {game.status}, but its moves end it.")


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
    check_export(service, data)
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
    if not isinstance(game.seq, int) or not all(
        isinstance(a.seq, int) and isinstance(a.action, dict) for a in actions
    ):
        raise UserError("That file is not a complete exported game (a move or a move number "
                        "is not what railbot writes).")
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
    writable_folder(path)
    Path(path).write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")

