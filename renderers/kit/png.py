"""Board pictures as PNG bytes, the form posted after every move.

A board has few colours (flat fills, a few thousand anti-aliased edge shades), so the picture
posted after a move is sent as a 256-colour palette PNG (:func:`encode_posted`): under half the
bytes of a true-colour one, with no difference a player can see (mean error under 1 of 255, none
above 30; see docs/pictures.md). :func:`encode` keeps every pixel exact (charts, and the
pictures whose colours are checked). The palette is chosen from a sparse sample of the picture's
own pixels: an octree picks it from every eighth pixel across and down, then every pixel is mapped
to a palette colour near it, which errs less than the octree's mapping.

The posted file is written here rather than by Pillow: Pillow tries five row filters on every
row and compresses with zlib, which together cost three quarters of the encode of a big board.
A palette picture's rows compress as well unfiltered, and ISA-L's deflate (level 1) is four to
five times faster than zlib's fastest level and gives a smaller file.
"""

from __future__ import annotations

import io
import struct
import zlib

from isal import isal_zlib
from PIL import Image

from renderers.kit.memory import give_back

PNG_LEVEL = 1
"""zlib level of the exact PNG: flat board colours compress well even at the fastest level."""

POSTED_LEVEL = 1
"""ISA-L level of the posted PNG (0 is no faster and larger, 3 three times slower)."""

SAMPLE_STRIDE = 8
"""Every how many pixels across and down the palette is sampled: 3 to 10 give the same errors
(each player's colour is drawn in pieces many pixels wide), 8 a sixth of the cost of 3."""

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def palette_of(img: Image.Image) -> Image.Image:
    """The 256-colour palette image for ``img`` (RGB), picked from a sample of its pixels."""
    sample = img.resize((max(1, img.width // SAMPLE_STRIDE), max(1, img.height // SAMPLE_STRIDE)),
                        Image.Resampling.NEAREST)
    return sample.quantize(256, method=Image.Quantize.FASTOCTREE)


def encode_posted(img: Image.Image) -> bytes:
    """The picture as PNG bytes to post: a palette PNG for an RGB picture, exact otherwise.
    Pillow maps each pixel to a palette colour near it, not always the nearest (a cache of
    colour cubes), so even the palette's own colours may come out a few steps off."""
    if img.mode != "RGB":
        return encode(img)
    data = palette_png(img.quantize(palette=palette_of(img), dither=Image.Dither.NONE))
    give_back()  # the drawing's small pieces leave holes in the heap (see kit.memory)
    return data


def encode(img: Image.Image) -> bytes:
    """The picture as PNG bytes, every pixel as it is."""
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=PNG_LEVEL)
    return buf.getvalue()


def palette_png(img: Image.Image) -> bytes:
    """A palette picture (mode P, 8 bits a pixel) as PNG bytes: rows unfiltered, deflated by
    ISA-L."""
    if img.mode != "P":
        raise ValueError(f"a palette picture is needed, not mode {img.mode}")
    palette = bytes(img.getpalette("RGB") or [0, 0, 0])
    width, height = img.size
    packer = isal_zlib.compressobj(POSTED_LEVEL)
    # Each row opens with its filter type, 0 (none). The rows come out of Pillow with a zero
    # byte after each: after a leading zero, that is every row's opening byte but the first's
    # (one call to deflate; 4,000 calls of a row each cost a third more).
    rows = _rows(img)
    if rows[width::width + 1].count(0) == height:
        parts = [packer.compress(b"\0"), packer.compress(memoryview(rows)[:-1])]
    else:  # not as Pillow gives them: opened one by one
        raw = memoryview(rows)
        parts = []
        for top in range(0, (width + 1) * height, width + 1):
            parts.append(packer.compress(b"\0"))
            parts.append(packer.compress(raw[top:top + width]))
    parts.append(packer.flush())
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return b"".join((SIGNATURE, *_chunk(b"IHDR", [header]), *_chunk(b"PLTE", [palette]),
                     *_chunk(b"IDAT", parts), *_chunk(b"IEND", [])))


def _rows(img: Image.Image) -> bytes:
    """The picture's rows in one piece, each followed by a byte Pillow pads with zero (one
    copy: ``tobytes`` gathers them in 64 KiB parts and joins them, a second copy)."""
    img.load()
    size = (img.width + 1) * img.height
    encoder = Image._getencoder(img.mode, "raw", (img.mode, img.width + 1, 1))
    encoder.setimage(img.im, (0, 0, img.width, img.height))
    length, status, data = encoder.encode(size)
    if status == 1 and length == size:
        return data
    rows = img.tobytes()
    return b"".join(rows[top:top + img.width] + b"\0"
                    for top in range(0, len(rows), img.width))


def _chunk(kind: bytes, parts: list[bytes]) -> list[bytes]:
    """A chunk holding ``parts`` one after the other, as pieces for the file's one join (the
    deflated picture is copied once, not three times)."""
    crc = zlib.crc32(kind)
    for part in parts:
        crc = zlib.crc32(part, crc)
    return [struct.pack(">I4s", sum(map(len, parts)), kind), *parts, struct.pack(">I", crc)]
