"""Where one frame of a replay differs from the one before, as a few rectangles: the pixels
that changed, gathered in cells and grouped so that a few small rectangles cover them (a
caption, some lines of a side panel, a few hexes of the map) rather than one big one."""

from __future__ import annotations

import re

from PIL import Image, ImageChops, ImageFilter

CELL = 16
"""Changes are gathered in squares of this many pixels before they are grouped."""

PART_PX = 12_000
"""What encoding one more rectangle costs besides its pixels, counted in pixels (measured:
some 1 ms a rectangle against some 0.08 ms per thousand pixels): two rectangles whose joint
bounding box adds fewer pixels than this are encoded as one."""

WHOLE = 0.75
"""A change whose bounding box covers this share of the picture is sent as one opaque
rectangle, its unchanged pixels too: looking for them costs more than it saves."""

MOST_PARTS = 4
"""The most rectangles one frame's change is split into."""

Box = tuple[int, int, int, int]


class Changes:
    """Where each frame of a film differs from the one before: a mask the frames' size, 255
    at each changed pixel of the last frame compared and 0 elsewhere. A pixel counts as
    changed when its grey value does: a change of a level or two in red or blue alone, which
    no eye tells apart, is left out."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.mask = Image.new("L", size, 0)
        self._marked: list[Box] = []
        self.whole = False

    def find(self, before: Image.Image, after: Image.Image, within: list[Box] | None = None,
             most: int = MOST_PARTS, part_px: int = PART_PX, whole: float = WHOLE,
             ) -> list[Box]:
        """Rectangles (left, top, right, bottom) that together hold every pixel where
        ``after`` differs from ``before`` (looked for only ``within`` these rectangles when
        given), at most ``most`` of them, each as tight as the changed pixels in it allow,
        top to bottom; none when nothing changed. A change whose bounding box covers more
        than ``whole`` of the picture is one opaque rectangle (see ``WHOLE``)."""
        for marked in self._marked:
            self.mask.paste(0, marked)
        self._marked = []
        self.whole = False
        boxes: list[Box] = []
        everywhere = (0, 0, *after.size)
        for region in within or [everywhere]:
            region = _clip(region, everywhere)
            if region[2] <= region[0] or region[3] <= region[1]:
                continue
            old, new = (before, after) if region == everywhere else (before.crop(region),
                                                                after.crop(region))
            diff = ImageChops.difference(old, new)
            found = diff.getbbox()
            if found is None:
                continue
            if region == everywhere and _area(found) > whole * _area(everywhere):
                self.whole = True  # a new picture (a focus frame): sent whole, opaque
                return [found]
            grey = diff.crop(found)
            grey = (grey if grey.mode == "L" else grey.convert("L")).point(_ANY)
            at = (region[0] + found[0], region[1] + found[1])
            self.mask.paste(grey, at)
            self._marked.append((*at, at[0] + grey.width, at[1] + grey.height))
            boxes += _tight_groups(grey, at)
        return sorted(joined(boxes, most, part_px), key=lambda b: (b[1], b[0]))

    def everywhere(self, size: tuple[int, int]) -> list[Box]:
        """The whole picture as the one rectangle that changed, without comparing: a new
        picture its painter knows to differ almost everywhere (sent whole, opaque)."""
        for marked in self._marked:
            self.mask.paste(0, marked)
        self._marked = []
        self.whole = True
        return [(0, 0, *size)]

    def alpha(self, box: Box, margin: int = 0) -> Image.Image | None:
        """The mask of ``box``: 255 at the pixels the last :meth:`find` found changed and at
        those at most ``margin`` from one (across or up and down); None when it found most of
        the picture changed (then the rectangle is sent whole)."""
        if self.whole:
            return None
        mask = self.mask.crop(box)
        # A box blur leaves a trace of any marked pixel in the square round it: quicker
        # than a max filter, whose time grows with the square's area.
        return mask.filter(ImageFilter.BoxBlur(margin)).point(_ANY) if margin else mask


_ANY = [0] + [255] * 255
"""Any difference at all, made as big as it gets."""


def _clip(box: Box, within: Box) -> Box:
    return (max(box[0], within[0]), max(box[1], within[1]), min(box[2], within[2]),
            min(box[3], within[3]))


def _tight_groups(mask: Image.Image, at: tuple[int, int]) -> list[Box]:
    """Boxes round the groups of marked pixels of ``mask`` (placed at ``at``), each as tight
    as its pixels allow."""
    # A cell holding any changed pixel averages to 1 or more; grown by a cell all round, so
    # that groups one empty cell apart touch (letters of a line, lines of a block of text).
    cells = mask.reduce(CELL).filter(ImageFilter.MaxFilter(3))
    out = []
    for x0, y0, x1, y1 in _groups(cells.tobytes(), cells.width, cells.height):
        box = (x0 * CELL, y0 * CELL, min(mask.width, x1 * CELL), min(mask.height, y1 * CELL))
        tight = mask.crop(box).getbbox()
        if tight is not None:
            out.append((at[0] + box[0] + tight[0], at[1] + box[1] + tight[1],
                        at[0] + box[0] + tight[2], at[1] + box[1] + tight[3]))
    return out


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


def joined(boxes: list[Box], most: int = MOST_PARTS, part_px: int = PART_PX) -> list[Box]:
    """``boxes`` joined pairwise, cheapest join first, while a join adds fewer pixels than
    ``part_px`` or there are more than ``most``."""
    boxes = list(boxes)
    while len(boxes) > 1:
        cost, i, j = min((_area(_union(boxes[i], boxes[j])) - _area(boxes[i]) - _area(boxes[j]),
                          i, j) for i in range(len(boxes)) for j in range(i + 1, len(boxes)))
        if cost >= part_px and len(boxes) <= most:
            break
        both = _union(boxes[i], boxes[j])
        boxes = [b for k, b in enumerate(boxes) if k not in (i, j)] + [both]
    return boxes
