"""Railways of the World pictures for a replay's frames, drawn only as big as they are shown:
the whole board straight at the frame's width, and the focus picture as the part of the board
it shows (not cut from a whole board drawn first)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from PIL import Image

from engine.core.hexgrid import Hex, hex_from_label
from engine.rotw.mapdef import MapDef
from engine.rotw.timemap import periods
from renderers.kit.access import VIEW_KEY, short_name
from renderers.kit.hexgeom import HexLayout
from renderers.rotw import highlight, style
from renderers.rotw.board import Marker, draw_map, marker_places
from renderers.rotw.companypanel import draw_company_panel
from renderers.rotw.geometry import Frame, full_frame
from renderers.rotw.layers import base_layer
from renderers.rotw.panel import draw_panel
from renderers.rotw.panelpen import Section
from renderers.rotw.render import PANEL_MORE, frame_for, owners_view
from renderers.rotw.timewarp import caption_height, draw_periods

_SMALL: dict[tuple[object, ...], Frame] = {}

CHANGED = "changed"
"""The key of a picture's ``info`` listing the rectangles (left, top, right, bottom) outside
which it is the picture before it, pixel for pixel."""


def _small(board: MapDef, width: int) -> tuple[Frame, float]:
    """The map's frame in a picture ``width`` wide, and its scale against the full picture."""
    full = frame_for(board)
    k = width / (full.width + style.PANEL_WIDTH)
    key = (board.id, len(board.terrain), len(board.cities), len(board.specials), width)
    small = _SMALL.get(key)
    if small is None:
        if len(_SMALL) > 32:
            _SMALL.clear()
        small = _SMALL[key] = full_frame(board, full.layout.size * k, round(style.MARGIN * k))
    return small, k


def board_at(view: Mapping[str, Any], board: MapDef, width: int, reel: Reel | None = None,
             ) -> Image.Image:
    """The whole board picture (map and side panel) drawn ``width`` pixels wide: the map at
    the hex size it has there, on its own base layer; the panel, all text, drawn at its own
    size. With ``reel`` (kept by a replay from one frame to the next) only what changed since
    its last frame is drawn again, on the picture it keeps: the places the move touched,
    owner markers that moved, and the panel; the picture's ``info[CHANGED]`` then lists the
    rectangles drawn again. The picture returned is the reel's own, changed by its next
    frame."""
    view = owners_view(view)
    small, k = _small(board, width)
    panel, tall = _panel(view, board, k, reel)
    wide = round(style.PANEL_WIDTH * k)
    img: Image.Image | None = None
    if reel is not None and reel.picture is not None and reel.view is not None \
            and reel.picture.size == (width, tall) and reel.board is board \
            and _scene(reel.view) == _scene(view):
        img = reel.picture
        bottom = tall
        if periods(board):
            bottom = min(bottom, math.floor(small.height - style.MARGIN * 0.2))  # the captions
        drawn = redraw(img, board, small, reel, view, (width - wide, bottom))
        shown, top = panel.shown(wide, tall, whole=False)
        img.info[CHANGED] = ([(width - wide, top, width, top + shown.height)] if shown.height
                             else []) + ([drawn] if drawn else [])
    else:
        img = Image.new("RGB", (width, tall), style.OFFBOARD)
        markers = marker_places(board, small, view, frame_for(board))
        _draw(img, board, small, small, view, markers)
        if reel is not None:
            reel.picture, reel.board, reel.markers = img, board, markers
        shown, top = panel.shown(wide, tall, whole=True)
    if reel is not None:
        reel.view = view
    if shown.height:
        img.paste(shown, (width - wide, top))
    return img


class Reel:
    """What a replay keeps from one whole-board frame to the next, so that each frame draws
    only what its move changed: the last picture, the view it shows, where its owner markers
    are, and the panel's canvas with what each of its sections drew."""

    def __init__(self) -> None:
        self.picture: Image.Image | None = None
        self.board: MapDef | None = None
        self.view: Mapping[str, Any] | None = None
        self.markers: list[Marker] = []
        self.panel: Image.Image | None = None
        self.panel_scale = 0.0
        self.sections: dict[str, Section] = {}
        """What each section of the panel drew last (see :class:`panelpen.Pen`)."""


PANEL_SCALE = 1 / 3
"""The smallest scale the side panel is drawn at (house value): its smallest text (16 px at
full size) still gets the 6 px the fonts are drawn at least. A panel shown smaller (the wide
maps) is drawn at a whole multiple of its size that reaches this, and shrunk."""


PANEL_STEP = 300
"""A side panel longer than the map makes the picture taller in steps of this many full-size
pixels (house value): a picture whose height changes is drawn again whole, and a panel's
length changes by a line or two from move to move (the Transcontinental game's Western
phase, whose map is short)."""


