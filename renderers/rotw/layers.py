"""The parts of a board picture that are drawn once and reused: the terrain layer of a map and
small anti-aliased sprites (track pieces, city hexes, name plates, markers)."""

from __future__ import annotations

import math
from collections import OrderedDict
from functools import lru_cache
from threading import Lock

from PIL import Image, ImageDraw

from engine.core.hexgrid import DIRECTIONS, Direction, Hex, hex_from_label, row_letters
from engine.rotw.mapdef import MapDef
from renderers.kit.colours import RGB, contrast, mix
from renderers.kit.fonts import font
from renderers.kit.hexgeom import SIDE_ANGLE, SQRT3, HexLayout
from renderers.kit.over import over
from renderers.kit.patterns import dashes, draw_pattern
from renderers.kit.spritecache import MIB, kept, pixel_bytes
from renderers.kit.supersample import canvas, shrunk
from renderers.kit.text import draw_text
from renderers.rotw import marks, style
from renderers.rotw.geometry import Frame, Point, track_path
from renderers.rotw.layercache import load_or_build

SUPERSAMPLE = 3


def _scaled(layout: HexLayout, k: int) -> HexLayout:
    return HexLayout(layout.size * k, layout.ox * k, layout.oy * k)


def _poly(points: list[Point]) -> list[tuple[float, float]]:
    return [(x, y) for x, y in points]


def _outline(d: ImageDraw.ImageDraw, points: list[Point], colour: RGB, width: int) -> None:
    """A closed outline drawn as one polyline: ``polygon(outline=, width>1)`` builds a mask the
    size of the whole image for every call, which takes seconds on a supersampled board."""
    pts = _poly(points)
    d.line([*pts, pts[0], pts[1]], fill=colour, width=width, joint="curve")


def _draw_terrain(d: ImageDraw.ImageDraw, lay: HexLayout, h: Hex, kind: str,
                  snow: bool = False) -> None:
    r = lay.size
    cx, cy = lay.centre(h)
    fill = style.TERRAIN_FILL[kind]
    d.polygon(_poly(lay.corners(h)), fill=marks.snow_fill(fill) if snow else fill)
    if kind == "mountain":
        for dx, dy, s in ((-0.28, 0.22, 0.42), (0.22, 0.12, 0.52)):
            px, py, sz = cx + dx * r, cy + dy * r, s * r
            tri = [(px - sz * 0.62, py + sz * 0.36), (px, py - sz * 0.62),
                   (px + sz * 0.62, py + sz * 0.36)]
            d.polygon(tri, fill=style.PEAK_FILL)
            _outline(d, tri, style.PEAK_LINE, max(1, round(r * 0.05)))
            d.line([(px, py - sz * 0.62), (px + sz * 0.15, py - sz * 0.2)], fill=style.TRAY,
                   width=max(1, round(r * 0.05)))
    elif kind == "river":
        pts = []
        for i in range(25):
            t = i / 24
            pts.append((cx - 0.8 * lay.apothem + 1.6 * lay.apothem * t,
                        cy + 0.12 * r + 0.13 * r * math.sin(t * 2 * math.pi * 1.5)))
        d.line(pts, fill=style.RIVER_LINE, width=max(2, round(r * 0.1)), joint="curve")
    elif kind == "lake":
        for dy, dx in ((-0.05, -0.2), (0.25, 0.15)):
            pts = []
            for i in range(13):
                t = i / 12
                pts.append((cx + (dx - 0.25 + 0.5 * t) * r,
                            cy + (dy + 0.06 * math.sin(t * 2 * math.pi)) * r))
            d.line(pts, fill=style.LAKE_WAVE, width=max(1, round(r * 0.06)), joint="curve")


def _seam(d: ImageDraw.ImageDraw, lay: HexLayout, board: MapDef, frame: Frame) -> None:
    """Transcontinental: a thin dashed line where the Western board meets the Eastern one."""
    table = board.tables.get("transcontinental")
    edges = table.values.get("seam", []) if table is not None else []
    width = max(2, round(lay.size * 0.07))
    for west, east in edges:
        a, b = hex_from_label(west), hex_from_label(east)
        side = a.direction_to(b)
        if side is None or (a not in frame.hexes and b not in frame.hexes):
            continue
        (x0, y0), (x1, y1) = lay.side_ends(a, side)
        for i in range(0, 4, 2):  # two dashes per side
            d.line([(x0 + (x1 - x0) * i / 4, y0 + (y1 - y0) * i / 4),
                    (x0 + (x1 - x0) * (i + 1.4) / 4, y0 + (y1 - y0) * (i + 1.4) / 4)],
                   fill=style.SEAM, width=width)


