"""The last move marked on a Railways of the World picture: a glow under the new track, the
delivery's route traced with an arrow from its origin to its destination, a ring round each city
the move changed. On a map of several period boards (Railways through Time) a delivery through
time is traced on each board it passes, and a focus picture frames the board where the move
ended."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from engine.core.hexgrid import Hex, hex_from_label
from engine.rotw.mapdef import MapDef
from engine.rotw.timemap import period_at, periods
from renderers.kit.focus import HILITE, HILITE_CASING, last_move
from renderers.rotw.geometry import Frame

GLOW = 0.5
"""How far the glow under new track tints its hexes towards the highlight colour."""


@dataclass(frozen=True)
class Marks:
    """The last move's places on the map."""

    track: tuple[Hex, ...]
    legs: tuple[tuple[Hex, ...], ...]
    """A delivery's route from its origin to its destination, in one part for each period board
    it passes (one part on a map of one board): a hop through time passes no hex between."""
    cities: tuple[Hex, ...]

    @property
    def route(self) -> tuple[Hex, ...]:
        return tuple(h for leg in self.legs for h in leg)

    @property
    def every(self) -> list[Hex]:
        return list(dict.fromkeys(self.track + self.route + self.cities))


def _hexes(labels: object) -> tuple[Hex, ...]:
    out = []
    for label in labels if isinstance(labels, list) else []:
        try:
            out.append(hex_from_label(str(label)))
        except ValueError:
            continue
    return tuple(out)


def marks(board: MapDef, view: Mapping[str, Any], *, carried: bool = False) -> Marks:
    """Where the view's last move happened (its new track, route and cities) on ``board``; an
    earlier move's places that a move without any carries are left out unless ``carried``."""
    move = last_move(view)
    cities = tuple(board.cities[c].hex for c in move.get("cities") or [] if c in board.cities)
    city_set = set(cities)
    track = tuple(h for h in _hexes(move.get("hexes")) if h not in city_set)
    route = _hexes(move.get("route"))
    on_board = set(board.terrain) | {s.hex for s in board.specials} | set(cities)
    if move.get("carried") and not carried:
        return Marks((), (), ())
    return Marks(tuple(h for h in track if h in on_board),
                 _legs(board, [h for h in route if h in on_board]), cities)


def _legs(board: MapDef, route: list[Hex]) -> tuple[tuple[Hex, ...], ...]:
    """``route`` cut where it passes from one period board to another."""
    boards = periods(board)
    legs: list[list[Hex]] = []
    for h in route:
        if not legs or period_at(boards, h.col) != period_at(boards, legs[-1][-1].col):
            legs.append([])
        legs[-1].append(h)
    return tuple(tuple(leg) for leg in legs)


def framed(board: MapDef, view: Mapping[str, Any]) -> list[Hex]:
    """The hexes a focus picture frames: the last move's places (or those a move without any
    carries), on a map of several period boards only those on the board of the last place (a
    delivery through time is framed where its cube arrives)."""
    hexes = marks(board, view, carried=True).every
    boards = periods(board)
    if not hexes or not boards:
        return hexes
    last = period_at(boards, hexes[-1].col)
    return [h for h in hexes if period_at(boards, h.col) == last]


def draw_under(img: Image.Image, frame: Frame, found: Marks) -> None:
    """The glow under the new track and along a delivery's route, drawn on the map before the
    track is (so the owners' track stays on top)."""
    lay = frame.layout
    for h in found.track:
        if h not in frame.hexes:
            continue
        pts = lay.corners(h, inset=lay.size * 0.04)
        box = (math.floor(min(x for x, _ in pts)), math.floor(min(y for _, y in pts)),
               math.ceil(max(x for x, _ in pts)), math.ceil(max(y for _, y in pts)))
        region = img.crop(box)
        tinted = Image.blend(region, Image.new("RGB", region.size, HILITE), GLOW)
        mask = Image.new("L", region.size, 0)
        ImageDraw.Draw(mask).polygon([(x - box[0], y - box[1]) for x, y in pts], fill=255)
        img.paste(tinted, box[:2], mask)
    traced = [[lay.centre(h) for h in leg] for leg in found.legs if len(leg) >= 2]
    d = ImageDraw.Draw(img)
    for pts in traced:  # every casing first, so that no leg's casing cuts across another
        d.line(pts, fill=HILITE_CASING, width=round(lay.size * 0.62), joint="curve")
    for pts in traced:
        d.line(pts, fill=HILITE, width=round(lay.size * 0.48), joint="curve")


def draw_over(img: Image.Image, frame: Frame, found: Marks) -> None:
    """The arrowhead of a delivery and the rings round changed cities, over the map."""
    lay = frame.layout
    d = ImageDraw.Draw(img)
    size = lay.size
    for h in found.track:
        if h in frame.hexes:
            d.polygon(lay.corners(h, inset=size * 0.06), outline=HILITE_CASING,
                      width=max(2, round(size * 0.07)))
    last = found.legs[-1] if found.legs else ()
    if len(last) >= 2:
        _arrowhead(d, lay.centre(last[-2]), lay.centre(last[-1]), size)
    if not found.route and not found.track:
        for h in found.cities:
            cx, cy = lay.centre(h)
            r = size * 1.02
            box = (cx - r, cy - r, cx + r, cy + r)
            d.ellipse(box, outline=HILITE_CASING, width=max(3, round(size * 0.16)))
            d.ellipse(box, outline=HILITE, width=max(2, round(size * 0.09)))


def _arrowhead(d: ImageDraw.ImageDraw, start: tuple[float, float], end: tuple[float, float],
               size: float) -> None:
    """An arrowhead on the way from ``start`` into ``end``, its tip short of the centre so that
    the destination's cubes stay visible."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    tip = (x1 - ux * size * 0.62, y1 - uy * size * 0.62)
    head = size * 0.62
    base = (tip[0] - ux * head, tip[1] - uy * head)
    wing = head * 0.62
    left = (base[0] - uy * wing, base[1] + ux * wing)
    right = (base[0] + uy * wing, base[1] - ux * wing)
    d.polygon([tip, left, right], fill=HILITE, outline=HILITE_CASING,
              width=max(2, round(size * 0.07)))
