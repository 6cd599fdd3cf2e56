"""The posted PNG written band by band: a picture encoded after another of the same size reuses
the unchanged bands' bytes and still decodes to the pixels of a fresh encode."""

from __future__ import annotations

import io
import zlib

import pytest
from PIL import Image, ImageDraw

from renderers.kit import png
from renderers.kit.bands import BAND_ROWS, BOARD_TOP, Bands, adler32_combine, band_tops
from renderers.kit.palettes import ROOM, SHARED, Palettes
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


def test_a_picture_of_another_width_starts_afresh() -> None:
    bands = Bands()
    small, big = board(120, 3 * BAND_ROWS), board(120, 5 * BAND_ROWS)
    big = big.resize((121, big.height))
    palette = big.quantize(256, method=Image.Quantize.FASTOCTREE)
    bands.stream(big, palette)
    stream, changed = bands.stream(small, palette)
    assert changed == 3
    assert decoded(palette_png(small.quantize(palette=palette, dither=Image.Dither.NONE))
                   ).tobytes()[:120] == zlib.decompress(b"".join(stream))[1:121]


def test_bands_are_laid_from_the_board_under_a_header() -> None:
    assert band_tops(100) == [0, 32, 64, 96]
    assert band_tops(100, 40) == [0, 32, 40, 72]
    assert band_tops(100, 64) == [0, 32, 64, 96]


def header(width: int, top: int) -> Image.Image:
    band = Image.new("RGB", (width, top), (40, 36, 32))
    ImageDraw.Draw(band).text((4, 4), "Ann built track", fill=(250, 245, 235))
    return band


def under_header(body: Image.Image, top: int) -> Image.Image:
    """``body`` under a band ``top`` rows tall, as a board is posted for a move without a place."""
    img = Image.new("RGB", (body.width, body.height + top))
    img.paste(header(body.width, top), (0, 0))
    img.paste(body, (0, top))
    img.info[BOARD_TOP] = top
    return img


def test_a_board_under_a_header_reuses_the_bands_of_the_board_alone() -> None:
    bands = Bands()
    alone = board(200, 6 * BAND_ROWS + 7)
    palette = alone.quantize(256, method=Image.Quantize.FASTOCTREE)
    bands.stream(alone, palette)
    packed = {band.packed for band in bands.bands}
    headed = under_header(alone, 22)  # not a whole number of bands
    stream, changed = bands.stream(headed, palette)
    assert changed == 1  # the header's rows only
    assert sum(band.packed in packed for band in bands.bands) == 7
    assert zlib.decompress(b"".join(stream)) == mapped_rows(headed, palette)
    _, changed = bands.stream(alone, palette)  # and back
    assert changed == 0


def test_pictures_naming_one_key_share_its_palette_across_sizes() -> None:
    palettes = Palettes()
    alone = board(240, 150)
    alone.info.update({SHARED: "some map", ROOM: lambda: header(240, 20)})
    encode_posted(alone, palettes)
    kept = palettes.latest("some map")
    assert kept is not None and palettes.latest(alone.size) is None
    headed = under_header(alone, 20)
    headed.info[SHARED] = "some map"
    posted = decoded(encode_posted(headed, palettes))
    assert palettes.latest("some map") is kept and set(kept.own) == {alone.size, headed.size}
    fresh = decoded(palette_png(headed.quantize(palette=kept.palette, dither=Image.Dither.NONE)))
    assert posted.tobytes() == fresh.tobytes()
    coloured = headed.copy()  # a colour the kept palette lacks: a palette of its own
    ImageDraw.Draw(coloured).rectangle((20, 60, 200, 140), fill=(90, 30, 200))
    coloured = coloured.resize((240, 171))
    coloured.info[SHARED] = "some map"
    encode_posted(coloured, palettes)
    assert palettes.latest("some map") is not kept


def test_a_palette_has_room_for_the_colours_a_picture_names() -> None:
    purple = Image.new("RGB", (40, 10), (90, 30, 200))
    plain = Image.new("RGB", (160, 120), (250, 245, 230))
    ImageDraw.Draw(plain).rectangle((20, 20, 140, 100), fill=(30, 120, 40))
    plain.info.update({SHARED: "map", ROOM: lambda: purple})
    palettes = Palettes()
    encode_posted(plain, palettes)
    kept = palettes.latest("map")
    assert kept is not None
    colours = kept.palette.getpalette() or []
    assert [90, 30, 200] in [colours[i:i + 3] for i in range(0, len(colours), 3)]
    assert kept.own[plain.size] == (0.0, 0.0)  # told by the picture's own sample


def test_a_palette_that_lacks_a_new_colour_is_picked_again() -> None:
    palettes = Palettes()
    plain = Image.new("RGB", (160, 120), (250, 245, 230))
    encode_posted(plain, palettes)
    kept = palettes.latest(plain.size)
    coloured = plain.copy()
    ImageDraw.Draw(coloured).rectangle((20, 20, 140, 100), fill=(200, 30, 40))
    assert palettes.suited(coloured.size, coloured, coloured.size) is None
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


def test_a_prepared_picture_leaves_what_posting_it_leaves() -> None:
    before, after = board(300, 7 * BAND_ROWS + 5), board(300, 7 * BAND_ROWS + 5, moved=90)
    posting, preparing = Palettes(), Palettes()
    encode_posted(before, posting)
    assert png.prepare(before, preparing)
    kept, prepared = posting.latest(before.size), preparing.latest(before.size)
    assert kept is not None and prepared is not None
    assert prepared.palette.getpalette() == kept.palette.getpalette()
    assert prepared.own == kept.own
    assert [band.packed for band in prepared.bands.bands] \
        == [band.packed for band in kept.bands.bands]
    assert encode_posted(after, preparing) == encode_posted(after, posting)


def test_only_a_kept_picture_is_prepared(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(png, "KEPT_FROM", 100 * 100)
    palettes = Palettes()
    assert not png.prepare(board(90, 100), palettes)
    assert not png.prepare(board(200, 100).convert("L"), palettes)
    assert len(palettes) == 0
    assert png.prepare(board(100, 100), palettes)
    assert len(palettes) == 1
