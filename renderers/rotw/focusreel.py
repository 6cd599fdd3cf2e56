"""A replay's Railways of the World focus frames drawn at the size they are shown: each move's
part of the map fills a square, its hexes at one of a few sizes, on a base layer kept in tiles
of the whole map at that size; the header naming the move lies over the square's top.

A camera stays where it is while the next move's places lie in its view, at its hex size or
one size smaller than they would get (a delivery on the track just built, a bid, the other
player building nearby): such a square is drawn on the last one where the move changed it,
and the film stores those places only."""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from PIL import Image

from engine.core.hexgrid import Hex
from engine.rotw.mapdef import MapDef
from renderers.kit.focus import draw_header, header_height
from renderers.kit.hexgeom import SQRT3, HexLayout
from renderers.rotw import highlight, style
from renderers.rotw.board import draw_map, marker_places
from renderers.rotw.focus import MARGIN, MIN_ACROSS, MIN_DOWN, span
from renderers.rotw.frames import Reel, draw_window, redraw
from renderers.rotw.geometry import Frame, board_hexes
from renderers.rotw.layers import tile_layer
from renderers.rotw.render import frame_for, owners_view

HEX_SIZES = (72, 60, 50, 42, 35, 29)
"""The hex sizes a focus square may use, largest first (house value): the largest that holds
the move's places. A few, so that the map's base tiles and the pieces drawn are reused; 72
fills a 720 px square with the smallest focus picture (five hexes across), 29 holds the
widest (twelve across and as many rows down) under the header."""

TILE = 512
"""The side of a base layer tile, in pixels (house value): a square of 720 needs four to nine
of them; smaller tiles draw more of their edge hexes twice."""

KEEP_STEPS = 1
"""A camera stays where it is for a move that would be framed with hexes up to this many of
``HEX_SIZES`` bigger (house value): a film that jumps less reads better, and a frame that
stays costs a fraction of a new one to store."""

KEEP_MARGIN = 0.3
"""How far (in hex sizes) a move's hexes stay clear of the edges of a view that stays."""

CHANGED = "changed"
"""The key of a picture's ``info`` listing the rectangles (left, top, right, bottom) outside
which it is the picture before it, pixel for pixel."""

RECENT = 0
"""How many views a camera left it keeps to go back to (house value): in a game of few players
who build apart, the next move is often where the one before the last was. A square that
goes back is drawn whole, and the film shows that view's first frame again (stored, not
encoded again) under what changed since: some 25 ms less than a new place. Off (0): the
stored frame, an older state of the board under an older header, shows for 20 ms before the
change lands, a flicker a viewer can see, for some 6 % of a replay's time."""

AGAIN = "again"
"""The key of a square's ``info`` naming the view (see ``VIEW``) it goes back to."""

VIEW = "view"
"""The key of a square's ``info`` naming where it looks: the map, the hex size, the top left
corner and the side."""


RUN_TILES = 48
"""How many base layer tiles a replay's camera keeps itself, the last used (house value), over
the cache shared by every picture (24 MiB): a game's squares wander over some 75 tiles of a
map at a few hex sizes, and that cache alone loaded each from disk twice a replay (about a
millisecond each). Held only while the replay lasts, some 48 MiB at most."""


class Camera:
    """Where a replay's focus frames look: the hex size, and the square's top left on the map
    drawn at that size; with the header's height and the square's side of the last frame."""

    def __init__(self) -> None:
        self.size = 0
        self.left = 0
        self.top = 0
        self.header = 0
        self.side = 0
        self.reel = Reel()
        """The last square, the view it shows and its owner markers' places."""
        self.recent: list[tuple[object, ...]] = []
        """Views left lately (see ``VIEW``), the last one left last."""
        self.tiles: OrderedDict[tuple[object, ...], Image.Image | None] = OrderedDict()
        """The base layer tiles used last (see ``RUN_TILES``)."""

    def leave(self) -> None:
        """Keep the view being left among the recent ones, and look afresh."""
        if self.size and self.reel.picture is not None and self.reel.board is not None:
            view = _view_key(self.reel.board, self)
            others = [v for v in self.recent if v != view]
            self.recent = [*others, view][-RECENT:] if RECENT else []
        self.reel = Reel()


def map_layout(board: MapDef, size: float) -> HexLayout:
    """The whole map at hex ``size``: the full picture's layout scaled."""
    full = frame_for(board).layout
    k = size / full.size
    return HexLayout(size, full.ox * k, full.oy * k)


