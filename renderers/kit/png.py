"""Board pictures as PNG bytes, the form posted after every move.

A board has few colours (flat fills, a few thousand anti-aliased edge shades), so the picture
posted after a move is sent as a 256-colour palette PNG (:func:`encode_posted`): under half the
bytes of a true-colour one, with no difference a player can see (mean error under 1 of 255, a
few edge pixels off by up to about 50; see docs/pictures.md). :func:`encode` keeps every pixel
exact (charts, and the pictures whose colours are checked). The palette is chosen from a sparse
sample of the picture's own pixels: an octree picks it from every eighth pixel across and down,
then every pixel is mapped to a palette colour near it, which errs less than the octree's
mapping.

The posted file is written here rather than by Pillow: Pillow tries five row filters on every
row and compresses with zlib, which together cost three quarters of the encode of a big board.
A palette picture's rows compress as well unfiltered, and ISA-L's deflate (level 1) is four to
five times faster than zlib's fastest level and gives a smaller file. A big picture reuses
what the last picture of its size left: its palette, when it serves (kit.palettes), and the
deflated bands of rows that did not change (kit.bands).
"""

from __future__ import annotations

import io
import struct
import zlib

from isal import isal_zlib
from PIL import Image

from renderers.kit.bands import BOARD_TOP, LEVEL, filtered, rows_of
from renderers.kit.memory import give_back
from renderers.kit.palettes import PALETTES, ROOM, Palettes, key_of

PNG_LEVEL = 1
"""zlib level of the exact PNG: flat board colours compress well even at the fastest level."""

SAMPLE_STRIDE = 8
"""Every how many pixels across and down the palette is sampled: 3 to 10 give the same errors
(each player's colour is drawn in pieces many pixels wide), 8 a sixth of the cost of 3."""

