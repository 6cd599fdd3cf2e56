"""What every title's focus picture shares: how big text must be to read on a phone, the header
naming the last move, whose turn it is and the scores, and the highlight colours.

A phone shows a posted picture about ``PHONE_WIDTH`` pixels wide until it is tapped; text in a
focus picture is drawn so that it is at least ``PHONE_TEXT`` pixels tall at that width.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderers.kit.colours import RGB
from renderers.kit.fonts import Weight
from renderers.kit.png import SAMPLE_STRIDE
from renderers.kit.text import put_text, wrap

PHONE_WIDTH = 400
"""How wide a phone shows a picture in a Discord channel, in pixels."""
PHONE_TEXT = 9
"""The smallest text (font size in pixels) that reads at that width without zooming."""

HILITE: RGB = (255, 214, 0)
"""The last move's glow, route and rings: a warm yellow no player colour uses."""
HILITE_CASING: RGB = (120, 40, 0)
"""The dark edge that keeps the highlight visible on pale ground."""

HEADER_BG: RGB = (40, 36, 32)
HEADER_INK: RGB = (250, 245, 235)
HEADER_MUTED: RGB = (214, 204, 186)
HEADER_ROWS = 0.16
"""A header's height for each pixel of a picture's width, about (three lines of phone-sized
text: 648 rows over a 4,105 px board)."""


def at_phone(font_px: float, width: int) -> float:
    """How tall text of ``font_px`` is once a picture ``width`` wide is shown on a phone."""
    return font_px * PHONE_WIDTH / width


def phone_font(width: int, factor: float = 1.0) -> int:
    """The font size that reads on a phone (times ``factor``) in a picture ``width`` wide."""
    return math.ceil(PHONE_TEXT * factor * width / PHONE_WIDTH)


def news(view: Mapping[str, Any]) -> dict[str, Any]:
    raw = view.get("news")
    return dict(raw) if isinstance(raw, Mapping) else {}


def last_move(view: Mapping[str, Any]) -> dict[str, Any]:
    move = news(view).get("move")
    return dict(move) if isinstance(move, Mapping) else {}


def move_text(view: Mapping[str, Any]) -> str:
    """The last move in words, or what a picture without one shows."""
    return str(last_move(view).get("text") or "No move yet")


def move_lines(view: Mapping[str, Any], size: int, width: float, weight: Weight = "semibold",
               most: int = 2) -> list[str]:
    """"Last move: ..." in lines for the header of a full board; none before the first move."""
    text = last_move(view).get("text")
    return wrap(f"Last move: {text}", size, width, most, weight) if text else []


def header_height(width: int, view: Mapping[str, Any]) -> int:
    return _layout(width, view)[1]


def _layout(width: int, view: Mapping[str, Any]) -> tuple[list[tuple[str, int, Weight, RGB]], int]:
    got = news(view)
    rows, height = _rows(width, move_text(view), str(got.get("next") or ""),
                         str(got.get("scores") or ""))
    return list(rows), height


@lru_cache(maxsize=16)
def _rows(width: int, move: str, after: str, scores: str,
          ) -> tuple[tuple[tuple[str, int, Weight, RGB], ...], int]:
    """The header's lines and height (a picture asks for both, a replay's frame twice)."""
    big, small = phone_font(width, 1.6), phone_font(width, 1.3)
    pad = round(big * 0.5)
    room = width - 2 * pad
    rows: list[tuple[str, int, Weight, RGB]] = [
        (line, big, "bold", HEADER_INK) for line in wrap(move, big, room, 2, "bold")]
    for text in (after, scores):
        if text:
            rows += [(line, small, "semibold", HEADER_MUTED)
                     for line in wrap(text, small, room, 2, "semibold")]
    height = 2 * pad + sum(round(size * 1.3) for _, size, _, _ in rows)
    # Even, so that a board drawn under the band moves down by whole pairs of pixels: Python
    # rounds halves to even, so an odd move would shift pieces placed at half pixels by one.
    return tuple(rows), height + height % 2


