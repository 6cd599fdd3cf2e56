"""How faithfully a replay's file shows the frames it was made from: each frame as a viewer
sees it at the end of its time on screen, compared pixel by pixel with the frame drawn.

A lossy film never shows a frame exactly; what it must not do is keep a trace of an earlier
frame (a line of text taken away that stays faintly visible), which shows as pixels far off
the frame drawn, in the shape of what was there before."""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageFilter, ImageStat

from bot import film

OFF = 24
"""A pixel counts as visibly off when one of its channels is off by more than this (of 255):
well above what lossy coding does to a flat band, well below a trace of a taken-away line."""

FLAT = 2
"""A pixel of the frame drawn lies on a flat area when the grey levels round it (5 by 5 pixels)
span no more than this: lossy coding keeps such an area near its colour (its error is at the
edges of text and lines), so an error there is a trace of something else."""

FLAT_OFF = 8
"""A pixel of a flat area counts as off when one of its channels is off by more than this."""

TOP = 200
"""The rows of a frame's top measured on their own: the caption band and a focus frame's
header (the dark band where traces of old text show most)."""


@dataclass(frozen=True)
class Error:
    """How far a frame shown is from the frame drawn."""

    mean: float
    """The mean difference over every pixel and channel, in levels of 255."""
    worst: int
    """The largest difference of any pixel's channel."""
    off: float
    """The share of pixels off by more than ``OFF`` in some channel."""
    flat_worst: int
    """The largest difference on a flat area (see ``FLAT``): a trace shows here."""
    flat_off: float
    """The share of the flat area's pixels off by more than ``FLAT_OFF``."""


def error(drawn: Image.Image, seen: Image.Image) -> Error:
    """How far ``seen`` is from ``drawn`` (two RGB pictures of one size)."""
    drawn = drawn.convert("RGB")
    diff = ImageChops.difference(drawn, seen.convert("RGB"))
    red, green, blue = diff.split()
    most = ImageChops.lighter(ImageChops.lighter(red, green), blue)  # each pixel's worst channel
    grey = drawn.convert("L")
    flat = ImageChops.subtract(grey.filter(ImageFilter.MaxFilter(5)),
                               grey.filter(ImageFilter.MinFilter(5))).point(_FLAT)
    on_flat = ImageChops.darker(most, flat)  # the error on flat pixels, 0 elsewhere
    flats = flat.histogram()[255] or 1
    everywhere, flat_only = most.histogram(), on_flat.histogram()
    return Error(sum(ImageStat.Stat(diff).mean) / 3, _largest(everywhere),
                 sum(everywhere[OFF + 1:]) / (most.width * most.height),
                 _largest(flat_only), sum(flat_only[FLAT_OFF + 1:]) / flats)


def _largest(histogram: list[int]) -> int:
    return max((level for level, n in enumerate(histogram) if n), default=0)


_FLAT = [255] * (FLAT + 1) + [0] * (255 - FLAT)


def kind(frame: Image.Image) -> str:
    """What sort of frame ``frame`` is: a focus frame or a whole board, drawn new or on the
    frame before (then it says where it changed)."""
    focus = frame.size == (film.FOCUS_FRAME[0], film.FOCUS_FRAME[1] + film.BAND)
    drawn_on = film.changed_places(frame) is not None
    return ("focus" if focus else "board") + (" kept" if drawn_on else " new")


@dataclass(frozen=True)
class Drawn:
    """A frame as the film was given it: its kind, its time on screen and its pixels (PNG,
    so that a long replay's frames take little memory)."""

    kind: str
    ms: int
    png: bytes

    def picture(self) -> Image.Image:
        with Image.open(io.BytesIO(self.png)) as img:
            return img.convert("RGB")


def recorded(frames: Iterable[tuple[Image.Image, int]], into: list[Drawn]
             ) -> Iterator[tuple[Image.Image, int]]:
    """``frames`` passed on as they come, each kept in ``into`` first (the painter draws the
    next frame on the same picture, so it is copied as it comes)."""
    for img, ms in frames:
        buf = io.BytesIO()
        img.save(buf, "PNG", compress_level=1)
        into.append(Drawn(kind(img), ms, buf.getvalue()))
        yield img, ms


def seen(data: bytes, drawn: list[Drawn]) -> Iterator[tuple[Drawn, Image.Image]]:
    """Each frame drawn with the picture the file shows at the end of its time on screen."""
    ends, at = [], 0
    for d in drawn:
        at += d.ms
        ends.append(at)
    with Image.open(io.BytesIO(data)) as anim:
        start, frame = 0, 0
        picture = anim.convert("RGB")  # a frame's time is known once it is read
        for d, end in zip(drawn, ends, strict=True):
            # The file's frame on screen in the move's last millisecond.
            while start + int(anim.info["duration"]) < end:
                start += int(anim.info["duration"])
                frame += 1
                anim.seek(frame)
                picture = anim.convert("RGB")
            yield d, picture


def errors(data: bytes, drawn: list[Drawn]) -> Iterator[tuple[str, Error, Error]]:
    """For each frame drawn, its kind, and how far the file shows it off, whole and in its
    ``TOP`` rows."""
    for d, shown in seen(data, drawn):
        truth = d.picture()
        if truth.width > shown.width or truth.height > shown.height:
            truth.thumbnail(shown.size)  # as the film fits a bigger frame on its canvas
        shown = shown.crop((0, 0, *truth.size))  # a smaller one sits at the top left
        box = (0, 0, truth.width, min(TOP, truth.height))
        yield d.kind, error(truth, shown), error(truth.crop(box), shown.crop(box))
