"""Railways of the World board pictures: the whole map with a side panel, or a zoomed crop."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import partial
from typing import Any

from PIL import Image

from engine.core.hexgrid import Hex, hex_from_label
from engine.core.names import modern
from engine.rotw.mapdef import MapDef
from engine.rotw.timemap import periods
from renderers.kit.access import short_name
from renderers.kit.bands import BOARD_TOP
from renderers.kit.focus import draw_header, header_height, header_sample, with_header
from renderers.kit.palettes import ROOM, SHARED
from renderers.kit.png import encode
from renderers.rotw import highlight, periodgrid, style
from renderers.rotw.board import draw_map
from renderers.rotw.companypanel import company_players, draw_company_panel, strip_view
from renderers.rotw.geometry import Frame, board_hexes, full_frame, lowered, zoom_frame
from renderers.rotw.layers import base_layer
from renderers.rotw.panel import draw_panel, draw_strip
from renderers.rotw.timewarp import caption_height, draw_periods

_FRAMES: dict[tuple[str, int, int, int], Frame] = {}


def frame_for(board: MapDef) -> Frame:
    """Where the hexes of ``board`` are on its full picture (the map starts at the left edge)."""
    return _full(board)


def _full(board: MapDef) -> Frame:
    key = (board.id, len(board.terrain), len(board.cities), len(board.specials))
    frame = _FRAMES.get(key)
    if frame is None:
        size = style.HEX_SIZE
        frame = full_frame(board, size, style.MARGIN)
        # A small map is drawn with bigger hexes rather than a narrow picture; period boards
        # are set in rows to fill theirs (see periodgrid).
        while frame.width + style.PANEL_WIDTH < style.MIN_WIDTH and size < 3 * style.HEX_SIZE \
                and not periodgrid.has_grid(board):
            size += 1
            frame = full_frame(board, size, style.MARGIN)
        _FRAMES[key] = frame
    return frame


def _simple(text: str) -> str:
    """Letters and digits only, older transliterations as today's (Kiev and Kyiv alike)."""
    return re.sub(r"[^a-z0-9]", "", modern(text))


def find_place(board: MapDef, place: str) -> tuple[Hex, str]:
    """The hex a zoom request names (a city name or a hex label) and how to call it."""
    wanted = _simple(place)
    if wanted:
        for city in board.cities.values():
            if _simple(city.name) == wanted:
                return city.hex, f"{city.name} ({city.label})"
    try:
        h = hex_from_label(place)
    except ValueError:
        h = None
    if h is not None and h in board_hexes(board):
        city_here = board.city_at(h)
        return h, f"{city_here.name} ({h.label})" if city_here else h.label
    shown = place.strip() or place
    city = min(board.cities.values(), key=lambda c: c.name)
    raise ValueError(f"No city or hex called '{shown}' on this map. Give a city name (e.g. "
                     f"{city.name}) or a hex label (e.g. {city.hex.label}).")


def owners_view(view: Mapping[str, Any]) -> Mapping[str, Any]:
    """The view with the owners of track as its players: in the Advanced Game track belongs to
    companies, drawn in their colours (the people stay under ``table``)."""
    if view.get("advanced"):
        return {**view, "players": company_players(view), "table": view["players"]}
    return view


def compose(view: Mapping[str, Any], board: MapDef, zoom: str | None = None, *,
            header: bool = False) -> Image.Image:
    """The board picture as an image (see :func:`render`); with ``header`` the whole board under
    the header band of a focus picture (posted for a move with no place on the map), drawn
    straight below the band rather than drawn whole and copied under it."""
    view = owners_view(view)
    shown = highlight.marks(board, view)
    if zoom is not None:
        centre, place = find_place(board, zoom)
        frame = zoom_frame(board, centre, style.ZOOM_HEX_SIZE, style.ZOOM_RADIUS,
                           round(style.MARGIN * style.ZOOM_HEX_SIZE / style.HEX_SIZE))
        strip = round(style.ZOOM_HEX_SIZE * 1.3)
        img = Image.new("RGB", (frame.width, frame.height + strip), style.PANEL_BG)
        mapimg = base_layer(board, frame).copy()
        highlight.draw_under(mapimg, frame, shown)
        draw_map(mapimg, board, frame, view)
        highlight.draw_over(mapimg, frame, shown)
        img.paste(mapimg, (0, strip))
        draw_strip(img, strip, strip_view(view, view["table"]) if view.get("advanced") else view,
                   place)
        img = with_header(img, view) if header else img
        return img
    whole = _full(board)
    if periodgrid.has_grid(board) and not view.get("advanced"):
        return _in_rows(view, board, whole, shown, header)
    height = max(whole.height + caption_height(board, whole), style.MIN_HEIGHT)
    panel = None
    if not view.get("advanced"):
        # The panel is drawn first on a strip tall enough for all of it: a busy game (six
        # players with long names, many major lines) makes the picture taller rather than
        # leave out the key.
        panel = Image.new("RGB", (style.PANEL_WIDTH, height + PANEL_MORE), style.PANEL_BG)
        height = max(height, draw_panel(panel, 0, view, board) + style.MARGIN)
    width = whole.width + style.PANEL_WIDTH
    top = header_height(width, view) if header else 0
    img = Image.new("RGB", (width, top + height), style.OFFBOARD)
    if top:
        draw_header(img, view)
    img.paste(base_layer(board, whole), (0, top))
    frame = lowered(whole, top)
    highlight.draw_under(img, frame, shown)
    # Straight onto the picture (sprites stay off the panel), names where the board has them.
    draw_map(img, board, frame, view, names_from=whole if top else None)
    highlight.draw_over(img, frame, shown)
    if panel is None:
        draw_company_panel(img, whole.width, {**view, "players": view["table"]}, board, top)
    else:
        names = {p.get("seat"): short_name(str(p.get("name"))) for p in view.get("players", [])}
        draw_periods(img, board, frame, view, lambda seat: names.get(seat, "?"))
        img.paste(panel, (whole.width, top))  # cut at the picture's foot
    # The map's whole-board pictures share their posted palette and bands (see kit.palettes);
    # under a header, the bands are laid from the board's top (see kit.bands).
    # Their palette is picked from the board's sample and a header's colours (kit.png).
    img.info.update({SHARED: shared_key(board, view), ROOM: partial(header_sample, width)})
    if top:
        img.info[BOARD_TOP] = top
    return img


