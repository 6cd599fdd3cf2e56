"""Files railbot must not trust: a damaged database, another program's database, a read-only
file or folder, and hand-edited exports. Each is refused at once with one line naming what is
wrong (exit 2 for a database that cannot be used), and nothing is written anywhere."""

from __future__ import annotations

import asyncio
import io
import json
import os
import random
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from test_archive import OPENING, cli, game_with_chance, played, registry

from bot.cli.main import main

COMMANDS = ("play", "inspect", "backup", "export", "import", "migrate", "replay")
"""Every command that opens a database."""


def run(capsys: pytest.CaptureFixture[str], name: str, db: str, tmp: Path,
        monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO("alice /game new system:tiny\n"))
    extra = {
        "play": ["--db", db],
        "inspect": ["--db", db],
        "backup": ["--db", db, "--out", str(tmp / "copy.sqlite3")],
        "export": ["--db", db, "--out", str(tmp / "game.json")],
        "import": ["--db", db, "--file", str(tmp / "sound.json"), "--channel", "9"],
        "migrate": ["--from", db, "--to", str(tmp / "target.sqlite3")],
        "replay": ["--db", db, "--out", str(tmp / "film.gif")],
    }[name]
    if name != "replay":
        return cli(capsys, name, *extra)
    code = main([name, *extra], registry=registry(), render=png_board)
    out, err = capsys.readouterr()
    return code, out, err


def png_board(title: str, view: dict[str, Any], map_id: str | None, zoom: str | None) -> bytes:
    """A real picture (a replay is made of them), shaded by the game's total."""
    out = io.BytesIO()
    Image.new("RGB", (40, 30), (int(view["total"]) % 256, 90, 40)).save(out, "PNG")
    return out.getvalue()


def one_line(err: str) -> bool:
    return err.count("\n") == 1 and err.startswith("railbot: ") and "Traceback" not in err


