"""TrueType fonts from the pinned ``font-source-sans-pro`` package (SIL Open Font License).

Text never falls back to Pillow's bitmap font: a missing font file is an error, so that every
machine draws the same images.
"""

from __future__ import annotations

from functools import lru_cache
from importlib.resources import files
from pathlib import Path
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
def _font_source(weight: Weight) -> str | bytes:
    """The face's file path, or its bytes where the package is not unpacked on disk. A face
    opened from a path is read by FreeType as needed; one opened from bytes keeps a copy of
    the whole file (290 KB) for each size."""
    try:
        path = files("font_source_sans_pro") / "files" / _FILES[weight]
        if isinstance(path, Path) and path.is_file():
            return str(path)
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

    source = _font_source(weight)
    return ImageFont.truetype(source if isinstance(source, str) else BytesIO(source), max(6, size))
