"""Pixel geometry for pointy-top hexes laid out in odd-r rows (see ``engine.core.hexgrid``)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.core.hexgrid import DIRECTIONS, Direction, Hex

SQRT3 = math.sqrt(3.0)

SIDE_ANGLE: dict[Direction, float] = {
    d: math.radians(a) for d, a in zip(DIRECTIONS, (-60, 0, 60, 120, 180, 240), strict=True)
}
"""Screen angle (y down) from a hex centre to the middle of each side."""

Point = tuple[float, float]


@dataclass(frozen=True)
class HexLayout:
    """Where hexes of circumradius ``size`` land in an image: ``(ox, oy)`` is the centre of A0."""

    size: float
    ox: float
    oy: float

    @property
    def width(self) -> float:
        """Distance between the centres of two hexes side by side (flat to flat)."""
        return SQRT3 * self.size

    @property
    def apothem(self) -> float:
        return SQRT3 * self.size / 2

    def offset_centre(self, row: int, col: float) -> Point:
        return (self.ox + self.width * (col + 0.5 * (row & 1)), self.oy + 1.5 * self.size * row)

    def centre(self, h: Hex) -> Point:
        return self.offset_centre(h.row, h.col)

    def hex_at(self, x: float, y: float) -> Hex:
        """The hex whose area holds the pixel ``(x, y)``."""
        px, py = (x - self.ox) / self.size, (y - self.oy) / self.size
        fq, fr = SQRT3 / 3 * px - py / 3, 2 / 3 * py
        fs = -fq - fr
        q, r, s = round(fq), round(fr), round(fs)
        dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
        if dq > dr and dq > ds:
            q = -r - s
        elif dr > ds:
            r = -q - s
        return Hex(q, r)

    def corners(self, h: Hex, inset: float = 0.0) -> list[Point]:
        """The six corners clockwise from the top, pulled ``inset`` pixels towards the centre."""
        cx, cy = self.centre(h)
        r = self.size - inset
        angles = [math.radians(-90 + 60 * i) for i in range(6)]
        return [(cx + r * math.cos(a), cy + r * math.sin(a)) for a in angles]

    def side_mid(self, h: Hex, d: Direction, reach: float = 1.0) -> Point:
        cx, cy = self.centre(h)
        a = SIDE_ANGLE[d]
        return cx + reach * self.apothem * math.cos(a), cy + reach * self.apothem * math.sin(a)

    def side_ends(self, h: Hex, d: Direction) -> tuple[Point, Point]:
        """The two corners bounding side ``d`` of ``h``."""
        cx, cy = self.centre(h)
        a0, a1 = SIDE_ANGLE[d] - math.pi / 6, SIDE_ANGLE[d] + math.pi / 6
        r = self.size
        return (cx + r * math.cos(a0), cy + r * math.sin(a0)), \
            (cx + r * math.cos(a1), cy + r * math.sin(a1))