def _build_base(board: MapDef, frame: Frame) -> Image.Image:
    k = SUPERSAMPLE
    big = Image.new("RGB", (frame.width * k, frame.height * k), style.OFFBOARD)
    d = ImageDraw.Draw(big)
    lay = _scaled(frame.layout, k)
    r = lay.size
    snow = marks.snow_hexes(board)
    for h in sorted(frame.hexes):
        kind = board.terrain.get(h)
        if kind is not None:
            _draw_terrain(d, lay, h, kind, h in snow)
    for h in sorted(frame.hexes):
        if h in board.terrain:
            _outline(d, lay.corners(h), style.HEX_LINE, max(1, round(r * 0.04)))
    _snow_line(d, lay, board, frame, snow)
    icons: list[tuple[str, Hex]] = []
    for s in board.specials:
        if s.hex not in frame.hexes:
            continue
        if board.city_at(s.hex) is not None:
            continue  # a city hex: the city carries a badge instead (see board.draw_map)
        if board.playable(s.hex):  # a special place on the board: ring it, keep its terrain
            _outline(d, lay.corners(s.hex, inset=r * 0.1), marks.mark_for(s.kind).ring,
                     max(2, round(r * 0.1)))
            icons.append((s.kind, s.hex))
        else:  # an off-board place (a Western Link): a tile of its own, tied to its city
            city = board.cities.get(s.city) if s.city else None
            if city is not None:
                (x0, y0), (x1, y1) = lay.centre(s.hex), lay.centre(city.hex)
                n = max(2, round(math.dist((x0, y0), (x1, y1)) / (r * 0.3)))
                for i in range(0, n, 2):
                    d.line([(x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * i / n),
                            (x0 + (x1 - x0) * (i + 1) / n, y0 + (y1 - y0) * (i + 1) / n)],
                           fill=style.TRAY, width=max(2, round(r * 0.08)))
            d.polygon(_poly(lay.corners(s.hex, inset=r * 0.06)), fill=mix(style.OFFBOARD,
                      style.TRAY, 0.25), outline=style.TRAY, width=max(2, round(r * 0.06)))
    ridge_w = max(3, round(r * 0.19))
    for edge in board.ridges:
        a, b = sorted(edge)
        if a not in frame.hexes and b not in frame.hexes:
            continue
        side = a.direction_to(b)
        if side is None:
            continue
        p, q = lay.side_ends(a, side)
        d.line([p, q], fill=style.RIDGE, width=ridge_w)
        for x, y in (p, q):
            d.ellipse((x - ridge_w / 2, y - ridge_w / 2, x + ridge_w / 2, y + ridge_w / 2),
                      fill=style.RIDGE)
    for edge in board.impassable:
        a, b = sorted(edge)
        side = a.direction_to(b)
        if side is None or (a not in frame.hexes and b not in frame.hexes):
            continue
        p, q = lay.side_ends(a, side)
        d.line([p, q], fill=style.IMPASSABLE, width=ridge_w)
    _seam(d, lay, board, frame)
    base = big.reduce(k)
    _draw_base_text(board, frame, base)
    for mark, h in icons:
        cx, cy = frame.layout.centre(h)
        paste(base, marks.icon_sprite(mark, frame.layout.size * 0.95),
              (cx, cy + frame.layout.size * 0.12))
    return base