def focus_square(view: Mapping[str, Any], board: MapDef, side: int,
                 camera: Camera | None = None) -> Image.Image | None:
    """The focus picture of ``view`` as a square ``side`` pixels wide: the move's places on
    the map at the biggest of ``HEX_SIZES`` that holds them (with the room the full focus
    picture leaves round them) under the header. None when the move has no place on the map.
    With ``camera`` (kept by a replay from frame to frame), the square stays where the last
    frame looked while this move's places fit there (see ``KEEP_STEPS``); then it is the
    camera's last square drawn again where the move changed it, and its ``info[CHANGED]``
    names those places and the header (so the caller must not keep it)."""
    view = owners_view(view)
    hexes = highlight.framed(board, view)
    if not hexes:
        if camera is not None:
            camera.leave()  # the frame shows something else: the next one looks afresh
            camera.size = 0
        return None
    head = header_height(side, view)
    size, box = fit(board, hexes, side, side - head)
    cam = camera or Camera()
    kept = _holds(cam, board, hexes, side, size, head)
    again = None if kept else next((v for v in reversed(cam.recent) if v[0] == board.id
                                    and _holds(_looking(v), board, hexes, side, size, head)),
                                   None)
    if kept:
        size = cam.size
    else:
        cam.leave()
        if again is not None:  # back where a recent frame looked (drawn whole)
            back = _looking(again)
            size, cam.left, cam.top = back.size, back.left, back.top
        else:
            # Even corners: every place is the whole map's moved by an even number of
            # pixels, which rounds the same from one square to the next.
            cam.left = round((box[0] + box[2] - side) / 4) * 2
            cam.top = round((box[1] + box[3] - side - head) / 4) * 2
    lay = map_layout(board, size)
    square = Frame(HexLayout(size, lay.ox - cam.left, lay.oy - cam.top), side, side,
                   frame_for(board).hexes, (), (), edge_labels=False)

    def paint(img: Image.Image, x: int, y: int) -> None:
        _paste_base(img, board, lay, cam.left + x, cam.top + y, cam.tiles)

    reel = cam.reel
    img = reel.picture
    if kept and img is not None and reel.board is board and reel.view is not None:
        drawn = redraw(img, board, square, reel, view, (side, side), paint)
        # The header band covers its last row of pixels too (it is drawn as a rectangle).
        if head < cam.header:  # the map shows again where the last header was
            draw_window(img, board, square, view, (0, head, side, cam.header + 1),
                        reel.markers, paint)
        top = max(head, cam.header) + 1
        img.info[CHANGED] = [(0, 0, side, top)] + ([drawn] if drawn else [])
        img.info.pop(AGAIN, None)  # it stays where it looked
    else:
        img = Image.new("RGB", (side, side), style.OFFBOARD)
        paint(img, 0, 0)
        reel.markers = marker_places(board, square, view, frame_for(board))
        shown = highlight.marks(board, view)
        highlight.draw_under(img, square, shown)
        draw_map(img, board, square, view, names_from=frame_for(board), placement=reel.markers)
        highlight.draw_over(img, square, shown)
        reel.picture, reel.board = img, board
        if again is not None:
            img.info[AGAIN] = again
    reel.view = view
    draw_header(img, view)
    cam.size, cam.side, cam.header = size, side, head
    if RECENT:  # only a view that can be gone back to is named (the film keeps its frame)
        img.info[VIEW] = _view_key(board, cam)
    return img


def _view_key(board: MapDef, cam: Camera) -> tuple[object, ...]:
    return (board.id, cam.size, cam.left, cam.top, cam.side)


def _looking(view: tuple[object, ...]) -> Camera:
    """A camera looking at ``view`` (see ``VIEW``), for :func:`_holds`."""
    cam = Camera()
    _, size, left, top, side = view
    assert isinstance(size, int) and isinstance(left, int) and isinstance(top, int) \
        and isinstance(side, int)
    cam.size, cam.left, cam.top, cam.side = size, left, top, side
    return cam


def _holds(cam: Camera, board: MapDef, hexes: list[Hex], side: int, size: int,
           head: int) -> bool:
    """Whether the camera's view can show a move framed at hex ``size`` (see
    ``KEEP_STEPS``) under a header ``head`` pixels tall."""
    return cam.side == side and cam.size in HEX_SIZES[HEX_SIZES.index(size):][:KEEP_STEPS + 1] \
        and _within(board, hexes, cam, head)


def _within(board: MapDef, hexes: list[Hex], cam: Camera, head: int) -> bool:
    """Whether ``hexes`` lie in the camera's view, under the header and clear of its edges by
    ``KEEP_MARGIN`` hex sizes."""
    lay = map_layout(board, cam.size)
    xs = [lay.centre(h)[0] for h in hexes]
    ys = [lay.centre(h)[1] for h in hexes]
    reach = (KEEP_MARGIN + 1) * cam.size  # a hex reaches a size from its centre
    return cam.left + reach <= min(xs) and max(xs) + reach <= cam.left + cam.side \
        and cam.top + head + reach <= min(ys) and max(ys) + reach <= cam.top + cam.side


