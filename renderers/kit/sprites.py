"""Anti-aliased small images: draw big, shrink once, cache the result and paste it many times."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw


def supersampled(
    width: int, height: int, draw: Callable[[ImageDraw.ImageDraw, int], None], factor: int = 4
) -> Image.Image:
    """An RGBA image of ``width`` x ``height`` drawn by ``draw(d, factor)`` at ``factor`` times
    the size (the callback multiplies its own coordinates) and reduced with a box filter."""
    big = Image.new("RGBA", (width * factor, height * factor), (0, 0, 0, 0))
    draw(ImageDraw.Draw(big), factor)
    return big.reduce(factor)
