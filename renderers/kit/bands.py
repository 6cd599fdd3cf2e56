"""The posted picture's pixels deflated in bands of rows, each band's bytes kept for the next
picture of the same size and palette.

Mapping every pixel to the palette and deflating the rows are the two costly passes of the
encode (30-40 ms of a Transcontinental board). Consecutive pictures of a game are often much
alike: a bid or a pass changes the header and a line of the panel. So each band of rows is
deflated on its own (a raw deflate stream ending on a byte boundary, referring to nothing before
it), and a band that did not change reuses its deflated bytes. The zlib stream is the bands one
after the other, an empty last block, and the checksum of the whole combined from the bands'.

Whether a band changed is told in one of two ways, chosen by how the last picture went:

- by its pixels (a CRC-32 of them, 6 ms over a Transcontinental board): only the bands that
  changed are mapped to the palette and deflated. Taken when few bands changed last time.
- by its mapped rows (a CRC-32 of the palette indices, under a millisecond): the picture is
  mapped whole, and only the bands that changed are deflated. Taken after a picture where most
  bands changed (the panel grew a line and moved everything under it down), when hashing the
  pixels would cost more than it saves.

Bands are matched by their digests, not by their places: a picture of another height (the same
board under a header) reuses the bands of the board alone. For that the bands of a picture with
a header are laid from the row where its board starts (:data:`BOARD_TOP`, in the picture's
``info``), so that they fall on the same rows of the board as in the board alone. A picture
with nothing to compare with (the first of its width) is mapped whole and its pixels hashed for
the next one.

Either way the file decodes to exactly the pixels of the picture mapped and written whole
(bands are told apart by CRC-32: two different bands hash alike once in four billion)."""

from __future__ import annotations

from dataclasses import dataclass

from isal import isal_zlib
from PIL import Image

LEVEL = 1
"""ISA-L level of the posted PNG (0 is no faster and larger, 3 three times slower)."""

BAND_ROWS = 32
"""Rows in a band: a move's changes touch a few bands, and each band's deflate starts afresh
(about 1% larger a file than one stream)."""

MOSTLY = 0.5
"""When more than this share of a picture's bands changed, the next picture of its size is
compared by its mapped rows rather than by its pixels."""

ZLIB_HEAD = b"\x78\x01"
"""A zlib stream's head: deflate with a 32 KiB window, the fastest level."""

LAST_BLOCK = b"\x03\x00"
"""An empty deflate block marked last (fixed codes): ends the stream after the bands."""

ADLER_BASE = 65521

BOARD_TOP = "board_top"
"""The key in a picture's ``info`` of the row where its board starts under a header: its bands
are laid from there (and from the top), the rows of the board banded as in the board alone."""


@dataclass(frozen=True)
class Band:
    """One band of ``rows`` rows: the CRC-32 of its mapped rows, its deflated filtered rows with
    their Adler-32 and length, and the CRC-32 of its pixels when they were hashed."""

    rows: int
    mapped: int
    packed: bytes
    adler: int
    length: int
    pixels: int | None = None


class Bands:
    """The bands of the last picture encoded with one palette (not thread-safe: the palette's
    owner holds a lock around :meth:`stream`)."""

    def __init__(self) -> None:
        self.width = 0
        self.bands: list[Band] = []
        self.by_pixels = False
        """Whether the next picture is compared by its pixels (few bands changed last time)."""

    def stream(self, img: Image.Image, palette: Image.Image) -> tuple[list[bytes], int]:
        """The zlib stream of ``img`` (RGB) mapped to ``palette``, rows unfiltered, as pieces to
        join, and how many bands were deflated afresh."""
        old = self.bands if self.width == img.width else []
        tops = band_tops(img.height, int(img.info.get(BOARD_TOP, 0)))
        if self.by_pixels and old:
            bands, changed = self._by_pixels(img, palette, tops, old)
        else:
            bands, changed = self._by_mapped(img, palette, tops, old)
        self.width, self.bands = img.width, bands
        # A picture with nothing to compare with gives no sign of how the next one differs:
        # it is hashed by pixels, as consecutive pictures mostly differ little.
        self.by_pixels = not old or changed <= MOSTLY * len(tops)
        if self.by_pixels and any(band.pixels is None for band in bands):
            self.bands = [Band(band.rows, band.mapped, band.packed, band.adler, band.length,
                               _digest(img, top, band.rows))
                          for band, top in zip(bands, tops, strict=True)]
        adler = 1
        for band in bands:
            adler = adler32_combine(adler, band.adler, band.length)
        pieces = [ZLIB_HEAD, *(band.packed for band in bands), LAST_BLOCK,
                  adler.to_bytes(4, "big")]
        return pieces, changed

    @staticmethod
    def _by_pixels(img: Image.Image, palette: Image.Image, tops: list[int], old: list[Band],
                   ) -> tuple[list[Band], int]:
        """The bands, those whose pixels are not among the old bands' mapped and deflated
        afresh (mapped one by one, or the picture whole when most are new)."""
        width, height = img.size
        known = {(band.rows, band.pixels): band for band in old}
        spans = _spans(tops, height)
        pixels = [_digest(img, top, rows) for top, rows in spans]
        bands: list[Band | None] = [known.get((rows, digest))
                                    for (_, rows), digest in zip(spans, pixels, strict=True)]
        changed = [i for i, band in enumerate(bands) if band is None]
        whole = memoryview(rows_of(img.quantize(palette=palette, dither=Image.Dither.NONE))) \
            if len(changed) > MOSTLY * len(tops) else None
        for i in changed:
            top, rows = spans[i]
            mapped = whole[top * (width + 1):(top + rows) * (width + 1)] if whole is not None \
                else memoryview(rows_of(img.crop((0, top, width, top + rows)).quantize(
                    palette=palette, dither=Image.Dither.NONE)))
            bands[i] = _pack(mapped, width, rows, pixels[i])
        return [band for band in bands if band is not None], len(changed)

    @staticmethod
    def _by_mapped(img: Image.Image, palette: Image.Image, tops: list[int], old: list[Band],
                   ) -> tuple[list[Band], int]:
        """The bands of the picture mapped whole, those whose mapped rows are not among the old
        bands' deflated afresh (their pixels not hashed)."""
        width, height = img.size
        known = {(band.rows, band.mapped): band for band in old}
        whole = memoryview(rows_of(img.quantize(palette=palette, dither=Image.Dither.NONE)))
        bands = []
        changed = 0
        for top, rows in _spans(tops, height):
            mapped = whole[top * (width + 1):(top + rows) * (width + 1)]
            kept = known.get((rows, int(isal_zlib.crc32(mapped))))
            if kept is not None:
                bands.append(Band(rows, kept.mapped, kept.packed, kept.adler, kept.length))
                continue
            bands.append(_pack(mapped, width, rows, None))
            changed += 1
        return bands, changed


