"""Small pictures drawn from primitives: workers, coins, track markers, keys, wrenches..."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from renderers.kit import RGB, contrast, put_text, text_width
from renderers.kit.fonts import Weight
from renderers.ultimate.style import (
    CHECK,
    COIN,
    COIN_EDGE,
    DOUBLER,
    IDEA,
    INK,
    KEY,
    LOCO,
    TRACK_SHAPE,
    track_rgb,
)

Draw = ImageDraw.ImageDraw


def pawn(d: Draw, cx: float, cy: float, h: float, fill: RGB, outline: RGB = INK) -> None:
    """A worker standing on ``(cx, cy + h/2)``, ``h`` pixels tall."""
    head = h * 0.34
    top = cy - h / 2
    d.ellipse([cx - head / 2, top, cx + head / 2, top + head], fill=fill, outline=outline)
    body = [(cx - h * 0.32, cy + h / 2), (cx - h * 0.13, top + head * 0.9),
            (cx + h * 0.13, top + head * 0.9), (cx + h * 0.32, cy + h / 2)]
    d.polygon(body, fill=fill, outline=outline)


def coin(d: Draw, cx: float, cy: float, r: float, fill: RGB = COIN,
         edge: RGB = COIN_EDGE) -> None:
    d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=fill, outline=edge, width=max(1, round(r / 4)))


def star_points(cx: float, cy: float, r: float, inner: float = 0.45) -> list[tuple[float, float]]:
    pts = []
    for i in range(10):
        a = math.radians(-90 + 36 * i)
        rr = r if i % 2 == 0 else r * inner
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


def marker(d: Draw, colour: str, cx: float, cy: float, r: float, outline: RGB = INK,
           width: int = 2, fill: RGB | None = None) -> None:
    """The track marker of ``colour``: its fill and its own shape."""
    shape = TRACK_SHAPE.get(colour, "circle")
    f = track_rgb(colour) if fill is None else fill
    if shape == "square":
        s = r * 0.86
        d.rectangle([cx - s, cy - s, cx + s, cy + s], fill=f, outline=outline, width=width)
    elif shape == "triangle":
        d.polygon([(cx, cy - r * 1.05), (cx + r * 1.05, cy + r * 0.8),
                   (cx - r * 1.05, cy + r * 0.8)], fill=f, outline=outline, width=width)
    elif shape == "diamond":
        d.polygon([(cx, cy - r * 1.1), (cx + r * 1.1, cy), (cx, cy + r * 1.1),
                   (cx - r * 1.1, cy)], fill=f, outline=outline, width=width)
    elif shape == "star":
        d.polygon(star_points(cx, cy, r * 1.2), fill=f, outline=outline, width=width)
    else:
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=f, outline=outline, width=width)


def doubler(img: Image.Image, d: Draw, cx: float, cy: float, h: float,
            filled: bool = True) -> None:
    """The doubler token: a dark rounded badge reading x2 (an empty slot is only outlined)."""
    w = h * 1.35
    box = [cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2]
    if filled:
        d.rounded_rectangle(box, radius=h / 4, fill=DOUBLER)
        put_text(img, (cx, cy), "x2", round(h * 0.75), (255, 255, 255), weight="bold")
    else:
        d.rounded_rectangle(box, radius=h / 4, outline=(120, 112, 100), width=1)
        put_text(img, (cx, cy), "x2", round(h * 0.7), (120, 112, 100), weight="semibold")


def key(d: Draw, cx: float, cy: float, s: float, fill: RGB = KEY) -> None:
    """A key lying left to right, ``s`` pixels long."""
    r = s * 0.22
    hx = cx - s / 2 + r
    d.ellipse([hx - r, cy - r, hx + r, cy + r], fill=fill, outline=INK)
    d.ellipse([hx - r * 0.4, cy - r * 0.4, hx + r * 0.4, cy + r * 0.4], fill=(255, 255, 255))
    t = max(2.0, s * 0.12)
    d.rectangle([hx + r, cy - t / 2, cx + s / 2, cy + t / 2], fill=fill, outline=INK)
    for bit in (0.72, 0.9):
        x = cx - s / 2 + s * bit
        d.rectangle([x - t / 2, cy, x + t / 2, cy + s * 0.2], fill=fill, outline=INK)


def bulb(d: Draw, cx: float, cy: float, s: float) -> None:
    """An idea: a light bulb ``s`` pixels tall."""
    r = s * 0.34
    d.ellipse([cx - r, cy - s / 2, cx + r, cy - s / 2 + 2 * r], fill=IDEA, outline=INK)
    d.rectangle([cx - r * 0.5, cy - s / 2 + 2 * r - 1, cx + r * 0.5, cy + s / 2],
                fill=(150, 150, 150), outline=INK)


def loco(d: Draw, x: float, y: float, w: float, h: float, fill: RGB = LOCO) -> None:
    """A locomotive facing right; ``(x, y)`` is its top left corner."""
    cab = w * 0.36
    d.rectangle([x, y, x + cab, y + h * 0.78], fill=fill)
    d.rectangle([x + cab, y + h * 0.3, x + w, y + h * 0.78], fill=fill)
    d.rectangle([x + w * 0.72, y + h * 0.08, x + w * 0.82, y + h * 0.3], fill=fill)
    r = h * 0.17
    for wx in (x + w * 0.2, x + w * 0.5, x + w * 0.8):
        d.ellipse([wx - r, y + h - 2 * r, wx + r, y + h], fill=fill)


def wrench(d: Draw, cx: float, cy: float, s: float, fill: RGB) -> None:
    """A wrench lying diagonally, in its owner's colour."""
    a = s * 0.36
    width = max(3, round(s * 0.2))
    d.line([(cx - a, cy + a), (cx + a * 0.55, cy - a * 0.55)], fill=INK, width=width + 2)
    d.line([(cx - a, cy + a), (cx + a * 0.55, cy - a * 0.55)], fill=fill, width=width)
    r = s * 0.26
    hx, hy = cx + a * 0.7, cy - a * 0.7
    d.ellipse([hx - r, hy - r, hx + r, hy + r], fill=fill, outline=INK, width=2)
    jaw = r * 0.55
    d.polygon([(hx, hy), (hx + jaw * 1.6, hy - jaw * 0.2), (hx + jaw * 0.2, hy - jaw * 1.6)],
              fill=(255, 255, 255))