def _snow_line(d: ImageDraw.ImageDraw, lay: HexLayout, board: MapDef, frame: Frame,
               snow: frozenset[Hex]) -> None:
    """A dashed line along every side between a snow hex and a playable hex south of it."""
    if not snow:
        return
    r = lay.size
    width = max(3, round(r * 0.13))
    for h in sorted(snow):
        if h not in frame.hexes:
            continue
        for side in DIRECTIONS:
            n = h.neighbour(side)
            if n in snow or not board.playable(n):
                continue
            (x0, y0), (x1, y1) = lay.side_ends(h, side)
            for t0, t1 in ((0.0, 0.3), (0.4, 0.6), (0.7, 1.0)):
                d.line([(x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0),
                        (x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1)], fill=marks.SNOW_LINE,
                       width=width)


def _draw_base_text(board: MapDef, frame: Frame, base: Image.Image) -> None:
    d = ImageDraw.Draw(base)
    lay = frame.layout
    r = lay.size
    faint = font(round(r * 0.34), "semibold")
    for h in frame.hexes:
        if h in board.terrain and board.city_at(h) is None:
            cx, cy = lay.centre(h)
            draw_text(d, (cx, cy - 0.6 * r), h.label, faint, style.FAINT_LABEL)
    for s in board.specials:
        if s.hex not in frame.hexes:
            continue
        cx, cy = lay.centre(s.hex)
        words = s.kind.replace("_", " ").upper().split()[:2]
        if not board.playable(s.hex):
            small = font(round(r * 0.3), "bold")
            for i, word in enumerate(words):
                dy = (i - (len(words) - 1) / 2) * 0.34 * r
                draw_text(d, (cx, cy + dy), word, small, style.TRAY)
    if not frame.edge_labels:
        return
    edge = font(round(r * 0.5), "bold")
    left = min((lay.centre(h)[0] for h in frame.hexes), default=0) - lay.apothem
    right = max((lay.centre(h)[0] for h in frame.hexes), default=0) + lay.apothem
    top = min((lay.centre(h)[1] for h in frame.hexes), default=0) - r
    bottom = max((lay.centre(h)[1] for h in frame.hexes), default=0) + r
    left, right = max(left, 0), min(right, frame.width)
    top, bottom = max(top, 0), min(bottom, frame.height)
    for row in frame.rows:
        _, y = lay.offset_centre(row, 0)
        if not (r * 0.4 < y < frame.height - r * 0.4):
            continue
        text = row_letters(row)
        draw_text(d, (left / 2, y), text, edge, style.EDGE_TEXT)
        draw_text(d, ((right + frame.width) / 2, y), text, edge, style.EDGE_TEXT)
    for col in frame.cols:
        x, _ = lay.offset_centre(0, col)
        if not (r * 0.5 < x < frame.width - r * 0.5):
            continue
        draw_text(d, (x, top / 2), str(col), edge, style.EDGE_TEXT)
        draw_text(d, (x, (bottom + frame.height) / 2), str(col), edge, style.EDGE_TEXT)


class _Layers:
    """The map layers drawn latest, by what they show, holding at most ``budget`` bytes of
    pixels (the oldest used go first; a lock: renders run in worker threads). With ``disk``, a
    layer dropped or not drawn yet in this process is loaded from disk when kept there (see
    layercache)."""

    def __init__(self, budget: int, disk: bool) -> None:
        self.budget = budget
        self.disk = disk
        self._items: OrderedDict[tuple[object, ...], Image.Image] = OrderedDict()
        self._held = 0
        self._lock = Lock()

    def get(self, board: MapDef, frame: Frame) -> Image.Image:
        lay = frame.layout
        key = (board.id, len(board.terrain), len(board.ridges), len(board.specials),
               len(marks.snow_hexes(board)), lay.size,
               round(lay.ox, 3), round(lay.oy, 3), frame.width, frame.height)
        with self._lock:
            hit = self._items.get(key)
            if hit is not None:
                self._items.move_to_end(key)
                return hit
        img = load_or_build((board, key), lambda: _build_base(board, frame)) if self.disk \
            else _build_base(board, frame)
        with self._lock:
            if key not in self._items:
                self._items[key] = img
                self._held += pixel_bytes(img)
            while self._held > self.budget and len(self._items) > 1:
                self._held -= pixel_bytes(self._items.popitem(last=False)[1])
        return img


