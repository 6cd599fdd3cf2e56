"""England and Wales in the terminal, as a player reads it: the house data in /game info, a
barrier refused by name, and the four-bond build of the rules confirmed before it is made."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from bot.app import default_registry
from bot.cli.main import main

OPENING = """\
alice /game new system:rotw map:england-wales
bob /game join colour:blue
alice /game start
alice /game info
alice /game help
bob /game help
"""

TURN = """\
alice /baron card:{alice}
bob /baron card:{bob}
{first} /pass
{second} /pass
{first} /build from:Hull path:Q21
{first} /build from:Carmarthen path:"AD7 AD8 AD9 AD10"
{first} /build from:Carmarthen path:"AD7 AD8 AD9 AD10" confirm:true
"""


def run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], db: str,
        script: str) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    assert main(["play", "--db", db, "--no-boards", "--seed", "4"],
                registry=default_registry()) == 0
    return capsys.readouterr().out


def test_a_player_reads_the_map_s_rules_at_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "g.db")
    opening = run(monkeypatch, capsys, db, OPENING)
    assert "Railways of the World (England and Wales) has started" in opening
    assert "all ten Rail Baron cards" in opening and "barriers (the Humber" in opening
    # seating is shuffled: who sits first is read from the start line, the barons from the help
    order = opening.split("Seating order: ", 1)[1].split(".", 1)[0]
    first, second = (part.split(" ")[0] for part in order.split(", "))
    alice_help, bob_help = opening.split("> alice /game help", 1)[1].split("> bob /game help")
    keep = re.compile(r"/baron card:([a-z-]+)")
    script = TURN.format(alice=keep.findall(alice_help)[0], bob=keep.findall(bob_help)[0],
                         first=first, second=second)
    text = run(monkeypatch, capsys, db, script)
    assert "A barrier (impassable terrain) runs between P21 and Q21: no track may cross it." \
        in text
    assert "This costs $16,000 and you have $0: it issues 4 bonds ($20,000)" in text
    assert f"{first} built toward AD10 from Carmarthen (4 tiles, $16,000; 4 bonds issued)." \
        in text
