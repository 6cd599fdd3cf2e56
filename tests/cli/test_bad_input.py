"""Whatever is typed, `railbot play` answers with a sentence and goes on; nothing typed is echoed
back whole, no escape code reaches the terminal, and every reply fits one Discord message."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from service_support import ALICE, BOB, HERE
from tinygame import TinyTitle

from bot.cli.main import main
from bot.commands import Dispatcher
from bot.usertext import MAX_MESSAGE, clean, fit, quote
from engine.core import Registry

GOOD = "carol /game new system:tiny name:Afterwards\n"
"""A line after the bad one: the session must still be alive to answer it."""


def play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], db: Path,
         script: bytes) -> str:
    registry = Registry()
    registry.register(TinyTitle())
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(script), encoding="utf-8"))
    assert main(["play", "--db", str(db), "--no-boards"], registry=registry) == 0
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    assert "went wrong inside railbot" not in captured.out
    last = captured.out.split("> " + GOOD)[-1]  # the line after the bad ones got its answer
    assert "carol opened a game of Afterwards" in last or "already has a game" in last
    return captured.out


BAD = [
    ("alice /game new system:tiny options:fast=--5", "Option fast must be true or false"),
    ("alice /game new system:tiny options:target=--5", "Option target must be a whole number"),
    ("alice /game new system:tiny options:target=²", "Option target must be a whole number"),
    ("alice /game new system:tiny options:=²", "'=²' is not an option; write options as key=value"),
    (f"alice /game new system:tiny options:target={10**30}", "the limit is 1,000,000"),
    (f"alice /game log last:{10**30}", "last: '1000000000000000000000000000000' is far beyond"),
    (f"alice /game log last:{'9' * 3000}", "last: '" + "9" * 39 + "…' is far beyond"),
    ("alice /game new system:tiny name:" + "x" * 100_000, "a command is at most 4,000"),
    ("alice /game new system:tiny name:" + "x" * 1000, "at most 100 are read"),
    ("alice /game join colour:" + "q" * 1000, "at most 100 are read"),
    ("alice /" + "y" * 3000, "There is no /yyyyyyyy"),
    ("alice /game " + "z" * 3000, "There is no /game zzzzzz"),
]


@pytest.mark.parametrize(("line", "message"), BAD)
def test_bad_values_get_a_sentence_and_the_session_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    line: str, message: str,
) -> None:
    out = play(monkeypatch, capsys, tmp_path / "g.db", (line + "\n" + GOOD).encode())
    assert message in out
    # Nothing typed comes back whole: the echo of the line and any quoted value are short.
    assert max(len(row) for row in out.splitlines()) < 300


def test_bytes_that_are_not_utf8_are_refused_line_by_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = b"al\xffice /game new system:tiny\nalice /game new system:tiny name:B\xe9ad\n"
    script += GOOD.encode()
    out = play(monkeypatch, capsys, tmp_path / "g.db", script)
    assert out.count("holds bytes that are not UTF-8 text; nothing was done") == 2
    assert "alice opened" not in out


def test_escape_codes_never_reach_the_terminal_or_a_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    line = 'alice /game new system:tiny name:"\x1b[31mRed\x1b]0;owned\x07\u202e\x08"\n'
    out = play(monkeypatch, capsys, tmp_path / "g.db", line.encode() + GOOD.encode())
    assert "alice opened a game of Red here" in out
    assert not any(ch in out for ch in "\x1b\x07\x08\u202e")


def test_clean_quote_and_fit() -> None:
    assert clean("a\x1b[1;31mb\x1b[0m\x00c\u202ed\ud8ff") == "abcd\ufffd"
    assert clean("one\ntwo\tthree", keep_lines=True) == "one\ntwo three"
    assert quote("x" * 1000) == "'" + "x" * 39 + "…'"
    assert fit("short") == "short"
    one_line = fit("y" * 5000)
    assert len(one_line) == MAX_MESSAGE and one_line.endswith("…")
    lines = "Header\n" + "\n".join(f"line {i}" for i in range(1000))
    fitted = fit(lines)
    assert len(fitted) <= MAX_MESSAGE
    head, note, *rest = fitted.split("\n")
    assert head == "Header" and rest[-1] == "line 999" and rest[0] == f"line {1000 - len(rest)}"
    assert note == f"… ({1000 - len(rest)} earlier lines not shown)"


async def test_a_long_log_keeps_its_newest_moves_within_one_message(
    dispatcher: Dispatcher,
) -> None:
    await dispatcher.run(HERE, ALICE, ["game", "new"], {"system": "tiny"})
    await dispatcher.run(HERE, BOB, ["game", "join"], {})
    await dispatcher.run(HERE, ALICE, ["game", "start"], {})
    for who in (ALICE, BOB):
        await dispatcher.run(HERE, who, ["ready"], {})
    view = await dispatcher.service.view(HERE, None)
    mover = {"alice": ALICE, "bob": BOB}[view["players"][view["current_seat"]]["name"]]
    for _ in range(120):
        assert not (await dispatcher.run(HERE, mover, ["note"], {})).error
    reply = await dispatcher.run(HERE, ALICE, ["game", "log"], {"last": 500})
    assert len(reply.text) <= MAX_MESSAGE
    assert reply.text.splitlines()[-1].startswith("#122 ")
    assert "earlier lines not shown" in reply.text
