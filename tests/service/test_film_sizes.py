"""An animated replay whose boards change size (the Transcontinental game's Western phase)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.film import animate


@pytest.mark.parametrize("fmt", ["webp", "gif"])
def test_frames_of_different_heights_make_one_animation(fmt: str) -> None:
    east = Image.new("RGB", (90, 80), (200, 0, 0))
    joined = Image.new("RGB", (90, 42), (0, 200, 0))
    frames = [(east, 800), (joined, 800), (east, 800)]
    with Image.open(io.BytesIO(animate(frames, fmt))) as film:
        assert film.size == (90, 80)
        assert film.n_frames == 3
        film.seek(1)
        top = film.convert("RGB").getpixel((10, 10))
        assert isinstance(top, tuple) and top[1] > 150 and top[0] < 60
