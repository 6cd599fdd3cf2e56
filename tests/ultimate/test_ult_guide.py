"""The typed example of the player guide is a real game opening: every line is accepted."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from bot.cli.main import main

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "ultimate-guide.md"


def example_lines() -> list[str]:
    text = GUIDE.read_text(encoding="utf-8")
    block = re.search(r"```text\n(.*?)```", text, re.S)
    assert block is not None, "the guide has no typed example"
    return [line.split("#")[0].rstrip() for line in block.group(1).splitlines() if line.strip()]


def test_the_guides_example_is_accepted_line_by_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    lines = example_lines()
    assert len(lines) > 15
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    db = str(tmp_path / "guide.sqlite3")
    assert main(["play", "--db", db, "--no-boards", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    refused = [line for line in out.splitlines() if line.startswith("[to ")]
    assert refused == []
    assert "clara passes for the rest of the round" in out
    assert "boris hires engineer #3" in out