def draw_header(img: Image.Image, view: Mapping[str, Any], top: int = 0) -> int:
    """The header band across ``img`` from ``top``: the move in words, who acts now and the
    scores; returns its height."""
    rows, height = _layout(img.width, view)
    ImageDraw.Draw(img).rectangle((0, top, img.width, top + height), fill=HEADER_BG)
    pad = round(rows[0][1] * 0.5) if rows else 0
    y = top + pad
    for text, size, weight, colour in rows:
        put_text(img, (pad, y), text, size, colour, weight=weight, anchor="lt")
        y += round(size * 1.3)
    return height


HEADER_SHARES = ((HEADER_BG, 0.94), (HEADER_INK, 0.036), (HEADER_MUTED, 0.015))
"""How much of a header's palette sample (see kit.png) is band, text and the muted lines (the
edge shades between them, steps of :data:`HEADER_SHADES`, take the rest): measured on a
header of three lines, as a move writes it."""

HEADER_SHADES = 14
"""Anti-aliased shades sampled between the band and each text colour (about 150 distinct ones
in a header's sample, a pixel or two each)."""


def header_sample(width: int) -> Image.Image:
    """What a header band ``width`` wide adds to the posted palette's sample of a board: its
    colours in the shares a drawn header has them, and the shades of its text's edges (under a
    millisecond, made when a palette is picked and not kept; drawing a header to sample it, big
    text included, took 14 ms)."""
    cols = max(1, width // SAMPLE_STRIDE)
    rows = max(1, round(width * HEADER_ROWS) // SAMPLE_STRIDE)
    total = cols * rows
    runs: list[tuple[tuple[int, ...], int]] = [(colour, round(total * share))
                                               for colour, share in HEADER_SHARES[1:]]
    shade = max(1, round(total * (1 - sum(share for _, share in HEADER_SHARES)) / 2
                         / HEADER_SHADES))
    for ink in (HEADER_INK, HEADER_MUTED):
        runs += [(tuple(round(b + (i - b) * k / (HEADER_SHADES + 1))
                        for b, i in zip(HEADER_BG, ink, strict=True)), shade)
                 for k in range(1, HEADER_SHADES + 1)]
    data = b"".join(bytes(colour) * count for colour, count in runs)
    data = bytes(HEADER_BG) * max(0, total - len(data) // 3) + data
    return Image.frombytes("RGB", (cols, rows), data[-3 * total:])


def smallest_header_text(width: int, view: Mapping[str, Any]) -> int:
    """The smallest font size the header of a picture ``width`` wide uses (tests measure it)."""
    rows, _ = _layout(width, view)
    return min(size for _, size, _, _ in rows)


def with_header(body: Image.Image, view: Mapping[str, Any]) -> Image.Image:
    """``body`` under the header band."""
    height = header_height(body.width, view)
    out = Image.new("RGB", (body.width, body.height + height), HEADER_BG)
    draw_header(out, view)
    out.paste(body, (0, height))
    return out


def phone_view(img: Image.Image, gap: int = 24) -> Image.Image:
    """``img`` at its own size with a copy scaled to ``PHONE_WIDTH`` beside it, as a phone
    shows it before it is tapped (the pictures of docs/board-checks)."""
    small = img.resize((PHONE_WIDTH, round(img.height * PHONE_WIDTH / img.width)),
                       Image.Resampling.LANCZOS)
    band = 30
    out = Image.new("RGB", (img.width + gap + small.width, band + max(img.height, small.height)),
                    (255, 255, 255))
    out.paste(img, (0, band))
    out.paste(small, (img.width + gap, band))
    put_text(out, (4, band / 2), f"original, {img.width} px wide", 18, (60, 60, 60),
             weight="semibold", anchor="lm")
    put_text(out, (img.width + gap + 4, band / 2), f"phone, {PHONE_WIDTH} px wide", 18,
             (60, 60, 60), weight="semibold", anchor="lm")
    return out
