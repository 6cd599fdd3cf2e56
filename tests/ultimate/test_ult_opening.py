"""The start message names the dealt turn order, which differs from the seating."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from ult_helpers import fresh

from bot.cli.main import main


def test_opening_names_the_dealt_turn_order_first_to_last() -> None:
    t, state = fresh(3, seed=5)
    names = [state["players"][seat]["name"] for seat in state["order"]]
    assert t.opening(state) == (
        f"Turn order cards for the first round: 1st {names[0]}, 2nd {names[1]}, 3rd {names[2]}."
    )


def test_start_message_shows_the_turn_order_cards(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = "ann /game new system:ultimate\nbo /game join\ncy /game join\nann /game start\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    db = str(tmp_path / "g.sqlite3")
    assert main(["play", "--db", db, "--no-boards", "--seed", "3"]) == 0
    started = next(line for line in capsys.readouterr().out.splitlines() if "has started" in line)
    assert "Seating order:" in started
    assert "Turn order cards for the first round: 1st " in started
