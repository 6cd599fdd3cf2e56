"""The network: links as lines in owner colours, cities with demand colour and cube boxes."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from renderers.kit import contrast, put_text
from renderers.kit.access import colourblind, letter
from renderers.kit.patterns import draw_pattern
from renderers.newengland.style import (
    BACKGROUND,
    FAINT,
    HEIGHT,
    HIGHLIGHT,
    INK,
    LAT_NORTH,
    LAT_SOUTH,
    LON_EAST,
    LON_WEST,
    MAP_WIDTH,
    SEA,
    UNOWNED,
    cube_rgb,
    link_pattern,
    player_rgb,
)

Point = tuple[float, float]
CITY_R = 15
CUBE = 11


def project(lat: float, lon: float) -> Point:
    """Degrees to pixels, each axis stretched to fill the map area: a little east-west
    stretch gives the crowded Boston - Providence corner room for its labels."""
    x = (lon - LON_WEST) / (LON_EAST - LON_WEST) * (MAP_WIDTH - 40)
    y = (LAT_NORTH - lat) / (LAT_NORTH - LAT_SOUTH) * (HEIGHT - 40)
    return (20 + x, 20 + y)


def dashed_line(d: ImageDraw.ImageDraw, a: Point, b: Point, fill: Any, width: int,
            dash: float = 14, gap: float = 9) -> None:
    length = math.dist(a, b)
    if length == 0:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    pos = 0.0
    while pos < length:
        end = min(pos + dash, length)
        d.line([(a[0] + ux * pos, a[1] + uy * pos), (a[0] + ux * end, a[1] + uy * end)],
               fill=fill, width=width)
        pos = end + gap


def draw_map(img: Image.Image, view: Mapping[str, Any],
             under: Callable[[Image.Image, Mapping[str, Any]], None] | None = None) -> None:
    """The map; ``under`` draws on the ground before the links and cities (a highlight that
    must not cover their labels)."""
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, MAP_WIDTH, HEIGHT], fill=SEA)
    d.rounded_rectangle([8, 8, MAP_WIDTH - 8, HEIGHT - 8], radius=18, fill=BACKGROUND)
    if under is not None:
        under(img, view)
    where = {c["name"]: project(c["lat"], c["lon"]) for c in view["cities"]}
    colours = [p["colour"] for p in view["players"]]
    auction = view.get("auction") or {}
    blind = colourblind(view)
    for link in sorted(view["links"], key=lambda k: _layer(k["status"])):
        _draw_link(img, d, link, where, colours, link["id"] == auction.get("link"), blind)
    for city in view["cities"]:
        _draw_city(img, d, city, where[city["name"]], blind)


def _layer(status: str) -> int:
    return {"deck": 0, "removed": 0, "future": 1, "current": 2, "unfinished": 3}.get(status, 4)


def _draw_link(img: Image.Image, d: ImageDraw.ImageDraw, link: Mapping[str, Any],
               where: Mapping[str, Point], colours: Sequence[str], up: bool,
               blind: bool = False) -> None:
    a, b = where[link["a"]], where[link["b"]]
    status = link["status"]
    if status in ("deck", "removed"):
        dashed_line(d, a, b, FAINT, 2, dash=5, gap=7)
        return
    if status in ("current", "future"):
        dashed_line(d, a, b, HIGHLIGHT if up else UNOWNED, 5 if up else 3, dash=10, gap=6)
        _label(img, d, a, b, f"{link['build']}/{link['value']}", HIGHLIGHT if up else UNOWNED)
        return
    colour = colours[link["owner"]]
    fill = player_rgb(colour)
    pattern = link_pattern(colour, blind)
    if status == "unfinished":
        dashed_line(d, a, b, INK, 9)
        dashed_line(d, a, b, fill, 5)
        return
    width = 8 if pattern != "plain" else 6  # a pattern needs a little more room
    d.line([a, b], fill=INK, width=width + 4)
    d.line([a, b], fill=fill, width=width)
    draw_pattern(d, _clear_of_cities(a, b), pattern, fill, width)


def _clear_of_cities(a: Point, b: Point) -> list[Point]:
    """The stretch of a link between the rims of its two cities."""
    length = math.dist(a, b)
    if length <= 2 * CITY_R:
        return [a, b]
    t = CITY_R / length
    return [(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t),
            (b[0] - (b[0] - a[0]) * t, b[1] - (b[1] - a[1]) * t)]


def _label(img: Image.Image, d: ImageDraw.ImageDraw, a: Point, b: Point, text: str,
           edge: Any) -> None:
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    d.rounded_rectangle([mid[0] - 20, mid[1] - 10, mid[0] + 20, mid[1] + 10], radius=5,
                        fill=(255, 255, 255), outline=edge, width=2)
    put_text(img, mid, text, 15, INK, weight="bold")


# Names go under these cities so they clear a close neighbour or a link label.
LABEL_BELOW = {"Manchester", "New Bedford", "Kingston", "New London", "New Haven"}
BOX_ROW = 4


def _draw_city(img: Image.Image, d: ImageDraw.ImageDraw, city: Mapping[str, Any],
               at: Point, blind: bool = False) -> None:
    x, y = at
    demand = cube_rgb(city["demand"])
    d.ellipse([x - CITY_R, y - CITY_R, x + CITY_R, y + CITY_R], fill=demand, outline=INK,
              width=3)
    if blind:  # the demanded colour's letter instead of the centre dot
        put_text(img, (x, y + 1), letter(city["demand"]), 19, contrast(demand), weight="black")
    else:  # the dot marks the city's centre, where its links meet
        d.ellipse([x - 5, y - 5, x + 5, y + 5], fill=contrast(demand))
    below = city["name"] in LABEL_BELOW
    put_text(img, (x, y + CITY_R + 3 if below else y - CITY_R - 4), city["name"], 17, INK,
             weight="bold", anchor="mt" if below else "mb", outline=(255, 255, 255), stroke=3)
    cubes = list(city["cubes"])
    if not cubes:
        return
    # The commodity box sits right of the city, up to four cubes a row (bigger cubes when
    # they carry letters).
    cube = CUBE + 4 if blind else CUBE
    rows = (len(cubes) + BOX_ROW - 1) // BOX_ROW
    cols = min(len(cubes), BOX_ROW)
    width, height = cols * (cube + 3) + 3, rows * (cube + 3) + 3
    left, top = x + CITY_R + 3, y - height / 2
    d.rectangle([left, top, left + width, top + height], fill=(255, 255, 255), outline=INK)
    for i, colour in enumerate(cubes):
        row, col = divmod(i, BOX_ROW)
        cx, cy = left + 3 + col * (cube + 3), top + 3 + row * (cube + 3)
        d.rectangle([cx, cy, cx + cube, cy + cube], fill=cube_rgb(colour), outline=INK)
        if blind:
            put_text(img, (cx + cube / 2 + 0.5, cy + cube / 2 + 1), letter(colour), cube - 2,
                     contrast(cube_rgb(colour)), weight="black")
