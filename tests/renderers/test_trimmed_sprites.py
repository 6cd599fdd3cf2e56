"""Sprites cut to their visible part land on the same pixels as the whole sprite would."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from renderers.kit.over import over
from renderers.rotw.layers import paste, track_sprite, trimmed


def piece() -> Image.Image:
    """A sprite with clear margins of odd widths on every side."""
    img = Image.new("RGBA", (41, 37), (0, 0, 0, 0))
    ImageDraw.Draw(img).ellipse((7, 5, 30, 28), fill=(200, 40, 30, 255), outline=(9, 9, 9, 128))
    return img


@pytest.mark.parametrize("at", [(50.0, 40.0), (50.5, 40.5), (51.5, 39.5), (50.25, 40.75)])
def test_a_trimmed_sprite_lands_where_the_whole_one_does(at: tuple[float, float]) -> None:
    whole = piece()
    cut = trimmed(whole, 20, 18)
    assert cut[0].size < whole.size
    expected = Image.new("RGB", (100, 90), (240, 230, 210))
    over(expected, whole, round(at[0] - 20), round(at[1] - 18))
    got = Image.new("RGB", (100, 90), (240, 230, 210))
    paste(got, cut, at)
    assert got.tobytes() == expected.tobytes()


def test_a_track_piece_is_cut_to_its_track() -> None:
    img, ax, _ = track_sprite(30.0, "E", "W", (200, 40, 30), (20, 20, 20), False, False)
    box = img.getchannel("A").getbbox()
    assert box is not None and box[2:] == img.size and box[0] < 2 and box[1] < 2
    assert img.height < 2 * ax  # a straight piece across the hex is far lower than wide


def test_a_clear_sprite_is_kept_as_it_is() -> None:
    clear = Image.new("RGBA", (9, 9), (0, 0, 0, 0))
    assert trimmed(clear, 4, 4) == (clear, 4, 4)
