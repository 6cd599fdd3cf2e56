"""Hex geometry for pointy-top boards.

Inside: axial coordinates ``Hex(q, r)`` (Red Blob Games' convention). Outside: the printed boards'
horizontal rows with odd rows shifted half a hex right ("odd-r"), and labels for people where the
row is letters (A = row 0, ..., Z, AA, AB, ...) and the column a number: row 5, col 12 is ``F12``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Literal, NamedTuple

Direction = Literal["NE", "E", "SE", "SW", "W", "NW"]
DIRECTIONS: tuple[Direction, ...] = ("NE", "E", "SE", "SW", "W", "NW")
"""Clockwise from north-east; index i and i+3 are opposite sides."""

_DELTAS: dict[Direction, tuple[int, int]] = {
    "NE": (1, -1),
    "E": (1, 0),
    "SE": (0, 1),
    "SW": (-1, 1),
    "W": (-1, 0),
    "NW": (0, -1),
}


class Hex(NamedTuple):
    """A tuple underneath: its hash and comparisons run at C speed, and the track searches
    hash millions of hexes a game."""

    q: int
    r: int

    def neighbour(self, d: Direction) -> Hex:
        dq, dr = _DELTAS[d]
        return _make(Hex, (self[0] + dq, self[1] + dr))

    def neighbours(self) -> Iterator[tuple[Direction, Hex]]:
        for d in DIRECTIONS:
            yield d, self.neighbour(d)

    def distance(self, other: Hex) -> int:
        dq, dr = self.q - other.q, self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def direction_to(self, other: Hex) -> Direction | None:
        """The side of this hex that touches ``other``, or None if they are not adjacent."""
        delta = (other.q - self.q, other.r - self.r)
        for d, dd in _DELTAS.items():
            if dd == delta:
                return d
        return None

    @property
    def row(self) -> int:
        return self.r

    @property
    def col(self) -> int:
        return self.q + (self.r - (self.r & 1)) // 2

    @property
    def label(self) -> str:
        return label(self.r, self.col)


_make = tuple.__new__
"""Builds a ``Hex`` from its two coordinates without the checks of ``Hex(q, r)``."""

_INDEX: dict[Direction, int] = {d: i for i, d in enumerate(DIRECTIONS)}
_OPPOSITE: dict[Direction, Direction] = {d: DIRECTIONS[(i + 3) % 6]
                                         for i, d in enumerate(DIRECTIONS)}


def opposite(d: Direction) -> Direction:
    return _OPPOSITE[d]


def turn(d: Direction, steps: int) -> Direction:
    """The side ``steps`` sixths of a turn clockwise from ``d``."""
    return DIRECTIONS[(_INDEX[d] + steps) % 6]


def side_gap(a: Direction, b: Direction) -> int:
    """How many sides apart ``a`` and ``b`` are (0-3): 3 = straight, 2 = gentle, 1 = sharp."""
    diff = abs(_INDEX[a] - _INDEX[b]) % 6
    return min(diff, 6 - diff)


def from_offset(row: int, col: int) -> Hex:
    """Printed odd-r ``(row, col)`` to axial."""
    return Hex(col - (row - (row & 1)) // 2, row)


def row_letters(row: int) -> str:
    if row < 0:
        raise ValueError("rows start at 0")
    letters = ""
    n = row + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


def label(row: int, col: int) -> str:
    return f"{row_letters(row)}{col}"


_LABEL = re.compile(r"^\s*([A-Za-z]{1,3})\s*(\d{1,3})\s*$")


def parse_label(text: str) -> tuple[int, int]:
    """``"F12"`` -> ``(5, 12)``; raises ValueError with a readable message on anything else."""
    m = _LABEL.match(text)
    if not m:
        raise ValueError(
            f"'{text}' is not a hex label; labels look like F12 (row letters, column)."
        )
    row = 0
    for ch in m.group(1).upper():
        row = row * 26 + (ord(ch) - ord("A") + 1)
    return row - 1, int(m.group(2))


def hex_from_label(text: str) -> Hex:
    return from_offset(*parse_label(text))
