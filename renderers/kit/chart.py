"""A line chart of scores over a game: one line per player in the player's colour, with axes,
turn marks and the players' names and final points beside the lines."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderers.kit.access import fitted_name
from renderers.kit.colours import RGB, contrast, mix
from renderers.kit.fonts import font
from renderers.kit.text import text_width

WIDTH, HEIGHT = 1000, 560
LEFT, RIGHT, TOP, BOTTOM = 64, 280, 56, 58
"""Margins: the y axis labels, the names column, the heading and the x axis labels."""

PAPER = (250, 247, 240)
INK = (40, 36, 32)
GRID = (222, 216, 204)
CASING = (70, 64, 58)
SMALL = 15


@dataclass(frozen=True)
class Line:
    name: str
    colour: RGB
    points: list[int]
    """One value per sample, the same count for every line."""


def score_chart(heading: str, lines: list[Line], turns: list[tuple[int, str]],
                numbered: bool = False) -> Image.Image:
    """The chart; ``turns`` are (sample index, label) where a new turn begins. ``numbered``
    (colour-blind play) writes each line's place in the list of names at its end and on its
    swatch, so that a line is matched to its name without telling colours apart."""
    img = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    draw = ImageDraw.Draw(img)
    draw.text((LEFT, 14), heading, fill=INK, font=font(24, "bold"))
    samples = max((len(line.points) for line in lines), default=0)
    values = [v for line in lines for v in line.points] or [0]
    low, high = min(0, min(values)), max(1, max(values))
    step = _tick_step(high - low)
    low, high = step * (low // step), step * -(-high // step)
    x0, x1, y0, y1 = LEFT, WIDTH - RIGHT, HEIGHT - BOTTOM, TOP

    def x_at(i: int) -> float:
        return x0 + (x1 - x0) * i / max(1, samples - 1)

    def y_at(v: int) -> float:
        return y0 - (y0 - y1) * (v - low) / (high - low)

    small = font(SMALL)
    for v in range(low, high + 1, step):
        y = y_at(v)
        draw.line([(x0, y), (x1, y)], fill=INK if v == 0 else GRID, width=1)
        label = str(v)
        draw.text((x0 - 8 - text_width(label, SMALL), y - 9), label, fill=INK, font=small)
    shown_right = 0.0
    for i, label in turns:
        x = x_at(i)
        draw.line([(x, y0), (x, y1)], fill=GRID, width=1)
        if x >= shown_right:  # labels never overlap: a crowded one is left out
            draw.text((x + 3, y0 + 6), label, fill=INK, font=small)
            shown_right = x + text_width(label, SMALL) + 10
    draw.line([(x0, y0), (x1, y0)], fill=INK, width=2)
    draw.line([(x0, y0), (x0, y1)], fill=INK, width=2)
    draw.text((x0, HEIGHT - 26), "moves, with the turn each one began", fill=INK, font=small)
    draw.text((8, TOP - 26), "score", fill=INK, font=small)
    ends = []
    for line in lines:
        xy = [(x_at(i), y_at(v)) for i, v in enumerate(line.points)]
        if len(xy) > 1:
            draw.line(xy, fill=CASING, width=6, joint="curve")
            draw.line(xy, fill=line.colour, width=3, joint="curve")
            ends.append((line, xy[-1]))
    order = _ranked(lines)
    if numbered:  # badges at the lines' ends, moved apart where ends meet
        placed: list[float] = []
        for line, (ex, ey) in sorted(ends, key=lambda e: e[1][1]):
            by = max(ey, placed[-1] + 22) if placed else ey
            placed.append(by)
            if by != ey:
                draw.line([(ex, ey), (ex - 14, by)], fill=CASING, width=2)
            _badge(draw, (ex - 14 if by != ey else ex, by), str(order.index(line) + 1),
                   line.colour)
    _names(draw, order, numbered)
    return img


def _ranked(lines: list[Line]) -> list[Line]:
    """The lines best first (the order of the names at the right)."""
    return sorted(lines, key=lambda line: -(line.points[-1] if line.points else 0))


def _badge(draw: ImageDraw.ImageDraw, at: tuple[float, float], text: str, colour: RGB) -> None:
    x, y = at
    draw.ellipse([x - 10, y - 10, x + 10, y + 10], fill=colour, outline=CASING, width=2)
    draw.text((x, y + 1), text, fill=contrast(colour), font=font(14, "black"), anchor="mm")


def _names(draw: ImageDraw.ImageDraw, ordered: list[Line], numbered: bool) -> None:
    """Each player's swatch, name and final points at the right, best first, in one column
    (lines that end close together would make labels at their ends collide)."""
    bold = font(17, "bold")
    x = WIDTH - RIGHT + 18
    for n, line in enumerate(ordered):
        y = TOP + 8 + n * 30
        draw.rounded_rectangle([x, y + 3, x + 22, y + 19], 4, fill=line.colour,
                               outline=mix(line.colour, CASING, 0.7), width=2)
        if numbered:
            draw.text((x + 11, y + 12), str(n + 1), fill=contrast(line.colour),
                      font=font(14, "black"), anchor="mm")
        last = line.points[-1] if line.points else 0
        score = str(last)
        draw.text((WIDTH - 12 - text_width(score, 17, "bold"), y), score, fill=INK, font=bold)
        room = WIDTH - 12 - (x + 30) - text_width(score, 17, "bold") - 10
        draw.text((x + 30, y), fitted_name(line.name, 17, room, "bold"), fill=INK, font=bold)


def _tick_step(span: int) -> int:
    """A round step giving four to ten grid lines over ``span``."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000):
        if span / step <= 10:
            return step
    return int(10 ** len(str(span)))
