"""The palettes of the pictures posted lately, kept so that the next picture of the same size
can be mapped to one of them.

Mapping a picture to a palette is cheap once Pillow knows the nearest palette colour of each
small cube of colours it meets, and Pillow keeps that knowledge with the palette. Finding it is
most of the cost of mapping a big board to a palette just picked: two thirds of the 40 ms a
Transcontinental board takes. Successive pictures of a game look much alike, so the palette of
the last picture of the same size, still knowing its cubes, serves the next one as well as a
palette picked afresh would; it is checked on the new picture's sample first, and a picture it
serves less well gets a palette of its own (which is then kept instead)."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from threading import Lock

from PIL import Image, ImageChops

from renderers.kit.bands import Bands

KEPT = 8
"""Palettes kept (half a MiB each with the colour cubes Pillow fills in): the board, the board
under a header and the focus picture of a few games at once."""

MEAN_SLACK = 0.1
"""How much larger a kept palette's mean error (of 255, over the sample) may be than it was on
the picture it was picked for: the eye sees no change under several steps."""

MAX_SLACK = 8
"""How much larger its largest error on the sample may be: enough for the anti-aliased shades
of a picture alike, too little for a colour the palette lacks (a new player's track misses by
30 steps and more)."""


@dataclass
class Kept:
    """A palette picture with how well it served its own picture's sample, and the bands of the
    last picture mapped to it; its lock keeps two threads from filling in Pillow's cubes of the
    same palette, or its bands, at once."""

    palette: Image.Image
    mean: float
    largest: int
    bands: Bands = field(default_factory=Bands)
    lock: Lock = field(default_factory=Lock)


def errors(sample: Image.Image, palette: Image.Image) -> tuple[float, int]:
    """The mean (over pixels and channels) and largest error of ``sample`` mapped to
    ``palette``."""
    back = sample.quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB")
    counts = ImageChops.difference(sample, back).histogram()  # 256 levels of each channel
    total = sum(step % 256 * n for step, n in enumerate(counts))
    largest = max((step % 256 for step, n in enumerate(counts) if n), default=0)
    return total / max(1, 3 * sample.width * sample.height), largest


class Palettes:
    """The palettes of the last :data:`KEPT` picture sizes, the latest used last (a lock:
    pictures are encoded in worker threads)."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self._items: OrderedDict[tuple[int, int], Kept] = OrderedDict()
        self._lock = Lock()

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def latest(self, size: tuple[int, int]) -> Kept | None:
        """The palette kept for pictures of ``size``, if any."""
        with self._lock:
            return self._items.get(size)

    def suited(self, size: tuple[int, int], sample: Image.Image) -> Kept | None:
        """The palette kept for pictures of ``size`` if it serves ``sample`` (the new picture's)
        about as well as its own, else None."""
        with self._lock:
            kept = self._items.get(size)
            if kept is None:
                return None
            self._items.move_to_end(size)
        with kept.lock:
            mean, largest = errors(sample, kept.palette)
        if mean <= kept.mean + MEAN_SLACK and largest <= kept.largest + MAX_SLACK:
            return kept
        return None

    def keep(self, size: tuple[int, int], sample: Image.Image, palette: Image.Image) -> Kept:
        """Keep ``palette``, just picked from ``sample``, for pictures of ``size``."""
        kept = Kept(palette, *errors(sample, palette))
        with self._lock:
            self._items[size] = kept
            self._items.move_to_end(size)
            while len(self._items) > self.kept:
                self._items.popitem(last=False)
        return kept


PALETTES = Palettes()
