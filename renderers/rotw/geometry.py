"""Where things go: the frame of an image, track paths through a hex, city name placement."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from engine.core.hexgrid import Direction, Hex, side_gap
from engine.rotw.mapdef import MapDef
from engine.rotw.timemap import period_at, periods
from renderers.kit.hexgeom import SIDE_ANGLE, SQRT3, HexLayout

Point = tuple[float, float]
Rect = tuple[float, float, float, float]


@dataclass(frozen=True)
class Frame:
    """The part of a map one image shows: hex layout, map area size and the hexes in view."""

    layout: HexLayout
    width: int
    height: int
    hexes: frozenset[Hex]
    """Hexes (playable or special) drawn in this frame."""
    rows: tuple[int, ...]
    cols: tuple[int, ...]
    edge_labels: bool = True
    """Row letters and column numbers around the map (the full board only)."""

    @property
    def size(self) -> float:
        return self.layout.size


def lowered(frame: Frame, by: int) -> Frame:
    """``frame`` moved ``by`` whole pixels down a picture (under a header), its foot with it."""
    if not by:
        return frame
    lay = frame.layout
    return replace(frame, layout=HexLayout(lay.size, lay.ox, lay.oy + by),
                   height=frame.height + by)


PERIOD_PAD = 0.25
"""How far past its hexes a period board's piece of the picture reaches, in hex widths: half
the empty column between two boards (Railways through Time)."""


def period_spans(board: MapDef, lay: HexLayout) -> list[tuple[float, float]]:
    """Left and right of each period board of ``board`` at ``lay`` (none on an ordinary map):
    its hexes, the odd rows' half hex and the pad."""
    w = lay.width
    return [(lay.ox + w * (p.first_col - 0.5 - PERIOD_PAD),
             lay.ox + w * (p.first_col + p.cols + PERIOD_PAD)) for p in periods(board)]


def board_hexes(board: MapDef) -> set[Hex]:
    return set(board.terrain) | {s.hex for s in board.specials}


def full_frame(board: MapDef, size: float, margin: int) -> Frame:
    """The whole board with ``margin`` pixels around it for row and column labels."""
    hexes = board_hexes(board)
    w = SQRT3 * size
    xs = [w * (h.col + 0.5 * (h.row & 1)) for h in hexes]
    ys = [1.5 * size * h.row for h in hexes]
    left, right = min(xs) - w / 2, max(xs) + w / 2
    top, bottom = min(ys) - size, max(ys) + size
    layout = HexLayout(size, margin - left, margin - top)
    return Frame(
        layout=layout,
        width=math.ceil(right - left + 2 * margin),
        height=math.ceil(bottom - top + 2 * margin),
        hexes=frozenset(hexes),
        rows=tuple(sorted({h.row for h in hexes})),
        cols=tuple(sorted({h.col for h in hexes})),
    )


def zoom_frame(board: MapDef, centre: Hex, size: float, radius: int, margin: int) -> Frame:
    """A crop of ``2 * radius + 1`` hexes across around ``centre``."""
    w = SQRT3 * size
    width = math.ceil(w * (2 * radius + 1) + 2 * margin)
    height = math.ceil(1.5 * size * (2 * radius) + 2 * size + 2 * margin)
    cx = w * (centre.col + 0.5 * (centre.row & 1))
    cy = 1.5 * size * centre.row
    layout = HexLayout(size, width / 2 - cx, height / 2 - cy)
    inside = set()
    for h in board_hexes(board):
        x, y = layout.centre(h)
        if -size < x < width + size and -size < y < height + size:
            inside.add(h)
    rows = tuple(r for r in range(centre.row - radius - 1, centre.row + radius + 2)
                 if margin - size / 2 < layout.offset_centre(r, 0)[1] < height - margin + size / 2)
    cols = tuple(c for c in range(centre.col - radius - 1, centre.col + radius + 2)
                 if margin < layout.offset_centre(0, c)[0] < width - margin)
    return Frame(layout, width, height, frozenset(inside), rows, cols, edge_labels=False)


