import io
import json
from pathlib import Path

import pytest
from service_support import tiny_board
from tinygame import TinyTitle

from bot.cli.main import main, user_id
from engine.core import Registry


def reg() -> Registry:
    r = Registry()
    r.register(TinyTitle())
    return r


def run(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    script: str = "",
) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    assert main(argv, registry=reg(), render=tiny_board) == 0
    return capsys.readouterr().out


SCRIPT = """\
# a whole scripted game: lines naming the user who types them
alice /game new system:tiny options:"target=4" name:"Quick race"
bob /game join colour:blue
alice /game start
alice /ready
bob /ready
"""


def test_scripted_game_prints_replies_private_notes_and_boards(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db, out = str(tmp_path / "g.db"), tmp_path / "boards"
    text = run(monkeypatch, capsys, ["play", "--db", db, "--out", str(out), "--seed", "1"], SCRIPT)
    assert "alice opened a game of Quick race" in text
    assert "bob joined Quick race as blue" in text
    assert "Quick race has started" in text
    boards = sorted(out.glob("*.png"))
    assert boards and all(p.read_bytes().startswith(b"PNG") for p in boards)
    assert f"[board] {boards[0]}" in text
    # Play it out from the view: whoever is to move adds 2 until someone wins.
    for _ in range(4):
        capsys.readouterr()
        assert main(["inspect", "--db", db], registry=reg()) == 0
        view = json.loads(capsys.readouterr().out)
        if view["winner"] is not None:
            break
        who = view["players"][view["current_seat"]]["name"]
        text = run(
            monkeypatch, capsys, ["play", "--db", db, "--out", str(out)], f"{who} /add amount:2\n"
        )
        assert f"{who} adds 2" in text
        assert f"[to {who} only] Your card is" in text
    assert view["winner"] is not None
    assert "wins" in text
    # The winning move tells the others the game is over; nobody is asked to move.
    assert ", the game is over." in text
    assert "your move" not in text


BAD_LINES = [
    ("alice /game", "/game needs a subcommand"),
    ("alice /fly", "There is no /fly command"),
    ("alice /game new", "/game new needs system"),
    ("alice /game new system:chess", "must be one of tiny"),
    ("alice /game log last:many", "last: must be a whole number"),
    ("alice /game new system:tiny colour:red", "/game new has no option 'colour'"),
    ("alice game new", "Type a line as"),
    ('alice /game new system:tiny name:"unclosed', "close your quotes"),
    ("alice /game new system:tiny options:speed=9", "has no option 'speed'"),
    ("zed /add amount:1", "There is no game in this channel"),
]


@pytest.mark.parametrize(("line", "message"), BAD_LINES)
def test_bad_input_gets_one_clear_sentence(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    line: str,
    message: str,
) -> None:
    text = run(monkeypatch, capsys, ["play", "--db", str(tmp_path / "g.db")], line + "\n")
    assert message in text


def test_busy_channel_and_strangers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = SCRIPT + "carol /game new system:tiny\ncarol /add amount:1\n"
    text = run(monkeypatch, capsys, ["play", "--db", str(tmp_path / "g.db")], script)
    assert "This channel already has a game (Quick race, active)" in text
    assert "[to carol only] You are not playing in Quick race" in text


def test_commands_prints_the_tree(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["commands"], registry=reg()) == 0
    tree = json.loads(capsys.readouterr().out)
    names = [c["name"] for c in tree["commands"]]
    assert names[0] == "game" and "add" in names and "ready" in names
    game = tree["commands"][0]
    new = next(s for s in game["subcommands"] if s["name"] == "new")
    system = next(o for o in new["options"] if o["name"] == "system")
    assert system["choices"] == ["tiny"] and system["required"] is True


def test_user_ids_are_stable() -> None:
    assert user_id("Alice") == user_id("alice") != user_id("bob")


def test_confirming_a_move_in_the_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "g.db")
    run(monkeypatch, capsys, ["play", "--db", db, "--seed", "1"], SCRIPT)
    assert main(["inspect", "--db", db], registry=reg()) == 0
    view = json.loads(capsys.readouterr().out)
    who = view["players"][view["current_seat"]]["name"]
    text = run(
        monkeypatch, capsys, ["play", "--db", db], f"{who} /gamble\n{who} /gamble confirm:true\n"
    )
    assert f"[to {who} only] That takes the total from" in text
    assert "Repeat the move with confirm:true to go ahead." in text
    assert text.count(f"{who} gambles 3 and rolls") == 1, "only the confirmed move rolls"


def test_out_of_turn_is_said_before_a_missing_option(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # One of alice and bob is to act: only that one hears which option /add lacks; the other
    # and a spectator hear first that the move is not theirs to make.
    script = SCRIPT + "alice /add\nbob /add\ncarol /add\n"
    text = run(monkeypatch, capsys, ["play", "--db", str(tmp_path / "g.db")], script)
    after = text.split("bob /ready")[-1]
    assert after.count("/add needs amount") == 1
    assert after.count("'s turn, not yours.") == 1
    assert "You are not playing in Quick race" in after
