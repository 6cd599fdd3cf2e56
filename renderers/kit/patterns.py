"""Patterns drawn along a line (a player's track or link) so that its owner shows without
colour: a centre line, a zigzag, dashes, dots or cross ties."""

from __future__ import annotations

import math

from PIL import ImageDraw

from renderers.kit.colours import RGB, contrast

Point = tuple[float, float]

PATTERNS = ("plain", "centre line", "zigzag", "dashes", "dots", "ties")


def draw_pattern(d: ImageDraw.ImageDraw, pts: list[Point], pattern: str, fill: RGB,
                 core: float) -> None:
    """Draw ``pattern`` over a track core ``core`` px wide along ``pts``, in the colour that
    reads on ``fill``."""
    if pattern == "plain" or len(pts) < 2:
        return
    ink = contrast(fill, dark=(20, 20, 20), light=(250, 250, 250))
    if pattern == "centre line":
        d.line(pts, fill=ink, width=max(1, round(core * 0.3)), joint="curve")
    elif pattern == "zigzag":
        turns = [piece[0] for piece in dashes(pts, core * 0.05, core * 0.9)]
        left, right = _offset(turns, core * 0.3), _offset(turns, -core * 0.3)
        zig = [(left if i % 2 else right)[i] for i in range(len(turns))]
        d.line([pts[0], *zig, pts[-1]], fill=ink, width=max(1, round(core * 0.2)),
               joint="curve")
    elif pattern == "dashes":
        for piece in dashes(pts, core * 1.3, core * 1.0):
            d.line(piece, fill=ink, width=max(1, round(core * 0.34)), joint="curve")
    elif pattern == "dots":
        rad = core * 0.24
        for piece in dashes(pts, core * 0.05, core * 1.5):
            x, y = piece[0]
            d.ellipse((x - rad, y - rad, x + rad, y + rad), fill=ink)
    elif pattern == "ties":
        half, w = core * 0.5, max(1, round(core * 0.22))
        for piece in dashes(pts, core * 0.2, core * 1.2):
            (x0, y0), (x1, y1) = piece[0], piece[-1]
            length = math.hypot(x1 - x0, y1 - y0) or 1.0
            nx, ny = -(y1 - y0) / length * half, (x1 - x0) / length * half
            d.line([(x0 + nx, y0 + ny), (x0 - nx, y0 - ny)], fill=ink, width=w)
    else:
        raise ValueError(f"no track pattern called '{pattern}'")


def _offset(pts: list[Point], by: float) -> list[Point]:
    """``pts`` moved ``by`` px sideways (to the left of the direction of travel)."""
    out = []
    for i, (x, y) in enumerate(pts):
        (ax, ay), (bx, by_) = pts[max(0, i - 1)], pts[min(len(pts) - 1, i + 1)]
        length = math.hypot(bx - ax, by_ - ay) or 1.0
        out.append((x - (by_ - ay) / length * by, y + (bx - ax) / length * by))
    return out



def dashes(points: list[Point], on: float, off: float) -> list[list[Point]]:
    """Split a polyline into dashes ``on`` long with ``off`` gaps, centred along its length."""
    seg = [math.dist(points[i], points[i + 1]) for i in range(len(points) - 1)]
    total = sum(seg)
    period = on + off
    count = max(1, round((total + off) / period))
    scale = total / (count * period - off) if count * period - off > 0 else 1.0
    on, off = on * scale, off * scale

    def at(dist: float) -> Point:
        for i, s in enumerate(seg):
            if dist <= s or i == len(seg) - 1:
                t = 0.0 if s == 0 else min(1.0, dist / s)
                (x0, y0), (x1, y1) = points[i], points[i + 1]
                return x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
            dist -= s
        return points[-1]

    out = []
    for k in range(count):
        start, stop = k * (on + off), k * (on + off) + on
        pts = [at(start)]
        acc = 0.0
        for i, s in enumerate(seg):
            acc += s
            if start < acc < stop:
                pts.append(points[i + 1])
        pts.append(at(stop))
        out.append(pts)
    return out
