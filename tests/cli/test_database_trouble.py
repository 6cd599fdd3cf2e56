"""A database that cannot be used ends every command at once with one line and a non-zero exit:
no traceback, no hang, no aiosqlite thread left running."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from tinygame import TinyTitle

from bot.cli.main import main
from bot.storage import sqlite as store_module
from engine.core import Registry

RAILBOT = str(Path(sys.executable).with_name("railbot"))


def not_a_database(path: Path) -> None:
    path.write_bytes(b"this is a letter to a friend, not a database" * 20)


def newer_schema(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version=99")
    conn.commit()
    conn.close()


def failing_migration(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    conn = sqlite3.connect(path)
    for script in store_module.MIGRATIONS:
        conn.executescript(script)
    conn.execute(f"PRAGMA user_version={len(store_module.MIGRATIONS)}")
    conn.commit()
    conn.close()
    # The next migration this code would run clashes with a table that is already there.
    clash = (*store_module.MIGRATIONS, "CREATE TABLE seats (x)")
    monkeypatch.setattr(store_module, "MIGRATIONS", clash)


CASES = {
    "not a database": "is not a railbot database",
    "newer schema": "was written by a newer railbot (database schema 99; this one knows up to",
    "failing migration": f"upgrading the database to schema {len(store_module.MIGRATIONS) + 1}"
    " failed (table seats already exists)",
}


def command(name: str, db: str, tmp: Path) -> list[str]:
    extra = {
        "play": [],
        "inspect": [],
        "backup": ["--out", str(tmp / "copy.sqlite3")],
        "export": ["--out", str(tmp / "game.json")],
        "import": ["--file", str(tmp / "game.json")],
    }[name]
    return [name, "--db", db, *extra]


def settles(threads: int) -> bool:
    """Whether the thread count comes back to ``threads`` (a closed connection's thread may
    take a moment to finish after its last answer; one never closed stays forever)."""
    for _ in range(100):
        if threading.active_count() == threads:
            return True
        time.sleep(0.01)
    return False


@pytest.mark.parametrize(
    ("case", "name"),
    [
        (case, name)
        for case in CASES
        for name in ("play", "inspect", "backup", "export", "import")
        # commands that only read open the file read-only and migrate nothing
        if case != "failing migration" or name in ("play", "import")
    ],
)
def test_every_command_stops_with_one_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    case: str,
    name: str,
) -> None:
    db = tmp_path / "games.sqlite3"
    if case == "not a database":
        not_a_database(db)
    elif case == "newer schema":
        newer_schema(db)
    else:
        failing_migration(db, monkeypatch)
    (tmp_path / "game.json").write_text("{}")
    registry = Registry()
    registry.register(TinyTitle())
    threads = threading.active_count()
    monkeypatch.setattr("sys.stdin", open(os.devnull))  # noqa: SIM115 - closed with the test
    assert main(command(name, str(db), tmp_path), registry=registry) == 2
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and err.startswith("railbot: ") and CASES[case] in err
    assert "Traceback" not in out + err
    assert settles(threads), "the database thread was left running"
    assert not (tmp_path / "copy.sqlite3").exists()


def test_the_discord_bot_process_ends_at_once(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    newer_schema(db)
    done = subprocess.run(
        [RAILBOT, "run"],
        env={**os.environ, "DISCORD_TOKEN": "not-a-real-token", "RAILBOT_DB": str(db)},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("railbot: ") and done.stderr.count("\n") == 1
    assert "newer railbot" in done.stderr
