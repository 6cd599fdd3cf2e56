"""The American stocks board, in a band under the player boards: a column per level (rising to
the right), its dividend token on the star and the stock price tiles in arrival order (the first
to arrive on top: "far left" on the printed board); then the tokens left and the steelworks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from renderers.kit import RGB, contrast, put_text
from renderers.kit.access import fitted_name
from renderers.kit.text import wrap
from renderers.ultimate import icons
from renderers.ultimate.pieces import piece
from renderers.ultimate.style import (
    FAINT,
    INK,
    PAD,
    PANEL,
    PANEL_EDGE,
    SOFT_INK,
    WIDTH,
    player_rgb,
)

STOCKS_H = 176
"""Height of the band (with its gap below)."""
COL_W = 122
TILE_ROW = 22


def draw_stocks(img: Image.Image, view: Mapping[str, Any], y: int) -> None:
    stocks = view["stocks"]
    people = [*view["players"], *([view["emil"]] if view.get("emil") else [])]
    colours = [player_rgb(p["colour"]) for p in people]
    names = [str(p["name"]) for p in people]
    emil = len(view["players"])
    key = ("stocks", str(stocks), tuple(view.get("steelworks", ())), tuple(names),
           tuple(colours))

    def paint(sprite: Image.Image, d: ImageDraw.ImageDraw) -> None:
        _paint(sprite, d, view, colours, names, emil)

    piece(img, PAD, y, WIDTH - 2 * PAD, STOCKS_H - PAD, PANEL, key, paint)


def _paint(img: Image.Image, d: ImageDraw.ImageDraw, view: Mapping[str, Any],
           colours: Sequence[RGB], names: Sequence[str], emil: int) -> None:
    stocks = view["stocks"]
    w, h = img.width, img.height
    d.rounded_rectangle([0, 0, w - 1, h - 1], radius=10, fill=PANEL, outline=PANEL_EDGE,
                        width=2)
    put_text(img, (12, 15), "Stocks board (levels rise to the right; first to arrive on top)",
             18, INK, weight="bold", anchor="lm")
    for level, row in enumerate(stocks["levels"]):
        x = 12 + level * (COL_W + 4)
        token = stocks["tokens"][level]
        d.rounded_rectangle([x, 30, x + COL_W, h - 10], radius=6,
                            fill=(236, 230, 216) if level else (226, 220, 206), outline=FAINT)
        put_text(img, (x + 8, 44), "start" if level == 0 else f"level {level}", 14, INK,
                 weight="bold", anchor="lm")
        if level:
            icons.star(img, d, x + COL_W - 14, 44, 10, "")
            text = token["text"] if token else "first here chooses"
            put_text(img, (x + COL_W / 2, 66), wrap(str(text), 13, COL_W - 8, lines=1)[0], 13,
                     INK if token else SOFT_INK, weight="semibold" if token else "regular")
        for i, who in enumerate(row[:3]):
            seat = emil if int(who) < 0 else int(who)
            ty = 82 + i * (TILE_ROW + 2)
            fill = colours[seat]
            d.rounded_rectangle([x + 6, ty, x + COL_W - 6, ty + TILE_ROW], radius=4, fill=fill,
                                outline=INK)
            put_text(img, (x + COL_W / 2, ty + TILE_ROW / 2),
                     fitted_name(names[seat], 13, COL_W - 16, "bold"), 13,
                     contrast(fill), weight="bold")
        if len(row) > 3:
            put_text(img, (x + COL_W / 2, h - 20), f"+{len(row) - 3} more", 12, SOFT_INK)
    sx = 12 + len(stocks["levels"]) * (COL_W + 4) + 8
    left = ", ".join(t["text"] for t in stocks["tokens_left"]) or "none"
    lines = wrap(f"Dividend tokens left: {left}", 13, w - sx - 12, lines=3)
    works = ", ".join(f"#{s}" for s in view.get("steelworks", ())) or "none"
    lines += wrap(f"Steelworks beside the stacks: {works}", 13, w - sx - 12, lines=2)
    lines += ["Game end: highest stock 20 points, second 10."]
    for i, line in enumerate(lines):
        put_text(img, (sx, 44 + i * 17), line, 13, SOFT_INK if i else INK, anchor="lm")
