"""Pieces drawn on a premultiplied canvas and shrunk are the pieces an RGBA canvas gives, pixel
for pixel: drawn in opaque ink, each pixel of the big picture is clear black or opaque, which
is its own premultiplied form."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image, ImageDraw

from renderers.kit import supersample
from renderers.kit.patterns import PATTERNS
from renderers.rotw import layers, marks, minimarks, style, timewarp

DRAWN: list[tuple[str, Callable[..., Any], tuple[Any, ...]]] = [
    *[(f"track {size} {a}-{b} {colour} {pattern} dashed={dashed} bridge={bridge}",
       layers.track_sprite, (size, a, b, style.player_fill(colour), style.casing_for(colour),
                             dashed, bridge, pattern))
      for size, a, b, colour, dashed, bridge, pattern in [
          (72.0, "NE", "SW", "red", False, False, "plain"),
          (60.0, "E", "NW", "black", False, True, "centre line"),
          (50.0, "SE", "W", "yellow", True, False, "zigzag"),
          (42.0, "NE", "E", "blue", False, False, "dashes"),
          (35.0, "W", "SW", "purple", True, True, "dots"),
          (14.3, "E", "W", "green", False, False, "ties"),
      ]],
    *[(f"city {size} {colour}", layers.city_sprite, (size, colour, entry, rotor))
      for size, colour, entry, rotor in [
          (72.0, "red", frozenset({"NE", "W"}), None),
          (29.0, "gray", frozenset({"E", "SE", "SW"}), "blue"),
          (13.7, "yellow", frozenset(), None),
      ]],
    ("marker", layers.marker_sprite, (50.0, "green", "G")),
    ("marker, two letters", layers.marker_sprite, (13.0, "black", "Bk")),
    ("fuel depot", layers.depot_sprite, (60.0, "purple", 2)),
    ("trading depot", layers.trading_sprite, (42.0, "yellow")),
    *[(f"icon {kind}", marks.icon_sprite, (kind, 40.0)) for kind in marks.MARKS],
    ("mine", minimarks.mine_sprite, (50.0,)),
    ("hotel", minimarks.hotel_sprite, (35.0, "red")),
    ("switch track", minimarks.switch_sprite, (29.0, "blue")),
    ("time warp", timewarp.warp_sprite, (60.0, "Ma")),
]


def _pixels(piece: Any) -> tuple[str, tuple[int, int], bytes, tuple[Any, ...]]:
    img = piece[0] if isinstance(piece, tuple) else piece
    assert isinstance(img, Image.Image)
    rest = piece[1:] if isinstance(piece, tuple) else ()
    return img.mode, img.size, img.tobytes(), rest


@pytest.mark.parametrize("name,draw,args", DRAWN, ids=[d[0] for d in DRAWN])
def test_a_piece_is_the_one_an_rgba_canvas_gives(name: str, draw: Callable[..., Any],
                                                  args: tuple[Any, ...],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    raw = inspect.unwrap(draw)  # drawn anew, not taken from a cache
    quick = _pixels(raw(*args))
    monkeypatch.setattr(supersample, "CANVAS_MODE", "RGBA")
    slow = _pixels(raw(*args))
    assert quick[0] == "RGBA"
    assert quick == slow


def test_every_pattern_is_compared() -> None:
    drawn = {args[7] for name, _, args in DRAWN if name.startswith("track")}
    assert drawn == set(PATTERNS)


def test_partly_clear_ink_would_differ() -> None:
    # Why the canvas takes opaque ink only: half-clear ink is not its own premultiplied form.
    pictures = []
    for mode in ("RGBa", "RGBA"):
        big = Image.new(mode, (30, 30), (0, 0, 0, 0))
        ImageDraw.Draw(big).ellipse((3, 3, 26, 26), fill=(200, 40, 30, 128))
        small = big.reduce(3)
        pictures.append(small.convert("RGBA") if small.mode != "RGBA" else small)
    assert pictures[0].tobytes() != pictures[1].tobytes()
