"""Keeping a Rail Baron is a secret move: offered to its seat only, never on public buttons."""

import maps
from engine.core import new_game
from engine.rotw.title import RotwTitle


def test_baron_choices_are_secret_moves_and_nothing_else_is() -> None:
    title = RotwTitle(maps.load, maps.load_cards)
    config = {
        "title": "rotw",
        "map": "eastern-us",
        "options": {},
        "seed": 9, "rules_version": title.meta.rules_version,
        "players": [
            {"seat": i, "name": n, "colour": c}
            for i, (n, c) in enumerate([("a", "black"), ("b", "green")])
        ],
    }
    state = new_game(title, config)
    choices = title.legal(state, 0)
    assert choices and all(a["type"] == "choose_baron" for a in choices)
    assert all(title.is_secret_move(a) for a in choices)
    assert not title.is_secret_move({"type": "pass", "seat": 0})
    assert not title.is_secret_move({"type": "build", "seat": 0, "start": "Boston"})
