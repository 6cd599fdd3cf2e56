"""The last move on the Ultimate Railroads picture, and the focus picture: the action space the
acting player's turn took (drawn twice as big) above that player's board cut in two halves set one
under the other, so that the picture is narrow enough for the board's text to read on a phone,
under a header naming the move, who acts now and the scores."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from renderers.kit.focus import HILITE, HILITE_CASING, last_move, with_header
from renderers.ultimate.mainboard import AUX_X, ROW_A_Y, ROW_B_Y, TITLE_H, holders, tile
from renderers.ultimate.style import (
    BOARD_H,
    BOARD_W,
    LABEL_W,
    PAD,
    PANEL,
    SQUARE,
    SQUARE_GAP,
    TILE_GAP,
    TILE_H,
    TILE_W,
)

SPACE_SCALE = 2
"""The action space taken is shown this many times its size on the full picture."""

SMALLEST_TEXT = 10
"""The smallest font size a player board uses (a station's name, a factory's layers)."""
SMALLEST_SPACE_TEXT = 9
"""The smallest font size an action space's tile uses (a pawn's letter), before it is enlarged."""
SPLIT = 12 + LABEL_W + 6 * (SQUARE + SQUARE_GAP)
"""Where the focus picture cuts the player board: after a route's sixth square. The left half
(names and the first squares) goes on top, the rest under it."""

_COLUMNS = {"track": (PAD, ROW_A_Y, 6), "industry": (PAD, ROW_B_Y, 2)}
"""Where each section's tiles start on the main board and how many a row (auxiliary and turn
order spaces follow in their own panel)."""


def space_box(view: Mapping[str, Any], space_id: str) -> tuple[int, int, int, int] | None:
    """Where ``space_id``'s tile is on the full picture, for the sections drawn as whole tiles
    (a board whose modules pack them small, and the locomotive spaces, give None)."""
    by_section: dict[str, list[Mapping[str, Any]]] = {}
    for s in view.get("spaces", []):
        by_section.setdefault(str(s.get("section")), []).append(s)
    aux, order = by_section.get("auxiliary", []), by_section.get("turn order", [])
    if len(aux) + len(order) > 6:
        places = dict(_COLUMNS)
    else:
        places = {**_COLUMNS, "auxiliary": (AUX_X, ROW_B_Y, 3)}
        rows = (len(aux) + 2) // 3
        places["turn order"] = (AUX_X, ROW_B_Y + rows * (TILE_H + TILE_GAP), 3)
    for section, (x, y, cols) in places.items():
        for i, s in enumerate(by_section.get(section, [])):
            if s.get("id") == space_id:
                row, col = divmod(i, cols)
                left = x + 10 + col * (TILE_W + TILE_GAP)
                top = y + TITLE_H + 6 + row * (TILE_H + TILE_GAP)
                return left, top, left + TILE_W, top + TILE_H
    return None


def board_box(view: Mapping[str, Any], seat: int) -> tuple[int, int, int, int]:
    """Where ``seat``'s player board is on the full picture."""
    from renderers.ultimate import board_xy

    x, y = board_xy(seat)
    return x, y, x + BOARD_W, y + BOARD_H


def _seat(view: Mapping[str, Any]) -> int | None:
    move = last_move(view)
    seat = move.get("board")
    players = view.get("players", [])
    return seat if isinstance(seat, int) and 0 <= seat < len(players) else None


def _frame(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], width: int) -> None:
    x0, y0, x1, y1 = box
    d.rectangle((x0 - width, y0 - width, x1 + width, y1 + width), outline=HILITE_CASING,
                width=width)
    d.rectangle((x0 - width + 2, y0 - width + 2, x1 + width - 2, y1 + width - 2),
                outline=HILITE, width=max(2, width - 3))


def draw_last_move(img: Image.Image, view: Mapping[str, Any]) -> None:
    """Frames on the full picture round the space the last move's turn took and round the
    acting player's board."""
    seat = _seat(view)
    if seat is None:
        return
    d = ImageDraw.Draw(img)
    space = last_move(view).get("space")
    box = space_box(view, str(space)) if space else None
    if box is not None:
        _frame(d, box, 6)
    _frame(d, board_box(view, seat), 6)


def compose_focus(view: Mapping[str, Any], whole: Image.Image) -> Image.Image | None:
    """The focus picture cut from ``whole`` (the full picture, already drawn), or None before
    anyone has moved."""
    seat = _seat(view)
    if seat is None:
        return None
    board = whole.crop(board_box(view, seat))
    space_id = last_move(view).get("space")
    space = next((s for s in view.get("spaces", []) if s.get("id") == space_id), None)
    band = 0
    big: Image.Image | None = None
    if space is not None:
        colours, names = holders(view)
        small = Image.new("RGB", (TILE_W + 1, TILE_H + 1), PANEL)
        tile(small, 0, 0, space, colours, names)
        big = small.resize((small.width * SPACE_SCALE, small.height * SPACE_SCALE),
                           Image.Resampling.BICUBIC)
        band = big.height + 2 * PAD
    left, right = halves(board)
    body = Image.new("RGB", (left.width, band + left.height + PAD + right.height), PANEL)
    if big is not None:
        body.paste(big, (PAD, PAD))
        _frame(ImageDraw.Draw(body), (PAD, PAD, PAD + big.width, PAD + big.height), 5)
    body.paste(left, (0, band))
    body.paste(right, (0, band + left.height + PAD))
    return with_header(body, view)


def halves(board: Image.Image) -> tuple[Image.Image, Image.Image]:
    """The player board ``board`` cut at ``SPLIT``: its left part and the rest."""
    return (board.crop((0, 0, SPLIT, board.height)),
            board.crop((SPLIT, 0, board.width, board.height)))