def fit(board: MapDef, hexes: list[Hex], width: int, height: int,
         ) -> tuple[int, tuple[float, float, float, float]]:
    """The biggest of ``HEX_SIZES`` at which ``hexes`` (widened to the least a focus picture
    shows) fit ``width`` by ``height`` pixels with the focus picture's margin round them, and
    their box on the map at that size."""
    for size in HEX_SIZES:
        lay = map_layout(board, size)
        w = SQRT3 * size
        xs = [lay.centre(h)[0] for h in hexes]
        ys = [lay.centre(h)[1] for h in hexes]
        room = 2 * MARGIN * size
        smallest = size == HEX_SIZES[-1]
        across = (min(xs) - w / 2, max(xs) + w / 2, MIN_ACROSS * w, width - room, xs[-1])
        down = (min(ys) - size, max(ys) + size, MIN_DOWN * 1.5 * size, height - room, ys[-1])
        left, right = span(*across[:3], math.inf, 0.0)
        top, bottom = span(*down[:3], math.inf, 0.0)
        if smallest or (right - left + room <= width and bottom - top + room <= height):
            if smallest:  # then cut round the last hex when too big even there
                left, right = span(*across)
                top, bottom = span(*down)
            return size, (left, top, right, bottom)
    raise AssertionError("unreachable")


def _paste_base(img: Image.Image, board: MapDef, lay: HexLayout, left: int, top: int,
                kept: OrderedDict[tuple[object, ...], Image.Image | None] | None = None,
                ) -> None:
    """The map's base layer at ``lay`` in the square of ``img`` whose top left is at
    ``left, top`` on that map: the tiles it covers, each drawn once (those used last kept in
    ``kept``, see ``RUN_TILES``)."""
    for ty in range(math.floor(top / TILE), math.floor((top + img.height - 1) / TILE) + 1):
        for tx in range(math.floor(left / TILE), math.floor((left + img.width - 1) / TILE) + 1):
            tile = _tile(board, lay, tx, ty) if kept is None else _kept_tile(kept, board, lay,
                                                                            tx, ty)
            if tile is not None:
                img.paste(tile, (tx * TILE - left, ty * TILE - top))


def _kept_tile(kept: OrderedDict[tuple[object, ...], Image.Image | None], board: MapDef,
               lay: HexLayout, tx: int, ty: int) -> Image.Image | None:
    key = (board.id, len(board.terrain), len(board.specials), lay.size, lay.ox, lay.oy, tx, ty)
    if key in kept:
        kept.move_to_end(key)
        return kept[key]
    tile = kept[key] = _tile(board, lay, tx, ty)
    while len(kept) > RUN_TILES:
        kept.popitem(last=False)
    return tile


def _tile(board: MapDef, lay: HexLayout, tx: int, ty: int) -> Image.Image | None:
    """Tile ``tx, ty`` of the map's base layer at ``lay``; None where it holds no hex."""
    hexes = _tile_hexes(board, lay).get((tx, ty))
    if hexes is None:
        return None
    x0, y0 = tx * TILE, ty * TILE
    return tile_layer(board, Frame(HexLayout(lay.size, lay.ox - x0, lay.oy - y0), TILE, TILE,
                                   hexes, (), (), edge_labels=False))


_HEXES: dict[tuple[object, ...], dict[tuple[int, int], frozenset[Hex]]] = {}


def _tile_hexes(board: MapDef, lay: HexLayout) -> dict[tuple[int, int], frozenset[Hex]]:
    """The hexes each tile of the map at ``lay`` draws: those that reach into it (their
    terrain, ridges and labels reach up to 1.5 hex sizes from their centres), and the
    off-board places, whose dashed ties to their cities may cross it from far away."""
    key = (board.id, len(board.terrain), len(board.specials), lay.size, lay.ox, lay.oy)
    found = _HEXES.get(key)
    if found is not None:
        return found
    reach = 1.5 * lay.size
    tiles: dict[tuple[int, int], set[Hex]] = {}
    for h in board_hexes(board):
        x, y = lay.centre(h)
        for tx in range(math.floor((x - reach) / TILE), math.floor((x + reach) / TILE) + 1):
            for ty in range(math.floor((y - reach) / TILE), math.floor((y + reach) / TILE) + 1):
                tiles.setdefault((tx, ty), set()).add(h)
    far = {s.hex for s in board.specials if not board.playable(s.hex)}
    if len(_HEXES) > 16:
        _HEXES.clear()
    found = _HEXES[key] = {at: frozenset(hexes | far) for at, hexes in tiles.items()}
    return found
