"""`railbot backup`, `export` and `import`: consistent copies, and one game carried between
databases to the identical state."""

from __future__ import annotations

import asyncio
import io
import json
import random
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest
from service_support import tiny_board
from tinygame import TinyTitle

from bot.archive import backup
from bot.cli.main import Terminal, local_user, main
from bot.commands import Dispatcher
from bot.service import GameService
from bot.storage import connect_store
from bot.storage.base import chain_updates
from bot.storage.sql import Sql
from engine.core import Registry


def registry() -> Registry:
    reg = Registry()
    reg.register(TinyTitle())
    return reg


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv), registry=registry(), render=tiny_board)
    out, err = capsys.readouterr()
    return code, out, err


async def played(db: str, lines: list[str]) -> None:
    async with connect_store(db) as store:
        service = GameService(store, registry(), seeds=random.Random(3))
        term = Terminal(Dispatcher(service), Path("."), io.StringIO())
        for line in lines:
            await term.line(line)


async def state_and_views(db: str, channel: int = 1) -> tuple[Any, ...]:
    """The full engine state (generator included) and what everyone sees."""
    async with connect_store(db) as store:
        service = GameService(store, registry())
        term = Terminal(Dispatcher(service), Path("."), io.StringIO(), channel)
        game = await service.game_here(term.where, ended=True)
        assert game is not None
        state = (await service.load(game)).state
        views = [await service.view(term.where, local_user(n)) for n in ("alice", "bob")]
        views.append(await service.view(term.where, None))
        return state, views, game.status, game.seq


OPENING = [
    "alice /game new system:tiny options:target=100",
    "bob /game join",
    "alice /game start",
    "alice /ready",
    "bob /ready",
]


async def game_with_chance(db: str) -> None:
    """A game with dice rolls (chance), an undo and a secret card revealed."""
    await played(db, OPENING)
    lines = []
    for i in range(8):
        who = ("alice", "bob")
        lines += [f"{w} /roll" for w in who] + [f"{w} /add amount:{1 + i % 3}" for w in who]
    lines += ["alice /note", "bob /note", "alice /game undo", "bob /game undo", "alice /reveal"]
    await played(db, lines)


def test_export_then_import_restores_the_identical_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src, dst, file = str(tmp_path / "a.db"), str(tmp_path / "b.db"), str(tmp_path / "g.json")
    asyncio.run(game_with_chance(src))
    code, out, _ = cli(capsys, "export", "--db", src, "--out", file)
    assert code == 0 and "Exported Tiny Race" in out
    data = json.loads(Path(file).read_text())
    assert any(a["action"].get("chance") for a in data["actions"]), "dice rolls travel along"
    assert any(a["action"]["type"] == "undo" for a in data["actions"]) and len(data["actions"]) > 12
    assert data["game"]["options"] == {"target": 100, "fast": False}
    code, out, _ = cli(capsys, "import", "--db", dst, "--file", file)
    assert code == 0 and "Imported Tiny Race" in out
    before, after = asyncio.run(state_and_views(src)), asyncio.run(state_and_views(dst))
    assert after == before
    # The same next move draws the same die in both: the generator's state came along too.
    rolls = ["alice /roll", "bob /roll", "alice /roll"]
    asyncio.run(played(src, rolls))
    asyncio.run(played(dst, rolls))
    assert asyncio.run(state_and_views(dst)) == asyncio.run(state_and_views(src))


def test_import_wants_a_free_channel_and_a_sound_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, file = str(tmp_path / "a.db"), str(tmp_path / "g.json")
    asyncio.run(played(db, OPENING))
    assert cli(capsys, "export", "--db", db, "--out", file)[0] == 0
    code, _, err = cli(capsys, "import", "--db", db, "--file", file)
    assert code == 1 and "Channel 1 already has a game (Tiny Race, active)" in err
    assert "--channel" in err
    code, out, _ = cli(capsys, "import", "--db", db, "--file", file, "--channel", "7")
    assert code == 0 and "into channel 7" in out
    assert asyncio.run(state_and_views(db, 7)) == asyncio.run(state_and_views(db, 1))
    data = json.loads(Path(file).read_text())
    Path(file).write_text(json.dumps({**data, "version": 99}))
    code, _, err = cli(capsys, "import", "--db", db, "--file", file, "--channel", "8")
    assert code == 1 and "exported by a newer railbot" in err
    Path(file).write_text("{not json")
    code, _, err = cli(capsys, "import", "--db", db, "--file", file, "--channel", "8")
    assert code == 1 and "is not a JSON file" in err and err.count("\n") == 1