class Panel:
    """A frame's side panel as drawn on its canvas (at ``times`` the size it is shown), and
    the rows of that canvas drawn again for it (None: all of them)."""

    def __init__(self, canvas: Image.Image, times: int, rows: tuple[int, int] | None) -> None:
        self.canvas, self.times, self.rows = canvas, times, rows

    def shown(self, wide: int, tall: int, whole: bool) -> tuple[Image.Image, int]:
        """The panel ``wide`` by ``tall`` pixels as shown, or (unless ``whole``) only the
        band of it drawn again, and the band's top row."""
        times = self.times
        top, bottom = 0, tall
        if self.rows is not None and not whole:
            top = max(0, self.rows[0] // times)
            bottom = min(tall, -(-self.rows[1] // times))
            if bottom <= top:
                return Image.new("RGB", (wide, 0)), 0
        if self.canvas.size == (wide, tall) and (top, bottom) == (0, tall):
            return self.canvas, 0
        band = self.canvas.crop((0, top * times, wide * times, bottom * times))
        return (band.reduce(times) if times > 1 else band), top


PANEL_SLACK = 8
"""How far (full-size pixels) past the rows of a section drawn again the panel's band is
copied into the frame (house value): a piece drawn may reach a little past its section's rows,
and copying rows that did not change costs nothing but their bytes compared."""


def _panel(view: Mapping[str, Any], board: MapDef, k: float, reel: Reel | None,
           ) -> tuple[Panel, int]:
    """The side panel at scale ``k``, and the picture's height. The player panel is drawn at
    that size (at twice or more for a very small one, then shrunk); the Advanced Game's
    company panel is drawn at full size and scaled. A panel kept on the reel says which of
    its rows it drew again."""
    full = frame_for(board)
    height = max(full.height + caption_height(board, full), style.MIN_HEIGHT)
    wide = round(style.PANEL_WIDTH * k)
    if view.get("advanced"):
        size = (style.PANEL_WIDTH, height)
        times = 1
    else:
        times = max(1, math.ceil(PANEL_SCALE / k - 1e-9))
        size = (wide * times, round((height + PANEL_MORE) * k * times))
    panel = reel.panel if reel is not None and reel.panel is not None \
        and reel.panel.size == size and reel.panel_scale == k * times else None
    if panel is None:
        panel = Image.new("RGB", size, style.PANEL_BG)
        if reel is not None:  # the next frame draws on it again, without a fresh canvas
            reel.panel, reel.panel_scale = panel, k * times
            reel.sections = {}
    if view.get("advanced"):
        draw_company_panel(panel, 0, {**view, "players": view["table"]}, board)
        tall = round(height * k)
        return Panel(panel.resize((wide, tall), Image.Resampling.BILINEAR,
                                  (0, 0, panel.width, height), reducing_gap=1.0), 1, None), tall
    fresh = reel is None or not reel.sections  # a fresh canvas is drawn all over
    drawn: list[tuple[int, int]] = []
    reach = draw_panel(panel, 0, view, board, k * times, steady=True,
                       memo=reel.sections if reel is not None else None, drawn=drawn)
    if reach + style.MARGIN > height:  # a panel longer than the map, in whole steps
        height += math.ceil((reach + style.MARGIN - height) / PANEL_STEP) * PANEL_STEP
    tall = round(height * k)
    rows = None
    if not fresh:
        scale = k * times
        rows = (0, 0) if not drawn else (
            math.floor((min(t for t, _ in drawn) - PANEL_SLACK) * scale),
            math.ceil((max(b for _, b in drawn) + PANEL_SLACK) * scale))
    return Panel(panel, times, rows), tall


BasePainter = Callable[[Image.Image, int, int], None]
"""Paints the map's base layer on a picture whose top left lies at ``x, y`` of the picture
the replay keeps."""


def _draw(img: Image.Image, board: MapDef, whole: Frame, frame: Frame,
          view: Mapping[str, Any], markers: list[Marker],
          near: Mapping[str, Any] | None = None, paint: BasePainter | None = None) -> None:
    """The map of ``view`` in ``frame`` (``whole``, the whole map at the frame's size, or a
    window on it) on ``img``, with its owner markers at ``markers`` (their places on
    ``whole``); the track and cities drawn from ``near`` when given (see :func:`_near`), on
    the base layer ``paint`` paints (by default the whole map's, cut)."""
    full = frame_for(board)
    dx, dy = round(whole.layout.ox - frame.layout.ox), round(whole.layout.oy - frame.layout.oy)
    if paint is not None:
        paint(img, dx, dy)
    else:
        base = base_layer(board, whole)
        box = (max(dx, 0), max(dy, 0), min(dx + img.width, base.width),
               min(dy + img.height, base.height))
        if box == (0, 0, base.width, base.height):
            img.paste(base, (-dx, -dy))
        elif box[2] > box[0] and box[3] > box[1]:
            img.paste(base.crop(box), (box[0] - dx, box[1] - dy))
    shown = highlight.marks(board, view)
    highlight.draw_under(img, frame, shown)
    draw_map(img, board, frame, near or view, names_from=full,  # moved by whole pixels
             placement=[(x - dx, y - dy, whose, top) for x, y, whose, top in markers])
    highlight.draw_over(img, frame, shown)
    if frame is whole and not view.get("advanced"):
        names = {p.get("seat"): short_name(str(p.get("name"))) for p in view.get("players", [])}
        draw_periods(img, board, frame, view, lambda seat: names.get(seat, "?"))


_SCENE_KEYS = ("map", "advanced", VIEW_KEY, "western_links", "trading_depots", "switches",
               "time_lines")
"""View entries the map draws whose change may show anywhere on it: a change redraws the
whole map. Track, cities and what stands on them (each in its hexes: goods, markers, rotor
colours, Fuel Depots, Mines, Hotels) and the last move's marks are redrawn where they
changed."""


def _scene(view: Mapping[str, Any]) -> tuple[object, ...]:
    owners = [(p.get("seat"), p.get("name"), p.get("colour"), p.get("tag"))
              for p in view.get("players", [])]
    rotors = view.get("rotors")
    rotor_cities = sorted(rotors) if isinstance(rotors, Mapping) else rotors  # their badges
    return (owners, rotor_cities, *(view.get(key) for key in _SCENE_KEYS))


def _on_cities(view: Mapping[str, Any]) -> dict[str, tuple[object, ...]]:
    """What the mini-expansions stand on each city (or show there), by city name."""
    out: dict[str, tuple[object, ...]] = {}
    rotors = view.get("rotors")
    depots = view.get("fuel_depots")
    for name, entry in (rotors.items() if isinstance(rotors, Mapping) else ()):
        out[str(name)] = (*out.get(str(name), ()), "rotor", repr(entry))
    for name, entry in (depots.items() if isinstance(depots, Mapping) else ()):
        out[str(name)] = (*out.get(str(name), ()), "depots", repr(entry))
    for name in view.get("mines") or []:
        out[str(name)] = (*out.get(str(name), ()), "mine")
    for hotel in view.get("hotels") or []:
        if isinstance(hotel, Mapping):
            name = str(hotel.get("city"))
            out[name] = (*out.get(name, ()), "hotel", repr(hotel.get("seat")))
    return out


def _changed(old: Iterable[Mapping[str, Any]], new: Iterable[Mapping[str, Any]], key: str,
             ) -> list[Mapping[str, Any]]:
    """The entries (keyed by ``key``) that are new, gone or different, as they were and are."""
    before = {repr(e.get(key)): e for e in old}
    after = {repr(e.get(key)): e for e in new}
    return [e for k, e in before.items() if after.get(k) != e] + \
        [e for k, e in after.items() if before.get(k) != e]


def _dirty_hexes(board: MapDef, old: Mapping[str, Any], new: Mapping[str, Any]) -> set[Hex]:
    """The hexes whose drawing may differ between two views of the same scene: the tiles and
    ends of every changed link, every changed city, and the places of both last moves."""
    out: set[Hex] = set()
    for link in _changed(old.get("links", []), new.get("links", []), "id"):
        for tile in link.get("tiles", []):
            h = _label_hex(tile.get("hex"))
            if h is not None:
                out.add(h)
        for end in link.get("cities", []):
            city = board.cities.get(str(end))
            if city is not None:
                out.add(city.hex)
    for c in _changed(old.get("cities", []), new.get("cities", []), "name"):
        city = board.cities.get(str(c.get("name")))
        h = city.hex if city else _label_hex(c.get("hex"))
        if h is not None:
            out.add(h)
    was, now = _on_cities(old), _on_cities(new)
    for name in set(was) | set(now):
        city = board.cities.get(name)
        if city is not None and was.get(name) != now.get(name):
            out.add(city.hex)
    before, after = highlight.marks(board, old), highlight.marks(board, new)
    if before != after:
        out.update(before.every)
        out.update(after.every)
    return out


def _label_hex(label: object) -> Hex | None:
    try:
        return hex_from_label(str(label))
    except ValueError:
        return None


REACH = 2.2
"""How far from its hex's centre, in hex sizes, anything drawn for a hex or a marker reaches
(a city's badges and goods, a colour-blind tag beside a piece)."""


def redraw(img: Image.Image, board: MapDef, small: Frame, reel: Reel, view: Mapping[str, Any],
           corner: tuple[int, int], paint: BasePainter | None = None,
           ) -> tuple[int, int, int, int] | None:
    """Draw again on ``img`` (the reel's picture of its last view, the map in ``small``, no
    further right and down than ``corner``) the parts of the map that differ in ``view``;
    returns the rectangle drawn again, if any. ``paint``: see :func:`_draw`."""
    assert reel.view is not None
    lay = small.layout
    reach = lay.size * REACH
    points = [lay.centre(h) for h in _dirty_hexes(board, reel.view, view)]
    if not points:
        return None  # the map is as it was (its markers too: they follow the track)
    map_right, bottom = corner

    def box(pts: list[tuple[float, float]]) -> tuple[int, int, int, int]:
        return (max(0, math.floor(min(x for x, _ in pts) - reach)),
                max(0, math.floor(min(y for _, y in pts) - reach)),
                min(map_right, math.ceil(max(x for x, _ in pts) + reach)),
                min(bottom, math.ceil(max(y for _, y in pts) + reach)))

    # An owner marker's place depends on the markers placed before it anywhere on the map:
    # those that moved are drawn again, where they were and where they are. They stay put
    # while the track and the Trading Depots do (a delivery, a city urbanized).
    same = all(reel.view.get(key) == view.get(key) for key in ("links", "trading_depots"))
    markers = reel.markers if same else marker_places(board, small, view, frame_for(board))
    points += [(x, y) for x, y, _, _ in set(markers) ^ set(reel.markers)]
    drawn = box(points)
    draw_window(img, board, small, view, drawn, markers, paint)
    reel.markers = markers
    return drawn


def draw_window(img: Image.Image, board: MapDef, small: Frame, view: Mapping[str, Any],
            rect: tuple[int, int, int, int], markers: list[Marker],
            paint: BasePainter | None = None) -> None:
    """Draw the map of ``view`` (its owner markers at ``markers``) again in ``rect`` of
    ``img``: a window around it drawn alone (with all that reaches into it from round about)
    and its middle pasted."""
    lay = small.layout
    x0, y0, x1, y1 = rect
    if x1 <= x0 or y1 <= y0:
        return
    m = math.ceil(lay.size * REACH) + 2
    # The window starts at even pixels: every place in it is the whole map's moved by an even
    # number of pixels, which rounds as it does there (Python rounds halves to even).
    wx, wy = (x0 - m) // 2 * 2, (y0 - m) // 2 * 2
    window = Frame(HexLayout(lay.size, lay.ox - wx, lay.oy - wy), x1 + m - wx, y1 + m - wy,
                   small.hexes, (), (), edge_labels=False)
    body = Image.new("RGB", (window.width, window.height), style.OFFBOARD)
    reach = lay.size * 1.2 + 2  # as far as draw_map looks outside its frame, and a little
    near = _near(view, board, small, (wx - reach, wy - reach, wx + window.width + reach,
                                      wy + window.height + reach))
    _draw(body, board, small, window, view, markers, near, paint)
    img.paste(body.crop((x0 - wx, y0 - wy, x1 - wx, y1 - wy)), (x0, y0))


_CENTRES: dict[tuple[object, ...], dict[str, tuple[float, float]]] = {}


def _near(view: Mapping[str, Any], board: MapDef, small: Frame,
          area: tuple[float, float, float, float]) -> Mapping[str, Any]:
    """``view`` with only the track tiles and cities whose hexes' centres lie in ``area`` (of
    the whole map at the frame's size): what a window on the map can show of them, without
    ``draw_map`` walking the whole map's track to find it."""
    lay = small.layout
    key = (board.id, lay.size, lay.ox, lay.oy)
    centres = _CENTRES.get(key)
    if centres is None:
        if len(_CENTRES) > 8:
            _CENTRES.clear()
        centres = _CENTRES[key] = {}
    x0, y0, x1, y1 = area

    def inside(label: object) -> bool:
        at = centres.get(str(label))
        if at is None:
            h = _label_hex(label)
            if h is None:
                return True  # drawn or not as draw_map decides
            at = centres[str(label)] = lay.centre(h)
        return x0 < at[0] < x1 and y0 < at[1] < y1

    links = []
    for link in view.get("links", []):
        tiles = [t for t in link.get("tiles", []) if inside(t.get("hex"))]
        if tiles:
            links.append({**link, "tiles": tiles})
    cities = []
    for c in view.get("cities", []):
        city = board.cities.get(str(c.get("name")))
        if inside(city.hex.label if city is not None else c.get("hex")):
            cities.append(c)
    return {**view, "links": links, "cities": cities}
