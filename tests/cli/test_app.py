"""The shipped composition: both titles registered and every board drawn through one hook."""

from bot.app import default_registry, render_board
from engine.core import new_game


def config(title: str, map_id: str | None, n: int) -> dict:
    return {
        "title": title,
        "map": map_id,
        "options": {},
        "seed": 21,
        "players": [
            {"seat": i, "name": f"p{i}", "colour": c}
            for i, c in enumerate(["black", "green", "yellow", "purple"][:n])
        ],
    }


def test_shipped_titles() -> None:
    ids = sorted(t.meta.id for t in default_registry())
    assert ids == ["newengland", "rotw"]


def test_every_shipped_title_draws_its_board_at_setup() -> None:
    registry = default_registry()
    for title_id, map_id, n in (("rotw", "eastern-us", 3), ("newengland", None, 3)):
        title = registry.get(title_id)
        state = new_game(title, config(title_id, map_id, n))
        png = render_board(title_id, title.view(state, None), map_id, None)
        assert png is not None and png[:8] == b"\x89PNG\r\n\x1a\n"
        assert len(png) > 20_000
