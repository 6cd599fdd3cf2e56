"""American Railroads pieces of a player board: boulders, the blasting, stock, coin and golden
spike spaces, and the dual industry track (the lower track as usual, the upper one under it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from engine.core.names import plural
from renderers.kit import RGB, contrast, mix, put_text
from renderers.ultimate import icons
from renderers.ultimate.style import (
    BOARD_W,
    EMPTY_SPACE,
    INK,
    LABEL_W,
    SOFT_INK,
    SQUARE,
    SQUARE_GAP,
    track_rgb,
)

Draw = ImageDraw.ImageDraw
ROCK: RGB = (122, 116, 108)
GOLD: RGB = (214, 170, 40)
UP: RGB = (30, 138, 58)


def boulder_at(view: Mapping[str, Any], p: Mapping[str, Any], which: str) -> int | None:
    """Where the player's boulder ``which`` still lies (None once blasted)."""
    if which not in p.get("boulders", ()):
        return None
    return int(view["boulders"]["industry_at" if which == "industry" else "route_at"])


def with_boulder(view: Mapping[str, Any], p: Mapping[str, Any],
                 route: Mapping[str, Any]) -> Mapping[str, Any]:
    """The route as drawn: with the space its boulder still blocks, if it has one."""
    if boulder_at(view, p, "route") and view["boulders"]["route"] == route["id"]:
        return {**route, "boulder": view["boulders"]["route_at"]}
    return route


def boulder(img: Image.Image, d: Draw, cx: float, cy: float, size: float) -> None:
    """A grey boulder over a space: nothing moves onto or past it until it is blasted."""
    r = size * 0.46
    d.polygon([(cx - r, cy + r * 0.7), (cx - r * 0.8, cy - r * 0.3), (cx - r * 0.2, cy - r),
               (cx + r * 0.6, cy - r * 0.7), (cx + r, cy + r * 0.1), (cx + r * 0.8, cy + r * 0.7)],
              fill=ROCK, outline=INK)
    put_text(img, (cx, cy + 2), "rock", max(9, round(size * 0.24)), (255, 255, 255),
             weight="bold")


def _arrow(d: Draw, cx: float, cy: float, s: float, fill: RGB = UP) -> None:
    d.polygon([(cx, cy - s * 0.5), (cx + s * 0.45, cy), (cx + s * 0.18, cy),
               (cx + s * 0.18, cy + s * 0.5), (cx - s * 0.18, cy + s * 0.5), (cx - s * 0.18, cy),
               (cx - s * 0.45, cy)], fill=fill, outline=INK)


def special(img: Image.Image, d: Draw, sp: Mapping[str, Any], cx: float, cy: float,
            s: float) -> bool:
    """Draw an American special space's icon; False for a kind of another board."""
    kind = sp["kind"]
    if kind == "blast":
        d.rounded_rectangle([cx - s * 0.55, cy - s * 0.35, cx + s * 0.55, cy + s * 0.35],
                            radius=3, fill=(200, 40, 40), outline=INK)
        put_text(img, (cx, cy), "TNT", max(8, round(s * 0.5)), (255, 255, 255), weight="black")
    elif kind == "stock":
        _arrow(d, cx, cy, s)
    elif kind == "coinstock":
        colour = str(sp.get("track", "wood"))
        d.rectangle([cx - s * 0.75, cy - s * 0.3, cx - s * 0.2, cy + s * 0.3],
                    fill=track_rgb(colour), outline=INK)
        icons.coin(d, cx + s * 0.05, cy, s * 0.28)
        _arrow(d, cx + s * 0.6, cy, s * 0.8)
        if sp.get("done"):  # the done token covers the space once paid
            d.rounded_rectangle([cx - s * 0.8, cy - s * 0.45, cx + s * 0.95, cy + s * 0.45],
                                radius=3, fill=INK)
            put_text(img, (cx + s * 0.07, cy), "done", max(8, round(s * 0.55)),
                     (255, 255, 255), weight="bold")
    elif kind == "spike":
        d.polygon([(cx - s * 0.15, cy - s * 0.5), (cx + s * 0.15, cy - s * 0.5),
                   (cx + s * 0.08, cy + s * 0.3), (cx, cy + s * 0.55),
                   (cx - s * 0.08, cy + s * 0.3)], fill=GOLD, outline=INK)
        d.rectangle([cx - s * 0.35, cy - s * 0.6, cx + s * 0.35, cy - s * 0.42], fill=GOLD,
                    outline=INK)
    else:
        return False
    return True


