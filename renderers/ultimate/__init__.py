"""Board pictures for Ultimate Railroads: the main board, one player board per seat and the
score track, in one picture."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from renderers.kit import RGB
from renderers.kit.png import encode
from renderers.kit.spritecache import MIB, kept
from renderers.ultimate.focus import draw_last_move
from renderers.ultimate.mainboard import draw_main, draw_main_base
from renderers.ultimate.playerboard import draw_player, draw_player_base
from renderers.ultimate.scoretrack import draw_scores, score_height
from renderers.ultimate.stocksboard import STOCKS_H, draw_stocks
from renderers.ultimate.style import (
    BACKGROUND,
    BOARD_H,
    BOARD_W,
    BOARDS_TOP,
    PAD,
    WIDTH,
    player_rgb,
)

__all__ = ["board_xy", "compose", "encode", "render", "size_for"]


def size_for(players: int, stocks: bool = False) -> tuple[int, int]:
    """The picture's size; the American boards add the stocks board's band."""
    band = STOCKS_H if stocks else 0
    return WIDTH, BOARDS_TOP + _rows(players) * (BOARD_H + PAD) + band + score_height(players)


def _rows(players: int) -> int:
    return (players + 1) // 2


def board_xy(i: int) -> tuple[int, int]:
    """Where seat ``i``'s player board is on the picture (its top left corner)."""
    row, col = divmod(i, 2)
    return PAD + col * (BOARD_W + PAD), BOARDS_TOP + row * (BOARD_H + PAD)


@kept(28 * MIB)
def _base(board_name: str, colours: tuple[RGB, ...], stocks: bool) -> Image.Image:
    """Everything that stays the same through a game (never drawn on: it is copied). Kept by
    bytes: each table's colours make a new one of 12-18 MB, and eight of them were kept."""
    img = Image.new("RGB", size_for(len(colours), stocks), BACKGROUND)
    draw_main_base(img, board_name, len(colours))
    for i, colour in enumerate(colours):
        draw_player_base(img, colour, *board_xy(i))
    return img


def compose(view: Mapping[str, Any]) -> Image.Image:
    """The picture of a public view as an image (see :func:`render`)."""
    players = view["players"]
    colours = tuple(player_rgb(p["colour"]) for p in players)
    stocks = "stocks" in view
    img = _base(str(view["board_name"]), colours, stocks).copy()
    draw_main(img, view)
    for i, p in enumerate(players):
        draw_player(img, view, p, *board_xy(i))
    y = BOARDS_TOP + _rows(len(players)) * (BOARD_H + PAD)
    if stocks:
        draw_stocks(img, view, y)
        y += STOCKS_H
    draw_scores(img, view, y)
    draw_last_move(img, view)
    return img


def render(view: Mapping[str, Any]) -> bytes:
    """PNG bytes of an Ultimate Railroads public view."""
    return encode(compose(view))
