"""An animated replay: board pictures made into one animated WebP or GIF, each frame under a
caption band saying which turn and move it shows.

Frames are encoded as they are drawn (WebP) so that a whole long game never holds every picture
in memory at once, each as the few rectangles where it differs from the one before (see
``bot.webpfile``); a GIF, only written by `railbot replay`, keeps its small palette frames.
"""

from __future__ import annotations

import io
from collections import OrderedDict
from collections.abc import Iterable
from functools import lru_cache

from PIL import Image

from bot import framediff, webpfile
from renderers.kit.fonts import font
from renderers.kit.memory import reusing_big_blocks
from renderers.kit.text import on_clear, text_width

FORMATS = ("webp", "gif")

FRAME_WIDTH = 1000
"""Frames are scaled to this width (house value): the board's cities and the panel's figures
stay readable and a whole 6-player game stays well under Discord's 10 MiB upload limit."""

MOVE_MS = 800
"""How long a move stays on screen (house value); the last frame stays three times as long."""

TURN_MS = 1600
"""How long a turn stays on screen when the replay shows one frame per turn (house value)."""

BAND = 30
"""Height of the caption band above each frame, in pixels."""

QUALITY = 80
"""Lossy WebP quality: below this the small board lettering smears."""

FOCUS_QUALITY = 65
"""The quality of focus frames, drawn at the size they are shown: their lettering, at least
9 px at phone width, reads the same as at ``QUALITY``, in some 13% fewer bytes."""

METHOD = 2
"""The WebP encoder's effort for whole-board frames (0 fastest .. 6 smallest): each stores only
the rectangles that changed, and a long game's file must stay under Discord's upload limit
(effort 0 is a quarter faster for some 15% more bytes)."""

FOCUS_METHOD = 0
"""The effort for a short replay's focus frames, which change whole: a third faster than
``METHOD`` for some 45% more bytes."""


PART_MS = 20
"""How long each but the last rectangle of a frame's change stays on screen alone (house
value): a WebP frame is one rectangle, so a change in several far-apart places (the caption,
the side panel, the move's hexes) is a few frames in a row, all but the last this short.
Browsers show a frame of 10 ms or less for 100 ms, so it stays above that."""


FOCUS_FRAME = (720, 720)
"""The picture area of a replay's frames showing focus pictures (house value): each move's
part of the board, scaled to fit, so that names read at Discord's size; the frames of one
replay keep one size."""

BACKDROP = (40, 36, 32)


def frame(board: Image.Image, caption: str, width: int = FRAME_WIDTH,
          into: Image.Image | None = None) -> Image.Image:
    """A board picture scaled to ``width`` under a caption band; drawn on ``into`` (the frame
    before, already encoded) when it has the size, rather than on a fresh picture. A board
    drawn at ``width`` that says where it changed (``info[CHANGED]``) is copied onto ``into``
    only there, and the frame says where it changed too: there and in its caption band."""
    height = round(board.height * width / board.width)
    places = changed_places(board)
    if into is not None and into.size == (width, height + BAND):
        out = into
        out.paste(BACKDROP, (0, 0, width, BAND))
    else:
        out = Image.new("RGB", (width, height + BAND), BACKDROP)
        places = None
    if places is not None and board.size == (width, height):
        for x0, y0, x1, y1 in places:
            out.paste(board.crop((x0, y0, x1, y1)), (x0, y0 + BAND))
        out.info[CHANGED] = [(0, 0, width, BAND)] + [(x0, y0 + BAND, x1, y1 + BAND)
                                                     for x0, y0, x1, y1 in places]
    else:
        out.paste(_scaled(board, width, height), (0, BAND))
        out.info.pop(CHANGED, None)
    _caption(out, caption)
    return out


