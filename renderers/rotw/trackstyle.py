"""Marks drawn along a player's track so that its owner shows without colour.

The black player's track always carries a thin light centre line: plain black track read like
the key's unfinished link and was lost among the dark ridges. With the colour-blind display
option every colour gets a pattern of its own (see :data:`PATTERN`).
"""

from __future__ import annotations

PATTERN = {
    "black": "centre line",
    "green": "plain",
    "yellow": "dots",
    "purple": "ties",
    "red": "dashes",
    "blue": "zigzag",
}
"""The pattern of each player colour's track in a colour-blind game."""

ALWAYS = {"black": "centre line"}
"""Patterns drawn in every game."""


def pattern_for(colour: str, colourblind: bool) -> str:
    return (PATTERN if colourblind else ALWAYS).get(colour, "plain")
