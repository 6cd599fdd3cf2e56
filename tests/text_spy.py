"""Records the text a renderer module writes (position, text, size, weight) while still drawing
it: for tests that check where names end."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest
from PIL import Image

Written = tuple[float, str, int, str]


def spy_text(monkeypatch: pytest.MonkeyPatch, module: ModuleType) -> list[Written]:
    """Wrap ``module.put_text``; returns the list every later call is recorded in."""
    written: list[Written] = []
    real = module.put_text

    def spy(img: Image.Image, xy: tuple[float, float], text: str, size: int, *args: Any,
            **kw: Any) -> int:
        written.append((xy[0], text, size, kw.get("weight", "regular")))
        return int(real(img, xy, text, size, *args, **kw))

    monkeypatch.setattr(module, "put_text", spy)
    return written
