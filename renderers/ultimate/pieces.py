"""Pieces of the picture drawn once and pasted again while what they show is unchanged."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PIL import Image, ImageDraw

from renderers.kit.colours import RGB
from renderers.kit.sprites import SpriteCache, key_of

SPRITES = SpriteCache(budget=12_000_000)
"""About 36 MB of pieces: several games' worth of action spaces, routes and headers."""

Painter = Callable[[Image.Image, ImageDraw.ImageDraw], None]


def piece(img: Image.Image, x: int, y: int, w: int, h: int, background: RGB, key: tuple[Any, ...],
          paint: Painter) -> None:
    """Paste the ``w`` x ``h`` piece showing ``key`` at ``(x, y)``; ``paint`` draws it (at its
    own origin) when it is not cached."""

    def draw(sprite: Image.Image) -> None:
        paint(sprite, ImageDraw.Draw(sprite))

    img.paste(SPRITES.get(key_of(*key), (w, h), background, draw), (x, y))
