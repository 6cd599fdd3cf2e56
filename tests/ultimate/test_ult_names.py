"""Long and computer players' names on the Ultimate Railroads picture: shortened to "(bot)" and
kept inside the room each place gives them (the score track's name column, the header's turn
order, the player board's band)."""

from __future__ import annotations

import pytest
from text_spy import spy_text
from ult_helpers import config, title

from engine.core import new_game
from renderers.kit.text import text_width
from renderers.ultimate import compose, mainboard, playerboard, scoretrack
from renderers.ultimate.pieces import SPRITES

LONG = ["Stephenson (computer)", "Brunel (computer)", "Maximilian Featherstonehaugh",
        "Vanderbilt (computer)"]


def test_names_are_short_and_fit(monkeypatch: pytest.MonkeyPatch) -> None:
    t = title()
    cfg = config(4, 3)
    for p, name in zip(cfg["players"], LONG, strict=True):
        p["name"] = name
    view = t.view(new_game(t, cfg), None)
    SPRITES.clear()  # drawn afresh, so that every name passes the spies
    lanes = spy_text(monkeypatch, scoretrack)
    header = spy_text(monkeypatch, mainboard)
    bands = spy_text(monkeypatch, playerboard)
    compose(view)
    SPRITES.clear()
    lane_names = [w for w in lanes if w[2] == 17 and w[3] == "semibold"]
    assert {t for _, t, _, _ in lane_names} >= {"Stephenson (bot)", "Brunel (bot)"}
    for _, text, size, weight in lane_names:
        assert text_width(text, size, weight) <= scoretrack.NAME_W - 16
    order = [w for w in header if w[2] == 15 and w[3] == "regular"
             and any(n.split(" ")[0] in w[1] for n in LONG)]
    assert order and all(text_width(t, s, w) <= 130 for _, t, s, w in order)
    heads = [w for w in bands if w[3] == "black" and w[2] >= 24
             and not w[1].endswith("pts")]
    assert len(heads) == 4
    assert "Brunel (bot)" in {t for _, t, _, _ in heads}
    for _, text, size, weight in heads:
        assert text_width(text, size, weight) <= playerboard.NAME_MAX
