"""A text sprite made from the font's own rendering is the sprite ImageDraw draws, pixel for
pixel, and sits where it did."""

from __future__ import annotations

import inspect
import math
from typing import get_args

import pytest
from PIL import Image, ImageDraw

from renderers.kit.fonts import Weight, font
from renderers.kit.text import Anchor, _text_sprite, put_text

TEXTS = ["Alice built track from Monterrey to Saltillo for $4,000", "#57 of 120", "·", "…",
         "Scores: Alice 12 · Bob 9", "Tampico", "g", "W", ".", " ", "a b", "Ñuñoa (2)"]


def _drawn(text: str, size: int, weight: Weight, fill: tuple[int, int, int],
           anchor: Anchor) -> tuple[Image.Image, int, int]:
    """The sprite as ImageDraw draws it: measured, then drawn a pixel in from its ink box."""
    fnt = font(size, weight)
    left, top, right, bottom = fnt.getbbox(text, anchor=anchor)
    left, top = math.floor(left) - 1, math.floor(top) - 1
    w, h = math.ceil(right) - left + 2, math.ceil(bottom) - top + 2
    img = Image.new("RGBA", (max(1, w), max(1, h)), (*fill, 0))
    ImageDraw.Draw(img).text((-left, -top), text, font=fnt, fill=fill, anchor=anchor)
    return img, left, top


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("size,weight,anchor", [(26, "bold", "lt"), (22, "semibold", "lt"),
                                                (9, "regular", "mm"), (37, "black", "ls"),
                                                (6, "bold", "rb"), (14, "regular", "ms")])
def test_a_sprite_is_the_text_imagedraw_draws(text: str, size: int, weight: Weight,
                                             anchor: Anchor) -> None:
    assert weight in get_args(Weight)
    fill = (250, 245, 235)
    raw = inspect.unwrap(_text_sprite)  # drawn anew, not taken from the cache
    got = raw(text, size, weight, fill, anchor, None, 0)
    want = _drawn(text, size, weight, fill, anchor)
    assert got[1:] == want[1:]
    assert got[0].size == want[0].size
    assert got[0].tobytes() == want[0].tobytes()


def test_put_text_pastes_the_text_where_imagedraw_draws_it() -> None:
    fnt = font(20, "bold")
    anchors: tuple[Anchor, ...] = ("lt", "mm", "rs")
    for anchor in anchors:
        expected = Image.new("RGB", (300, 60), (40, 36, 32))
        ImageDraw.Draw(expected).text((150, 30), "Monterrey · 12", font=fnt, fill=(250, 245, 235),
                                      anchor=anchor)
        got = Image.new("RGB", (300, 60), (40, 36, 32))
        put_text(got, (150, 30), "Monterrey · 12", 20, (250, 245, 235), weight="bold",
                 anchor=anchor)
        assert got.tobytes() == expected.tobytes()
