"""The shared drawing kit: hex geometry, colours, text fitting, cached text."""

from __future__ import annotations

import math

from PIL import Image

from engine.core.hexgrid import DIRECTIONS, from_offset
from renderers.kit import HexLayout, contrast, fit_text, mix, put_text, rgb, text_width


def test_hex_centres_follow_odd_r_rows() -> None:
    lay = HexLayout(10.0, 100.0, 50.0)
    a0 = lay.centre(from_offset(0, 0))
    b0 = lay.centre(from_offset(1, 0))
    a1 = lay.centre(from_offset(0, 1))
    assert a0 == (100.0, 50.0)
    assert math.isclose(a1[0] - a0[0], math.sqrt(3) * 10)
    assert math.isclose(b0[0] - a0[0], math.sqrt(3) * 5)  # odd rows shifted half a hex right
    assert math.isclose(b0[1] - a0[1], 15.0)


def test_pixel_to_hex_round_trip() -> None:
    lay = HexLayout(17.0, 40.0, 30.0)
    for row in range(0, 12):
        for col in range(0, 12):
            h = from_offset(row, col)
            x, y = lay.centre(h)
            assert lay.hex_at(x, y) == h
            for d in DIRECTIONS:  # just inside each side
                mx, my = lay.side_mid(h, d, reach=0.9)
                assert lay.hex_at(mx, my) == h
                nx, ny = lay.side_mid(h, d, reach=1.1)
                assert lay.hex_at(nx, ny) == h.neighbour(d)


def test_side_ends_are_shared_corners() -> None:
    lay = HexLayout(20.0, 0.0, 0.0)
    h = from_offset(3, 4)
    for d in DIRECTIONS:
        other = h.neighbour(d)
        back = other.direction_to(h)
        assert back is not None
        mine = sorted((round(x, 6), round(y, 6)) for x, y in lay.side_ends(h, d))
        theirs = sorted((round(x, 6), round(y, 6)) for x, y in lay.side_ends(other, back))
        assert mine == theirs


def test_colours() -> None:
    assert rgb("#ff8000") == (255, 128, 0)
    assert mix((0, 0, 0), (200, 100, 50), 0.5) == (100, 50, 25)
    assert contrast(rgb("#f7c600")) == (17, 17, 17)
    assert contrast(rgb("#1d1d1d")) == (255, 255, 255)


def test_fit_text_cuts_with_ellipsis() -> None:
    long = "Washington D.C. and a great many other places"
    cut = fit_text(long, 20, 120)
    assert cut.endswith("…") and len(cut) < len(long)
    assert text_width(cut, 20) <= 120
    assert fit_text("Erie", 20, 120) == "Erie"


def test_put_text_draws_ink_where_anchored() -> None:
    img = Image.new("RGB", (200, 60), (255, 255, 255))
    width = put_text(img, (100, 30), "Boston", 24, (0, 0, 0), weight="bold")
    box = Image.eval(img.convert("L"), lambda v: 255 - v).getbbox()
    assert box is not None
    assert abs((box[0] + box[2]) / 2 - 100) <= 2 and abs((box[1] + box[3]) / 2 - 30) <= 3
    assert abs((box[2] - box[0]) - width) <= 3
