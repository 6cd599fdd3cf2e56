"""Railways of the World pictures for a replay's frames, drawn only as big as they are shown:
the whole board straight at the frame's width, and the focus picture as the part of the board
it shows (not cut from a whole board drawn first)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from engine.rotw.mapdef import MapDef
from renderers.kit.access import short_name
from renderers.kit.focus import with_header
from renderers.kit.hexgeom import HexLayout
from renderers.rotw import highlight, style
from renderers.rotw.board import draw_map
from renderers.rotw.companypanel import draw_company_panel
from renderers.rotw.focus import focus_frame
from renderers.rotw.geometry import Frame, full_frame
from renderers.rotw.layers import base_layer
from renderers.rotw.panel import draw_panel
from renderers.rotw.render import PANEL_MORE, frame_for, owners_view
from renderers.rotw.timewarp import caption_height, draw_periods

_SMALL: dict[tuple[object, ...], Frame] = {}


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


def board_at(view: Mapping[str, Any], board: MapDef, width: int) -> Image.Image:
    """The whole board picture (map and side panel) drawn ``width`` pixels wide: the map at
    the hex size it has there, on its own base layer; the panel, all text, drawn at its own
    size and scaled, as the whole picture is."""
    view = owners_view(view)
    full = frame_for(board)
    small, k = _small(board, width)
    height = max(full.height + caption_height(board, full), style.MIN_HEIGHT)
    if view.get("advanced"):
        panel = Image.new("RGB", (style.PANEL_WIDTH, height), style.PANEL_BG)
        draw_company_panel(panel, 0, {**view, "players": view["table"]}, board)
    else:
        panel = Image.new("RGB", (style.PANEL_WIDTH, height + PANEL_MORE), style.PANEL_BG)
        height = max(height, draw_panel(panel, 0, view, board) + style.MARGIN)
    tall = round(height * k)
    img = Image.new("RGB", (width, tall), style.OFFBOARD)
    img.paste(base_layer(board, small), (0, 0))
    shown = highlight.marks(board, view)
    highlight.draw_under(img, small, shown)
    draw_map(img, board, small, view, names_from=full)
    highlight.draw_over(img, small, shown)
    if not view.get("advanced"):
        names = {p.get("seat"): short_name(str(p.get("name"))) for p in view.get("players", [])}
        draw_periods(img, board, small, view, lambda seat: names.get(seat, "?"))
    wide = round(style.PANEL_WIDTH * k)
    img.paste(panel.resize((wide, tall), Image.Resampling.BILINEAR, (0, 0, panel.width, height),
                           reducing_gap=1.0), (width - wide, 0))
    return img


def focus_at(view: Mapping[str, Any], board: MapDef) -> Image.Image | None:
    """The focus picture at the whole board's hex size, drawn for its part of the map alone:
    what :func:`renderers.rotw.focus.cut_focus` cuts from the whole picture. None when the
    move has no place on the map."""
    view = owners_view(view)
    hexes = highlight.marks(board, view, carried=True).every
    if not hexes:
        return None
    full = frame_for(board)
    lay = full.layout
    part = focus_frame(board, hexes, lay.size)
    dx, dy = round(lay.ox - part.layout.ox), round(lay.oy - part.layout.oy)
    window = Frame(HexLayout(lay.size, lay.ox - dx, lay.oy - dy), part.width, part.height,
                   full.hexes, (), (), edge_labels=False)
    body = Image.new("RGB", (part.width, part.height), style.OFFBOARD)
    base = base_layer(board, full)
    box = (max(dx, 0), max(dy, 0), min(dx + part.width, base.width),
           min(dy + part.height, base.height))  # the map's edge may run through the window
    body.paste(base.crop(box), (box[0] - dx, box[1] - dy))
    shown = highlight.marks(board, view)
    highlight.draw_under(body, window, shown)
    draw_map(body, board, window, view, names_from=full)
    highlight.draw_over(body, window, shown)
    return with_header(body, view)
