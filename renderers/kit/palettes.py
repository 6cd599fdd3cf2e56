"""The palettes of the pictures posted lately, kept so that the next picture of the same size
can be mapped to one of them.

Mapping a picture to a palette is cheap once Pillow knows the nearest palette colour of each
small cube of colours it meets, and Pillow keeps that knowledge with the palette. Finding it is
most of the cost of mapping a big board to a palette just picked: two thirds of the 40 ms a
Transcontinental board takes. Successive pictures of a game look much alike, so the palette of
the last picture of the same size, still knowing its cubes, serves the next one as well as a
palette picked afresh would; it is checked on the new picture's sample first, and a picture it
serves less well gets a palette of its own (which is then kept instead).

A palette is kept for pictures of one size, or for every picture naming the same
:data:`SHARED` key in its ``info``: the whole-board pictures of one map (the board alone, or
under a header, whatever the panel's height) share one palette, which then knows its colour
cubes when a picture of a new height comes, and one set of bands (kit.bands matches them by
their pixels wherever they are)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass, field
from threading import Lock

from PIL import Image, ImageChops

from renderers.kit.bands import Bands

KEPT = 8
"""Palettes kept (half a MiB each with the colour cubes Pillow fills in): the boards of a few
maps, and the big pictures of other sizes, at once."""

SHARED = "palette_for"
"""The key in a picture's ``info`` naming the pictures that share its palette and bands (the
board pictures of one map); a picture without it shares them with the pictures of its size."""

ROOM = "palette_room"
"""The key in a picture's ``info`` of a function giving the sample of colours that the pictures
sharing its palette show and it may not (a header over a board): a palette picked for the
picture is picked from its board's sample and that one, so that it serves them all (see
kit.png)."""

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


def key_of(img: Image.Image) -> Hashable:
    """Which kept palette ``img`` may use: the one its ``info`` names, else that of its size."""
    shared = img.info.get(SHARED)
    return shared if isinstance(shared, Hashable) and shared is not None else img.size


Size = tuple[int, int]


@dataclass
class Kept:
    """A palette picture with, for each size of picture it serves, how well a palette picked
    for such a picture served that picture's sample (what it must do about as well), and the
    bands of the last picture mapped to it; its lock keeps two threads from filling in Pillow's
    cubes of the same palette, or its bands, at once."""

    palette: Image.Image
    own: dict[Size, tuple[float, float]]
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
    """The palettes of the last :data:`KEPT` keys (see :func:`key_of`), the latest used last (a
    lock: pictures are encoded in worker threads)."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self._items: OrderedDict[Hashable, Kept] = OrderedDict()
        self._lock = Lock()

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def latest(self, key: Hashable) -> Kept | None:
        """The palette kept for pictures of ``key`` (see :func:`key_of`), if any."""
        with self._lock:
            return self._items.get(key)

    def suited(self, key: Hashable, sample: Image.Image, size: Size) -> Kept | None:
        """The palette kept for pictures of ``key`` if it serves ``sample`` (that of a new
        picture of ``size``) about as well as a palette picked for a picture of that size did,
        else None (also for a size it has not served yet: see :meth:`keep`)."""
        with self._lock:
            kept = self._items.get(key)
            if kept is None or size not in kept.own:
                return None
            self._items.move_to_end(key)
        return kept if self._serves(kept, sample, kept.own[size]) else None

    def keep(self, key: Hashable, sample: Image.Image, palette: Image.Image, size: Size) -> Kept:
        """The palette for a picture of ``size`` whose sample is ``sample``, given ``palette``
        just picked for it: the one kept for ``key`` if it serves this first picture of its
        size about as well as ``palette`` (it has served pictures of other sizes: the board of
        a map alone, then under a header), else ``palette``, kept instead."""
        own = errors(sample, palette)
        with self._lock:
            kept = self._items.get(key)
        if kept is not None and size not in kept.own and self._serves(kept, sample, own):
            with self._lock:
                kept.own[size] = own
                self._items[key] = kept
                self._items.move_to_end(key)
            return kept
        kept = Kept(palette, {size: own})
        with self._lock:
            self._items[key] = kept
            self._items.move_to_end(key)
            while len(self._items) > self.kept:
                self._items.popitem(last=False)
        return kept

    @staticmethod
    def _serves(kept: Kept, sample: Image.Image, own: tuple[float, float]) -> bool:
        """Whether ``kept`` serves ``sample`` about as well as errors ``own``: a mean error no
        more than :data:`MEAN_SLACK` larger, a share far off no more than :data:`FAR_SLACK`."""
        with kept.lock:
            mean, far = errors(sample, kept.palette)
        return mean <= own[0] + MEAN_SLACK and far <= own[1] + FAR_SLACK


PALETTES = Palettes()
