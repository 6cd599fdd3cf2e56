"""`railbot maps` lists every registered map with its player counts and house data."""

from __future__ import annotations

import pytest

from bot.app import default_registry
from bot.cli import main


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
