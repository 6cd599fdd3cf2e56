"""Map-specific marks: the snow line, ferry spots, strait crossings, Western Links and the
badges of cities with a special role (Foreign Trade Ports, City Rotors, the Golden Spike...).

Each mark has an icon (drawn once, cached) and a key entry; the key lists only the marks a map
actually has."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.core.hexgrid import Hex, hex_from_label
from engine.rotw.context import ROTOR_WHEEL, rotor_turns
from engine.rotw.mapdef import MapDef
from renderers.kit.colours import RGB, mix, rgb
from renderers.kit.fonts import font
from renderers.kit.supersample import canvas, shrunk
from renderers.kit.text import draw_text
from renderers.rotw import style

Sprite = tuple[Image.Image, int, int]

SNOW_TINT = rgb("#ffffff")
SNOW_MIX = 0.62
"""How far a snow hex's terrain colour is pulled towards white."""
SNOW_LINE = rgb("#1b4f8f")
FERRY_RING = rgb("#00838f")
STRAIT_RING = rgb("#c2185b")
PORT_FILL = rgb("#163a70")
GOLD = rgb("#d4a017")


@dataclass(frozen=True)
class Mark:
    """How one kind of special place or city role is shown and named in the key."""

    ring: RGB
    """The ring around a special hex on the board (and the icon's rim)."""
    key: str


MARKS: dict[str, Mark] = {
    "ferry": Mark(FERRY_RING, "Ferry: Ferry Line card"),
    "strait_crossing": Mark(STRAIT_RING, "Strait crossing"),
    "foreign_trade_port": Mark(PORT_FILL, "Foreign Trade Port"),
    "shinbashi_station": Mark(style.INK, "Shinbashi Station"),
    "city_rotor": Mark(style.INK, "City Rotor"),
    "golden_spike": Mark(GOLD, "Golden Spike"),
    "gold_spike_bounty": Mark(GOLD, "Golden Spike bounty"),
}
LETTERS = {"shinbashi_station": "S", "city_rotor": "R", "golden_spike": "GS",
           "gold_spike_bounty": "$"}


def mark_for(kind: str) -> Mark:
    return MARKS.get(kind, Mark(style.SPECIAL_RING, kind.replace("_", " ").capitalize()))


@lru_cache(maxsize=32)
def _snow(board_id: str, labels: tuple[str, ...]) -> frozenset[Hex]:
    out = set()
    for label in labels:
        try:
            out.add(hex_from_label(label))
        except ValueError:
            continue
    return frozenset(out)


def snow_hexes(board: MapDef) -> frozenset[Hex]:
    """The hexes north of the snow line (North America), from the map's ``snow_line`` table."""
    table = board.tables.get("snow_line")
    if table is None:
        return frozenset()
    labels = table.values.get("hexes", [])
    if not isinstance(labels, list):
        return frozenset()
    return _snow(board.id, tuple(str(x) for x in labels))


def snow_cost(board: MapDef) -> int:
    table = board.tables.get("snow_line")
    cost = table.values.get("cost", 1000) if table is not None else 1000
    return cost if isinstance(cost, int) else 1000


def snow_fill(colour: RGB) -> RGB:
    return mix(colour, SNOW_TINT, SNOW_MIX)


def city_marks(board: MapDef) -> dict[Hex, list[str]]:
    """Badges per city hex: the city's flags, and special places that are city hexes."""
    out: dict[Hex, list[str]] = {}
    for city in board.cities.values():
        kinds = sorted(f for f in city.flags if f in MARKS)
        if kinds:
            out.setdefault(city.hex, []).extend(kinds)
    for s in board.specials:
        if board.city_at(s.hex) is not None and s.kind != "western_link":
            out.setdefault(s.hex, []).append(s.kind)
    return out


def map_marks(board: MapDef) -> list[str]:
    """The kinds of marks ``board`` shows, in key order."""
    kinds: list[str] = []
    for s in board.specials:
        if s.kind not in kinds:
            kinds.append(s.kind)
    for found in city_marks(board).values():
        for kind in found:
            if kind not in kinds:
                kinds.append(kind)
    return kinds


def _wave(d: ImageDraw.ImageDraw, c: float, y: float, rad: float, colour: RGB,
          width: int) -> None:
    pts = [(c + rad * (-0.55 + 1.1 * i / 16),
            y + rad * 0.08 * math.sin(i / 16 * 2 * math.pi * 1.5)) for i in range(17)]
    d.line(pts, fill=colour, width=width, joint="curve")


