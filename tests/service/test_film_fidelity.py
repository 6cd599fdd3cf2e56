"""A replay's file, played back, shows each frame as it was drawn: lossy, but with no trace of
the frames before (a header line taken away must not stay as a faint copy on the dark band)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

import maps
import renderers
from bot import film, filmcheck
from engine.computer import computer_game
from engine.core import Config
from engine.rotw.title import RotwTitle

MOVES = 24

TRACE = 50
"""No pixel of a flat area is further off than this: a frame drawn anew, which has no trace
of the frames before, is at most some 40 off there (lossy coding), a trace of a taken-away
line up to some 115 on the header and 67 on a whole board."""


def frames(focus: bool) -> Iterator[tuple[Image.Image, int]]:
    """A seeded 4-player Eastern U.S. game's frames as a replay draws them: each drawn on the
    one before where it can."""
    title = RotwTitle(maps.load, maps.load_cards)
    board = maps.load("eastern-us")
    config: Config = {"title": "rotw", "map": "eastern-us", "options": {}, "seed": 5,
                      "rules_version": title.meta.rules_version,
                      "players": [{"seat": i, "name": n, "colour": title.meta.colours[i]}
                                  for i, n in enumerate(["ann", "bob", "cy", "dee"])]}
    keep: dict[str, Any] = {}
    shown: Image.Image | None = None
    width = film.FOCUS_FRAME[0] if focus else film.FRAME_WIDTH
    for n, (_, _, after) in enumerate(computer_game(title, config, MOVES)):
        picture = renderers.compose_frame("rotw", title.view(after, None), board, width,
                                          focus=focus, keep=keep)
        assert picture is not None
        caption = f"A game · move #{n + 1}"
        shown = film.focus_frame(picture, caption, into=shown) if focus else film.frame(
            picture, caption, into=shown)
        yield shown, film.MOVE_MS


@pytest.mark.parametrize("focus", [True, False])
def test_each_frame_shown_keeps_no_trace_of_the_frames_before(focus: bool) -> None:
    drawn: list[filmcheck.Drawn] = []
    data = film.animate(filmcheck.recorded(frames(focus), drawn), "webp",
                        film.FOCUS_METHOD if focus else film.METHOD,
                        film.FOCUS_QUALITY if focus else film.QUALITY)
    found = list(filmcheck.errors(data, drawn))
    assert len(found) == MOVES
    kept = [whole for kind, whole, _ in found if kind.endswith("kept")]
    assert len(kept) >= MOVES // 4  # frames drawn on the one before, sent as what changed
    for kind, whole, top in found:
        assert whole.mean < 4 and top.mean < 4, kind  # lossy, near everywhere
        assert whole.flat_worst <= TRACE, kind
