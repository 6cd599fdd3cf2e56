"""A replay's frames drawn no bigger than they are shown: the Railways of the World board drawn
straight at the frame's width looks like the full picture scaled down (the focus squares are
checked in test_focus_squares)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageFilter, ImageStat

import maps
import renderers
from engine.computer import computer_game
from engine.core import Config, new_game
from engine.rotw.title import RotwTitle
from renderers.rotw import frame_for
from renderers.rotw.demo import late_game_view
from renderers.rotw.frames import CHANGED
from renderers.rotw.style import PANEL_WIDTH, player_fill

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_england_wales_advanced_board import game as advanced_game


@pytest.fixture(scope="module")
def late_view() -> dict[str, Any]:
    """A 3-player Eastern U.S. game 120 moves in: track, goods and markers all over."""
    title = RotwTitle(maps.load, maps.load_cards)
    config: Config = {"title": "rotw", "map": "eastern-us", "options": {}, "seed": 7,
                      "rules_version": title.meta.rules_version,
                      "players": [{"seat": i, "name": n, "colour": title.meta.colours[i]}
                                  for i, n in enumerate(["ann", "bob", "cy"])]}
    *_, (_, _, after) = computer_game(title, config, 120)
    return title.view(after, None)


def difference(a: Image.Image, b: Image.Image) -> float:
    """Mean difference per channel, 0 to 255."""
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def scaled(img: Image.Image, width: int) -> Image.Image:
    return img.resize((width, round(img.height * width / img.width)), Image.Resampling.BILINEAR,
                      reducing_gap=1.0)


def test_the_board_drawn_at_frame_width_is_the_full_picture_scaled(
        late_view: dict[str, Any]) -> None:
    board = maps.load("eastern-us")
    full = renderers.compose("rotw", late_view, board)
    small = renderers.compose_frame("rotw", late_view, board, 1000)
    assert full is not None and small is not None
    assert small.width == 1000 and abs(small.height - full.height * 1000 / full.width) <= 1
    expected = scaled(full, 1000).crop((0, 0, 1000, small.height))
    # The map, drawn at its small size, differs only by the edges of shapes and letters.
    split = round(frame_for(board).width * 1000 / full.width) + 2
    mapped = (0, 0, split - 4, small.height)
    assert difference(small.crop(mapped), expected.crop(mapped)) < 12
    # ... and not by what is on it: where the track runs, the frame shows it as the full
    # picture does, much closer than the same board without track.
    bare_view = {**late_view, "links": []}
    bare_full = renderers.compose("rotw", bare_view, board)
    bare = renderers.compose_frame("rotw", bare_view, board, 1000)
    assert bare_full is not None and bare is not None
    bare_expected = scaled(bare_full, 1000).crop((0, 0, 1000, small.height))
    track = ImageChops.difference(expected, bare_expected).convert("L").crop(mapped)
    mask = track.point(lambda v: 255 if v > 60 else 0)
    assert ImageStat.Stat(mask).mean[0] > 0.5  # thousands of pixels of track

    def off(img: Image.Image) -> float:
        diff = ImageChops.difference(img.crop(mapped), expected.crop(mapped))
        return sum(ImageStat.Stat(diff, mask).mean) / 3

    assert off(small) * 2 < off(bare)


def far_apart(a: Image.Image, b: Image.Image) -> int:
    """How many pixels differ clearly once both pictures are blurred a little: text drawn at
    another size differs in the edges of its letters, not where it stands."""
    blur = ImageFilter.GaussianBlur(2)
    diff = ImageChops.difference(a.filter(blur), b.filter(blur)).convert("L")
    return diff.point(lambda v: 255 if v > 40 else 0).histogram()[255]


def test_the_panel_drawn_at_frame_width_says_what_the_full_panel_says(
        late_view: dict[str, Any]) -> None:
    """The side panel is drawn at the frame's size (not at full size and shrunk): each line
    where the full picture has it, though its letters are drawn for their small size. The
    last move takes two lines here, as a replay's panel always keeps room for two."""
    move = late_view["news"]["move"]
    # The Empty City Markers' bar is left empty: the edge of a long black bar falls a pixel row
    # apart at the two sizes all along it, which says nothing of where the lines stand.
    view = {**late_view, "ecm": {**late_view["ecm"], "placed": 0},
            "news": {**late_view["news"], "move": {
                **move, "text": move["text"] + " and then a good deal more, so that it fills two "
                "lines"}}}
    board = maps.load("eastern-us")
    small = renderers.compose_frame("rotw", view, board, 1000)
    assert small is not None
    split = round(frame_for(board).width * 1000 / (frame_for(board).width + PANEL_WIDTH)) + 2
    panel = (split, 0, 1000, small.height)

    def full_panel(v: dict[str, Any]) -> Image.Image:
        full = renderers.compose("rotw", v, board)
        assert full is not None
        return scaled(full, 1000).crop(panel)

    same = far_apart(small.crop(panel), full_panel(view))
    assert same < 250
    # ... where other cash figures, or a one-line last move (every line below it moves up),
    # are told apart.
    richer = {**view, "players": [{**p, "money": 12_345_678} for p in view["players"]]}
    assert far_apart(small.crop(panel), full_panel(richer)) > 2 * same
    assert far_apart(small.crop(panel), full_panel(late_view)) > 8 * same


