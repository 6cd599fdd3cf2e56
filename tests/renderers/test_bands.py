"""The posted PNG written band by band: a picture encoded after another of the same size reuses
the unchanged bands' bytes and still decodes to the pixels of a fresh encode."""

from __future__ import annotations

import io
import zlib

import pytest
from PIL import Image, ImageDraw

from renderers.kit import png
from renderers.kit.bands import BAND_ROWS, Bands, adler32_combine
from renderers.kit.palettes import Palettes
from renderers.kit.png import encode_posted, palette_png


def board(width: int, height: int, moved: int = 0) -> Image.Image:
    """A picture with a few flat colours and anti-aliased edges; ``moved`` shifts one piece
    down the picture, as a move changes part of a board."""
    img = Image.new("RGB", (width, height), (236, 226, 200))
    d = ImageDraw.Draw(img)
    for i in range(12):
        d.ellipse((i * 37 % width, i * 53 % height, i * 37 % width + 40, i * 53 % height + 30),
                  fill=(30 + i * 17, 200 - i * 9, 90 + i * 11), outline=(20, 20, 20), width=3)
    d.line((0, 10 + moved, width, 60 + moved), fill=(200, 30, 40), width=7)
    return img


@pytest.fixture(autouse=True)
def every_picture_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pictures as small as these are kept too (a board's are)."""
    monkeypatch.setattr(png, "KEPT_FROM", 0)


def decoded(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def test_adler32_of_two_pieces_is_combined_from_theirs() -> None:
    first, second = b"railway" * 999, bytes(range(256)) * 300
    assert adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second)) \
        == zlib.adler32(first + second)


def test_a_picture_after_another_decodes_as_a_fresh_encode() -> None:
    palettes = Palettes()
    before, after = board(300, 7 * BAND_ROWS + 5), board(300, 7 * BAND_ROWS + 5, moved=90)
    encode_posted(before, palettes)
    kept = palettes.latest(before.size)
    posted = decoded(encode_posted(after, palettes))
    assert kept is not None and palettes.latest(after.size) is kept  # it served both
    fresh = decoded(palette_png(after.quantize(palette=kept.palette, dither=Image.Dither.NONE)))
    assert posted.tobytes() == fresh.tobytes()
    assert posted.getpalette() == fresh.getpalette()


def mapped_rows(img: Image.Image, palette: Image.Image) -> bytes:
    """The PNG rows of ``img`` mapped to ``palette``, each opened by filter type 0."""
    mapped = img.quantize(palette=palette, dither=Image.Dither.NONE).tobytes()
    return b"".join(b"\0" + mapped[y * img.width:(y + 1) * img.width]
                    for y in range(img.height))


def test_only_the_bands_that_changed_are_deflated_again() -> None:
    bands = Bands()
    img = board(200, 6 * BAND_ROWS)
    palette = img.quantize(256, method=Image.Quantize.FASTOCTREE)
    _, first = bands.stream(img, palette)
    assert (first, bands.by_pixels) == (6, True)  # nothing to compare with: hashed by pixels
    img = img.transpose(Image.Transpose.FLIP_TOP_BOTTOM)
    _, changed = bands.stream(img, palette)
    assert changed >= 4 and not bands.by_pixels  # changed all over: the next by mapped rows
    for step, band in enumerate((2, 4)):  # then by mapped rows, then by pixels
        kept = [b.packed for b in bands.bands]
        ImageDraw.Draw(img).point((50, band * BAND_ROWS + 3), fill=(0, 0, 255))
        stream, changed = bands.stream(img, palette)
        assert changed == 1 and bands.by_pixels, step  # few changed: the next by pixels
        assert [b.packed is k for b, k in zip(bands.bands, kept, strict=True)] == [
            i != band for i in range(6)]
        assert zlib.decompress(b"".join(stream)) == mapped_rows(img, palette)


def test_a_band_told_by_pixels_is_encoded_again_for_any_change() -> None:
    bands = Bands()
    img = Image.new("RGB", (64, 3 * BAND_ROWS), (200, 30, 40))
    palette = img.quantize(256, method=Image.Quantize.FASTOCTREE)
    bands.stream(img, palette)
    ImageDraw.Draw(img).point((5, 5), fill=(0, 0, 255))
    bands.stream(img, palette)  # one band changed: the next is told by pixels
    ImageDraw.Draw(img).point((5, 5 + BAND_ROWS), fill=(201, 30, 40))  # the same index
    stream, changed = bands.stream(img, palette)
    assert changed == 1
    assert zlib.decompress(b"".join(stream)) == mapped_rows(img, palette)


def test_a_picture_changed_all_over_is_told_by_its_mapped_rows_next() -> None:
    bands = Bands()
    img = board(120, 4 * BAND_ROWS)
    palette = img.quantize(256, method=Image.Quantize.FASTOCTREE)
    bands.stream(img, palette)
    ImageDraw.Draw(img).point((5, 5), fill=(0, 0, 255))
    bands.stream(img, palette)
    assert bands.by_pixels
    img = img.transpose(Image.Transpose.FLIP_TOP_BOTTOM)
    stream, changed = bands.stream(img, palette)
    assert changed >= 3 and not bands.by_pixels
    assert zlib.decompress(b"".join(stream)) == mapped_rows(img, palette)


def test_a_picture_of_another_size_starts_afresh() -> None:
    bands = Bands()
    small, big = board(120, 3 * BAND_ROWS), board(120, 5 * BAND_ROWS)
    palette = big.quantize(256, method=Image.Quantize.FASTOCTREE)
    bands.stream(big, palette)
    stream, changed = bands.stream(small, palette)
    assert changed == 3
    assert decoded(palette_png(small.quantize(palette=palette, dither=Image.Dither.NONE))
                   ).tobytes()[:120] == zlib.decompress(b"".join(stream))[1:121]


def test_a_palette_that_lacks_a_new_colour_is_picked_again() -> None:
    palettes = Palettes()
    plain = Image.new("RGB", (160, 120), (250, 245, 230))
    encode_posted(plain, palettes)
    kept = palettes.latest(plain.size)
    coloured = plain.copy()
    ImageDraw.Draw(coloured).rectangle((20, 20, 140, 100), fill=(200, 30, 40))
    assert palettes.suited(coloured.size, coloured) is None
    back = decoded(encode_posted(coloured, palettes)).convert("RGB")
    assert back.getpixel((80, 60)) == (200, 30, 40)
    assert palettes.latest(coloured.size) is not kept


def test_a_small_picture_keeps_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(png, "KEPT_FROM", 100 * 100)
    palettes = Palettes()
    small = board(90, 100)
    back = decoded(encode_posted(small, palettes))
    assert len(palettes) == 0
    assert back.tobytes() == decoded(palette_png(small.quantize(
        palette=png.palette_of(small), dither=Image.Dither.NONE))).tobytes()
    encode_posted(board(100, 100), palettes)
    assert len(palettes) == 1


def test_palettes_kept_are_bounded() -> None:
    palettes = Palettes(kept=2)
    for width in (40, 50, 60):
        encode_posted(board(width, 40), palettes)
    assert len(palettes) == 2
