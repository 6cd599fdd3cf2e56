"""Pictures that carry no information by colour alone, and names that fit the room they get.

A game played with the ``colourblind`` display option asks for it through the view: the bot
sets ``view["colourblind"]`` (it never enters the rules state). Every title then writes a
colour's letter on the pieces and places of that colour and draws each player's track with a
pattern of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from renderers.kit.fonts import Weight
from renderers.kit.text import fit_text, text_width

VIEW_KEY = "colourblind"
"""The view key the bot sets for a game that shows letters and patterns."""

LETTERS = {
    "red": "R", "yellow": "Y", "blue": "B", "black": "K", "purple": "P", "green": "G",
    "gray": "", "grey": "", "white": "W", "orange": "O", "pink": "Pk", "brown": "Br",
}
"""A colour's letter. Black is K (as printers write it) so that it never reads as blue; gray
cities take no letter (gray is their lack of a colour)."""


def colourblind(view: Mapping[str, Any]) -> bool:
    return bool(view.get(VIEW_KEY))


def letter(colour: str) -> str:
    """The letter written on a piece or place of ``colour`` (empty for gray)."""
    return LETTERS.get(colour, colour[:1].upper())


COMPUTER = " (computer)"
"""How the bot names its computer players ("Brunel (computer)")."""


def short_name(name: str) -> str:
    """A player's name as a narrow place shows it: a computer player is "Brunel (bot)"."""
    return name[: -len(COMPUTER)] + " (bot)" if name.endswith(COMPUTER) else name


def fitted_name(name: str, size: int, width: float, weight: Weight = "regular") -> str:
    """``name`` shortened (computer players) and, if still too wide, cut with an ellipsis."""
    return fit_text(short_name(name), size, width, weight)


def name_lines(name: str, size: int, width: float, weight: Weight = "regular",
               ) -> tuple[str, str]:
    """``name`` as two lines for a table row: the whole name if it fits ``width``, else its
    first words (the computer's "(bot)" or the later words go to the second line). A first
    word too wide on its own is cut with an ellipsis."""
    short = short_name(name)
    if text_width(short, size, weight) <= width:
        return short, ""
    words = short.split(" ")
    first = words[0]
    for i in range(1, len(words)):
        longer = " ".join(words[: i + 1])
        if text_width(longer, size, weight) > width:
            return fit_text(first, size, width, weight), " ".join(words[i:])
        first = longer
    return fit_text(first, size, width, weight), ""