_WHOLE = _Layers(40 * MIB, disk=True)
"""Whole boards: two to three maps at once (Transcontinental's layer alone is 28 MiB; a
layer dropped is loaded again from disk in 15-60 ms)."""
_PASSING = _Layers(12 * MIB, disk=False)
"""Focus frames: one per place a move happens, too many to keep on disk."""
_TILES = _Layers(24 * MIB, disk=True)
"""Tiles of whole maps at a replay's focus hex sizes: the squares of a game's moves, which
wander over the map, draw each tile once (a square covers four to nine of 1 MiB), and the
next replay on the same map loads it from disk (1-2 ms against some 30 to draw)."""


def base_layer(board: MapDef, frame: Frame, *, passing: bool = False) -> Image.Image:
    """The terrain, ridges and labels of ``board`` in ``frame`` (cached; do not modify). A
    ``passing`` frame, seldom drawn twice (a focus picture's), is kept apart so that it never
    pushes a whole board's layer out of the cache."""
    return (_PASSING if passing else _WHOLE).get(board, frame)


def tile_layer(board: MapDef, frame: Frame) -> Image.Image:
    """``base_layer`` for a tile of a whole map at some hex size (``frame`` holds the hexes
    that reach into it), kept apart from the other layers."""
    return _TILES.get(board, frame)


# --- sprites ---------------------------------------------------------------------------------

Sprite = tuple[Image.Image, int, int]
"""An RGBA image and the offset of its anchor (the hex centre) inside it."""


def _round_line(d: ImageDraw.ImageDraw, pts: list[Point], colour: RGB, width: float,
                caps: bool = True) -> None:
    w = max(1, round(width))
    d.line(pts, fill=colour, width=w, joint="curve")
    if caps:
        for x, y in (pts[0], pts[-1]):
            d.ellipse((x - width / 2, y - width / 2, x + width / 2, y + width / 2), fill=colour)


@kept(12 * MIB)
def track_sprite(size: float, a: Direction, b: Direction, colour: RGB, casing: RGB,
                 dashed: bool, bridge: bool, pattern: str = "plain") -> Sprite:
    """One track piece through a hex, joining sides ``a`` and ``b``: the owner's colour inside a
    contrasting outline, with the owner's ``pattern`` along it (see trackstyle). ``bridge`` adds
    a pale gap around it so that it reads as passing over the track it crosses.

    The outline ends square at the hex sides and the colour ends round just past them, so a
    piece pasted next to another covers the other's round end: joins stay seamless in any
    order."""
    k = SUPERSAMPLE
    half = math.ceil(size * 1.05)
    big = canvas(2 * half * k, 2 * half * k)
    d = ImageDraw.Draw(big)
    apothem = SQRT3 * size / 2

    def path(reach: float) -> list[Point]:
        return [(half * k + x * k, half * k + y * k)
                for x, y in track_path(apothem * reach, a, b, steps=24)]

    core = size * 0.2 * k
    edge = size * 0.34 * k
    if bridge:
        _round_line(d, path(0.72), style.BRIDGE_GAP, size * 0.62 * k)
    if dashed:
        pieces = dashes(path(1.0), size * 0.34 * k, size * 0.22 * k)
        for piece in pieces:
            _round_line(d, piece, casing, edge, caps=False)
        for piece in pieces:
            inner = _shorten(piece, (edge - core) / 2)
            _round_line(d, inner, colour, core, caps=False)
            draw_pattern(d, inner, pattern, colour, core)
    else:
        _round_line(d, path(1.0), casing, edge, caps=False)
        _round_line(d, path(1.0), colour, core, caps=True)
        draw_pattern(d, path(1.0), pattern, colour, core)
    return trimmed(shrunk(big, k), half, half)


def trimmed(img: Image.Image, ax: int, ay: int) -> Sprite:
    """The sprite ``img`` anchored at ``(ax, ay)`` cut to its visible part: a track piece's
    corners are clear, and blending them cost a third of its paste. The cut starts at even
    pixels, so that the piece lands on the same pixels: :func:`paste` rounds halves to even."""
    box = img.getchannel("A").getbbox()
    if box is None:
        return img, ax, ay
    left, top = box[0] - box[0] % 2, box[1] - box[1] % 2
    return img.crop((left, top, box[2], box[3])), ax - left, ay - top