def test_a_move_without_a_place_frames_the_whole_board_under_the_header() -> None:
    title = RotwTitle(maps.load, maps.load_cards)
    config: Config = {"title": "rotw", "map": "mexico", "options": {}, "seed": 3,
                      "rules_version": title.meta.rules_version,
                      "players": [{"seat": i, "name": n, "colour": title.meta.colours[i]}
                                  for i, n in enumerate(["ann", "bob"])]}
    view = title.view(new_game(title, config), None)  # no move yet: nowhere to frame
    img = renderers.compose_frame("rotw", view, maps.load("mexico"), 720, focus=True)
    assert img is not None and img.width == 720
    assert img.getpixel((2, 2)) == img.getpixel((717, 2))  # the header band across the top


def test_the_advanced_game_frame_carries_the_company_panel() -> None:
    _, view = advanced_game()
    board = maps.load("england-wales")
    full = renderers.compose("rotw", view, board)
    small = renderers.compose_frame("rotw", view, board, 1000)
    assert full is not None and small is not None
    split = round(frame_for(board).width * 1000 / full.width) + 2
    panel = (split, 0, 1000, small.height)
    expected = scaled(full, 1000).crop((0, 0, 1000, small.height))
    assert difference(small.crop(panel), expected.crop(panel)) < 2


@pytest.mark.parametrize("title", ["newengland", "ultimate"])
def test_other_titles_give_their_pictures_at_their_own_size(title: str) -> None:
    """New England and Ultimate Railroads frames are their usual pictures, scaled by the film."""
    from engine.newengland import DATA, NewEnglandTitle
    from engine.ultimate import DATA as ULTIMATE_DATA
    from engine.ultimate import UltimateTitle

    game = NewEnglandTitle(DATA) if title == "newengland" else UltimateTitle(ULTIMATE_DATA)
    config: Config = {"title": title, "map": None, "options": {}, "seed": 2,
                      "rules_version": game.meta.rules_version,
                      "players": [{"seat": i, "name": n, "colour": game.meta.colours[i]}
                                  for i, n in enumerate(["ann", "bob", "cy"])]}
    *_, (_, _, after) = computer_game(game, config, 12)
    view = game.view(after, None)
    whole = renderers.compose(title, view, None)
    frame = renderers.compose_frame(title, view, None, 1000)
    assert whole is not None and frame is not None
    assert frame.size == whole.size and difference(frame, whole) == 0
    focus = renderers.compose_frame(title, view, None, 720, focus=True)
    assert focus is not None and focus.tobytes() == renderers.compose_focus(
        title, view, None).tobytes()  # type: ignore[union-attr]


@pytest.mark.parametrize("map_id", ["eastern-us", "western-us", "north-america", "nippon",
                                    "england-wales", "transcontinental"])
def test_every_map_draws_a_late_board_at_frame_width(map_id: str) -> None:
    """The smallest hexes (Transcontinental's, a quarter of the full picture's) draw every
    piece: its badges, markers and goods."""
    board = maps.load(map_id)
    view = late_game_view(board)
    img = renderers.compose_frame("rotw", view, board, 1000)
    assert img is not None and img.width == 1000
    seats = {p["seat"]: p["colour"] for p in view["players"]}
    owner = next(link["owner"] for link in view["links"] if link.get("tiles"))
    fill = player_fill(seats[owner])
    colours = img.getcolors(1 << 20) or []
    assert sum(n for n, c in colours if c == fill) > 50  # the track in its owner's colour


@pytest.mark.parametrize(("map_id", "seed", "colourblind", "options"), [
    ("eastern-us", 3, False, {}),
    # City Rotors and Fuel Depots are standard there; Mines, Hotels and Switch Tracks added.
    ("western-us", 5, True, {"mines": True, "hotels": True, "switch_tracks": True}),
])
def test_a_frame_drawn_on_the_last_one_is_the_frame_drawn_whole(
        map_id: str, seed: int, colourblind: bool, options: dict[str, Any]) -> None:
    """A replay draws each whole-board frame on the one before, only where the move changed
    it (its track, cities, what stands on them, moved owner markers, the panel): every frame
    is the one drawn from nothing, pixel for pixel (auctions, builds, deliveries, urbanizing,
    the marks of the move before taken away)."""
    title = RotwTitle(maps.load, maps.load_cards)
    board = maps.load(map_id)
    config: Config = {"title": "rotw", "map": map_id, "options": options, "seed": seed,
                      "rules_version": title.meta.rules_version,
                      "players": [{"seat": i, "name": n, "colour": title.meta.colours[i]}
                                  for i, n in enumerate(["ann", "bob", "cy", "dee"])]}
    keep: dict[str, Any] = {}
    kinds = set()
    last: Image.Image | None = None
    for n, (_, action, after) in enumerate(computer_game(title, config, 70)):
        kinds.add(action.get("type"))
        view = {**title.view(after, None), "colourblind": colourblind}
        kept = renderers.compose_frame("rotw", view, board, 1000, keep=keep)
        assert kept is not None
        if last is not None and last.size == kept.size and CHANGED in kept.info:
            # Outside the rectangles it says it drew again, it is the frame before.
            moved = ImageChops.difference(last, kept)
            for box in kept.info[CHANGED]:
                moved.paste((0, 0, 0), box)
            assert moved.getbbox() is None, f"move {n + 1}: a change outside {CHANGED}"
        last = kept.copy()
        if n % 4 and n < 64:
            continue  # every fourth frame checked (the suite stays quick), and the last ones
        whole = renderers.compose_frame("rotw", view, board, 1000)
        assert whole is not None
        assert kept.size == whole.size
        assert ImageChops.difference(kept, whole).getbbox() is None, f"move {n + 1}"
    assert {"build", "deliver"} <= kinds
