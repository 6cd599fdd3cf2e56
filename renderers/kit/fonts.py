"""TrueType fonts from the pinned ``font-source-sans-pro`` package (SIL Open Font License).

Text never falls back to Pillow's bitmap font: a missing font file is an error, so that every
machine draws the same images.
"""

from __future__ import annotations

from functools import lru_cache
from importlib.resources import files
from typing import Literal

from PIL import ImageFont

Weight = Literal["regular", "semibold", "bold", "black"]

_FILES: dict[Weight, str] = {
    "regular": "SourceSansPro-Regular.ttf",
    "semibold": "SourceSansPro-Semibold.ttf",
    "bold": "SourceSansPro-Bold.ttf",
    "black": "SourceSansPro-Black.ttf",
}


@lru_cache(maxsize=8)
def _font_bytes(weight: Weight) -> bytes:
    try:
        path = files("font_source_sans_pro") / "files" / _FILES[weight]
        return path.read_bytes()
    except (ModuleNotFoundError, FileNotFoundError) as exc:
        raise RuntimeError(
            "The board font is missing: install the 'font-source-sans-pro' package "
            "(it is listed in pyproject.toml)."
        ) from exc


@lru_cache(maxsize=128)
def font(size: int, weight: Weight = "regular") -> ImageFont.FreeTypeFont:
    """The sans-serif face at ``size`` pixels (em height)."""
    from io import BytesIO

    return ImageFont.truetype(BytesIO(_font_bytes(weight)), max(6, size))