def factory(d: Draw, x: float, y: float, w: float, h: float, fill: RGB) -> None:
    """A factory with a saw-tooth roof and a chimney; ``(x, y)`` is its top left corner."""
    base = y + h * 0.45
    d.rectangle([x + w * 0.72, y, x + w * 0.86, base], fill=fill, outline=INK)
    teeth = [(x, y + h)]
    step = w * 0.72 / 3
    for i in range(3):
        teeth += [(x + i * step, base), (x + (i + 1) * step, base - h * 0.25),
                  (x + (i + 1) * step, base)]
    teeth += [(x + w, base), (x + w, y + h)]
    d.polygon(teeth, fill=fill, outline=INK)


def medal(img: Image.Image, d: Draw, cx: float, cy: float, r: float) -> None:
    """The 20-point medal."""
    d.polygon([(cx - r * 0.7, cy - r * 1.6), (cx - r * 0.1, cy - r * 0.6),
               (cx + r * 0.1, cy - r * 0.6), (cx + r * 0.7, cy - r * 1.6)], fill=(200, 40, 40))
    d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(230, 180, 40), outline=INK)
    put_text(img, (cx, cy), "20", max(8, round(r * 1.05)), INK, weight="bold")


def star(img: Image.Image, d: Draw, cx: float, cy: float, r: float, points: int | str) -> None:
    """Bonus points in a star."""
    d.polygon(star_points(cx, cy, r, 0.55), fill=(250, 215, 80), outline=INK)
    put_text(img, (cx, cy + 1), str(points), max(8, round(r * 0.95)), INK, weight="bold")


def check(d: Draw, cx: float, cy: float, s: float, fill: RGB = CHECK) -> None:
    """A tick over something already reached."""
    w = max(2, round(s / 5))
    d.line([(cx - s / 2, cy), (cx - s / 8, cy + s * 0.38), (cx + s / 2, cy - s * 0.42)],
           fill=fill, width=w, joint="curve")


def chip(img: Image.Image, d: Draw, x: float, y: float, text: str, size: int, fill: RGB,
         *, outline: RGB = INK, pad: int = 6, weight: Weight = "semibold") -> float:
    """Text on a rounded label starting at ``(x, y)`` (top left); returns its right edge."""
    w = text_width(text, size, weight) + 2 * pad
    h = size + 8
    d.rounded_rectangle([x, y, x + w, y + h], radius=h / 3, fill=fill, outline=outline)
    put_text(img, (x + w / 2, y + h / 2), text, size, contrast(fill), weight=weight)
    return x + w


def income(img: Image.Image, d: Draw, cx: float, cy: float, s: float,
           face_up: bool = True) -> None:
    """An oval income tile (grey once turned face down for the round)."""
    fill = COIN if face_up else (200, 196, 188)
    d.ellipse([cx - s * 0.75, cy - s * 0.45, cx + s * 0.75, cy + s * 0.45], fill=fill,
              outline=INK, width=2)
    d.line([(cx - s * 0.3, cy), (cx + s * 0.3, cy)], fill=INK, width=2)
    d.polygon([(cx + s * 0.4, cy), (cx + s * 0.2, cy - s * 0.18), (cx + s * 0.2, cy + s * 0.18)],
              fill=INK)


SITE: RGB = (232, 132, 40)


def site(img: Image.Image, d: Draw, x: float, y: float, w: float, h: float) -> None:
    """A construction site token: an orange plate with a barrier's stripes."""
    d.rounded_rectangle([x, y, x + w, y + h], radius=3, fill=SITE, outline=INK)
    for k in range(3):
        sx = x + 4 + k * (w - 8) / 3
        d.line([(sx, y + h - 3), (sx + (w - 8) / 4, y + 3)], fill=(255, 255, 255), width=2)


def car(d: Draw, x: float, y: float, fill: RGB, active: bool) -> None:
    """A maintenance car: standing up (active) or on its side (inactive)."""
    if active:
        d.rectangle([x, y, x + 7, y + 10], fill=fill, outline=INK)
    else:
        d.rectangle([x, y + 4, x + 10, y + 10], fill=fill, outline=INK)
