"""`railbot stats`: a server's results as CSV, and the rebuild from the stored games."""

from __future__ import annotations

import asyncio
import csv
from pathlib import Path

import pytest
from service_support import ALICE, BOB, CAROL, HERE, Clock, play_tiny, raw, tiny_board
from tinygame import TinyTitle

from bot.cli.main import main
from bot.service import GameService
from bot.storage import connect_store
from engine.core import Registry


def registry() -> Registry:
    reg = Registry()
    reg.register(TinyTitle())
    return reg


async def two_games(db: str) -> list[tuple[str, float, float, int]]:
    async with connect_store(db) as store:
        service = GameService(store, registry(), clock=Clock())
        clock = service._clock
        assert isinstance(clock, Clock)
        await play_tiny(service, clock, HERE, [ALICE, BOB], seed=3)
        await play_tiny(service, clock, HERE, [ALICE, BOB, CAROL], seed=4)
        before = [(r.player, r.mu, r.sigma, r.games) for r in await store.ratings(10)]
        await raw(store, "DELETE FROM results")
        await raw(store, "DELETE FROM ratings")
        return before


async def ratings(db: str) -> list[tuple[str, float, float, int]]:
    async with connect_store(db) as store:
        return [(r.player, r.mu, r.sigma, r.games) for r in await store.ratings(10)]


def test_rebuild_then_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "games.sqlite3")
    before = asyncio.run(two_games(db))
    assert main(["stats", "--db", db, "--rebuild"], registry=registry(), render=tiny_board) == 0
    assert "Rebuilt the results and ratings of 1 server." in capsys.readouterr().out
    assert asyncio.run(ratings(db)) == before
    out = tmp_path / "results.csv"
    code = main(["stats", "--db", db, "--guild", "10", "--out", str(out)], registry=registry())
    assert code == 0 and f"Wrote {out} (5 results)." in capsys.readouterr().out
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert [r["game"] for r in rows] == ["1", "1", "2", "2", "2"]
    assert {r["player"] for r in rows} == {str(u.id) for u in (ALICE, BOB, CAROL)}
    assert sum(r["place"] == "1" for r in rows) == 2 and {r["rated"] for r in rows} == {"yes"}


def test_bad_requests_say_what_is_missing(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "none.sqlite3")
    assert main(["stats", "--db", db, "--guild", "10"], registry=registry()) == 1
    assert "--guild and --out" in capsys.readouterr().err
    assert main(["stats", "--db", db, "--rebuild"], registry=registry()) == 1
    assert "there is no database" in capsys.readouterr().err
    assert not Path(db).exists()
