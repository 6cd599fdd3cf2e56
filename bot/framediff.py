"""Where one frame of a replay differs from the one before, as a few rectangles: the pixels
that changed, gathered in cells and grouped so that a few small rectangles cover them (a
caption, some lines of a side panel, a few hexes of the map) rather than one big one."""

from __future__ import annotations

import re
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageFilter

CELL = 16
"""Changes are gathered in squares of this many pixels before they are grouped."""

PART_PX = 12_000
"""What encoding one more rectangle costs besides its pixels, counted in pixels (measured:
some 1 ms a rectangle against some 0.08 ms per thousand pixels): two rectangles whose joint
bounding box adds fewer pixels than this are encoded as one."""

MOST_PARTS = 4
"""The most rectangles one frame's change is split into."""

Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Changes:
    """Where a picture changed: the bounding box of every changed pixel, and a mask (mode L,
    the box's size) that is 255 at each of them."""

    box: Box
    mask: Image.Image

    def alpha(self, box: Box) -> Image.Image:
        """The mask of ``box`` (a rectangle of the picture within :attr:`box`)."""
        x, y = self.box[0], self.box[1]
        return self.mask.crop((box[0] - x, box[1] - y, box[2] - x, box[3] - y))


def changed(before: Image.Image, after: Image.Image) -> Changes | None:
    """Where ``after`` differs from ``before`` (the same size and mode), or None. A pixel
    counts as changed when its grey value does: a change of a level or two in red or blue
    alone, which no eye tells apart, is left out."""
    diff = ImageChops.difference(before, after)
    box = diff.getbbox()
    if box is None:
        return None
    grey = diff.crop(box)
    grey = grey if grey.mode == "L" else grey.convert("L")
    return Changes(box, grey.point(_ANY))


_ANY = [0] + [255] * 255
"""Any difference at all, made as big as it gets."""


def changed_boxes(changes: Changes, most: int = MOST_PARTS, part_px: int = PART_PX,
                  ) -> list[Box]:
    """Rectangles (left, top, right, bottom) that together hold every changed pixel, at
    most ``most`` of them, each as tight as the changed pixels in it allow."""
    mask = changes.mask
    # A cell holding any changed pixel averages to 1 or more; grown by a cell all round, so
    # that groups one empty cell apart touch (letters of a line, lines of a block of text).
    cells = mask.reduce(CELL).filter(ImageFilter.MaxFilter(3))
    boxes = _joined(_groups(cells.tobytes(), cells.width, cells.height), most,
                    part_px // (CELL * CELL))
    out = []
    ox, oy = changes.box[0], changes.box[1]
    for x0, y0, x1, y1 in boxes:
        box = (x0 * CELL, y0 * CELL, min(mask.width, x1 * CELL), min(mask.height, y1 * CELL))
        tight = mask.crop(box).getbbox()
        if tight is not None:
            out.append((ox + box[0] + tight[0], oy + box[1] + tight[1], ox + box[0] + tight[2],
                        oy + box[1] + tight[3]))
    return sorted(out, key=lambda b: (b[1], b[0]))


_RUN = re.compile(rb"[^\x00]+")


def _groups(marked: bytes, width: int, height: int) -> list[Box]:
    """The bounding boxes (in cells) of the groups of marked cells that touch at a side: runs
    of marked cells in a row, joined to the runs they overlap in the row above."""
    runs: list[tuple[int, int, int]] = []  # row, first cell, end
    parent: list[int] = []

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    above: list[int] = []
    for y in range(height):
        here = []
        for m in _RUN.finditer(marked, y * width, (y + 1) * width):
            i = len(runs)
            x0, x1 = m.start() - y * width, m.end() - y * width
            runs.append((y, x0, x1))
            parent.append(i)
            for j in above:
                if runs[j][1] < x1 and x0 < runs[j][2]:
                    parent[root(j)] = root(i)
            here.append(i)
        above = here
    boxes: dict[int, Box] = {}
    for i, (y, x0, x1) in enumerate(runs):
        r = root(i)
        b = boxes.get(r)
        boxes[r] = (x0, y, x1, y + 1) if b is None else (
            min(b[0], x0), min(b[1], y), max(b[2], x1), max(b[3], y + 1))
    return list(boxes.values())


def _area(b: Box) -> int:
    return (b[2] - b[0]) * (b[3] - b[1])


def _union(a: Box, b: Box) -> Box:
    return min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])


def _joined(boxes: list[Box], most: int, part_cells: int) -> list[Box]:
    """``boxes`` joined pairwise, cheapest join first, while a join adds fewer cells than
    ``part_cells`` or there are more than ``most``."""
    boxes = list(boxes)
    while len(boxes) > 1:
        cost, i, j = min((_area(_union(boxes[i], boxes[j])) - _area(boxes[i]) - _area(boxes[j]),
                          i, j) for i in range(len(boxes)) for j in range(i + 1, len(boxes)))
        if cost >= part_cells and len(boxes) <= most:
            break
        joined = _union(boxes[i], boxes[j])
        boxes = [b for k, b in enumerate(boxes) if k not in (i, j)] + [joined]
    return boxes
