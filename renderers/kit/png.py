"""Board pictures as PNG bytes, the form posted after every move."""

from __future__ import annotations

import io

from PIL import Image

PNG_LEVEL = 1
"""zlib level: flat board colours compress well even at the fastest level."""


def encode(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=PNG_LEVEL)
    return buf.getvalue()
