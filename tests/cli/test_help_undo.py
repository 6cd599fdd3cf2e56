"""/game help offers /game undo only when the asker's own move is the latest one."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from tinygame import TinyTitle

from bot.cli.main import main
from engine.core import Registry

UNDO_LINE = "/game undo takes back your last move."


def test_help_offers_undo_only_after_ones_own_move(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    registry = Registry()
    registry.register(TinyTitle())
    script = "\n".join([
        "alice /game new system:tiny", "bob /game join", "alice /game start",
        "alice /game help",            # nothing played yet
        "bob /ready", "alice /game help",  # the latest move is bob's
        "alice /ready", "alice /note", "bob /note",  # one of them keeps the turn with a note
        "alice /game help", "bob /game help",
    ]) + "\n"
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(script.encode()),
                                                      encoding="utf-8"))
    assert main(["play", "--db", str(tmp_path / "g.sqlite3"), "--no-boards"],
                registry=registry) == 0
    out = capsys.readouterr().out
    helps = [part.split("\n> ")[0] for part in out.split("/game help\n")[1:]]
    assert len(helps) == 4
    assert "You can now" in helps[0] and UNDO_LINE not in helps[0]
    assert "You can now" in helps[1] and UNDO_LINE not in helps[1]
    offered = [h for h in helps[2:] if UNDO_LINE in h]
    assert len(offered) == 1 and "You can now" in offered[0]


def test_a_missing_option_points_to_help(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    registry = Registry()
    registry.register(TinyTitle())
    script = "alice /game new system:tiny\nbob /game join\nalice /game start\nalice /add\n"
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(script.encode()),
                                                      encoding="utf-8"))
    assert main(["play", "--db", str(tmp_path / "g.sqlite3"), "--no-boards"],
                registry=registry) == 0
    out = capsys.readouterr().out
    assert ("/add needs amount (e.g. /add amount:...); /game help lists what you can choose "
            "now.") in out
