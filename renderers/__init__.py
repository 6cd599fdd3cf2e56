"""Board images: one renderer per title, chosen by title id."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def render(
    title: str, view: Mapping[str, Any], board: object | None, *, zoom: str | None = None
) -> bytes | None:
    """PNG bytes of the public view, or None for a title that has no board picture yet."""
    return None
