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


class Recorder:
    """Runs drawing calls at once, or, while a section of the panel is being written for a
    panel kept from one frame to the next, keeps them with what they draw (to compare with
    the same section of the last frame)."""

    def __init__(self) -> None:
        self.kept: list[tuple[tuple[object, ...], Callable[[], object]]] | None = None

    def do(self, what: tuple[object, ...], call: Callable[[], object]) -> None:
        if self.kept is None:
            call()
        else:
            self.kept.append((what, call))


class ScaledDraw:
    """The few ImageDraw calls the panel makes, each in full-size units drawn at ``k``."""

    def __init__(self, img: Image.Image, k: float, rec: Recorder | None = None) -> None:
        self.d = ImageDraw.Draw(img)
        self.k = k
        self.rec = rec or Recorder()

    def at(self, v: float) -> float:
        return v if self.k == 1 else v * self.k

    def box(self, xy: Sequence[float]) -> Any:
        return xy if self.k == 1 else [v * self.k for v in xy]

    def thick(self, width: int) -> int:
        """A line width at scale: never thinner than a pixel."""
        return width if self.k == 1 else max(1, round(width * self.k))

    def line(self, xy: Sequence[float], fill: RGB, width: int = 1) -> None:
        self.rec.do(("line", tuple(xy), fill, width),
                    lambda: self.d.line(self.box(xy), fill=fill, width=self.thick(width)))

    def rectangle(self, xy: Sequence[float], fill: RGB | None = None,
                  outline: RGB | None = None, width: int = 1) -> None:
        self.rec.do(("rectangle", tuple(xy), fill, outline, width),
                    lambda: self.d.rectangle(self.box(xy), fill=fill, outline=outline,
                                             width=self.thick(width)))

    def rounded_rectangle(self, xy: Sequence[float], radius: float, fill: RGB | None = None,
                          outline: RGB | None = None, width: int = 1) -> None:
        self.rec.do(("rounded", tuple(xy), radius, fill, outline, width),
                    lambda: self.d.rounded_rectangle(self.box(xy), radius=self.at(radius),
                                                     fill=fill, outline=outline,
                                                     width=self.thick(width)))

    def ellipse(self, xy: Sequence[float], fill: RGB) -> None:
        self.rec.do(("ellipse", tuple(xy), fill),
                    lambda: self.d.ellipse(self.box(xy), fill=fill))


Section = tuple[int, int, tuple[tuple[object, ...], ...]]
"""A section of the panel as a kept panel remembers it: its first and last rows (full-size
units) and what it drew there."""


class Pen:
    """Writes the panel from top to bottom: ``x``, ``y`` and ``width`` in full-size units,
    drawn on ``img`` at scale ``k``. With ``memo`` (kept with the panel's picture from one
    frame to the next), the panel is written in sections, and a section that would draw the
    same as in the last frame, in the same rows, is not drawn again."""

    def __init__(self, img: Image.Image, x: int, y: int, width: int, k: float = 1.0,
                 memo: dict[str, Section] | None = None,
                 drawn: list[tuple[int, int]] | None = None) -> None:
        self.img, self.x, self.y, self.width, self.k = img, x, y, width, k
        self.rec = Recorder()
        self.d = ScaledDraw(img, k, self.rec)
        self.memo = memo
        self.drawn = [] if drawn is None else drawn
        """The rows (first and end, full-size units) of the sections drawn again."""
        self._open: tuple[str, int] | None = None
        self.left = 0  # the first column a section's background may cover (right of a border)

    def section(self, name: str | None) -> None:
        """End the section being written (drawn, on its rows cleared, unless the memo has it
        the same) and begin ``name`` at ``y`` (None: the end of the panel)."""
        if self.memo is None:
            return
        kept, self.rec.kept = self.rec.kept or [], None
        if self._open is not None:
            was, top = self._open
            now: Section = (top, self.y, tuple(what for what, _ in kept))
            if self.memo.get(was) != now:
                self.clear(top, self.y)
                for _, call in kept:
                    call()
                self.memo[was] = now
                self.drawn.append((top, self.y))
        if name is None:
            end = self.memo.get("", (0, 0, ()))[1]
            if end > self.y:  # the panel got shorter: clear what the last one drew below
                self.clear(self.y, end)
                self.drawn.append((self.y, end))
            self.memo[""] = (0, self.y, ())
            self._open = None
            return
        self._open = (name, self.y)
        self.rec.kept = []

    def clear(self, top: float, bottom: float) -> None:
        """Paint the panel's ground over rows ``top`` to ``bottom`` (full-size units)."""
        r0, r1 = round(self.d.at(top)), round(self.d.at(bottom))
        if r1 > r0:
            self.d.d.rectangle((self.left, r0, self.img.width, r1 - 1), fill=style.PANEL_BG)

    def font_size(self, size: int) -> int:
        return size if self.k == 1 else max(1, round(size * self.k))

    def text(self, xy: tuple[float, float], text: str, size: int, colour: RGB,
             weight: Weight = "regular", anchor: Anchor = "mm", outline: RGB | None = None,
             stroke: int = 0) -> int:
        """``text`` at ``xy``; returns the width it takes in full-size units."""
        if self.k == 1 and self.rec.kept is None:
            return put_text(self.img, xy, text, size, colour, weight=weight, anchor=anchor,
                            outline=outline, stroke=stroke)
        at = (xy[0] * self.k, xy[1] * self.k) if self.k != 1 else xy
        small = self.font_size(size)
        self.rec.do(("text", at, text, small, colour, weight, anchor, outline, stroke),
                    lambda: put_text(self.img, at, text, small, colour, weight=weight,
                                     anchor=anchor, outline=outline, stroke=stroke))
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
            self.rec.do(("swatch", tuple(box), colour, tag),
                        lambda: swatch(self.img, box, colour, tag))
            return
        x0, y0 = round(box[0] * self.k), round(box[1] * self.k)
        size = (max(1, round(box[2] * self.k) - x0), max(1, round(box[3] * self.k) - y0))
        piece = _swatch_sprite(colour, tag, round(box[2] - box[0]), round(box[3] - box[1]),
                               size)
        self.rec.do(("swatch", piece, x0, y0), lambda: over(self.img, piece, x0, y0))

    def sprite(self, make: Callable[[float], Sprite], size: float,
               at: tuple[float, float]) -> None:
        """The sprite ``make`` draws at ``size`` (full-size units), centred on ``at``."""
        sprite = make(self.d.at(size))
        where = (self.d.at(at[0]), self.d.at(at[1]))
        self.rec.do(("sprite", sprite, where), lambda: paste(self.img, sprite, where))

    def track(self, left: tuple[float, float], length: float, colour: str,
              blind: bool) -> None:
        """A straight piece of a player's track, as the map draws it (see
        :func:`track_sample`)."""
        start = (self.d.at(left[0]), self.d.at(left[1]))
        self.rec.do(("track", start, length, colour, blind),
                    lambda: track_sample(self.img, start, self.d.at(length), colour, blind,
                                         self.k))


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