def band_tops(height: int, board_top: int = 0) -> list[int]:
    """The rows where the bands of a picture ``height`` rows tall begin: every
    :data:`BAND_ROWS` rows from ``board_top`` down, and from the top down to it."""
    return sorted({*range(0, min(board_top, height), BAND_ROWS),
                   *range(max(0, board_top), height, BAND_ROWS)}) or [0]


def _spans(tops: list[int], height: int) -> list[tuple[int, int]]:
    """Each band's first row and how many rows it has."""
    return [(top, bottom - top) for top, bottom in zip(tops, [*tops[1:], height], strict=True)]


def filtered(rows: memoryview, width: int, height: int) -> list[bytes | memoryview]:
    """The PNG stream of ``height`` rows as Pillow gives them (each followed by a byte it pads
    with zero), every row opened with its filter type, 0 (none): after a leading zero, that is
    every row's opening byte but the first's (one piece to deflate; a call per row costs a
    third more)."""
    if bytes(rows[width::width + 1]).count(0) == height:
        return [b"\0", rows[:-1]]
    pieces: list[bytes | memoryview] = []  # not as Pillow gives them: opened one by one
    for top in range(0, (width + 1) * height, width + 1):
        pieces += [b"\0", rows[top:top + width]]
    return pieces


def rows_of(img: Image.Image) -> bytes:
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


def _digest(img: Image.Image, top: int, rows: int) -> int:
    """The CRC-32 of a band's pixels as Pillow holds them, four bytes a pixel (copied as they
    are: packing them to three bytes costs twice as much; a fourth byte that differs only makes
    a band encoded again)."""
    encoder = Image._getencoder(img.mode, "raw", ("RGBX", 0, 1))
    encoder.setimage(img.im, (0, top, img.width, top + rows))
    size = img.width * 4 * rows
    _, status, data = encoder.encode(size)
    if status != 1:
        raise ValueError("a band's pixels came out short")
    return int(isal_zlib.crc32(data))


def _pack(rows: memoryview, width: int, height: int, pixels: int | None) -> Band:
    """A band of mapped rows deflated on its own, ending on a byte boundary."""
    packer = isal_zlib.compressobj(LEVEL, isal_zlib.DEFLATED, -15)
    adler, length, parts = 1, 0, []
    for piece in filtered(rows, width, height):
        parts.append(packer.compress(piece))
        adler = int(isal_zlib.adler32(piece, adler))
        length += len(piece)
    parts.append(packer.flush(isal_zlib.Z_SYNC_FLUSH))
    return Band(height, int(isal_zlib.crc32(rows)), b"".join(parts), adler, length, pixels)


def adler32_combine(first: int, second: int, length: int) -> int:
    """The Adler-32 of two pieces one after the other, from each one's and the second's
    length (zlib's adler32_combine, which Python does not offer)."""
    rem = length % ADLER_BASE
    low = first & 0xFFFF
    high = (rem * low) % ADLER_BASE
    low = (low + (second & 0xFFFF) + ADLER_BASE - 1) % ADLER_BASE
    high = (high + (first >> 16) + (second >> 16) + ADLER_BASE - rem) % ADLER_BASE
    return (high << 16) | low
