"""A map's whole-board pictures share their posted palette and bands: the board under a header
posted after the board alone maps and deflates little more than its header, and decodes to the
pixels of the picture mapped whole with that palette."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

import maps
import renderers
from renderers.kit.bands import BOARD_TOP
from renderers.kit.focus import (
    HEADER_BG,
    HEADER_INK,
    HEADER_MUTED,
    draw_header,
    header_height,
    header_sample,
)
from renderers.kit.palettes import ROOM, SHARED, Palettes
from renderers.kit.png import encode_posted, palette_png, sample_of
from renderers.rotw import compose
from renderers.rotw.demo import late_game_view
from renderers.rotw.render import shared_key, under_header

SAMPLE_VIEW = {"news": {"move": {"text": "Ann built track from Albany to Boston"},
                        "next": "Bob to build", "scores": "Ann 12 · Bob 9 · Cy 14"}}


def test_the_board_under_a_header_reuses_the_palette_and_bands_of_the_board_alone() -> None:
    board = maps.load("eastern-us")
    view = late_game_view(board)
    alone, headed = compose(view, board), compose(view, board, header=True)
    assert alone.info[SHARED] == headed.info[SHARED] == shared_key(board, view)
    assert callable(alone.info[ROOM]) and callable(headed.info[ROOM])
    top = headed.info[BOARD_TOP]
    assert top == headed.height - alone.height > 0
    palettes = Palettes()
    encode_posted(alone, palettes)
    kept = palettes.latest(shared_key(board, view))
    assert kept is not None
    alone_bands = {band.packed for band in kept.bands.bands}
    posted = Image.open(io.BytesIO(encode_posted(headed, palettes)))
    assert palettes.latest(shared_key(board, view)) is kept  # it serves the header too
    reused = sum(band.packed in alone_bands for band in kept.bands.bands)
    assert reused == len(alone_bands)  # every band of the board, only the header's new
    fresh = Image.open(io.BytesIO(palette_png(headed.quantize(palette=kept.palette,
                                                              dither=Image.Dither.NONE))))
    assert posted.tobytes() == fresh.tobytes()


def test_a_made_up_header_sample_has_the_colours_of_a_drawn_one() -> None:
    width = 2248
    made = header_sample(width)
    band = Image.new("RGB", (width, header_height(width, SAMPLE_VIEW)), HEADER_BG)
    draw_header(band, SAMPLE_VIEW)
    drawn = sample_of(band)
    assert made.width == drawn.width
    shares = {colour: n / (made.width * made.height) for n, colour in made.getcolors(256) or []}
    drawn_shares = {colour: n / (drawn.width * drawn.height)
                    for n, colour in drawn.getcolors(4096) or []}
    for colour in (HEADER_BG, HEADER_INK, HEADER_MUTED):
        assert abs(shares[colour] - drawn_shares[colour]) < 0.03, colour
    # The edge shades lie between the band and the text colours, as the drawn ones do.
    shades = [c for c in shares if c not in (HEADER_BG, HEADER_INK, HEADER_MUTED)]
    assert len(shades) >= 20
    assert all(HEADER_BG[i] <= c[i] <= HEADER_INK[i]
               for c in shades for i in range(3))


def test_a_warmed_game_posts_its_next_board_under_the_header_from_kept_bands() -> None:
    board = maps.load("eastern-us")
    view = late_game_view(board)
    earlier = {**view, "links": view["links"][:-1]}
    palettes = Palettes()
    assert renderers.warm("rotw", earlier, board, palettes) == 2
    kept = palettes.latest(shared_key(board, view))
    assert kept is not None
    alone, headed = compose(earlier, board), compose(earlier, board, header=True)
    assert set(kept.own) == {alone.size, headed.size}  # both sizes served already
    assert kept.bands.by_pixels  # the next picture maps only its changed bands
    after = compose(view, board, header=True)
    with kept.lock:
        _, changed = kept.bands.stream(after, kept.palette)
    # Only the bands the last link crosses (and none of the header's) are new.
    assert 0 < changed < len(kept.bands.bands) // 4


@pytest.mark.parametrize("map_id", ["eastern-us", "through-time"])
def test_the_board_under_a_header_made_from_the_board_alone_is_the_one_drawn(map_id: str,
                                                                            ) -> None:
    board = maps.load(map_id)
    view = {**late_game_view(board, players=3, links=20), **SAMPLE_VIEW}
    alone, drawn = compose(view, board), compose(view, board, header=True)
    made = under_header(alone, view)
    assert made.size == drawn.size
    assert ImageChops.difference(made, drawn).getbbox() is None  # pixel for pixel
    assert made.info[BOARD_TOP] == drawn.info[BOARD_TOP]
    assert made.info[SHARED] == drawn.info[SHARED]


def test_a_start_prepares_the_board_under_the_header_from_the_board_it_posted() -> None:
    board = maps.load("eastern-us")
    view = {**late_game_view(board, players=3, links=20), **SAMPLE_VIEW}
    alone = compose(view, board)
    palettes = Palettes()
    encode_posted(alone, palettes)  # the start posts the board alone
    assert renderers.warm("rotw", view, board, palettes, posted=alone) == 1
    kept = palettes.latest(shared_key(board, view))
    assert kept is not None
    headed = compose(view, board, header=True)
    assert set(kept.own) == {alone.size, headed.size}  # both sizes served already
    with kept.lock:
        _, changed = kept.bands.stream(headed, kept.palette)
    assert changed == 0  # the first move's board under the header finds every band kept
