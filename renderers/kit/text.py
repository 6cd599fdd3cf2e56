"""Text placement helpers (centred text, outlined text)."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from PIL import Image, ImageDraw, ImageFont

from renderers.kit.colours import RGB, RGBA
from renderers.kit.fonts import Weight, font
from renderers.kit.over import over
from renderers.kit.spritecache import MIB, kept

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore

Anchor = Literal["mm", "lm", "rm", "mt", "lt", "ls", "ms", "rs", "mb", "lb", "rt", "rb"]


def text_box(text: str, fnt: ImageFont.FreeTypeFont, stroke: int = 0) -> tuple[int, int]:
    """Width and height of ``text`` as drawn (ink box, including an outline of ``stroke``)."""
    left, top, right, bottom = fnt.getbbox(text, stroke_width=stroke)
    return int(right - left), int(bottom - top)


def draw_text(
    d: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    fnt: ImageFont.FreeTypeFont,
    fill: RGB | RGBA,
    *,
    anchor: Anchor = "mm",
    outline: RGB | RGBA | None = None,
    stroke: int = 0,
) -> None:
    """Draw ``text`` anchored at ``xy``; with ``outline`` it gets a halo ``stroke`` px wide."""
    if outline is not None and stroke > 0:
        d.text(xy, text, font=fnt, fill=fill, anchor=anchor, stroke_width=stroke,
               stroke_fill=outline)
    else:
        d.text(xy, text, font=fnt, fill=fill, anchor=anchor)


@kept(4 * MIB)
def _text_sprite(text: str, size: int, weight: Weight, fill: RGB, anchor: Anchor,
                 outline: RGB | None, stroke: int) -> tuple[Image.Image, int, int]:
    """``text`` on a clear picture a pixel and more round its ink, and where the anchor's
    point lies from the picture's top left (negated)."""
    fnt = font(size, weight)
    if outline is None or not stroke:
        return _plain_sprite(text, fnt, fill, anchor)
    left, top, right, bottom = fnt.getbbox(text, anchor=anchor, stroke_width=stroke)
    left, top = math.floor(left) - 1, math.floor(top) - 1
    w, h = math.ceil(right) - left + 2, math.ceil(bottom) - top + 2
    img = Image.new("RGBA", (max(1, w), max(1, h)), (*fill, 0))
    ImageDraw.Draw(img).text((-left, -top), text, font=fnt, fill=fill, anchor=anchor,
                             stroke_width=stroke, stroke_fill=outline)
    return img, left, top


def _plain_sprite(text: str, fnt: ImageFont.FreeTypeFont, fill: RGB,
                  anchor: Anchor) -> tuple[Image.Image, int, int]:
    """:func:`_text_sprite` without an outline, from the font's own rendering of ``text``:
    the pixels ``ImageDraw.text`` gives, without laying the text out a second time to measure
    it first, some 40% quicker (a replay's headers draw new lines every move)."""
    mask, (left, top) = fnt.getmask2(text, "L", anchor=anchor)
    w, h = mask.size
    # A clear pixel before the ink and two after, as the measured sprite had.
    return on_clear(mask, (w + 3, h + 3), (1, 1), fill), left - 1, top - 1


def on_clear(mask: ImagingCore, size: tuple[int, int], at: tuple[int, int],
             fill: RGB) -> Image.Image:
    """A font's rendering ``mask`` (``getmask2``) in ``fill`` at ``at`` on a clear picture of
    ``size``: the pixels ``ImageDraw.text`` draws on a clear picture of ``fill`` (its colour
    everywhere, the mask's coverage its alpha)."""
    alpha = Image.new("L", size, 0)
    w, h = mask.size
    if w and h:
        alpha.im.paste(mask, (at[0], at[1], at[0] + w, at[1] + h))  # cut at the edges
    img = Image.new("RGBA", size, (*fill, 0))
    img.putalpha(alpha)
    return img


def put_text(
    img: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB,
    *,
    weight: Weight = "regular",
    anchor: Anchor = "mm",
    outline: RGB | None = None,
    stroke: int = 0,
) -> int:
    """Paste ``text`` anchored at ``xy`` from a cache of drawn strings (much cheaper than
    drawing the same string again); returns the width it took."""
    if not text:
        return 0
    sprite, left, top = _text_sprite(text, size, weight, fill, anchor, outline, stroke)
    over(img, sprite, round(xy[0]) + left, round(xy[1]) + top)
    return sprite.width - 2


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, weight: Weight = "regular") -> float:
    return float(font(size, weight).getlength(text))


@lru_cache(maxsize=4096)
def fit_text(text: str, size: int, width: float, weight: Weight = "regular") -> str:
    """``text``, cut short with an ellipsis if it is wider than ``width`` pixels."""
    if text_width(text, size, weight) <= width:
        return text
    while text and text_width(text + "…", size, weight) > width:
        text = text[:-1]
    return text + "…"


def wrap(text: str, size: int, width: float, lines: int = 2,
         weight: Weight = "regular") -> list[str]:
    """``text`` broken into at most ``lines`` lines of ``width`` pixels (the last one cut):
    each line the most words that fit (at least one), found by halving; the last every word
    left."""
    words = text.split()
    out: list[str] = []
    at = 0
    while at < len(words):
        if len(out) + 1 >= lines:  # the last line: every word left, cut to fit below
            out.append(" ".join(words[at:]))
            break
        fits, over = 1, len(words) - at + 1  # so many words fit (one always goes), or not
        while over - fits > 1:
            mid = (fits + over) // 2
            if text_width(" ".join(words[at:at + mid]), size, weight) <= width:
                fits = mid
            else:
                over = mid
        out.append(" ".join(words[at:at + fits]))
        at += fits
    if out and text_width(out[-1], size, weight) > width and len(out[-1]) > 1:
        out[-1] = _cut(out[-1], size, width, weight)
    return out


def _cut(text: str, size: int, width: float, weight: Weight) -> str:
    """The longest start of ``text`` (short of its last letter) that fits ``width`` with an
    ellipsis after it, found by halving; the ellipsis alone when none does."""
    fits, over = 0, len(text) - 1  # the first ``fits`` letters fit with it (or none do)
    if text_width(text[:fits] + "…", size, weight) > width:
        return "…"
    while over - fits > 1:
        mid = (fits + over) // 2
        if text_width(text[:mid] + "…", size, weight) <= width:
            fits = mid
        else:
            over = mid
    return text[:fits] + "…"
