"""Board pictures as PNG bytes, the form posted after every move.

A board has few colours (flat fills, a few thousand anti-aliased edge shades), so the picture
posted after a move is sent as a 256-colour palette PNG (:func:`encode_posted`): under half the
bytes of a true-colour one and two to three times faster to encode, with no difference a player
can see (mean error under 1 of 255, none above 30; see bench/encoding.py). :func:`encode` keeps
every pixel exact (charts, and the pictures whose colours are checked). The palette is chosen
from a sparse sample of the picture's own pixels: an octree picks it from a ninth of them, then
every pixel is mapped to a palette colour near it, which errs less than the octree's mapping.
"""

from __future__ import annotations

import io

from PIL import Image

PNG_LEVEL = 1
"""zlib level: flat board colours compress well even at the fastest level."""

SAMPLE_STRIDE = 3
"""Every how many pixels across and down the palette is sampled (2-4 measure alike; 3 is cheap
and still catches each player's colour, drawn in pieces many pixels wide)."""


def palette_of(img: Image.Image) -> Image.Image:
    """The 256-colour palette image for ``img`` (RGB), picked from a sample of its pixels."""
    sample = img.resize((max(1, img.width // SAMPLE_STRIDE), max(1, img.height // SAMPLE_STRIDE)),
                        Image.Resampling.NEAREST)
    return sample.quantize(256, method=Image.Quantize.FASTOCTREE)


def encode_posted(img: Image.Image) -> bytes:
    """The picture as PNG bytes to post: a palette PNG for an RGB picture, exact otherwise.
    Pillow maps each pixel to a palette colour near it, not always the nearest (a cache of
    colour cubes), so even the palette's own colours may come out a few steps off."""
    if img.mode == "RGB":
        img = img.quantize(palette=palette_of(img), dither=Image.Dither.NONE)
    return encode(img)


def encode(img: Image.Image) -> bytes:
    """The picture as PNG bytes, every pixel as it is."""
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=PNG_LEVEL)
    return buf.getvalue()