def shared_key(board: MapDef, view: Mapping[str, Any]) -> tuple[object, ...]:
    """What a game's whole-board pictures share their palette and bands under (see
    kit.palettes): the map and the players, names and colours. Two games on one map, moving
    in turn, each keep their own: one palette and set of bands for the map served neither,
    each game's picture mapped and deflated whole after the other's (some 15 ms more on
    Eastern U.S., 25 on Transcontinental), and a palette picked for one game's colours may
    lack the other's."""
    people = view.get("table") or view.get("players") or []
    return ("rotw", board.id, tuple((str(p.get("name")), str(p.get("colour"))) for p in people))


def under_header(alone: Image.Image, view: Mapping[str, Any]) -> Image.Image:
    """The board under the header (``compose(view, board, header=True)``, pixel for pixel) made
    from the board alone of the same view, already drawn (the picture a game's start posts):
    its board is drawn straight below the band, the same pieces on the same pixels."""
    view = owners_view(view)
    top = header_height(alone.width, view)
    img = Image.new("RGB", (alone.width, top + alone.height), style.OFFBOARD)
    draw_header(img, view)
    img.paste(alone, (0, top))
    img.info.update(alone.info)
    img.info[BOARD_TOP] = top
    return img


GRID = "period grid"
"""The key of a Railways through Time board picture's ``info`` holding its periodgrid.Grid."""


def _in_rows(view: Mapping[str, Any], board: MapDef, whole: Frame, shown: highlight.Marks,
             header: bool) -> Image.Image:
    """The whole board of a map of period boards: the boards drawn side by side on a strip,
    then set in rows beside the side panel (see periodgrid)."""
    panel = Image.new("RGB", (style.PANEL_WIDTH, style.MIN_HEIGHT + PANEL_MORE), style.PANEL_BG)
    grid = periodgrid.plan(board, whole, draw_panel(panel, 0, view, board) + style.MARGIN)
    base = base_layer(board, whole)
    # The layer, and room for the captions under it (a crop past the layer's foot would fill
    # all of it first).
    strip = Image.new("RGB", grid.strip, None)
    strip.paste(base, (0, 0))
    strip.paste(style.OFFBOARD, (0, base.height, *grid.strip))
    highlight.draw_under(strip, whole, shown)
    draw_map(strip, board, whole, view)
    highlight.draw_over(strip, whole, shown)
    names = {p.get("seat"): short_name(str(p.get("name"))) for p in view.get("players", [])}
    draw_periods(strip, board, whole, view, lambda seat: names.get(seat, "?"), legend=False)
    top = header_height(grid.width, view) if header else 0
    # Not filled with the background: the pieces and the bare rectangles between them cover it.
    img = Image.new("RGB", (grid.width, top + grid.height), None)
    if top:
        draw_header(img, view)
    for start, x, y in grid.rows:  # the strip clipped to the picture: no copy of each piece
        img.paste(strip, (x - start, top + y))
    for box, (x, y) in grid.moves[len(periods(board)):]:  # the row letters
        img.paste(strip.crop(box), (x, top + y))
    for x0, y0, x1, y1 in periodgrid.bare(grid, panel.size):
        img.paste(style.OFFBOARD, (x0, top + y0, x1, top + y1))
    periodgrid.draw_legend(img, grid, whole.layout.size, top)
    img.paste(panel, (grid.panel[0], top + grid.panel[1]))  # cut at the picture's foot
    img.info.update({SHARED: shared_key(board, view), ROOM: partial(header_sample, grid.width),
                     GRID: grid})
    if top:
        img.info[BOARD_TOP] = top
    return img


PANEL_MORE = 1200
"""How much taller than the map the side panel may grow (far more than any panel needs)."""


def render(view: Mapping[str, Any], board: MapDef, *, zoom: str | None = None) -> bytes:
    """PNG bytes of the public ``view`` on ``board``; ``zoom`` (a city name or hex label) gives a
    crop about nine hexes across around that place. Raises ValueError for an unknown place."""
    return encode(compose(view, board, zoom))
