"""The pen the side panel is written with: its layout is in the full picture's units, and it
draws at any scale (a replay's frame draws the panel at the size it is shown, rather than at
full size and then shrunk). At scale 1 every call is passed on unchanged."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PIL import Image, ImageDraw

from renderers.kit.colours import RGB
from renderers.kit.fonts import Weight
from renderers.kit.over import over
from renderers.kit.patterns import draw_pattern
from renderers.kit.spritecache import MIB, kept
from renderers.kit.text import Anchor, fit_text, put_text, text_width
from renderers.rotw import style
from renderers.rotw.board import swatch
from renderers.rotw.layers import Sprite, paste
from renderers.rotw.trackstyle import pattern_for

Box = tuple[float, float, float, float]


class ScaledDraw:
    """The few ImageDraw calls the panel makes, each in full-size units drawn at ``k``."""

    def __init__(self, img: Image.Image, k: float) -> None:
        self.d = ImageDraw.Draw(img)
        self.k = k

    def at(self, v: float) -> float:
        return v if self.k == 1 else v * self.k

    def box(self, xy: Sequence[float]) -> Any:
        return xy if self.k == 1 else [v * self.k for v in xy]

    def thick(self, width: int) -> int:
        """A line width at scale: never thinner than a pixel."""
        return width if self.k == 1 else max(1, round(width * self.k))

    def line(self, xy: Sequence[float], fill: RGB, width: int = 1) -> None:
        self.d.line(self.box(xy), fill=fill, width=self.thick(width))

    def rectangle(self, xy: Sequence[float], fill: RGB | None = None,
                  outline: RGB | None = None, width: int = 1) -> None:
        self.d.rectangle(self.box(xy), fill=fill, outline=outline, width=self.thick(width))

    def rounded_rectangle(self, xy: Sequence[float], radius: float, fill: RGB | None = None,
                          outline: RGB | None = None, width: int = 1) -> None:
        self.d.rounded_rectangle(self.box(xy), radius=self.at(radius), fill=fill,
                                 outline=outline, width=self.thick(width))

    def ellipse(self, xy: Sequence[float], fill: RGB) -> None:
        self.d.ellipse(self.box(xy), fill=fill)


class Pen:
    """Writes the panel from top to bottom: ``x``, ``y`` and ``width`` in full-size units,
    drawn on ``img`` at scale ``k``."""

    def __init__(self, img: Image.Image, x: int, y: int, width: int, k: float = 1.0) -> None:
        self.img, self.x, self.y, self.width, self.k = img, x, y, width, k
        self.d = ScaledDraw(img, k)

    def font_size(self, size: int) -> int:
        return size if self.k == 1 else max(1, round(size * self.k))

    def text(self, xy: tuple[float, float], text: str, size: int, colour: RGB,
             weight: Weight = "regular", anchor: Anchor = "mm", outline: RGB | None = None,
             stroke: int = 0) -> int:
        """``text`` at ``xy``; returns the width it takes in full-size units."""
        if self.k == 1:
            return put_text(self.img, xy, text, size, colour, weight=weight, anchor=anchor,
                            outline=outline, stroke=stroke)
        put_text(self.img, (xy[0] * self.k, xy[1] * self.k), text, self.font_size(size),
                 colour, weight=weight, anchor=anchor, outline=outline, stroke=stroke)
        return round(text_width(text, size, weight)) if text else 0

    def put(self, xy: tuple[float, float], text: str, size: int, colour: RGB = style.INK,
            weight: Weight = "regular", anchor: Anchor = "lt", width: float | None = None,
            ) -> int:
        if width is not None:
            text = fit_text(text, size, width, weight)
        return self.text(xy, text, size, colour, weight, anchor)

    def line(self, text: str, size: int, weight: Weight = "regular", colour: RGB = style.INK,
             gap: float = 0.35, indent: int = 0) -> None:
        self.put((self.x + indent, self.y), text, size, colour, weight,
                 width=self.width - indent)
        self.y += round(size * (1 + gap))

    def heading(self, text: str) -> None:
        self.y += 8
        self.d.line((self.x, self.y, self.x + self.width, self.y), fill=style.PANEL_LINE,
                    width=2)
        self.y += 10
        self.line(text.upper(), 21, "black", style.PANEL_MUTED, gap=0.4)

    def swatch(self, box: Box, colour: str, tag: str) -> None:
        """A player's colour square with their tag (see :func:`board.swatch`): at a scale,
        the full-size square shrunk, so that its corners and edge keep their shape."""
        if self.k == 1:
            swatch(self.img, box, colour, tag)
            return
        x0, y0 = round(box[0] * self.k), round(box[1] * self.k)
        size = (max(1, round(box[2] * self.k) - x0), max(1, round(box[3] * self.k) - y0))
        over(self.img, _swatch_sprite(colour, tag, round(box[2] - box[0]),
                                      round(box[3] - box[1]), size), x0, y0)

    def sprite(self, make: Callable[[float], Sprite], size: float,
               at: tuple[float, float]) -> None:
        """The sprite ``make`` draws at ``size`` (full-size units), centred on ``at``."""
        paste(self.img, make(self.d.at(size)), (self.d.at(at[0]), self.d.at(at[1])))

    def track(self, left: tuple[float, float], length: float, colour: str,
              blind: bool) -> None:
        """A straight piece of a player's track, as the map draws it (see
        :func:`track_sample`)."""
        track_sample(self.img, (self.d.at(left[0]), self.d.at(left[1])), self.d.at(length),
                     colour, blind, self.k)


@kept(MIB)
def _swatch_sprite(colour: str, tag: str, width: int, height: int,
                   size: tuple[int, int]) -> Image.Image:
    """A swatch ``width`` by ``height`` drawn at full size and shrunk to ``size``."""
    big = Image.new("RGBA", (width + 1, height + 1), (0, 0, 0, 0))
    swatch(big, (0, 0, width, height), colour, tag)
    return big.resize(size, Image.Resampling.BOX)


def track_sample(img: Image.Image, left: tuple[float, float], length: float, colour: str,
                 blind: bool, k: float = 1.0) -> None:
    """A straight piece of a player's track for the key, drawn as the map draws it (its
    widths at scale ``k``)."""
    d = ImageDraw.Draw(img)
    x, y = left
    fill = style.player_fill(colour)
    pts = [(x, y), (x + length, y)]
    casing, inner = (11, 7) if k == 1 else (max(1, round(11 * k)), max(1, round(7 * k)))
    d.line(pts, fill=style.casing_for(colour), width=casing)
    d.line(pts, fill=fill, width=inner)
    draw_pattern(d, pts, pattern_for(colour, blind), fill, inner)
