"""Drawn pieces kept for reuse, bounded by the bytes of their pixels rather than by their count.

A piece's size varies a lot with the hex size it is drawn at: a track piece is 18 KiB on a whole
board and 90 KiB in a focus picture, so a cache of 4,096 pieces could hold 370 MB after enough
games of many colours and places. Each cache here drops its least recently used pieces once it
holds more than its budget."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import wraps
from threading import Lock
from typing import ParamSpec, TypeVar

from PIL import Image

P = ParamSpec("P")
T = TypeVar("T")

MIB = 1 << 20


def pixel_bytes(piece: object) -> int:
    """The bytes Pillow holds for a piece: an image, or a tuple led by one (a sprite and its
    anchor). Pillow keeps 3- and 4-band pixels in 4 bytes."""
    img = piece[0] if isinstance(piece, tuple) and piece else piece
    if not isinstance(img, Image.Image):
        return 64
    bands = len(img.getbands())
    return img.width * img.height * (4 if bands >= 3 else bands)


class ByteCapped:
    """The results of one drawing function by its arguments, at most ``budget`` bytes."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.held = 0
        self._items: OrderedDict[Hashable, tuple[object, int]] = OrderedDict()
        self._lock = Lock()

    def get(self, key: Hashable) -> object | None:
        with self._lock:
            hit = self._items.get(key)
            if hit is None:
                return None
            self._items.move_to_end(key)
            return hit[0]

    def put(self, key: Hashable, value: object) -> None:
        size = pixel_bytes(value)
        with self._lock:
            if key in self._items:
                return
            self._items[key] = (value, size)
            self.held += size
            while self.held > self.budget and len(self._items) > 1:
                self.held -= self._items.popitem(last=False)[1][1]

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.held = 0


def kept(budget: int) -> Callable[[Callable[P, T]], Callable[P, T]]:
    """Decorate a pure drawing function so that its results are kept, ``budget`` bytes at most
    (its arguments must be hashable; keyword arguments count apart from positional ones)."""

    def wrap(draw: Callable[P, T]) -> Callable[P, T]:
        cache = ByteCapped(budget)

        @wraps(draw)
        def cached(*args: P.args, **kwargs: P.kwargs) -> T:
            key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
            hit = cache.get(key)
            if hit is not None:
                return hit  # type: ignore[return-value]  # put by this wrapper from draw's T
            value = draw(*args, **kwargs)
            cache.put(key, value)
            return value

        return cached

    return wrap
