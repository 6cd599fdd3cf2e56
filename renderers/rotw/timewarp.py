"""Railways through Time on the board picture: glowing time warp hexes with their letters, each
player's badge on the warps their track reaches (the same badge on two warps joins those periods
for that player's cubes), and under each period board its name, era and Time Lines."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.rotw.mapdef import MapDef
from engine.rotw.timemap import TIME_WARP, periods
from renderers.kit.colours import rgb
from renderers.kit.fonts import font
from renderers.kit.supersample import canvas, shrunk
from renderers.kit.text import draw_text, put_text
from renderers.rotw import style
from renderers.rotw.geometry import Frame
from renderers.rotw.layers import Sprite, marker_sprite, paste

GLOW = (rgb("#fff0b0"), rgb("#ff9a3c"), rgb("#e0301e"), rgb("#8e0f12"))
"""Time warp colours from its hot centre to its rim."""
CAPTION_LINES = 4
LEGEND = ("Glowing hexes are time warps (+$1,000 to build into). A player's badge on warps of "
          "two periods: their cubes may pass between those periods.")


def is_warp(board: MapDef, name: str) -> bool:
    city = board.cities.get(name)
    return city is not None and TIME_WARP in city.flags


def warp_letter(name: str) -> str:
    return name.split()[-1][:2]


@lru_cache(maxsize=64)
def warp_sprite(size: float, letter: str) -> Sprite:
    """A glowing red hex, brightest at its middle, carrying the warp's letter."""
    k = 3
    half = math.ceil(size + 2)
    big = canvas(2 * half * k, 2 * half * k)
    d = ImageDraw.Draw(big)
    c = half * k

    def hexagon(r: float) -> list[tuple[float, float]]:
        return [(c + r * math.cos(math.radians(-90 + 60 * i)),
                 c + r * math.sin(math.radians(-90 + 60 * i))) for i in range(6)]

    d.polygon(hexagon(size * k), fill=style.INK)
    steps = 12
    for i in range(steps):
        t = i / (steps - 1)
        seg = min(int(t * (len(GLOW) - 1)), len(GLOW) - 2)
        u = t * (len(GLOW) - 1) - seg
        a, b = GLOW[len(GLOW) - 1 - seg], GLOW[len(GLOW) - 2 - seg]
        colour = tuple(round(a[j] + (b[j] - a[j]) * u) for j in range(3))
        d.polygon(hexagon(size * k * (0.92 - 0.8 * t)), fill=colour)
    img = shrunk(big, k)
    fnt = font(round(size * 0.8), "black")
    draw_text(ImageDraw.Draw(img), (half, half + size * 0.03), letter, fnt, style.TRAY,
              outline=GLOW[3], stroke=max(2, round(size * 0.08)))
    return img, half, half


def draw_warps(img: Image.Image, board: MapDef, frame: Frame, view: Mapping[str, Any],
               colour_of: Callable[[object], str], tags: Mapping[int, str]) -> None:
    """Warp hexes over the city layer, then the badge of each player whose complete link ends
    at a warp, round its rim."""
    lay = frame.layout
    size = lay.size
    reached: dict[str, list[int]] = {}
    for link in view.get("links", []):
        if not link.get("complete") or not isinstance(link.get("owner"), int):
            continue
        for end in link.get("cities", []):
            if isinstance(end, str) and is_warp(board, end) \
                    and link["owner"] not in reached.setdefault(end, []):
                reached[end].append(link["owner"])
    for city in board.cities.values():
        if TIME_WARP not in city.flags:
            continue
        cx, cy = lay.centre(city.hex)
        paste(img, warp_sprite(size, warp_letter(city.name)), (cx, cy))
        seats = sorted(reached.get(city.name, []))
        for i, seat in enumerate(seats):
            # Along the lower rim, clear of the letter.
            angle = math.radians(20 + 140 * (i + 0.5) / len(seats))
            at = (cx + size * 0.8 * math.cos(angle), cy + size * 0.8 * math.sin(angle))
            paste(img, marker_sprite(size * 0.85, colour_of(seat), tags.get(seat, "?")), at)


def caption_height(board: MapDef, frame: Frame) -> int:
    """Room the period captions need under the board (0 on an ordinary map)."""
    return round(frame.layout.size * 0.72 * (CAPTION_LINES + 1.5)) if periods(board) else 0


def draw_periods(img: Image.Image, board: MapDef, frame: Frame, view: Mapping[str, Any],
                 name_of: Callable[[object], str], legend: bool = True) -> None:
    """Under each period board: its name and era, its Time Lines (who claimed them) and warps;
    under them all the legend of the warps unless ``legend`` is False (placed apart)."""
    shown = periods(board)
    if not shown:
        return
    lay = frame.layout
    size = lay.size
    d = ImageDraw.Draw(img)
    # Text pasted from the cache of drawn strings: the same captions come back every picture.
    title_px, line_px = round(size * 0.62), round(size * 0.42)
    step = size * 0.6
    top = frame.height - style.MARGIN * 0.2
    lines = view.get("time_lines") or []
    width = math.sqrt(3) * size
    for p in shown:
        x0 = lay.ox + width * (p.first_col - 0.5)
        x1 = lay.ox + width * (p.first_col + p.cols)
        d.rounded_rectangle((x0, top, x1, top + step * (CAPTION_LINES + 1.2)),
                            radius=round(size * 0.2), fill=style.PANEL_BG,
                            outline=style.PANEL_LINE, width=2)
        x = x0 + size * 0.3
        y = top + size * 0.2
        put_text(img, (x, y), p.name.upper(), title_px, style.INK, weight="black", anchor="lt")
        put_text(img, (x1 - size * 0.3, y + size * 0.12), p.era, line_px, style.PANEL_MUTED,
                 weight="bold", anchor="rt")
        y += step * 1.35
        for tl in (t for t in lines if t.get("period") == p.id):
            who = tl.get("claimed_by")
            status = f"claimed by {name_of(who)}" if isinstance(who, int) else "open"
            put_text(img, (x, y), f"Time Line {tl['a']} - {tl['b']}: {status}", line_px,
                     style.INK, weight="bold", anchor="lt")
            y += step
        warps = [c.name for c in board.cities.values() if TIME_WARP in c.flags
                 and p.first_col <= c.hex.col < p.first_col + p.cols]
        put_text(img, (x, y), "Time warps: " + ", ".join(warps), line_px, style.PANEL_MUTED,
                 weight="bold", anchor="lt")
    if legend:
        put_text(img, (lay.ox, top + step * (CAPTION_LINES + 1.6)), LEGEND, round(size * 0.4),
                 style.EDGE_TEXT, weight="bold", anchor="lt")
