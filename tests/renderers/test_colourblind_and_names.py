"""Boards that carry nothing by colour alone, and names that fit their panels: with the
colourblind view flag Railways of the World and Ultimate Railroads write colour letters and
names, and draw a pattern per player's track; long and computer names stay inside their
columns. (New England: tests/newengland/test_ne_board_key.py.)"""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw
from text_spy import spy_text

import maps
from renderers.kit.access import name_lines, short_name
from renderers.kit.patterns import PATTERNS, draw_pattern
from renderers.kit.text import text_width
from renderers.rotw import compose, frame_for, panel, panelpen
from renderers.rotw.demo import late_game_view, opening_view
from renderers.rotw.trackstyle import ALWAYS, PATTERN

LONG = ["Stephenson (computer)", "Brunel (computer)", "Maximilian Featherstonehaugh",
        "Vanderbilt (computer)", "Ada", "Harriman (computer)"]


def _long_names(view: dict[str, Any]) -> dict[str, Any]:
    for i, p in enumerate(view["players"]):
        p["name"] = LONG[i % len(LONG)]
    return view


def test_every_player_colour_has_its_own_pattern_and_black_keeps_one_always() -> None:
    assert len(set(PATTERN.values())) == len(PATTERN) == 6
    assert set(PATTERN.values()) <= set(PATTERNS)
    assert ALWAYS["black"] != "plain"  # black track must not look like the unfinished link


@pytest.mark.parametrize("pattern", [p for p in PATTERNS if p != "plain"])
def test_each_pattern_leaves_marks_on_a_track_core(pattern: str) -> None:
    img = Image.new("RGB", (120, 30), (200, 40, 40))
    before = img.copy()
    draw_pattern(ImageDraw.Draw(img), [(5.0, 15.0), (115.0, 15.0)], pattern, (200, 40, 40), 10)
    assert ImageChops.difference(img, before).getbbox() is not None


def test_rotw_colourblind_board_differs_only_by_letters_and_patterns() -> None:
    board = maps.load("eastern-us")
    plain = late_game_view(board, 6)
    blind = {**plain, "colourblind": True}
    a, b = compose(plain, board), compose(blind, board)
    assert a.size == b.size
    # A city with goods: its cubes carry letters (pixels change inside the cube tray).
    city = next(c for c in plain["cities"] if c["cubes"])
    cx, cy = frame_for(board).layout.centre(board.cities[city["name"]].hex)
    box = (round(cx - 24), round(cy - 24), round(cx + 24), round(cy + 28))
    assert ImageChops.difference(a.crop(box), b.crop(box)).getbbox() is not None
    # The key names the letters only on the colour-blind board.
    key = (a.width - 620, a.height // 2, a.width, a.height)
    assert ImageChops.difference(a.crop(key), b.crop(key)).getbbox() is not None


def test_rotw_letter_key_lists_every_cube_colour() -> None:
    from engine.rotw.mapdef import CUBE_COLOURS
    from renderers.kit.access import letter

    for colour in CUBE_COLOURS:
        assert f"{letter(colour)} {colour}" in panel.LETTER_KEY


def test_short_names_and_two_line_names_fit_their_width() -> None:
    assert short_name("Brunel (computer)") == "Brunel (bot)"
    for name in LONG:
        first, _ = name_lines(name, 25, 150, "bold")
        assert text_width(first, 25, "bold") <= 150
    assert name_lines("Stephenson (computer)", 25, 150, "bold") == ("Stephenson", "(bot)")
    assert name_lines("Ada", 25, 150, "bold") == ("Ada", "")


def test_rotw_player_table_names_stay_left_of_the_cash_column(monkeypatch: pytest.MonkeyPatch,
                                                               ) -> None:
    """Every name the player table writes ends before the widest cash figure begins."""
    board = maps.load("eastern-us")
    view = _long_names(late_game_view(board, 6))
    written = spy_text(monkeypatch, panelpen)  # the pen the panel writes with
    compose(view, board)
    x0 = 24  # the panel is drawn on a strip of its own, then pasted beside the map
    cash_right = x0 + panel.COLUMNS[0][1]
    cash = {short_name(p["name"]): panel.money(p["money"]) for p in view["players"]}
    names = [w for w in written if w[2] == 25 and w[0] == x0 + 40]
    assert len(names) == 6
    for x, text, size, weight in names:  # each ends before its own row's cash figure
        figure = next(v for k, v in cash.items() if k.startswith(text.rstrip("…")))
        right = cash_right - text_width(figure, 24, "semibold")
        assert x + text_width(text, size, weight) <= right, text
    assert {"Stephenson", "Brunel", "Maximilian"} <= {t for _, t, _, _ in names}


def test_no_bid_yet_replaces_a_zero_bid_by_nobody(monkeypatch: pytest.MonkeyPatch) -> None:
    board = maps.load("eastern-us")
    view = opening_view(board, 4)
    view.update(phase="auction", auction={"high_seat": None, "high_bid": 0, "passed": []})
    lines: list[str] = []
    real = panelpen.fit_text
    monkeypatch.setattr(panelpen, "fit_text",
                        lambda t, *a, **k: lines.append(t) or real(t, *a, **k))
    compose(view, board)
    assert "No bid yet" in lines
    assert not any("nobody" in t for t in lines)


def test_ultimate_colourblind_names_each_board_colour() -> None:
    from renderers.ultimate import playerboard

    view = {"seat": 0, "colour": "red", "passed": False}
    game = {"final": None, "to_act": [1], "phase": "actions", "colourblind": True}
    assert playerboard._tags(game, view) == ["RED"]
    assert playerboard._tags({**game, "colourblind": False}, view) == []


def test_black_track_carries_a_light_centre_line_in_every_game() -> None:
    """Sampled on the middle of each plain black tile near a side: mostly light, where any other
    owner's track is its own colour there."""
    from engine.core.hexgrid import hex_from_label

    board = maps.load("eastern-us")
    view = late_game_view(board, 6)
    img = compose(view, board)
    layout = frame_for(board).layout
    black = {p["seat"] for p in view["players"] if p["colour"] == "black"}
    light = total = 0
    for link in view["links"]:
        if link["owner"] not in black or not link["complete"]:
            continue
        for tile in link["tiles"]:
            if tile["crossing"]:
                continue
            x, y = layout.side_mid(hex_from_label(tile["hex"]), tile["sides"][0], reach=0.8)
            pixel = img.getpixel((round(x), round(y)))
            assert isinstance(pixel, tuple)
            total += 1
            light += sum(pixel[:3]) > 3 * 150
    assert total >= 5 and light / total > 0.7


def test_a_numbered_score_chart_marks_the_line_ends() -> None:
    from renderers.kit.chart import RIGHT, WIDTH, Line, score_chart

    lines = [Line(name, colour, [0, 5 * i, 9 * i + 3])
             for i, (name, colour) in enumerate(zip(LONG[:4], [(200, 40, 40), (30, 90, 220),
                                                             (20, 20, 20), (240, 200, 0)],
                                                    strict=True))]
    plain = score_chart("scores", lines, [(0, "Turn 1")])
    numbered = score_chart("scores", lines, [(0, "Turn 1")], numbered=True)
    plot = (0, 0, WIDTH - RIGHT + 12, plain.height)
    assert ImageChops.difference(plain.crop(plot), numbered.crop(plot)).getbbox() is not None