def _shorten(pts: list[Point], by: float) -> list[Point]:
    """``pts`` with ``by`` cut off both ends (for polylines longer than ``2 * by``)."""
    out = list(pts)
    for end in (0, -1):
        (x0, y0), (x1, y1) = out[end], out[1 if end == 0 else -2]
        length = math.hypot(x1 - x0, y1 - y0)
        if length > by:
            t = by / length
            out[end] = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
    return out


def _hex_points(cx: float, cy: float, r: float) -> list[Point]:
    return [(cx + r * math.cos(math.radians(-90 + 60 * i)),
             cy + r * math.sin(math.radians(-90 + 60 * i))) for i in range(6)]


ROTOR_RING = 0.7
"""Inner edge of a City Rotor's band on a city hex, as a share of the hex's radius."""


SMALLEST_EDGED = 8
"""Cubes drawn smaller than this many pixels (a replay frame's board) have no dark edge: on a
cube of a few pixels an edge would hide its colour."""


@kept(2 * MIB)
def goods_tray(rows: tuple[tuple[str, ...], ...], starts: tuple[int, ...], cube: int,
               gap: int) -> Image.Image:
    """A city's goods cubes on their tray, rows of cube colours, each row from ``starts`` (a
    few thousand pixels pasted whole instead of a rounded tray and a square per cube drawn on
    every picture: late in a game every city carries goods)."""
    tray_w = max(len(row) for row in rows) * (cube + gap) + gap
    tray_h = len(rows) * (cube + gap) + gap
    img = Image.new("RGBA", (tray_w + 1, tray_h + 1), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, tray_w, tray_h), radius=max(2, gap * 2), fill=style.TRAY,
                        outline=style.INK, width=1)
    for ri, row in enumerate(rows):
        y = gap + ri * (cube + gap)
        for ci, colour in enumerate(row):
            x = starts[ri] + ci * (cube + gap)
            d.rectangle((x, y, x + cube - 1, y + cube - 1),
                        fill=style.CUBE_FILL.get(colour, style.CITY_FILL["gray"]),
                        outline=style.INK if cube >= SMALLEST_EDGED else None)
    return img


@kept(8 * MIB)
def city_sprite(size: float, colour: str, entry: frozenset[Direction],
                rotor: str | None = None) -> Sprite:
    """A city hex in its colour, with a stub on each side where track may enter. ``rotor`` is
    the colour a City Rotor on it shows now: drawn as a slice at the bottom of the hex, edged
    in white so that it reads even when it shows the city's own colour."""
    k = SUPERSAMPLE
    half = math.ceil(size + 2)
    big = canvas(2 * half * k, 2 * half * k)
    d = ImageDraw.Draw(big)
    c = half * k
    r = size * k
    fill = style.CITY_FILL.get(colour, style.CITY_FILL["gray"])
    d.polygon(_hex_points(c, c, r), fill=style.INK)
    d.polygon(_hex_points(c, c, r * 0.9), fill=fill)
    if rotor is not None:
        d.polygon(_hex_points(c, c, r * 0.9),
                  fill=style.CITY_FILL.get(rotor, style.CITY_FILL["gray"]))
        inner = _hex_points(c, c, r * ROTOR_RING)
        d.polygon(inner, fill=fill)
        d.line([*inner, inner[0], inner[1]], fill=style.TRAY, width=max(2, round(size * 0.06 * k)),
               joint="curve")
    ap = SQRT3 * r / 2
    for side in DIRECTIONS:
        if side in entry:
            t = SIDE_ANGLE[side]
            p0 = (c + ap * 0.97 * math.cos(t), c + ap * 0.97 * math.sin(t))
            p1 = (c + ap * 0.7 * math.cos(t), c + ap * 0.7 * math.sin(t))
            _round_line(d, [p0, p1], style.TRAY, size * 0.26 * k)
            _round_line(d, [p0, p1], style.INK, size * 0.12 * k)
    return trimmed(shrunk(big, k), half, half)


@lru_cache(maxsize=4096)
def plate_size(size: float, name: str) -> tuple[int, int]:
    """The width and height of :func:`name_plate`, without drawing it: placing the names and
    keeping markers clear of them needs every city's plate, a picture shows a few."""
    left, _, right, _ = font(round(size * 0.52), "bold").getbbox(name)
    pad_x, pad_y = size * 0.16, size * 0.09
    return math.ceil(right - left + 2 * pad_x), math.ceil(size * 0.52 + 2 * pad_y)


