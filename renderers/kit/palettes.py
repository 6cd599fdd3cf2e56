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

FAR = 32
"""An error of more steps than this is a colour the palette lacks, not a shade it rounds: a new
player's track or a new marker colour misses by more; the anti-aliased edge shades a palette
serves worst miss by 20-40, a few pixels of them."""

FAR_SLACK = 0.00002
"""How much larger a share of the sample's channel values may be off by more than :data:`FAR`
with a kept palette than with its own picture: a few odd edge pixels (on a Transcontinental
board's sample, 8 values), far fewer than the smallest piece in a new colour."""


@dataclass
class Kept:
    """A palette picture with how well it served its own picture's sample, and the bands of the
    last picture mapped to it; its lock keeps two threads from filling in Pillow's cubes of the
    same palette, or its bands, at once."""

    palette: Image.Image
    mean: float
    far: float
    bands: Bands = field(default_factory=Bands)
    lock: Lock = field(default_factory=Lock)


def errors(sample: Image.Image, palette: Image.Image) -> tuple[float, float]:
    """The mean error of ``sample`` mapped to ``palette`` (over pixels and channels) and the
    share of its channel values off by more than :data:`FAR` steps."""
    back = sample.quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB")
    counts = ImageChops.difference(sample, back).histogram()  # 256 levels of each channel
    values = max(1, 3 * sample.width * sample.height)
    total = sum(step % 256 * n for step, n in enumerate(counts))
    far = sum(n for step, n in enumerate(counts) if step % 256 > FAR)
    return total / values, far / values


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
            mean, far = errors(sample, kept.palette)
        if mean <= kept.mean + MEAN_SLACK and far <= kept.far + FAR_SLACK:
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
