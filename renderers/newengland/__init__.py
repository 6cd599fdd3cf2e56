"""Board pictures for New England Railways."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from renderers.kit.png import encode
from renderers.newengland.board import draw_map
from renderers.newengland.focus import draw_last_move
from renderers.newengland.panel import draw_panel
from renderers.newengland.style import BACKGROUND, HEIGHT, WIDTH

__all__ = ["HEIGHT", "WIDTH", "compose", "render"]


def compose(view: Mapping[str, Any]) -> Image.Image:
    """The picture of a New England Railways public view."""
    img = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw_map(img, view, under=draw_last_move)
    draw_panel(img, view)
    return img


def render(view: Mapping[str, Any]) -> bytes:
    """PNG bytes of a New England Railways public view."""
    return encode(compose(view))