@lru_cache(maxsize=128)
def icon_sprite(kind: str, diameter: float) -> Sprite:
    """A round icon ``diameter`` pixels across for a mark kind, anchored at its centre."""
    k = 4
    half = math.ceil(diameter / 2 + 1)
    big = canvas(2 * half * k, 2 * half * k)
    d = ImageDraw.Draw(big)
    c = half * k
    rad = diameter / 2 * k
    ring = mark_for(kind).ring
    rim = max(2, round(rad * 0.16))
    line = max(2, round(rad * 0.13))
    if kind == "foreign_trade_port":
        d.ellipse((c - rad, c - rad, c + rad, c + rad), fill=style.TRAY)
        inner = rad - rim
        d.ellipse((c - inner, c - inner, c + inner, c + inner), fill=PORT_FILL)
        ink = style.TRAY
        d.line([(c, c - rad * 0.42), (c, c + rad * 0.5)], fill=ink, width=line)
        d.line([(c - rad * 0.3, c - rad * 0.2), (c + rad * 0.3, c - rad * 0.2)], fill=ink,
               width=line)
        ringr = rad * 0.14
        d.ellipse((c - ringr, c - rad * 0.56 - ringr, c + ringr, c - rad * 0.56 + ringr),
                  outline=ink, width=max(1, line // 2 + 1))
        d.arc((c - rad * 0.5, c - rad * 0.2, c + rad * 0.5, c + rad * 0.52), 20, 160, fill=ink,
              width=line)
    else:
        d.ellipse((c - rad, c - rad, c + rad, c + rad), fill=ring)
        inner = rad - rim
        d.ellipse((c - inner, c - inner, c + inner, c + inner), fill=style.TRAY)
        if kind == "ferry":
            hull = [(c - rad * 0.6, c + rad * 0.02), (c + rad * 0.62, c + rad * 0.02),
                    (c + rad * 0.4, c + rad * 0.32), (c - rad * 0.45, c + rad * 0.32)]
            d.polygon(hull, fill=FERRY_RING)
            d.rectangle((c - rad * 0.32, c - rad * 0.2, c + rad * 0.2, c + rad * 0.02),
                        fill=FERRY_RING)
            d.rectangle((c - rad * 0.06, c - rad * 0.46, c + rad * 0.1, c - rad * 0.2),
                        fill=style.INK)
            _wave(d, c, c + rad * 0.5, rad, style.RIVER_LINE, line)
        elif kind == "strait_crossing":
            _wave(d, c, c + rad * 0.22, rad, style.RIVER_LINE, line)
            _wave(d, c, c + rad * 0.5, rad, style.RIVER_LINE, line)
            d.arc((c - rad * 0.62, c - rad * 0.5, c + rad * 0.62, c + rad * 0.5), 195, 345,
                  fill=style.INK, width=line + 1)
            d.line([(c - rad * 0.66, c - rad * 0.05), (c + rad * 0.66, c - rad * 0.05)],
                   fill=style.INK, width=line)
    img = shrunk(big, k)
    letters = LETTERS.get(kind)
    if letters is None and kind not in MARKS:
        letters = kind[:1].upper()
    if letters:
        px = round(diameter * (0.62 if len(letters) == 1 else 0.46))
        draw_text(ImageDraw.Draw(img), (half, half + diameter * 0.02), letters,
                  font(px, "black"), style.INK)
    return img, half, half


def special_label(board: MapDef, kind: str) -> str:
    """The key text of a mark kind on ``board``."""
    if kind == "snow_line":
        return f"Snow line: +${snow_cost(board):,} north"
    if kind == "western_link":
        table = board.tables.get("western_link")
        cost = table.values.get("cost") if table is not None else None
        return f"Western Link ${cost:,}" if isinstance(cost, int) else "Western Link"
    return mark_for(kind).key


def rotor_next(board: MapDef, city: str, base: str, shown: str) -> str | None:
    """The colour a city's rotor shows after its next delivery (``rotor_turns``)."""
    table = board.tables.get("city_rotors")
    values = table.values if table is not None else {}
    pairs = values.get("cities", {})
    first = pairs.get(city) if isinstance(pairs, dict) else None
    cycle = list(rotor_turns(base, first if isinstance(first, list) else None,
                             values.get("wheel", ROTOR_WHEEL)))
    if shown not in cycle or len(cycle) < 2:
        return None
    return cycle[(cycle.index(shown) + 1) % len(cycle)]


@lru_cache(maxsize=64)
def rotor_badge(diameter: float, upcoming: str | None) -> Sprite:
    """The City Rotor badge with a dot of the colour the rotor shows next at its lower right."""
    img, ax, ay = icon_sprite("city_rotor", diameter)
    if upcoming is None:
        return img, ax, ay
    k = 4
    dot = diameter * 0.5
    half = math.ceil(diameter * 0.5 + dot * 0.5 + 2)
    big = Image.new("RGBA", (2 * half * k, 2 * half * k), (0, 0, 0, 0))
    big.paste(img.resize((img.width * k, img.height * k)), ((half - ax) * k, (half - ay) * k))
    d = ImageDraw.Draw(big)
    x = y = half * k + diameter * 0.36 * k
    rad = dot / 2 * k
    d.ellipse((x - rad, y - rad, x + rad, y + rad), fill=style.TRAY)
    # A tiny badge (a replay frame's board) keeps what rings fit: the outer ones go first.
    rad = max(rad - max(1.5, diameter * 0.07) * k, k / 2)
    d.ellipse((x - rad, y - rad, x + rad, y + rad), fill=style.INK)
    rad = max(rad - max(1.0, diameter * 0.05) * k, k / 2)
    d.ellipse((x - rad, y - rad, x + rad, y + rad),
              fill=style.CITY_FILL.get(upcoming, style.CITY_FILL["gray"]))
    return big.reduce(k), half, half
