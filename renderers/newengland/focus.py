"""The last move on the New England Railways map, and the focus picture: the part of the map
with the link bought, bid for or built, or the shipment's whole route, framed to read on a phone
under a header naming the move, who acts now and the scores."""

from __future__ import annotations

import math
from collections.abc import Mapping
from itertools import pairwise
from typing import Any

from PIL import Image, ImageDraw

from renderers.kit.focus import (
    HILITE,
    HILITE_CASING,
    PHONE_TEXT,
    PHONE_WIDTH,
    last_move,
    with_header,
)
from renderers.newengland.board import CITY_R, Point, draw_map, project
from renderers.newengland.style import BACKGROUND, HEIGHT, MAP_WIDTH

SMALLEST_TEXT = 15
"""The smallest text on the map (a link's build and value label), in pixels."""
MAX_CROP = math.floor(SMALLEST_TEXT * PHONE_WIDTH / PHONE_TEXT)
"""The widest part of the map a focus picture shows: its smallest text still reads on a phone."""
MIN_CROP = 440
"""The least a focus picture shows round a move (house value): neighbouring cities for context."""
SCALE = 2
"""A focus picture is drawn at twice the map's size so that it is sharp on a desktop too."""


def _where(view: Mapping[str, Any]) -> dict[str, Point]:
    return {str(c["name"]): project(c["lat"], c["lon"]) for c in view.get("cities", [])}


def _ends(view: Mapping[str, Any], where: Mapping[str, Point]) -> list[tuple[Point, Point]]:
    links = {str(lk["id"]): lk for lk in view.get("links", [])}
    move = last_move(view)
    out = []
    for lid in move.get("links") or []:
        lk = links.get(str(lid))
        if lk is not None and lk["a"] in where and lk["b"] in where:
            out.append((where[lk["a"]], where[lk["b"]]))
    return out


def _shorten(a: Point, b: Point, by: float) -> tuple[Point, Point]:
    length = math.dist(a, b) or 1.0
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    return (a[0] + ux * by, a[1] + uy * by), (b[0] - ux * by, b[1] - uy * by)


def draw_last_move(img: Image.Image, view: Mapping[str, Any]) -> None:
    """On the map's ground, under its links and cities (whose labels stay on top): a glow line
    on each side of each link of the last move, an arrow beside a shipment's route from its
    origin to its destination, a halo round the cities it touched. A move that carries an
    earlier move's places marks nothing."""
    move = last_move(view)
    if not move or move.get("carried"):
        return
    d = ImageDraw.Draw(img)
    where = _where(view)
    route = [where[c] for c in move.get("cities") or [] if c in where]
    shipping = move.get("kind") == "ship" and len(route) >= 2
    for a, b in ([] if shipping else _ends(view, where)):
        for side in (-1, 1):
            p, q = _beside(*_shorten(a, b, CITY_R + 4), 8 * side)
            d.line([p, q], fill=HILITE_CASING, width=6)
            d.line([p, q], fill=HILITE, width=3)
    if shipping:
        pts = [_beside(*_shorten(a, b, CITY_R + 4), 12) for a, b in pairwise(route)]
        line = [p for seg in pts for p in seg]
        d.line(line, fill=HILITE_CASING, width=9, joint="curve")
        d.line(line, fill=HILITE, width=5, joint="curve")
        _head(d, line[-2], line[-1])
    for x, y in route:
        r = CITY_R + 6
        d.ellipse((x - r, y - r, x + r, y + r), outline=HILITE_CASING, width=6)
        d.ellipse((x - r + 1, y - r + 1, x + r - 1, y + r - 1), outline=HILITE, width=3)


def _beside(a: Point, b: Point, offset: float) -> tuple[Point, Point]:
    """The segment ``a``-``b`` moved ``offset`` pixels to its side."""
    length = math.dist(a, b) or 1.0
    nx, ny = -(b[1] - a[1]) / length, (b[0] - a[0]) / length
    return (a[0] + nx * offset, a[1] + ny * offset), (b[0] + nx * offset, b[1] + ny * offset)


def _head(d: ImageDraw.ImageDraw, a: Point, b: Point) -> None:
    length = math.dist(a, b) or 1.0
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    base = (b[0] - ux * 16, b[1] - uy * 16)
    left, right = (base[0] - uy * 10, base[1] + ux * 10), (base[0] + uy * 10, base[1] - ux * 10)
    d.polygon([b, left, right], fill=HILITE, outline=HILITE_CASING, width=2)


def crop_box(view: Mapping[str, Any]) -> tuple[int, int, int, int] | None:
    """The part of the map round the last move's cities, or None when it has none."""
    where = _where(view)
    pts = [where[c] for c in last_move(view).get("cities") or [] if c in where]
    if not pts:
        return None
    pad = 70  # a city's name and cube box beside it
    left, right = min(x for x, _ in pts) - pad, max(x for x, _ in pts) + pad
    top, bottom = min(y for _, y in pts) - pad, max(y for _, y in pts) + pad
    width = min(max(right - left, MIN_CROP), MAX_CROP)
    height = min(max(bottom - top, MIN_CROP * 0.75), MAX_CROP * 1.3)
    cx, cy = (left + right) / 2, (top + bottom) / 2
    x0 = min(max(0.0, cx - width / 2), MAP_WIDTH - width)
    y0 = min(max(0.0, cy - height / 2), HEIGHT - height)
    return round(x0), round(y0), round(x0 + width), round(y0 + height)


def compose_focus(view: Mapping[str, Any], whole: Image.Image | None = None,
                  ) -> Image.Image | None:
    """The focus picture, or None when no move has a place yet (the whole board then); cut
    from ``whole`` when the full picture is drawn already (its map is at the top left)."""
    box = crop_box(view)
    if box is None:
        return None
    if whole is None:
        whole = Image.new("RGB", (MAP_WIDTH, HEIGHT), BACKGROUND)
        draw_map(whole, view, under=draw_last_move)
    body = whole.crop(box)
    body = body.resize((body.width * SCALE, body.height * SCALE), Image.Resampling.BICUBIC)
    return with_header(body, view)