KEPT_FROM = 2_000_000
"""Pixels from which a picture's palette and rows are kept for the next of its size: a focus
picture (half a million) or a New England board (1.3 million) is encoded in 5-8 ms, and the
next focus picture frames another place; for them, hashing and checking cost more than they
save."""

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def sample_of(img: Image.Image) -> Image.Image:
    """Every :data:`SAMPLE_STRIDE`-th pixel of ``img`` across and down."""
    return img.resize((max(1, img.width // SAMPLE_STRIDE), max(1, img.height // SAMPLE_STRIDE)),
                      Image.Resampling.NEAREST)


def palette_of(img: Image.Image) -> Image.Image:
    """The 256-colour palette image for ``img`` (RGB), picked afresh from a sample of its
    pixels."""
    return pick(sample_of(img))


def pick(sample: Image.Image) -> Image.Image:
    """The 256-colour palette image picked from ``sample``."""
    return sample.quantize(256, method=Image.Quantize.FASTOCTREE)


def picked_from(img: Image.Image, sample: Image.Image) -> Image.Image:
    """What a palette for ``img`` is picked from: its ``sample``, or for a picture that leaves
    room in its palette (kit.palettes.ROOM), a sample of its board (below any header) with the
    colours it leaves room for: the board alone and under a header then get the same palette,
    which serves both."""
    room = img.info.get(ROOM)
    if not callable(room):
        return sample
    # Every SAMPLE_STRIDE-th pixel from the board's top, the same pixels of the board whether
    # it is posted alone or under a header (a resize to a 16th of the size would not take them
    # at the same places: its steps depend on the picture's height).
    top = int(img.info.get(BOARD_TOP, 0))
    cols, rows = max(1, img.width // SAMPLE_STRIDE), max(1, (img.height - top) // SAMPLE_STRIDE)
    board = img.resize((cols, rows), Image.Resampling.NEAREST,
                       box=(0, top, min(img.width, cols * SAMPLE_STRIDE),
                            min(img.height, top + rows * SAMPLE_STRIDE)))
    return with_room(board, room())


def with_room(sample: Image.Image, more: Image.Image) -> Image.Image:
    """``sample`` with ``more`` under it (as wide as the wider of the two)."""
    both = Image.new("RGB", (max(sample.width, more.width), sample.height + more.height))
    both.paste(sample, (0, 0))
    both.paste(more, (0, sample.height))
    return both


def encode_posted(img: Image.Image, palettes: Palettes = PALETTES) -> bytes:
    """The picture as PNG bytes to post: a palette PNG for an RGB picture, exact otherwise.
    A big picture's palette is the one kept from the last picture of the same size (or of the
    same map, see kit.palettes) when it serves this one as well, else one picked afresh and
    kept; the bands of rows of that last picture which this one has too are not mapped or
    deflated again (see kit.bands).
    Pillow maps each pixel to a palette colour near it, not always the nearest (a cache of
    colour cubes), so even the palette's own colours may come out a few steps off."""
    if img.mode != "RGB":
        return encode(img)
    if img.width * img.height < KEPT_FROM:
        data = palette_png(img.quantize(palette=pick(sample_of(img)), dither=Image.Dither.NONE))
    else:
        palette, stream = _kept_stream(img, palettes)
        data = png_file(img.size, palette, stream)
    give_back()  # the drawing's small pieces leave holes in the heap (see kit.memory)
    return data


def prepare(img: Image.Image, palettes: Palettes = PALETTES) -> bool:
    """Leave in ``palettes`` what :func:`encode_posted` would leave after posting ``img`` (its
    palette and bands), without writing the file; whether ``img`` is a picture that keeps them.
    Run off a move's path (a game loaded after a restart, a game just started), so that the
    next picture of its map is encoded as the next picture of a game, not from nothing."""
    if img.mode != "RGB" or img.width * img.height < KEPT_FROM:
        return False
    _kept_stream(img, palettes)
    give_back()
    return True


def _kept_stream(img: Image.Image, palettes: Palettes) -> tuple[Image.Image, list[bytes]]:
    """The palette of a big picture (kept, or picked afresh and kept) and the zlib stream of
    its rows, reusing the kept bands (see kit.palettes and kit.bands)."""
    sample = sample_of(img)
    key = key_of(img)
    kept = palettes.suited(key, sample, img.size)
    if kept is None:
        palette = pick(picked_from(img, sample))
        kept = palettes.keep(key, sample, palette, img.size)
    with kept.lock:
        stream, _ = kept.bands.stream(img, kept.palette)
    return kept.palette, stream


def encode(img: Image.Image) -> bytes:
    """The picture as PNG bytes, every pixel as it is."""
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=PNG_LEVEL)
    return buf.getvalue()


def palette_png(img: Image.Image) -> bytes:
    """A palette picture (mode P, 8 bits a pixel) as PNG bytes: rows unfiltered, deflated by
    ISA-L in one stream."""
    if img.mode != "P":
        raise ValueError(f"a palette picture is needed, not mode {img.mode}")
    packer = isal_zlib.compressobj(LEVEL)
    rows = memoryview(rows_of(img))
    stream = [packer.compress(piece) for piece in filtered(rows, img.width, img.height)]
    stream.append(packer.flush())
    return png_file(img.size, img, stream)


def png_file(size: tuple[int, int], palette: Image.Image, stream: list[bytes]) -> bytes:
    """A palette PNG of ``size`` with the colours of ``palette`` (a palette picture) and the
    zlib ``stream`` of its rows, in pieces."""
    header = struct.pack(">IIBBBBB", *size, 8, 3, 0, 0, 0)
    colours = bytes(palette.getpalette("RGB") or [0, 0, 0])
    return b"".join((SIGNATURE, *_chunk(b"IHDR", [header]), *_chunk(b"PLTE", [colours]),
                     *_chunk(b"IDAT", stream), *_chunk(b"IEND", [])))


def _chunk(kind: bytes, parts: list[bytes]) -> list[bytes]:
    """A chunk holding ``parts`` one after the other, as pieces for the file's one join (the
    deflated picture is copied once, not three times)."""
    crc = zlib.crc32(kind)
    for part in parts:
        crc = zlib.crc32(part, crc)
    return [struct.pack(">I4s", sum(map(len, parts)), kind), *parts, struct.pack(">I", crc)]