def track_path(apothem: float, a: Direction, b: Direction, steps: int = 18) -> list[Point]:
    """Points of the track joining sides ``a`` and ``b``, relative to the hex centre: a straight
    line for opposite sides, otherwise a circular arc meeting each side square on."""
    ta, tb = SIDE_ANGLE[a], SIDE_ANGLE[b]
    ma = (apothem * math.cos(ta), apothem * math.sin(ta))
    mb = (apothem * math.cos(tb), apothem * math.sin(tb))
    if side_gap(a, b) == 3:
        return [ma, mb]
    # The arc's centre lies on both side lines: c . n_a = apothem and c . n_b = apothem.
    ca, sa, cb, sb = math.cos(ta), math.sin(ta), math.cos(tb), math.sin(tb)
    det = ca * sb - sa * cb
    cx = apothem * (sb - sa) / det
    cy = apothem * (ca - cb) / det
    radius = math.hypot(ma[0] - cx, ma[1] - cy)
    start = math.atan2(ma[1] - cy, ma[0] - cx)
    end = math.atan2(mb[1] - cy, mb[0] - cx)
    sweep = (end - start + math.pi) % (2 * math.pi) - math.pi
    return [
        (cx + radius * math.cos(start + sweep * i / steps),
         cy + radius * math.sin(start + sweep * i / steps))
        for i in range(steps + 1)
    ]


def overlap(a: Rect, b: Rect) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _corridors(board: MapDef, lay: HexLayout) -> set[Hex]:
    """Hexes on the straight lines between nearby cities: where links are likely to run."""
    out: set[Hex] = set()
    cities = list(board.cities.values())
    for i, a in enumerate(cities):
        for b in cities[i + 1:]:
            n = a.hex.distance(b.hex)
            if not 2 <= n <= 6:
                continue
            (x0, y0), (x1, y1) = lay.centre(a.hex), lay.centre(b.hex)
            for k in range(1, 2 * n):
                t = k / (2 * n)
                out.add(lay.hex_at(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t))
    return {h for h in out if board.playable(h) and board.city_at(h) is None}


def _ground(board: MapDef, lay: HexLayout, rect: Rect, corridors: set[Hex],
            ) -> tuple[float, float]:
    """The shares of ``rect`` over playable hexes other than cities (where track may run) and
    over likely link corridors."""
    track = likely = n = 0
    for i in range(5):
        for j in range(3):
            x = rect[0] + (rect[2] - rect[0]) * (i + 0.5) / 5
            y = rect[1] + (rect[3] - rect[1]) * (j + 0.5) / 3
            h = lay.hex_at(x, y)
            n += 1
            track += board.playable(h) and board.city_at(h) is None
            likely += h in corridors
    return track / n, likely / n