@lru_cache(maxsize=256)
def name_plate(size: float, name: str) -> Image.Image:
    """The white plate carrying a city's name."""
    fnt = font(round(size * 0.52), "bold")
    w, h = plate_size(size, name)
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=round(size * 0.14),
                        fill=(*style.TRAY, 236), outline=(70, 70, 70, 255),
                        width=max(1, round(size * 0.04)))
    d.text((w / 2, h / 2), name, font=fnt, fill=style.INK, anchor="mm")
    return img


@lru_cache(maxsize=256)
def marker_sprite(size: float, colour: str, tag: str) -> Sprite:
    """A round owner marker in the player's colour carrying their tag letter(s)."""
    k = SUPERSAMPLE
    rad = size * (0.4 if len(tag) == 1 else 0.46)
    half = math.ceil(rad + 2)
    big = canvas(2 * half * k, 2 * half * k)
    d = ImageDraw.Draw(big)
    c = half * k
    fill = style.player_fill(colour)
    ring = style.casing_for(colour)
    d.ellipse((c - rad * k, c - rad * k, c + rad * k, c + rad * k), fill=ring)
    inner = rad * k - max(2, size * 0.08) * k
    d.ellipse((c - inner, c - inner, c + inner, c + inner), fill=fill)
    img = shrunk(big, k)
    fnt = font(round(size * (0.52 if len(tag) == 1 else 0.4)), "black")
    draw_text(ImageDraw.Draw(img), (half, half + size * 0.02), tag, fnt, contrast(fill))
    return img, half, half


def paste(target: Image.Image, sprite: Sprite, at: Point) -> None:
    img, ax, ay = sprite
    x, y = round(at[0] - ax), round(at[1] - ay)
    over(target, img, x, y)


@lru_cache(maxsize=64)
def depot_sprite(size: float, colour: str, count: int) -> Sprite:
    """Fuel Depots on a city: a small fuel tank in the owner's colour carrying how many."""
    k = SUPERSAMPLE
    w, h = size * 0.44, size * 0.52
    half = math.ceil(max(w, h) / 2 + 2)
    big = canvas(2 * half * k, 2 * half * k)
    d = ImageDraw.Draw(big)
    c = half * k
    fill = style.player_fill(colour)
    ring = style.casing_for(colour)
    box = (c - w / 2 * k, c - h / 2 * k, c + w / 2 * k, c + h / 2 * k)
    d.rounded_rectangle(box, radius=w * 0.3 * k, fill=fill, outline=ring,
                        width=max(2, round(size * 0.07 * k)))
    cap = w * 0.22 * k
    d.rectangle((c - cap, box[1] - size * 0.09 * k, c + cap, box[1] + 1), fill=ring)
    img = shrunk(big, k)
    fnt = font(round(size * 0.4), "black")
    draw_text(ImageDraw.Draw(img), (half, half + size * 0.03), str(count), fnt, contrast(fill))
    return img, half, half


@lru_cache(maxsize=64)
def trading_sprite(size: float, colour: str) -> Sprite:
    """A Trading Depot on another player's link: a diamond in its owner's colour marked T."""
    k = SUPERSAMPLE
    rad = size * 0.36
    half = math.ceil(rad + 2)
    big = canvas(2 * half * k, 2 * half * k)
    d = ImageDraw.Draw(big)
    c = half * k
    fill = style.player_fill(colour)
    outer = [(c, c - rad * k), (c + rad * k, c), (c, c + rad * k), (c - rad * k, c)]
    d.polygon(outer, fill=style.casing_for(colour))
    inner = rad * k - max(2, size * 0.08) * k * 1.4
    d.polygon([(c, c - inner), (c + inner, c), (c, c + inner), (c - inner, c)], fill=fill)
    img = shrunk(big, k)
    fnt = font(round(size * 0.34), "black")
    draw_text(ImageDraw.Draw(img), (half, half + size * 0.02), "T", fnt, contrast(fill))
    return img, half, half
