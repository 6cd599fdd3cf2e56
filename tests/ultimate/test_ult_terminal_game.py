"""Whole games typed into `railbot play` to their final scores, one line per move.

The lines are chosen as they are read: a mirror of the game (the same config, read back from the
store after the start) proposes the next typed command, so every line is a move a player could
type at that point; the terminal's own replies are then checked against the mirror."""

from __future__ import annotations

import asyncio
import io
import json
import os
import random
from pathlib import Path

import pytest

from bot.cli.main import LOCAL_CHANNEL, main
from bot.storage import connect_store
from engine.core import Config, State, new_game, step
from engine.ultimate import DATA, UltimateTitle

NAMES = ["anna", "boris", "clara", "dmitri"]
GAMES = (1, 2, 3, 4) if os.environ.get("ULT_TERMINAL_ALL") else (1, 3)
BOARDS = [(n, "russian", "") for n in GAMES] + [
    (2, "german", ""), (1, "german", ""), (3, "american", ""), (1, "american", ""),
    (3, "asian", ""), (3, "russian", "manufactory_train"), (1, "german", "manufactory_train"),
    (2, "russian", "additional_engineers"), (3, "german", "special_ideas"),
    (2, "russian", "coal"), (1, "american", "coal")]
"""(players, player boards, a module switched on)"""
SEED_SHIFT = {(1, "german", "manufactory_train"): 1, (1, "american", ""): 1}
"""Games whose usual seed never shows what the test looks for (train tokens the random player can
never all resolve; no boulder blasted)."""


class TypedGame(io.StringIO):
    """A stdin whose next line is the next move of the game being played."""

    def __init__(self, db: str, players: int, seed: int, board: str = "russian",
                 module: str = "") -> None:
        super().__init__()
        self.db = db
        self.title = UltimateTitle(DATA)
        self.pick = random.Random(seed)
        self.options: dict[str, str | bool] = {} if board == "russian" else {"board": board}
        if module:
            self.options[module] = True
        pairs = ",".join(f"{k}={str(v).lower()}" for k, v in self.options.items())
        typed = f" options:{pairs}" if pairs else ""
        self.lines = [f"anna /game new system:ultimate{typed}"]
        self.lines += [f"{name} /game join" for name in NAMES[1:players]]
        self.lines += ["anna /game start"]
        self.state: State | None = None
        self.names: list[str] = []
        self.kinds: set[str] = set()
        self.typed = 0

    def isatty(self) -> bool:
        return False

    async def _config(self) -> Config:
        async with connect_store(self.db) as store:
            game = await store.game_in_channel(LOCAL_CHANNEL)
            assert game is not None and game.seed is not None
            seats = await store.seats(game.id)
        return {"title": "ultimate", "map": None, "options": dict(self.options), "seed": game.seed,
                "players": [{"seat": s.seat, "name": s.name, "colour": s.colour}
                            for s in seats], "rules_version": game.rules_version or 1}

    def readline(self, size: int | None = -1) -> str:
        if self.lines:
            return self.lines.pop(0) + "\n"
        if self.state is None:
            config = asyncio.run(self._config())
            self.names = [p["name"] for p in config["players"]]
            self.state = new_game(self.title, config)
        t, state = self.title, self.state
        if t.is_over(state):
            return ""
        seat = t.to_act(state)[0]
        if self.typed % 97 == 5:
            self.typed += 1
            return f"{self.names[seat]} /game help\n"
        legal = t.legal(state, seat)
        places = [a for a in legal if a["type"] == "place"]
        picks = [a for a in legal if a["type"] == "pick"]
        trains = [a for a in places if a["space"] == "manufactory"]
        special = [a for a in picks if a["choice"] in ("idea-special", "boilerman")]
        if special:  # so a module game surely shows its special idea cards and boilermen
            action = special[0]
        elif picks:
            action = self.pick.choice(picks)
        elif trains and self.pick.random() < 0.5:  # so a module game surely shows its train
            action = trains[0]
        elif places and self.pick.random() < 0.88:
            action = self.pick.choice(places)
        else:
            action = self.pick.choice([a for a in legal if a["type"] in ("pass", "done")])
        options = {k: v for k, v in action.items() if k not in ("type", "seat")}
        typed = " ".join(f"{k}:{v}" for k, v in options.items())
        if action["type"] == "pass":  # passing for the round is confirmed, as its button is
            typed = "confirm:true"
        line = f"{self.names[seat]} /{action['type']} {typed}".rstrip()
        move = t.command_to_action(state, seat, action["type"], options)
        self.state = step(t, state, move).state
        self.kinds.add(action["type"])
        self.typed += 1
        return line + "\n"


@pytest.mark.parametrize(("players", "board", "module"), BOARDS)
def test_a_whole_game_typed_into_railbot_play(
    players: int, board: str, module: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    db = str(tmp_path / "ultimate.sqlite3")
    typed = TypedGame(db, players, seed=players + (10 if module else 0), board=board,
                      module=module)
    train = module == "manufactory_train"
    monkeypatch.setattr("sys.stdin", typed)
    seed = 40 + players + SEED_SHIFT.get((players, board, module), 0)
    assert main(["play", "--db", db, "--no-boards", "--seed", str(seed)]) == 0
    out = capsys.readouterr().out
    assert typed.state is not None and typed.state["finished"]
    t = typed.title
    refusals = [line for line in out.splitlines()
                if line.startswith("[to ") and "You can now" not in line and
                "Your end bonus card (secret" not in line and
                "Nothing to do" not in line]
    assert refusals == []
    # an end bonus card is taken face down: its words go to its owner alone until the end
    taken = out.count("takes an end bonus card and keeps it face down.")
    assert out.count("only] Your end bonus card (secret until the final scoring): ") == taken
    assert "takes the end bonus card:" not in out
    assert "You can now:" in out
    final = typed.state["final"]
    table = ", ".join(f"{p['name']} {p['score']}" for p in typed.state["players"])
    if players == 1:  # the solo game against Emil, whose moves show in the log like a player's
        assert "Emil blocks '" in out and "Emil takes the first turn." in out
        assert f"finishes the solo game with {final['scores'][0]} points" in out
    else:
        assert f"Game over. Final scores: {table}." in out
    assert typed.kinds >= {"place", "pick", "pass"}
    if train:  # the train was taken and moved on, its face-down tokens never named
        assert "on the train and takes all 3 actions" in out
        assert "The manufactory train moves on" in out
    if train and players > 1:
        assert "may take 1 of the manufactory train's actions" in out
    if module == "coal":  # coal was burnt for a boilerman
        assert "puts 2 coal on the boilerman space" in out
    if module == "special_ideas":  # a special idea card was taken
        assert "takes the special idea card" in out
    if module == "additional_engineers":  # one of them came into play, its action in words
        extra = [t.board.engineers[k]["text"] for k in t.board.engineers if k > 100]
        assert any(text in out for text in extra)
    if board == "german":  # its stations asked for route extensions, taken from the supply
        assert "must add a route extension of size" in out and "adds route extension" in out
    if board == "asian":  # factories were built over the shared industry board's
        assert "builds a #" in out and "over factory" in out
    if board == "american":  # stock increases, their dividends and the final stock points
        assert "stock price rises to level 1" in out and "receives the level 1 dividend" in out
        assert "stock price." in out and "blasts the boulder" in out
    assert main(["inspect", "--db", db]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["final"]["scores"] == final["scores"]
    assert view == json.loads(json.dumps(typed.title.view(typed.state, None)))
