"""`railbot maps` lists every registered map with its player counts and house data."""

from __future__ import annotations

import pytest

from bot.app import default_registry
from bot.cli.main import main


def test_maps_lists_every_map_with_players_and_house_data(
    capsys: pytest.CaptureFixture[str],
) -> None:
    registry = default_registry()
    assert main(["maps"], registry=registry) == 0
    out = capsys.readouterr().out
    rotw = registry.get("rotw").meta
    assert len(rotw.maps) >= 7
    for m in rotw.maps:
        line = f"rotw {m.id}: {m.name}, {m.min_players}-{m.max_players} players"
        assert line in out
        for part in m.house_data:
            assert part in out
    assert "rotw nippon: Nippon, 2-4 players" in out
    assert "rotw mexico: Mexico, 2-4 players" in out
    assert "rotw england-wales: England and Wales, 2-5 players" in out
    assert "all ten Rail Baron cards" in out and "barriers (the Humber" in out
    assert "house data:" in out


def test_maps_lists_each_ultimate_board_with_its_own_house_data(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["maps"], registry=default_registry()) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "ultimate: Ultimate Railroads, 1-4 players" in lines
    russian = next(line for line in lines if line.startswith("  board=russian: house data: "))
    german = next(line for line in lines if line.startswith("  board=german: house data: "))
    assert "Trans-Siberian space 4 (worker)" in russian and "Munich" not in russian
    assert "route extensions' special spaces" in german and "Trans-Siberian" not in german
    assert "income tiles: 1 wood step and industry +1" in german
    # A module names the house data it adds, and nothing of the boards again.
    train = next(line for line in lines if line.startswith("  manufactory_train=true: "))
    assert "manufactory tokens 1 doubler" in train and "Trans-Siberian" not in train
    coal = next(line for line in lines if line.startswith("  coal=true: "))
    assert "foundries 2 wood steps and 1 coin" in coal and "the coal idea token" in coal
    assert "the coal engineer (#5 A: 2 coal and 1 step of any track)" in coal
    extra = next(line for line in lines if line.startswith("  additional_engineers=true: "))
    assert "#4 A" in extra and "#13 B" in extra
    special = next(line for line in lines if line.startswith("  special_ideas=true: "))
    assert "the fifth card (3 steps of any track)" in special
    asian = next(line for line in lines if line.startswith("  board=asian: house data: "))
    assert "Tokyo-Osaka route upgrade length" in asian and "Munich" not in asian
    assert "industry board points, factory spaces per side" in asian


def test_maps_lists_railways_through_time_with_its_house_data(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["maps"], registry=default_registry()) == 0
    lines = capsys.readouterr().out.splitlines()
    at = lines.index("rotw through-time: Railways through Time, 2-6 players")
    house = lines[at + 1]
    assert house.startswith("  house data: the eight time period boards")
    assert "Time Line points chart" in house
    # The rulebook's chapter gives the Empty City Markers that end the game: not house data.
    assert "Empty City Markers" not in house
