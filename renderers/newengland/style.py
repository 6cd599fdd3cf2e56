"""Sizes and colours of the New England Railways board picture."""

from __future__ import annotations

from renderers.kit import RGB

WIDTH, HEIGHT = 1320, 1000
MAP_WIDTH = 760
PANEL_X = MAP_WIDTH + 20

# The map frame in degrees: all of the board's cities with a margin for their labels.
LON_WEST, LON_EAST = -73.55, -69.95
LAT_NORTH, LAT_SOUTH = 44.7, 41.1

BACKGROUND: RGB = (238, 232, 214)
SEA: RGB = (200, 220, 232)
INK: RGB = (34, 34, 34)
FAINT: RGB = (190, 182, 165)
UNOWNED: RGB = (140, 140, 140)
HIGHLIGHT: RGB = (214, 40, 40)

CUBE: dict[str, RGB] = {
    "purple": (128, 62, 160),
    "blue": (36, 96, 200),
    "yellow": (238, 200, 40),
    "red": (200, 40, 40),
}

PLAYER: dict[str, RGB] = {
    "black": (30, 30, 30),
    "white": (250, 250, 250),
    "green": (40, 150, 70),
    "orange": (240, 130, 20),
    "pink": (236, 110, 180),
    "brown": (130, 80, 40),
}


LINK_PATTERN = {
    "black": "centre line",
    "white": "plain",
    "green": "dots",
    "orange": "ties",
    "pink": "dashes",
    "brown": "zigzag",
}
"""Each player colour's pattern along its links in a colour-blind game."""


def link_pattern(colour: str, colourblind: bool) -> str:
    return LINK_PATTERN.get(colour, "plain") if colourblind else "plain"


def cube_rgb(name: str) -> RGB:
    return CUBE.get(name, UNOWNED)


def player_rgb(name: str) -> RGB:
    return PLAYER.get(name, UNOWNED)
