"""`railbot play --bots N`: a whole game of computers to the end, kept in the database; and a
person's scripted game in which a computer seat moves by itself."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from bot.app import default_registry
from bot.cli.main import main


def test_a_whole_game_of_computers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "demo.sqlite3")
    argv = ["play", "--bots", "2", "--system", "ultimate", "--no-boards", "--db", db,
            "--seed", "4", "--level", "easy"]
    assert main(argv, registry=default_registry()) == 0
    out = capsys.readouterr().out
    assert "Stephenson (computer) joined" in out and "easy level" in out
    assert "Game over. Final scores:" in out and "[finished]" in out
    assert main(["inspect", "--db", db], registry=default_registry()) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["final"] is not None and len(view["players"]) == 2


def test_bad_choices_are_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "demo.sqlite3")
    argv = ["play", "--bots", "2", "--system", "ultimate", "--no-boards", "--db", db,
            "--level", "hard"]
    assert main(argv, registry=default_registry()) == 2
    refusal = "'hard' is not a level of play. Choose easy, normal or strong."
    assert refusal in capsys.readouterr().out
    many = ["play", "--bots", "9", "--system", "ultimate", "--no-boards", "--db", db]
    assert main(many, registry=default_registry()) == 2
    assert "--bots 9: Ultimate Railroads seats 1-4 players; nothing was stored." \
        in capsys.readouterr().out
    # The refused table left nothing behind: the channel is free for the next game.
    assert main(["inspect", "--db", db], registry=default_registry()) != 0
    assert "There is no game in this channel" in capsys.readouterr().err


def test_a_scripted_person_with_a_computer_seat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = "ann /game new system:newengland bots:2\nann /game start\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    db = str(tmp_path / "g.sqlite3")
    assert main(["play", "--db", db, "--no-boards", "--seed", "2"],
                registry=default_registry()) == 0
    out = capsys.readouterr().out
    assert "Vanderbilt (computer)" not in out  # two computers: Brunel and Stephenson
    assert out.count("(computer) joined") == 2
    # After the start the computers moved until it was ann's turn: she is the one asked.
    assert out.rstrip().endswith("@ann, your move.")