def focus_frame(picture: Image.Image, caption: str, size: tuple[int, int] = FOCUS_FRAME,
                into: Image.Image | None = None) -> Image.Image:
    """A focus picture scaled to fit ``size``, centred, under a caption band; drawn on
    ``into`` (the frame before, already encoded) when the picture fills ``size`` and says
    where it changed (``info[CHANGED]``): then only there, and the frame says so too."""
    places = changed_places(picture)
    again = picture.info.get(AGAIN)
    if places is not None and again is None and into is not None and picture.size == size \
            and into.size == (size[0], size[1] + BAND):
        into.paste(BACKDROP, (0, 0, size[0], BAND))
        for x0, y0, x1, y1 in places:
            into.paste(picture.crop((x0, y0, x1, y1)), (x0, y0 + BAND))
        into.info[CHANGED] = [(0, 0, size[0], BAND)] + [(x0, y0 + BAND, x1, y1 + BAND)
                                                        for x0, y0, x1, y1 in places]
        into.info.pop(NEW, None)
        into.info.pop(AGAIN, None)
        _caption(into, caption)
        return into
    k = min(size[0] / picture.width, size[1] / picture.height)
    w, h = max(1, round(picture.width * k)), max(1, round(picture.height * k))
    out = Image.new("RGB", (size[0], size[1] + BAND), BACKDROP)
    out.paste(_scaled(picture, w, h), ((size[0] - w) // 2, BAND + (size[1] - h) // 2))
    if picture.size == size:
        if again is not None:
            out.info[AGAIN] = again  # a square looking where an earlier frame looked
        elif places is None:
            out.info[NEW] = True  # a square looking somewhere new (else it says where it changed)
        if picture.info.get(VIEW) is not None:
            out.info[VIEW] = picture.info[VIEW]
    _caption(out, caption)
    return out


def _scaled(img: Image.Image, width: int, height: int) -> Image.Image:
    # A box reduction by a whole factor first, then a short bilinear step: close to Lanczos
    # quality at under a tenth of its time (scaling is a large part of a frame's cost).
    rgb = img if img.mode == "RGB" else img.convert("RGB")  # no copy of a big picture for nothing
    if rgb.size == (width, height):
        return rgb
    return rgb.resize((width, height), Image.Resampling.BILINEAR, reducing_gap=1.0)


CAPTION_INK = (250, 245, 235)


def _caption(out: Image.Image, caption: str) -> None:
    # Every caption is new, but its words are not (the game's name, the turn, the players'
    # names, the cities): each word is drawn once and pasted where it goes, some five times
    # quicker than drawing the whole line anew for every frame.
    x = 10.0
    for piece in _pieces(caption, out.width - 20):
        sprite = _word(piece)
        out.paste(sprite, (round(x), 5), sprite)
        x += text_width(piece, 18, "bold")


CAPTION_HEAD = " · "
"""What ends a caption's first part (the game's name, the same in every frame): that part is
one piece, drawn once for the whole replay."""


def _pieces(text: str, width: float) -> list[str]:
    """``text`` as the pieces the caption pastes side by side (its head, then each word with
    the space after it), cut short with an ellipsis to fit ``width`` pixels in bold at 18:
    the longest start that fits."""
    head, sep, rest = text.partition(CAPTION_HEAD)
    words = rest.split(" ") if sep and rest else text.split(" ")
    pieces = ([head + sep] if sep and rest else []) + [w + " " for w in words[:-1]] + words[-1:]
    sizes = [text_width(p, 18, "bold") for p in pieces]
    if sum(sizes) <= width:
        return pieces
    ellipsis = text_width("…", 18, "bold")
    x = 0.0
    for i, (piece, size) in enumerate(zip(pieces, sizes, strict=True)):
        if x + size + ellipsis > width:
            return [*pieces[:i], _cut(piece, width - x)]
        x += size
    return pieces


def _cut(word: str, width: float) -> str:
    """The longest start of ``word`` that fits ``width`` pixels with an ellipsis after it,
    found by halving (the ellipsis alone when none does)."""
    fits, over = 0, len(word)  # a start of ``fits`` letters fits; one of ``over`` does not
    while over - fits > 1:
        mid = (fits + over) // 2
        if text_width(word[:mid] + "…", 18, "bold") <= width:
            fits = mid
        else:
            over = mid
    return word[:fits] + "…"


@lru_cache(maxsize=512)
def _word(text: str) -> Image.Image:
    """``text`` in the caption's ink on a clear picture, as the caption draws it."""
    mask, at = font(18, "bold").getmask2(text, "L")
    return on_clear(mask, (round(text_width(text, 18, "bold")) + 4, BAND), at, CAPTION_INK)


def animate(frames: Iterable[tuple[Image.Image, int]], fmt: str, method: int = METHOD,
            quality: int = QUALITY) -> bytes:
    """The frames (each with its time on screen in ms) as one looping animation in ``fmt``
    (a WebP encoded with effort ``method`` at ``quality``)."""
    if fmt not in FORMATS:
        raise ValueError(f"an animated replay is a .webp or a .gif file, not .{fmt}")
    with reusing_big_blocks():  # frame after frame of the same sizes
        return _gif(frames) if fmt == "gif" else _webp(frames, method, quality)


def _webp(frames: Iterable[tuple[Image.Image, int]], method: int, quality: int) -> bytes:
    parts: list[webpfile.Part] = []
    shown: Image.Image | None = None  # the picture the file shows so far
    changes: framediff.Changes | None = None
    views = _Views()
    for img, ms in frames:
        if shown is None or changes is None:
            data, _ = webpfile.encode(img, quality, method)
            parts.append(webpfile.Part(0, 0, img.width, img.height, ms, False, data))
            # The frame painter draws the next frame on this very picture: keep a copy.
            shown, changes = img.copy(), framediff.Changes(img.size)
            views.keep(img, parts[-1])
            continue
        # A smaller frame goes at the top left of the first frame's canvas: where it says it
        # changed holds there too.
        fits = img.width <= shown.width and img.height <= shown.height
        within = changed_places(img) if fits else None
        img = _fit(img, shown.size)
        most = framediff.MOST_PARTS if ms > 4 * PART_MS else 1
        back = views.back(img)
        if back is not None:  # that view's first frame again, then what changed since
            shown.paste(back[0])
            boxes = changes.find(shown, img, None, most, whole=1.0)
            parts.append(back[1].lasting(PART_MS if boxes else ms))
        elif img.info.get(NEW) or img.info.get(AGAIN):
            boxes = changes.everywhere(img.size)
        else:
            boxes = changes.find(shown, img, within, most)
        if not boxes and back is None:  # nothing moved: the frame before stays longer
            parts[-1] = parts[-1].lasting(parts[-1].ms + ms)
        before = 0 if back is None else 1  # parts of this frame already shown
        for i, box in enumerate(boxes):
            box = _grown(box, img.size)
            whole = box == (0, 0, *img.size)
            part = img if whole else img.crop(box)  # a new picture is encoded as it is
            shown.paste(part, box)
            clear = changes.alpha(box, MARGIN)
            if clear is not None and _covered(clear) >= OPAQUE:
                clear = None  # mostly changed: sent opaque, quicker than its alpha
            if clear is not None:  # its unchanged pixels clear, but for those near a change
                part = img.copy() if whole else part
                part.putalpha(clear)
            data, blend = webpfile.encode(part, quality, method)
            last = i == len(boxes) - 1
            parts.append(webpfile.Part(box[0], box[1], box[2] - box[0], box[3] - box[1],
                                       ms - PART_MS * (i + before) if last else PART_MS,
                                       blend, data))
            if clear is None and whole:  # a whole frame, opaque
                views.keep(img, parts[-1])
    if shown is None:
        raise ValueError("an animated replay needs at least one frame")
    return webpfile.assemble(shown.size, parts)


MARGIN = 4
"""How far round each changed pixel a rectangle sends the pixels that did not change (house
value). The pixels of a line taken away are sent again, each a lossy likeness of the band
under it, while those round them keep their exact colour and the ring that lossy coding left
round the line when it was drawn: sent alone, the line's pixels showed its shape as a faint
trace on a flat band for as long as the band stayed. Sent with a margin, the edge between the
new likeness and the old pixels lies on the flat band, past the ring, and does not show
(measured by ``bench/replay_fidelity.py``); a margin costs no bytes on the replays measured,
and sending whole rectangles opaque some 25% more on a long whole-board replay."""


OPAQUE = 0.6
"""A rectangle whose changed pixels, with their margin, cover this share of it is sent
opaque (house value): its alpha channel cost a third more encoding than the rectangle
without it, and saved no bytes (the header's lines of a focus frame that stays). Files came
out a little smaller at 0.6 than with every rectangle's alpha kept (1% on the replays
measured) and at 0.5 the 517-move Transcontinental one grew by 1%."""


def _covered(mask: Image.Image) -> float:
    """The share of ``mask`` (0 or 255) that is set."""
    return mask.histogram()[255] / (mask.width * mask.height)


def _grown(box: framediff.Box, size: tuple[int, int]) -> framediff.Box:
    """``box`` grown by ``MARGIN`` within ``size``, its top left corner at even numbers (as
    the WebP container places frames)."""
    x0, y0 = max(0, box[0] - MARGIN), max(0, box[1] - MARGIN)
    return x0 - x0 % 2, y0 - y0 % 2, min(size[0], box[2] + MARGIN), min(size[1], box[3] + MARGIN)


class _Views:
    """The whole frames a film stored of the last few views of a focus replay, by view, to
    show again when the replay looks there again (see ``AGAIN``)."""

    def __init__(self) -> None:
        self._kept: OrderedDict[object, tuple[Image.Image, webpfile.Part]] = OrderedDict()

    def keep(self, img: Image.Image, part: webpfile.Part) -> None:
        """``img``, stored whole as ``part``, if it names its view."""
        view = img.info.get(VIEW)
        if view is None:
            return
        self._kept[view] = (img.copy(), part)
        self._kept.move_to_end(view)
        while len(self._kept) > VIEWS_KEPT:
            self._kept.popitem(last=False)

    def back(self, img: Image.Image) -> tuple[Image.Image, webpfile.Part] | None:
        """The stored frame of the view ``img`` looks at again, if any."""
        view = img.info.get(AGAIN)
        found = self._kept.get(view) if view is not None else None
        if found is None or found[0].size != img.size:
            return None
        self._kept.move_to_end(view)
        return found


VIEWS_KEPT = 4
"""How many views' whole frames a film keeps to show again (house value): one more than the
views a focus camera goes back to, some 2 MiB each."""


CHANGED = "changed"
"""The key of a picture's ``info`` that may list the rectangles (left, top, right, bottom) out
of which it has not changed since the picture before it, as its painter knows: only they are
compared with the frame before."""


NEW = "new"
"""The key of a frame's ``info`` saying it is a new picture, which differs from the one
before almost everywhere: sent whole without comparing the two."""

VIEW = "view"
"""The key of a frame's ``info`` naming where a focus square looks (any value that can be
compared), so that a frame looking there again can show it again."""

AGAIN = "again"
"""The key of a frame's ``info`` naming the view (see ``VIEW``) an earlier frame showed whole,
which this one shows again: the film puts that frame's stored picture back on screen for
``PART_MS`` and sends only where this one differs from it (else this frame whole)."""


def changed_places(img: Image.Image) -> list[framediff.Box] | None:
    """Where ``img`` may differ from the picture before it (see ``CHANGED``); None: anywhere."""
    places = img.info.get(CHANGED)
    return list(places) if isinstance(places, list) else None


def _fit(img: Image.Image, size: tuple[int, int]) -> Image.Image:
    """A frame on a canvas of the first frame's size: a game can change boards mid-replay (the
    Transcontinental game's Western phase is wider, so its scaled frames are shorter)."""
    if img.size == size:
        return img
    if img.width > size[0] or img.height > size[1]:
        img = img.copy()
        img.thumbnail(size)
    canvas = Image.new("RGB", size, BACKDROP)
    canvas.paste(img, (0, 0))
    return canvas


def _gif(frames: Iterable[tuple[Image.Image, int]]) -> bytes:
    pictures: list[Image.Image] = []
    durations = []
    for img, ms in frames:
        img = _fit(img, pictures[0].size) if pictures else img
        pictures.append(img.quantize(colors=255))
        durations.append(ms)
    if not pictures:
        raise ValueError("an animated replay needs at least one frame")
    buf = io.BytesIO()
    pictures[0].save(buf, "GIF", save_all=True, append_images=pictures[1:],
                     duration=durations, loop=0, optimize=False)
    return buf.getvalue()
