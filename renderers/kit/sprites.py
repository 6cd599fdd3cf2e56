"""A bounded cache of drawn pieces of a picture, keyed by what they show.

Between two moves of a game only a few pieces of its picture change (the action space just
taken, one route); a piece whose data is unchanged is pasted from here instead of drawn again.
Renders run in worker threads, so the cache takes a lock; pieces are never drawn on once stored.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

from PIL import Image

from renderers.kit.colours import RGB


def key_of(*parts: Any) -> str:
    """A cache key for plain JSON-like data (dicts, lists, numbers, strings)."""
    return json.dumps(parts, sort_keys=True, separators=(",", ":"))


class SpriteCache:
    """Least recently used pieces, up to ``budget`` pixels in all."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.used = 0
        self._items: OrderedDict[Hashable, Image.Image] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable, size: tuple[int, int], background: RGB,
            draw: Callable[[Image.Image], None]) -> Image.Image:
        """The piece stored under ``key``, or a new ``size`` image filled with ``background``
        that ``draw`` paints and that is then stored."""
        with self._lock:
            img = self._items.get(key)
            if img is not None:
                self._items.move_to_end(key)
                self.hits += 1
                return img
            self.misses += 1
        img = Image.new("RGB", size, background)
        draw(img)
        area = size[0] * size[1]
        with self._lock:
            if key not in self._items:
                self._items[key] = img
                self.used += area
            while self.used > self.budget and len(self._items) > 1:
                _, old = self._items.popitem(last=False)
                self.used -= old.width * old.height
        return img

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.used = 0
            self.hits = self.misses = 0