def dual_industry(img: Image.Image, d: Draw, track: list[Any], ind: Mapping[str, Any],
                  colour: RGB, dual: tuple[list[int], int | None],
                  specials: Mapping[int, str]) -> None:
    """The lower track (gaps wait for factories; a boulder on its 15) and, under it, the upper
    track whose spaces sit above the gaps; each wrench stays on its own track."""
    upper, rock = dual
    x = 2
    put_text(img, (x + 2, 10), "Industry", 17, INK, weight="bold", anchor="lm")
    put_text(img, (x + 2, 30), f"{plural(ind['points'], 'pt')} each scoring", 13, SOFT_INK,
             anchor="lm")
    put_text(img, (x + 2, 60), "upper track", 12, SOFT_INK, anchor="lm")
    on_upper = set(ind.get("upper", (1,)))
    lows = [int(w) for i, w in enumerate(ind["wrenches"]) if i not in on_upper]
    highs = [int(w) for i, w in enumerate(ind["wrenches"]) if i in on_upper]
    low, high = max(lows, default=-1), max(highs, default=-1)
    factories = iter(ind["factories"])
    sx = x + LABEL_W
    cell = (BOARD_W - LABEL_W - 28) // len(track)
    lower_h = SQUARE - 6
    for i, value in enumerate(track):
        qx = sx + i * cell
        box = [qx, 0, qx + cell - SQUARE_GAP, lower_h]
        mid = qx + (cell - SQUARE_GAP) / 2
        if value == "gap":
            f = next(factories, None)
            d.rectangle(box, fill=(205, 198, 186) if f is None else (226, 226, 232),
                        outline=SOFT_INK if f is None else INK)
            icons.factory(d, qx + 4, 4, 18, 12, (226, 220, 210) if f is None else (150, 150, 160))
            if f is not None:
                label = "steel" if str(f["tile"]).endswith("w") else f"#{f['number']}"
                put_text(img, (mid + 4, 27), label, 13, INK, weight="black")
        else:
            here = i in lows
            fill = colour if here else (mix(EMPTY_SPACE, colour, 0.25) if low >= i
                                        else EMPTY_SPACE)
            d.rectangle(box, fill=fill, outline=INK if here else SOFT_INK, width=2 if here else 1)
            put_text(img, (mid, lower_h / 2 + (5 if here else 0)), str(value), 16,
                     contrast(fill), weight="bold")
            if here:
                icons.wrench(d, qx + 13, 11, 18, (255, 255, 255))
        kind = specials.get(i)  # the idea space and the key, small in the space's corner
        if kind == "idea":
            icons.bulb(d, qx + cell - 12, lower_h - 9, 12)
        elif kind == "key":
            icons.key(d, qx + cell - 14, lower_h - 8, 14)
        if rock is not None and i == rock:
            boulder(img, d, mid, lower_h / 2, lower_h)
        uy = lower_h + 4
        here = i in highs
        fill = colour if here else (mix(EMPTY_SPACE, colour, 0.25) if high >= i
                                    else EMPTY_SPACE)
        d.rectangle([qx, uy, qx + cell - SQUARE_GAP, uy + 26], fill=fill,
                    outline=INK if here else SOFT_INK, width=2 if here else 1)
        put_text(img, (mid + (6 if here else 0), uy + 13), str(upper[i]), 13, contrast(fill),
                 weight="bold")
        if here:
            icons.wrench(d, qx + 10, uy + 12, 16, (255, 255, 255))
