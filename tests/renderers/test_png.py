"""The posted PNG writer: a palette picture comes back from the file pixel for pixel."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageDraw

from renderers.kit.png import encode_posted, palette_png


def stripes(width: int, height: int) -> Image.Image:
    """A palette picture using every one of its 256 colours, rows unlike each other."""
    img = Image.new("P", (width, height))
    img.putpalette([v for i in range(256) for v in (i, 255 - i, (i * 7) % 256)])
    img.putdata([(x * 3 + y * 5 + x * y) % 256 for y in range(height) for x in range(width)])
    return img


@pytest.mark.parametrize("size", [(1, 1), (7, 3), (301, 97)])
def test_a_palette_picture_comes_back_exactly(size: tuple[int, int]) -> None:
    img = stripes(*size)
    back = Image.open(io.BytesIO(palette_png(img)))
    back.load()
    assert back.mode == "P" and back.size == img.size
    assert back.tobytes() == img.tobytes()
    assert ImageChops.difference(back.convert("RGB"), img.convert("RGB")).getbbox() is None


def test_a_picture_with_few_colours_keeps_them_all() -> None:
    img = Image.new("RGB", (240, 160), (250, 245, 230))
    d = ImageDraw.Draw(img)
    d.rectangle((20, 20, 120, 90), fill=(200, 30, 40))
    d.line((0, 150, 239, 10), fill=(20, 60, 200), width=5)
    back = Image.open(io.BytesIO(encode_posted(img)))
    assert back.mode == "P"
    assert ImageChops.difference(back.convert("RGB"), img).getbbox() is None


def test_only_a_palette_picture_is_written_as_one() -> None:
    with pytest.raises(ValueError, match="palette picture"):
        palette_png(Image.new("RGB", (4, 4)))