@pytest.fixture
def sound_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A sound export (for the import case) made from a database of its own."""
    db = str(tmp_path / "sound.sqlite3")
    asyncio.run(played(db, OPENING))
    assert cli(capsys, "export", "--db", db, "--out", str(tmp_path / "sound.json"))[0] == 0
    return tmp_path / "sound.json"


def damage(path: Path) -> None:
    """8 KB of noise a third of the way into the file, past its header."""
    data = bytearray(path.read_bytes())
    at = len(data) // 3
    data[at:at + 8192] = random.Random(1).randbytes(8192)
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("name", COMMANDS)
def test_a_damaged_database_stops_every_command_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    sound_export: Path, name: str,
) -> None:
    db = tmp_path / "games.sqlite3"
    asyncio.run(game_with_chance(str(db)))
    damage(db)
    before = db.read_bytes()
    code, _, err = run(capsys, name, str(db), tmp_path, monkeypatch)
    assert code == 2 and one_line(err), err
    assert f"{db} is damaged (SQLite's integrity check says:" in err
    assert "Restore it from a backup" in err
    assert db.read_bytes() == before
    assert not (tmp_path / "copy.sqlite3").exists() and not (tmp_path / "game.json").exists()
    assert not (tmp_path / "target.sqlite3").exists()


@pytest.mark.parametrize("name", COMMANDS)
def test_another_programs_database_is_refused_and_left_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    sound_export: Path, name: str,
) -> None:
    db = tmp_path / "books.sqlite3"
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
        conn.execute("INSERT INTO invoices VALUES (1, 9.5)")
    conn.close()
    code, _, err = run(capsys, name, str(db), tmp_path, monkeypatch)
    assert code == 2 and one_line(err), err
    assert "is not a railbot database (it holds other tables: invoices)" in err
    conn = sqlite3.connect(db)
    tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master")]
    conn.close()
    assert tables == ["invoices"]


def test_migrating_into_another_programs_database_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src, target = str(tmp_path / "a.sqlite3"), tmp_path / "books.sqlite3"
    asyncio.run(played(src, OPENING))
    conn = sqlite3.connect(target)
    conn.execute("CREATE TABLE invoices (id INTEGER)")
    conn.close()
    code, _, err = cli(capsys, "migrate", "--from", src, "--to", str(target))
    assert code == 2 and one_line(err) and "books.sqlite3 is not a railbot database" in err


@pytest.fixture
def read_only() -> Iterator[list[Path]]:
    """Make paths read-only for this test: immutable when we are root (root writes through
    permissions), else without write permission. Undone afterwards."""
    made: list[Path] = []
    yield made
    for path in made:
        if os.geteuid() == 0:
            subprocess.run(["chattr", "-i", str(path)], check=True)
        else:
            path.chmod(0o755 if path.is_dir() else 0o644)


def lock(path: Path, made: list[Path]) -> None:
    if os.geteuid() == 0:
        done = subprocess.run(["chattr", "+i", str(path)], capture_output=True)
        if done.returncode != 0:
            pytest.skip(f"cannot make {path} read-only here: {done.stderr.decode().strip()}")
    else:
        path.chmod(0o555 if path.is_dir() else 0o444)
    made.append(path)


@pytest.mark.parametrize("what", ["file", "folder"])
def test_a_read_only_database_is_read_and_never_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    read_only: list[Path], sound_export: Path, what: str,
) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    db = folder / "games.sqlite3"
    asyncio.run(played(str(db), [*OPENING, "alice /add amount:1"]))
    before = db.read_bytes()
    lock(db if what == "file" else folder, read_only)
    code, out, err = run(capsys, "inspect", str(db), tmp_path, monkeypatch)
    assert code == 0 and "total" in json.loads(out), err
    code, out, err = run(capsys, "export", str(db), tmp_path, monkeypatch)
    assert code == 0 and "Exported Tiny Race (2 moves)" in out, err
    code, out, err = run(capsys, "backup", str(db), tmp_path, monkeypatch)
    assert code == 0 and "Backed up" in out, err
    code, out, err = run(capsys, "replay", str(db), tmp_path, monkeypatch)
    assert code == 0 and (tmp_path / "film.gif").stat().st_size > 0, err
    code, out, err = run(capsys, "migrate", str(db), tmp_path, monkeypatch)
    assert code == 0 and "each replays identically" in out, err
    for name in ("play", "import"):
        code, out, err = run(capsys, name, str(db), tmp_path, monkeypatch)
        assert code == 2 and one_line(err), err
        assert f"{db} is read-only" in err and "inspect, export, backup and replay" in err
        assert out == ""
    assert db.read_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == ["games.sqlite3"]


def test_a_missing_folder_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "a.sqlite3")
    asyncio.run(played(db, [*OPENING, "alice /add amount:1"]))
    gone = tmp_path / "no" / "such"
    for command, out in (("export", "g.json"), ("backup", "b.sqlite3"), ("replay", "r.webp")):
        code, _, err = cli(capsys, command, "--db", db, "--out", str(gone / out))
        assert code == 1 and one_line(err), err
        assert f"Cannot write {gone / out}: the folder {gone} does not exist." in err
    code, _, err = cli(capsys, "inspect", "--db", str(gone / "a.sqlite3"))
    assert code == 2 and one_line(err) and "there is no database at" in err
    code, _, err = cli(capsys, "import", "--db", str(gone / "a.sqlite3"), "--file", "x.json")
    assert code == 1 and "Cannot read x.json" in err
    assert not gone.exists()


def exported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    db, file = str(tmp_path / "a.sqlite3"), tmp_path / "g.json"
    asyncio.run(game_with_chance(db))
    assert cli(capsys, "export", "--db", db, "--out", str(file))[0] == 0
    data: dict[str, Any] = json.loads(file.read_text())
    return data


def edits(data: dict[str, Any]) -> dict[str, tuple[dict[str, Any], str]]:
    """Hand edits of an export, each with what the refusal must name."""
    moves = data["actions"]
    n = len(moves)

    def edited(**game: Any) -> dict[str, Any]:
        return {**data, "game": {**data["game"], **game}}

    def with_moves(changed: list[dict[str, Any]]) -> dict[str, Any]:
        return {**data, "actions": changed}

    twice = [*moves[:5], {**moves[5], "seq": 5}, *moves[6:]]
    gap = [*moves[:5], *moves[6:]]
    altered = [*moves[:4], {**moves[4], "public": "forged"}, *moves[5:]]
    return {
        "seq edited": (edited(seq=3), f"says the game is at move 3, but it holds {n} moves"),
        "a move number twice": (with_moves(twice), "move #5 appears twice"),
        "a move missing": (with_moves(gap), "move #7 comes where move #6 should"),
        "finished too soon": (edited(status="finished"),
                              "says the game is finished, but its moves leave it running"),
        "a status railbot does not know": (edited(status="won"), "the status 'won'"),
        "a move altered": (with_moves(altered), "its move #5 is damaged"),
        "a seat twice": ({**data, "seats": [data["seats"][0], {**data["seats"][0]}]},
                         "seats are not numbered 0, 1, 2"),
    }


def test_an_edited_export_is_refused_naming_what_is_wrong(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = exported(tmp_path, capsys)
    target = str(tmp_path / "b.sqlite3")
    file = tmp_path / "edited.json"
    for case, (changed, named) in edits(data).items():
        file.write_text(json.dumps(changed))
        code, out, err = cli(capsys, "import", "--db", target, "--file", str(file),
                             "--channel", "7")
        assert code == 1 and one_line(err), (case, err)
        assert named in err, (case, err)
        assert out == ""
    conn = sqlite3.connect(target)
    assert conn.execute("SELECT count(*) FROM games").fetchone() == (0,), "nothing was stored"
    conn.close()
    file.write_text(json.dumps(data))  # and the file as exported goes in
    code, out, _ = cli(capsys, "import", "--db", target, "--file", str(file), "--channel", "7")
    assert code == 0 and "Imported Tiny Race" in out


def test_play_saves_a_replay_under_its_own_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    db, out_dir = str(tmp_path / "a.sqlite3"), tmp_path / "pictures"
    script = "".join(f"{line}\n" for line in OPENING) + "alice /game replay\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    code = main(["play", "--db", db, "--out", str(out_dir)], registry=registry(),
                render=png_board)
    out, _ = capsys.readouterr()
    assert code == 0
    films = [p for p in out_dir.iterdir() if p.suffix != ".png"]
    assert [p.suffix for p in films] == [".webp"], sorted(p.name for p in out_dir.iterdir())
    assert films[0].read_bytes()[8:12] == b"WEBP" and str(films[0]) in out
    with Image.open(films[0]) as film:
        assert film.format == "WEBP"