def place_labels(board: MapDef, frame: Frame, sizes: dict[str, tuple[int, int]],
                 ) -> dict[str, Rect]:
    """A rectangle for each city's name plate, beside its hex, avoiding other cities' hexes and
    plates and, where it can, the sides where track enters the city."""
    lay = frame.layout
    r, ap = lay.size, lay.apothem
    cities = [c for c in board.cities.values() if c.hex in frame.hexes]
    boxes: dict[str, Rect] = {}
    for c in cities:
        x, y = lay.centre(c.hex)
        boxes[c.name] = (x - ap, y - r, x + ap, y + r)
    for sp in board.specials:  # special places keep their own marks in sight
        if sp.hex in frame.hexes and board.city_at(sp.hex) is None:
            x, y = lay.centre(sp.hex)
            boxes[f"special {sp.hex.label}"] = (x - ap, y - r, x + ap, y + r)

    def crowd(name: str) -> int:
        h = board.cities[name].hex
        return sum(1 for o in cities if o.hex.distance(h) <= 3)

    placed: dict[str, Rect] = {}
    # On a map of period boards, each city's name stays over its own board: the whole board
    # picture sets the boards apart (see periodgrid).
    boards = periods(board)
    spans = period_spans(board, lay)
    corridors = _corridors(board, lay)
    centres = [lay.centre(h) for h in frame.hexes]
    area = (min(x for x, _ in centres) - ap, min(y for _, y in centres) - r,
            max(x for x, _ in centres) + ap, max(y for _, y in centres) + r) if centres \
        else (0.0, 0.0, float(frame.width), float(frame.height))

    def off(name: str) -> bool:
        """Whether the city's centre is off the picture (a window on the map)."""
        x, y = lay.centre(board.cities[name].hex)
        return not (0 <= x <= frame.width and 0 <= y <= frame.height)

    # The cities in the picture choose first; one just off it names itself where it can.
    for city in sorted(cities, key=lambda c: (off(c.name), -crowd(c.name), c.name)):
        w, h = sizes[city.name]
        x, y = lay.centre(city.hex)
        gap = 0.9 * r
        options: list[tuple[Rect, float, frozenset[Direction]]] = [
            ((x - w / 2, y + gap, x + w / 2, y + gap + h), 0.0, frozenset({"SE", "SW"})),
            ((x - w / 2, y - gap - h, x + w / 2, y - gap), 0.5, frozenset({"NE", "NW"})),
            ((x + ap, y - h / 2, x + ap + w, y + h / 2), 1.0, frozenset({"E"})),
            ((x - ap - w, y - h / 2, x - ap, y + h / 2), 1.0, frozenset({"W"})),
            ((x + 0.5 * ap, y + gap, x + 0.5 * ap + w, y + gap + h), 2.0, frozenset({"SE"})),
            ((x - 0.5 * ap - w, y + gap, x - 0.5 * ap, y + gap + h), 2.0, frozenset({"SW"})),
            ((x + 0.5 * ap, y - gap - h, x + 0.5 * ap + w, y - gap), 2.5, frozenset({"NE"})),
            ((x - 0.5 * ap - w, y - gap - h, x - 0.5 * ap, y - gap), 2.5, frozenset({"NW"})),
        ]
        moved: set[Rect] = set()
        if not frame.edge_labels and not any(_moved_inside(o[0], frame) == o[0]
                                             for o in options):
            # A window on the map where no place lies whole inside it: each place also moved
            # inside it, the further the worse, and kept off the city's own hex (its goods).
            for rect, pref, covers in list(options):
                inside = _moved_inside(rect, frame)
                if inside is not None and inside != rect:
                    shift = abs(inside[0] - rect[0]) + abs(inside[1] - rect[1])
                    options.append((inside, pref + 1.0 + shift / r, covers))
                    moved.add(inside)
        own = period_at(boards, city.hex.col) if boards else None
        span = spans[[p.id for p in boards].index(own)] if own is not None else None
        best: tuple[float, Rect] | None = None
        for rect, pref, covers in options:
            cost = pref * w * h * 0.02
            cost += sum(20 * overlap(rect, p) for p in placed.values())
            cost += sum(6 * overlap(rect, b) for n, b in boxes.items() if n != city.name)
            outside = (w * h) - overlap(rect, (2, 2, frame.width - 2, frame.height - 2))
            cost += 30 * outside
            if span is not None:
                cost += 30 * (w * h - overlap(rect, (span[0], rect[1], span[1], rect[3])))
            cost += 0.5 * ((w * h) - overlap(rect, area))
            track, likely = _ground(board, lay, rect, corridors)
            cost += 0.4 * w * h * track + 0.6 * w * h * likely
            cost += 0.05 * w * h * len(covers & city.entry)
            if rect in moved:
                cost += 20 * overlap(rect, boxes[city.name])
            if not frame.edge_labels and _crosses(rect, frame):
                cost += 1e12  # taken only where no place lies whole inside (then left out)
            if best is None or cost < best[0]:
                best = (cost, rect)
        assert best is not None
        placed[city.name] = best[1]
    if not frame.edge_labels:
        # A name cut at the window's edge ("Manch") is left out, and so is that of a city off
        # the picture that would cover another's.
        placed = {n: r for n, r in placed.items() if not _crosses(r, frame)
                  and not (off(n) and any(overlap(r, o) > 0 for m, o in placed.items()
                                          if m != n))}
    return placed


def _crosses(rect: Rect, frame: Frame) -> bool:
    """Whether ``rect`` lies across an edge of ``frame`` (partly in the picture)."""
    x0, y0, x1, y1 = rect
    return x0 < 0 < x1 or x0 < frame.width < x1 or y0 < 0 < y1 or y0 < frame.height < y1


def _moved_inside(rect: Rect, frame: Frame) -> Rect | None:
    """``rect`` moved the least way to lie within ``frame`` (2 px in from its edges), or None
    where it is too big for it."""
    x0, y0, x1, y1 = rect
    lo_x, lo_y, hi_x, hi_y = 2.0, 2.0, frame.width - 2.0, frame.height - 2.0
    if x1 - x0 > hi_x - lo_x or y1 - y0 > hi_y - lo_y:
        return None
    dx = lo_x - x0 if x0 < lo_x else hi_x - x1 if x1 > hi_x else 0.0
    dy = lo_y - y0 if y0 < lo_y else hi_y - y1 if y1 > hi_y else 0.0
    return (x0 + dx, y0 + dy, x1 + dx, y1 + dy)