def test_backup_is_consistent_while_another_connection_writes(tmp_path: Path) -> None:
    db = str(tmp_path / "live.db")
    asyncio.run(played(db, []))  # an empty railbot database (a backup copies only railbot's)
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("INSERT INTO settings VALUES ('guild', 0, 'total', '0')")
    conn.close()
    stop = threading.Event()

    def write() -> None:
        # Each transaction adds a row and raises the total: a consistent copy has both agree.
        own = sqlite3.connect(db)
        n = 0
        while not stop.is_set():
            n += 1
            with own:
                own.execute("INSERT INTO settings VALUES ('guild', ?, 'row', '1')", (n,))
                own.execute("UPDATE settings SET value = ? WHERE key = 'total'", (str(n),))
        own.close()

    writer = threading.Thread(target=write)
    seen = []
    try:
        writer.start()
        for i in range(5):
            out = str(tmp_path / f"copy{i}.db")
            backup(db, out)
            copy = sqlite3.connect(out)
            (rows,) = copy.execute("SELECT count(*) FROM settings WHERE key = 'row'").fetchone()
            (total,) = copy.execute("SELECT value FROM settings WHERE key = 'total'").fetchone()
            total = int(total)
            (mode,) = copy.execute("PRAGMA journal_mode").fetchone()
            copy.close()
            assert rows == total and mode == "delete"
            seen.append(rows)
    finally:
        stop.set()
        writer.join()
    assert seen[-1] > 0 and seen == sorted(seen)
    assert not list(tmp_path.glob("*.partial"))


def test_backup_command_reports_the_copy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "a.db")
    sqlite3.connect(db).close()
    code, out, _ = cli(capsys, "backup", "--db", db, "--out", str(tmp_path / "b.db"))
    assert code == 0 and f"Backed up {db}" in out
    for command in (["backup", "--out", "x"], ["export", "--out", "x"], ["inspect"]):
        code, _, err = cli(capsys, command[0], "--db", str(tmp_path / "none.db"), *command[1:])
        assert code == 2 and "there is no database at" in err
    assert not (tmp_path / "none.db").exists()


def test_a_game_that_no_longer_replays_is_reported_alike_by_every_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db, file = str(tmp_path / "a.db"), str(tmp_path / "g.json")
    asyncio.run(played(db, [*OPENING, "alice /add amount:1", "bob /add amount:1"]))
    conn = sqlite3.connect(db)  # a rules change makes move #3 illegal
    with conn:
        conn.execute("UPDATE actions SET action = json_set(action, '$.amount', 9) WHERE seq = 3")
        conn.executemany(Sql.SET_CHAIN, chain_updates(conn.execute(Sql.ALL_ACTIONS).fetchall()))
    conn.close()
    problem = "Tiny Race cannot be loaded: its move #3 no longer fits the current rules"
    commands = ["status", "log", "board", "hand", "help"]
    script = "".join(f"alice /game {c}\n" for c in commands) + "alice /add amount:1\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    code, out, _ = cli(capsys, "play", "--db", db)
    assert code == 0 and out.count(problem) == len(commands) + 1
    code, _, err = cli(capsys, "inspect", "--db", db)
    assert code == 1 and problem in err
    code, out, err = cli(capsys, "export", "--db", db, "--out", file)
    assert code == 1 and problem in err and "Exported Tiny Race" in out
    code, _, err = cli(capsys, "import", "--db", str(tmp_path / "b.db"), "--file", file)
    assert code == 1 and problem in err


def test_a_game_of_an_unknown_title_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "a.db")
    asyncio.run(played(db, [*OPENING, "alice /add amount:1"]))
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("UPDATE games SET title = 'nosuch'")
    conn.close()
    problem = "Tiny Race cannot be loaded: it is a game of 'nosuch'"
    for command in (["inspect"], ["export", "--out", str(tmp_path / "g.json")],
                    ["replay", "--out", str(tmp_path / "g.gif")]):
        code, _, err = cli(capsys, command[0], "--db", db, *command[1:])
        assert code == 2, (command, err)
        assert err.count("\n") == 1 and problem in err and "Traceback" not in err
    assert (tmp_path / "g.json").exists() and not (tmp_path / "g.gif").exists()


def test_a_test_title_is_unknown_to_a_railbot_without_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "a.db")
    asyncio.run(played(db, [*OPENING, "alice /add amount:1"]))
    code = main(["inspect", "--db", db], registry=Registry(), render=tiny_board)
    _, err = capsys.readouterr()
    assert code == 2 and "it is a game of 'tiny', a game system this railbot does not know" in err
