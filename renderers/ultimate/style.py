"""Sizes and colours of the Ultimate Railroads picture: the main board on top, one player board
per seat below it (two a row), the score track at the bottom."""

from __future__ import annotations

from renderers.kit import RGB, rgb

WIDTH = 1800
PAD = 16
HEADER_H = 78
MAIN_TOP = HEADER_H
ROW_A_H = 262
"""The track spaces and the locomotive panel."""
ROW_B_H = 262
"""Industry, auxiliary and turn order spaces, and the engineer row."""
BOARDS_TOP = MAIN_TOP + ROW_A_H + ROW_B_H + 8
BOARD_W = (WIDTH - 3 * PAD) // 2
BOARD_H = 452
LANE_H = 30
SCORE_HEAD = 40

TILE_W, TILE_H = 142, 102
TILE_GAP = 6
CARD_W = 132

SQUARE = 44
"""One space of a route on a player board."""
SQUARE_GAP = 3
STRIP = 20
"""The band under a route's spaces that shows its special spaces."""
LABEL_W = 150

BACKGROUND: RGB = rgb("#efe7d6")
PANEL: RGB = rgb("#f8f3e8")
PANEL_EDGE: RGB = rgb("#b9ab90")
INK: RGB = rgb("#222222")
SOFT_INK: RGB = rgb("#6b6458")
FAINT: RGB = rgb("#c9bfac")
EMPTY_SPACE: RGB = rgb("#fbf8f1")
TAKEN_TINT = 0.55
"""How far an occupied action space is washed towards its holder's colour."""
HIGHLIGHT: RGB = rgb("#d62828")
CHECK: RGB = rgb("#1e8a3a")
COIN: RGB = rgb("#e9b52c")
COIN_EDGE: RGB = rgb("#8a6410")
LOCO: RGB = rgb("#2f3b48")
DOUBLER: RGB = rgb("#1d1d1d")
IDEA: RGB = rgb("#ffd84a")
KEY: RGB = rgb("#9a7b18")
HEADER_BG: RGB = rgb("#3b2f26")
HEADER_INK: RGB = rgb("#f6efe1")

PLAYER: dict[str, RGB] = {
    "red": rgb("#d6332a"),
    "blue": rgb("#2763d8"),
    "yellow": rgb("#f2c318"),
    "purple": rgb("#8a46c2"),
}

TRACK: dict[str, RGB] = {
    "wood": rgb("#c9a46e"),
    "green": rgb("#3f9b4b"),
    "bronze": rgb("#b0562a"),
    "silver": rgb("#b9c0cc"),
    "gold": rgb("#f0c419"),
}
TRACK_SHAPE: dict[str, str] = {
    "wood": "square",
    "green": "circle",
    "bronze": "triangle",
    "silver": "diamond",
    "gold": "star",
}
"""Every track colour also has its own marker shape, for players who tell colours apart badly."""

SECTION_TITLES = {
    "track": "Track",
    "locomotives": "Locomotives & factories",
    "industry": "Industry",
    "auxiliary": "Doubler, coins, workers",
    "turn order": "Turn order",
}


def player_rgb(name: str) -> RGB:
    return PLAYER.get(name, SOFT_INK)


def track_rgb(name: str) -> RGB:
    return TRACK.get(name, FAINT)


def ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n if n < 20 else n % 10, 'th')}"
