"""The animation writer: frames encoded one by one into a looping WebP (or a GIF)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot import film


def frames(n: int) -> list[tuple[Image.Image, int]]:
    return [(film.frame(Image.new("RGB", (400, 300), (40 * i, 90, 30)), f"move #{i}"), 500)
            for i in range(1, n + 1)]


@pytest.mark.parametrize("fmt", film.FORMATS)
def test_every_frame_is_kept_with_its_time_on_screen(fmt: str) -> None:
    data = film.animate(iter(frames(3)), fmt)  # an iterator: frames may come one at a time
    with Image.open(io.BytesIO(data)) as anim:
        assert anim.format == fmt.upper() and anim.n_frames == 3
        assert anim.size == (film.FRAME_WIDTH, round(300 * film.FRAME_WIDTH / 400) + film.BAND)
        shown = []
        for i in range(3):
            anim.seek(i)
            # The picture under the caption band is the frame's own board.
            red = anim.convert("RGB").getpixel((film.FRAME_WIDTH // 2, film.BAND + 100))
            shown.append(anim.info["duration"])  # known once the frame is read
            assert isinstance(red, tuple) and abs(red[0] - 40 * (i + 1)) <= 8
    assert shown == [500, 500, 500]


def test_no_frames_is_an_error_not_an_empty_file() -> None:
    with pytest.raises(ValueError, match="at least one frame"):
        film.animate(iter([]), "webp")
    with pytest.raises(ValueError, match=r"\.webp or a \.gif"):
        film.animate(iter(frames(1)), "png")


def test_a_long_caption_is_cut_to_the_longest_start_that_fits_with_an_ellipsis() -> None:
    from renderers.kit.text import text_width

    caption = ("Railways of the World (Mexico) · Turn 6 · #48 of 122 · Stephenson (computer) "
               "built Puebla - Oaxaca (3 tiles, $8,000)")
    assert "".join(film._pieces(caption, 2000)) == caption  # room enough: as it is
    for width in (300, 500, 700):
        shown = "".join(film._pieces(caption, width))
        assert shown.endswith("…") and caption.startswith(shown[:-1])
        assert text_width(shown, 18, "bold") <= width + 1  # the pieces' widths add up
        longer = caption[:len(shown)] + "…"  # one letter more does not fit
        assert text_width(longer, 18, "bold") > width - 1
    # The game's name is one piece (drawn once a replay), the rest word by word.
    pieces = film._pieces(caption, 2000)
    assert pieces[0] == "Railways of the World (Mexico) · " and pieces[1] == "Turn "


@pytest.mark.parametrize("word", ["Railways of the World (Mexico) · ", "#48 ", "Puebla - ",
                                  "jumps ", "(3 ", "$8,000)", "…", " "])
def test_a_caption_word_is_the_word_imagedraw_draws(word: str) -> None:
    from PIL import ImageDraw

    from renderers.kit.fonts import font
    from renderers.kit.text import text_width

    expected = Image.new("RGBA", (round(text_width(word, 18, "bold")) + 4, film.BAND),
                         (*film.CAPTION_INK, 0))
    ImageDraw.Draw(expected).text((0, 0), word, fill=film.CAPTION_INK, font=font(18, "bold"))
    got = film._word.__wrapped__(word)  # drawn anew, not taken from the cache
    assert got.size == expected.size and got.tobytes() == expected.tobytes()
