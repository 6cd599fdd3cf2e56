"""Colours and proportions of the Railways of the World board picture."""

from __future__ import annotations

from renderers.kit.colours import RGB, rgb

HEX_SIZE = 32
"""Circumradius of a hex on the full board picture, in pixels."""
ZOOM_HEX_SIZE = 72
"""Circumradius of a hex on a zoomed crop."""
ZOOM_RADIUS = 4
"""A zoomed crop shows the hexes within this distance of its centre (9 hexes across)."""
PANEL_WIDTH = 620
MARGIN = 38
MIN_HEIGHT = 1560
MIN_WIDTH = 2000
"""The side panel needs this much room even when a map is short."""

OFFBOARD = rgb("#4d5d6b")
EDGE_TEXT = rgb("#eef2f5")
HEX_LINE = rgb("#a9ae8a")
FAINT_LABEL = rgb("#7d8466")

TERRAIN_FILL: dict[str, RGB] = {
    "open": rgb("#e6e8c6"),
    "river": rgb("#d3e6d6"),
    "lake": rgb("#9ccbea"),
    "mountain": rgb("#d2b38a"),
    "city": rgb("#e6e8c6"),
}
RIVER_LINE = rgb("#3f86cc")
LAKE_WAVE = rgb("#5a9dd0")
PEAK_FILL = rgb("#a57a4e")
PEAK_LINE = rgb("#6e4b2a")
RIDGE = rgb("#2a170a")
SEAM = rgb("#8a3b2e")
"""The Transcontinental seam between the Western and Eastern boards."""
SPECIAL_RING = rgb("#c2185b")
IMPASSABLE = rgb("#d0211c")

CITY_FILL: dict[str, RGB] = {
    "red": rgb("#d8382d"),
    "yellow": rgb("#f4cd25"),
    "blue": rgb("#2d6bd0"),
    "black": rgb("#2a2a2a"),
    "purple": rgb("#8b4ec2"),
    "gray": rgb("#a3a3a3"),
}
CUBE_FILL: dict[str, RGB] = {
    "red": rgb("#e3342a"),
    "yellow": rgb("#ffd200"),
    "blue": rgb("#236be6"),
    "black": rgb("#161616"),
    "purple": rgb("#9a45dc"),
}
TRAY = rgb("#fbf8ee")
INK = rgb("#151515")

PLAYER_FILL: dict[str, RGB] = {
    "black": rgb("#1d1d1d"),
    "green": rgb("#1f9a45"),
    "yellow": rgb("#f7c600"),
    "purple": rgb("#8f3fd0"),
    "red": rgb("#e2271d"),
    "blue": rgb("#1c5fe0"),
}
FALLBACK_PLAYER = rgb("#777777")
DARK_CASING = rgb("#161616")
LIGHT_CASING = rgb("#f4f4f4")
BRIDGE_GAP = rgb("#fbf8ee")

PANEL_BG = rgb("#f3efe3")
PANEL_LINE = rgb("#c9c1a8")
PANEL_HILITE = rgb("#fff1a8")
PANEL_MUTED = rgb("#6a6353")


def player_fill(colour: str) -> RGB:
    return PLAYER_FILL.get(colour, FALLBACK_PLAYER)


def casing_for(colour: str) -> RGB:
    """The outline around a player's track and markers: light around black, dark otherwise."""
    return LIGHT_CASING if colour == "black" else DARK_CASING
