"""A SQLite file before the store opens it: how it is connected to (read-only, or immutable when
nobody can write it), and why it cannot be used, each reason in one line."""

from __future__ import annotations

import os
import sqlite3
from urllib.parse import quote

from bot.storage.base import StoreOpenError
from bot.storage.sql import Sql
from bot.storage.sqlite_schema import SCHEMA_VERSION, schema_problem


def open_problem(path: str, exc: sqlite3.Error) -> str:
    """One line saying why SQLite could not open or read ``path``."""
    text = str(exc)
    if "not a database" in text:
        return f"{path} is not a railbot database (SQLite says: {text})."
    if "malformed" in text or "corrupt" in text:
        return damaged(path, text)
    if "readonly" in text or "read-only" in text:
        return read_only(path)
    if "unable to open" in text:
        return f"cannot open {path} ({text}): check the path and that its folder is writable."
    if "locked" in text or "busy" in text:
        return f"{path} is locked by another program ({text}); try again when it is done."
    return f"cannot use the database {path} ({text})."


def damaged(path: str, found: str) -> str:
    found = " ".join(found.replace("*** in database main ***", "").split())  # one line
    return (f"{path} is damaged (SQLite's integrity check says: {found}); nothing was changed. "
            "Restore it from a backup (docs/storage.md).")


def read_only(path: str) -> str:
    return (f"{path} is read-only (the file or its folder cannot be written), and this command "
            "writes to it; inspect, export, backup and replay work on it as it is.")


def writable(path: str) -> bool:
    """Whether railbot may write ``path``: the file (if it exists) and its folder, where SQLite
    keeps its -wal and -shm files."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.exists(path) and not os.access(path, os.W_OK):
        return False
    return os.access(folder, os.W_OK)


def foreign_problem(path: str, version: int, tables: list[str]) -> str | None:
    """Why a database holding ``tables`` at schema ``version`` is not railbot's, or None: an
    empty one becomes railbot's; one with tables must hold railbot's own and nothing else."""
    ours = set(Sql.RAILBOT_TABLES) | {"railbot_schema"}
    others = sorted(t for t in tables if t not in ours)
    if not tables or (not others and version > 0 and "games" in tables):
        return None
    shown = ", ".join(others[:5]) + (", ..." if len(others) > 5 else "")
    return (f"{path} is not a railbot database (it holds other tables: {shown}); railbot "
            "uses only an empty database or its own. Nothing was changed.")


def address(path: str, *, readonly: bool, immutable: bool = False) -> tuple[str, bool]:
    """What sqlite3.connect takes for ``path`` (and whether it is a URI): read-only connections
    are opened as such, ``immutable`` ones for a file or folder nobody can write (where SQLite
    could not even make its -shm file)."""
    if not readonly:
        return path, False
    mode = "immutable=1" if immutable else "mode=ro"
    return f"file:{quote(os.path.abspath(path))}?{mode}", True


def connect_uri(path: str, *, readonly: bool, immutable: bool = False) -> sqlite3.Connection:
    """A plain connection to ``path`` (see :func:`address`)."""
    database, uri = address(path, readonly=readonly, immutable=immutable)
    return sqlite3.connect(database, uri=uri, timeout=5, isolation_level=None)


def probe(path: str, *, readonly: bool) -> bool:
    """Check ``path`` before railbot uses it; raises StoreOpenError (one line) when it cannot:
    not a database, another program's, damaged (SQLite's quick check), or read-only while this
    command writes. Returns whether it must be opened immutable (nobody can write it)."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise StoreOpenError(f"cannot open {path}: its folder {folder} does not exist.")
    if not readonly and not writable(path):
        raise StoreOpenError(read_only(path))
    immutable = readonly and not writable(path)
    try:
        conn = connect_uri(path, readonly=readonly, immutable=immutable)
        try:
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            tables = [r[0] for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'"
                " AND name NOT LIKE 'sqlite_%'")]
            problem = foreign_problem(path, version, tables) or schema_problem(path, version)
            if problem:
                raise StoreOpenError(problem)
            # quick_check reads every page (not the indexes against their tables): damage
            # anywhere in the file is found here, not in the middle of a command
            found = [r[0] for r in conn.execute("PRAGMA quick_check(3)")]
            if found != ["ok"]:
                raise StoreOpenError(damaged(path, "; ".join(found)))
            if readonly and version < SCHEMA_VERSION and tables:
                raise StoreOpenError(
                    f"{path} has database schema {version} and this railbot reads {SCHEMA_VERSION}"
                    ": it must be upgraded first, by any command that writes (railbot play, run)."
                )
        finally:
            conn.close()
    except sqlite3.Error as exc:
        raise StoreOpenError(open_problem(path, exc)) from exc
    return immutable
